// A storm described in a few numbers (how many QPs, which fault, which policy…) turned into a
// scenario: host 0 is the host the fault hits; the affected QPs are spread over classes and
// over the other hosts, in compact groups. The scenario is an ordinary one: it validates,
// replays, hashes and checkpoints like any other.
import type { ScenarioInput } from '../model/schema.ts';
import type { ChannelPresetId, ClassSpec, ConsumerKind, PolicyName } from '../model/stormSchema.ts';

export const FAULT_KINDS = ['port-down', 'link-flap', 'host-crash', 'cq-overrun', 'context-read-error', 'device-fatal'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/**
 * Retransmission settings of every storm QP: `storm` (timeout 14 ≈ 67 ms per try, retry_cnt 3:
 * ≈ 268 ms to fail) or `cm` (what rdma_cm sets up on RoCE: the ACK timeout exponent derived from
 * the packet lifetime, 18 ≈ 1.07 s per try, retry_cnt 7: ≈ 8.6 s) [sources: ack-timeout].
 */
export const TIMEOUT_PRESETS = { storm: { timeout: 14, retry_cnt: 3 }, cm: { timeout: 18, retry_cnt: 7 } } as const;
export type TimeoutPreset = keyof typeof TIMEOUT_PRESETS;

/**
 * How QPs are spread over the classes: `interleaved` (QP i in class i mod K), `blocks` (equal
 * shares, each class's QPs created together, so QPNs come in blocks), `skewed` (class c holds a
 * share ∝ c + 1 — 10/20/30/40 % with four classes — interleaved by stride).
 */
export const QP_CLASS_MIXES = ['interleaved', 'blocks', 'skewed'] as const;
export type ClassMixKind = (typeof QP_CLASS_MIXES)[number];

export interface StormConfig {
  /** Affected QPs (1 to 65,536). */
  qps: number;
  fault: FaultKind;
  /** Hosts in the fabric (2 to 64; default 16). Host 0 is the one the fault hits. */
  hosts?: number;
  policy?: PolicyName;
  preset?: ChannelPresetId;
  /** Who consumes completions and events: a kernel ULP (default) or a user-space program. */
  consumer?: ConsumerKind;
  /** mlx5: an EQ overrun takes the fatal path (default) or is only reported (claim overrun-mlx5). */
  mlx5Overrun?: 'fatal' | 'report';
  /** mlx5: after device death, devlink's fw_fatal recovery reloads the device (claim mlx5-recovery), or it stays dead (default). */
  mlx5Recovery?: 'none' | 'devlink';
  eqDepth?: number;
  serviceNs?: number;
  queryNs?: number;
  budget?: number;
  irqNs?: number;
  eqeNs?: number;
  flushNs?: number;
  healthNs?: number;
  /** WRs outstanding on each affected QP when the fault hits (default 8). */
  outstanding?: number;
  /** Fraction of the affected QPs that are idle: connected, nothing outstanding (0 ≤ idle < 1; default 0). */
  idle?: number;
  /** How QPs are spread over the classes (default interleaved). */
  classMix?: ClassMixKind;
  /** Fraction of the affected QPs attached to one SRQ on host 0 (0 ≤ srq ≤ 1; default 0: none, and no SRQ). Each one
   *  that enters ERR raises IBV_EVENT_QP_LAST_WQE_REACHED through the same event queue [sources: srq]. */
  srq?: number;
  /** Retransmission settings: today's short storm timeouts (default) or the connection manager's. */
  timeouts?: TimeoutPreset;
  /** Number of classes (weights K…1, priorities K−1…0), or the classes themselves (default 4). */
  classes?: number | ClassSpec[];
  seed?: number;
  /** Posts happen at 0; the fault at faultAtNs (default 0). */
  faultAtNs?: number;
  /** link-flap: the port comes back this long after going down (default 200 ms). */
  flapNs?: number;
  /** context-read-error: how long context fetches fail (default 5 ms). */
  windowNs?: number;
  /** On-chip context cache of every NIC (default 1,024 entries, LRU). */
  cacheEntries?: number;
  moderation?: { periodNs: number; maxCount: number };
  /** Upper bound of simulated time (default 10 s). */
  durationNs?: number;
}

export function stormClasses(c: StormConfig['classes']): ClassSpec[] {
  if (Array.isArray(c)) return c;
  const k = Math.max(1, Math.min(16, c ?? 4));
  return Array.from({ length: k }, (_, i) => ({ name: `class ${i}`, weight: k - i, priority: k - 1 - i }));
}

export function stormScenario(cfg: StormConfig): ScenarioInput {
  const hosts = cfg.hosts ?? 16;
  const classes = stormClasses(cfg.classes);
  const k = classes.length;
  const w = cfg.outstanding ?? 8;
  const at = cfg.faultAtNs ?? 0;
  // Who posts: the host-0 side, except where the failure is the peers' (host crash) or where
  // host 0 receives (a shared receive CQ that overruns).
  const peerPosts = cfg.fault === 'host-crash' || cfg.fault === 'cq-overrun';
  const shared = cfg.fault === 'cq-overrun';
  const idle = cfg.idle ?? 0;
  const onSrq = cfg.srq ?? 0;
  const mix = cfg.classMix ?? 'interleaved';
  // One group per (class, peer host, idle or not, on the SRQ or not): at most 256 groups, so many classes use fewer peers.
  const peers = Math.max(1, Math.min(hosts - 1, Math.floor(256 / (k * (idle > 0 ? 2 : 1) * (onSrq > 0 ? 2 : 1)))));
  const classOf = classPicker(mix, k, cfg.qps);
  const seen = new Array<number>(k).fill(0);
  const counts = new Map<string, number>();
  for (let i = 0; i < cfg.qps; i++) {
    const cls = classOf(i);
    const j = seen[cls]++;
    // Idle QPs spread evenly inside each class: its j-th QP is idle when ⌊(j+1)·F⌋ > ⌊j·F⌋.
    const still = idle > 0 && Math.floor((j + 1) * idle) > Math.floor(j * idle) ? 1 : 0;
    // SRQ-attached QPs spread the same way, over a different phase of j so they are not just the idle ones.
    const srqd = onSrq > 0 && Math.floor((j + 1) * onSrq + 0.5) > Math.floor(j * onSrq + 0.5) ? 1 : 0;
    const key = onSrq > 0 ? `${cls}/${1 + (j % peers)}/${still}/${srqd}` : `${cls}/${1 + (j % peers)}/${still}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const recvsEach = cfg.fault === 'cq-overrun' ? w : 0;
  let srqQps = 0;
  const groups = [...counts].map(([key, count]) => {
    const [cls, peer, still, srqd = 0] = key.split('/').map(Number);
    if (srqd) srqQps += count;
    return {
      ...(srqd ? { srq: 0 } : {}),
      host: 0, peerHost: peer, count, class: cls, phase: mix === 'blocks' ? cls : 0, cq: shared ? 0 : cls, peerCq: 0,
      sqDepth: Math.max(64, w), rqDepth: Math.max(64, w),
      recvs: recvsEach,
      ...(cfg.timeouts === 'cm' ? { attrs: { ...TIMEOUT_PRESETS.cm } } : {}),
      post: { side: peerPosts ? 'peer' as const : 'local' as const, count: still ? 0 : w, opcode: cfg.fault === 'cq-overrun' ? 'IBV_WR_SEND' as const : 'IBV_WR_RDMA_WRITE' as const, length: 64 },
    };
  });
  const commands: NonNullable<ScenarioInput['commands']> = [];
  switch (cfg.fault) {
    case 'port-down': commands.push({ t: at, cmd: { kind: 'portDown', host: 0 } }); break;
    case 'link-flap':
      commands.push({ t: at, cmd: { kind: 'portDown', host: 0 } }, { t: at + (cfg.flapNs ?? 200_000_000), cmd: { kind: 'portUp', host: 0 } });
      break;
    case 'host-crash': commands.push({ t: at, cmd: { kind: 'hostCrash', host: 0 } }); break;
    case 'cq-overrun': commands.push({ t: at, cmd: { kind: 'cqOverrun', host: 0, cq: 0 } }); break;
    case 'context-read-error': commands.push({ t: at, cmd: { kind: 'ctxReadError', host: 0, windowNs: cfg.windowNs ?? 5_000_000 } }); break;
    case 'device-fatal': commands.push({ t: at, cmd: { kind: 'deviceFatal', host: 0 } }); break;
  }
  const cqs = shared ? 1 : k;
  return {
    version: 1,
    seed: cfg.seed ?? 1,
    title: `${cfg.qps}-QP storm: ${cfg.fault}`,
    config: {
      // 10 s is the schema's bound: the CM's timeouts fail a QP after ≈ 8.6 s, inside it.
      durationNs: cfg.durationNs ?? 10_000_000_000,
      hosts: Array.from({ length: hosts }, (_, i) => ({
        name: `host ${i}`, cqDepths: Array.from({ length: i === 0 ? cqs : 1 }, () => 1 << 20), pollIntervalNs: 100_000, pollBatch: 1 << 20,
      })),
      nic: { cache: { entries: cfg.cacheEntries ?? 1024, ways: 0 } },
      qps: [],
      // The SRQ holds the receives its QPs would have had (at most its 16,384 entries).
      ...(onSrq > 0 ? { srqs: [{ host: 0, depth: 16_384, recvs: Math.min(16_384, srqQps * recvsEach), recvLength: 4096 }] } : {}),
      classes,
      groups,
      channel: {
        preset: cfg.preset ?? 'mlx5', policy: cfg.policy ?? 'fifo', consumer: cfg.consumer, mlx5Overrun: cfg.mlx5Overrun, mlx5Recovery: cfg.mlx5Recovery, eqDepth: cfg.eqDepth, serviceNs: cfg.serviceNs,
        queryNs: cfg.queryNs, budget: cfg.budget, irqNs: cfg.irqNs, eqeNs: cfg.eqeNs, flushNs: cfg.flushNs, healthNs: cfg.healthNs, moderation: cfg.moderation,
      },
    },
    commands,
  };
}

/** QP i's class under a mix (interleaved keeps the historic i mod K, so old storms hash the same). */
function classPicker(mix: ClassMixKind, k: number, n: number): (i: number) => number {
  if (mix === 'blocks') return (i) => Math.min(k - 1, Math.floor((i * k) / n));
  if (mix === 'interleaved') return (i) => i % k;
  // Skewed: class c appears c + 1 times in a pattern of K(K+1)/2, spread by stride.
  const slots: { c: number; key: number }[] = [];
  for (let c = 0; c < k; c++) for (let m = 0; m <= c; m++) slots.push({ c, key: (m + 0.5) / (c + 1) });
  slots.sort((a, b) => a.key - b.key || b.c - a.c);
  const pattern = slots.map((x) => x.c);
  return (i) => pattern[i % pattern.length];
}
