// Small scenario builders for the diagnosis catalogue: two hosts, A (0) and B (1), one RC pair
// brought to RTS, written the way a person would describe the run. Every cause's scenario is a
// complete scenario object: `createSimulation(scenario)` runs it as it is.
import type { ScenarioInput } from '../model/schema.ts';
import type { ProfileId } from '../model/profiles.ts';
import type { AccessName } from '../model/keysSchema.ts';

type Config = ScenarioInput['config'];
type QpIn = Config['qps'][number];
export type CmdIn = NonNullable<ScenarioInput['commands']>[number];
type WorkIn = NonNullable<Config['workloads']>[number];

export interface TwoHosts {
  type?: 'RC' | 'UC' | 'UD';
  a?: Partial<QpIn>;
  b?: Partial<QpIn>;
  mrs?: Config['mrs'];
  srqs?: Config['srqs'];
  workloads?: WorkIn[];
  commands?: CmdIn[];
  durationNs?: number;
  cqDepth?: number;
  /** How often each host polls its CQs (1 µs unless a long run needs fewer polls). */
  pollNs?: number;
}

/** QPNs the model gives the first QP of host A and of host B. */
export const QA = 0x100, QB = 0x200;
/** Keys the model gives a host's MRs, in registration order (README "Memory, keys"). */
export const mrKey = (host: number, index: number) => ((index + 1) << 8) | (0x10 + host);
/** Short timers so a retry budget runs out within the run: ACK timeout 4.096 µs << 1, two retries. */
export const FAST_RETRY = { timeout: 1, retry_cnt: 2 } as const;

export function twoHosts(title: string, profile: ProfileId, o: TwoHosts = {}): ScenarioInput {
  const type = o.type ?? 'RC';
  const connected = type !== 'UD';
  const depth = o.cqDepth ?? 256;
  return {
    version: 1,
    seed: 20,
    title,
    config: {
      durationNs: o.durationNs ?? 120_000,
      profile,
      hosts: [
        { name: 'A', pollIntervalNs: o.pollNs ?? 1000, cqDepths: [depth] },
        { name: 'B', pollIntervalNs: o.pollNs ?? 1000, cqDepths: [depth] },
      ],
      mrs: o.mrs ?? [],
      srqs: o.srqs ?? [],
      qps: [
        { host: 0, type, peer: connected ? 1 : undefined, recvs: 8, refill: true, ...o.a },
        { host: 1, type, peer: connected ? 0 : undefined, recvs: 8, refill: true, ...o.b },
      ],
      workloads: o.workloads ?? [],
    },
    commands: o.commands ?? [],
  };
}

/** A steady stream from A's QP: `count` WRs every 3 µs. */
export function stream(opcode: WorkIn['opcode'], extra: Partial<WorkIn> = {}): WorkIn {
  return { id: `A ${opcode.replace('IBV_WR_', '')}`, qp: 0, opcode, length: 1024, intervalNs: 3000, count: 12, ...extra };
}

export const RW = ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE'] as const;
/** A's source buffer (MR 0 of A) and B's target (MR 0 of B). */
export const keyedMrs = (targetAccess: readonly AccessName[] = RW, targetLength = 65536): Config['mrs'] => [
  { host: 0, length: 65536, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 1 },
  { host: 1, length: targetLength, access: [...targetAccess], fill: 2 },
];
