// The scenario schema: the one shape that the URL, fixtures, the CLI and the page share.
// Validation names the bad field (e.g. "config.qps[2].sqDepth: expected ≤ 16384").
import * as v from 'valibot';
import { int, issuePath } from '../kit/valid.ts';
import { ATTR_NAMES } from '../verbs/attrs.ts';
import { QP_TYPES } from '../verbs/types.ts';
import { INJECTABLE_STATUSES, SEND_OPCODES } from './wc.ts';
import { ModifyAttrsSchema } from './attrsSchema.ts';
import { AtomicArgsSchema, KeyCommandSchemas, MrSpecSchema, RemoteSchema, SglSchema, SrqSpecSchema, accessMask, accessRefusal, sglMatches } from './keysSchema.ts';
import { PROFILE_IDS } from './profiles.ts';
import {
  ChannelSchema, ClassSchema, FaultCommandSchemas, GroupSchema, HostSchema, MAX_HOSTS, MAX_TOTAL_QPS,
} from './stormSchema.ts';
import { checkTotals } from './schemaLimits.ts';

const U24 = int(0, 0xffffff);
const U32 = int(0, 0xffffffff);
/** Simulated time is integer nanoseconds; 10 s of simulated time is far beyond any lesson. */
export const MAX_NS = 10_000_000_000;
const Ns = int(0, MAX_NS);
const Host = HostSchema;
const Qpn = U24;

export type { ModifyAttrs } from './attrsSchema.ts';

const SGL_SUM = 'the sgl lengths must add up to length';
const SendWrSchema = v.pipe(v.strictObject({
  wrId: int(0, Number.MAX_SAFE_INTEGER),
  opcode: v.picklist(SEND_OPCODES),
  length: int(0, 1 << 30),
  signaled: v.optional(v.boolean(), true),
  /** imm_data of SEND_WITH_IMM / RDMA_WRITE_WITH_IMM (0 when left out). */
  imm: v.optional(U32),
  /** UD only: the address handle (destination host), remote QPN and Q_Key. */
  ud: v.optional(v.strictObject({ host: Host, qpn: Qpn, qkey: U32 })),
  /**
   * The gather list. A WR without one stands for a buffer the application registered correctly
   * (MODEL: the model checks keys only where a WR names them, so scenarios without memory
   * regions behave as before).
   */
  sgl: v.optional(SglSchema),
  /** RDMA WRITE/READ and atomics: the remote address and rkey. */
  rdma: v.optional(RemoteSchema),
  atomic: v.optional(AtomicArgsSchema),
  /** IBV_SEND_INLINE: the data is copied into the WQE at post; the lkey is not checked (ibv_post_send.3). */
  inline: v.optional(v.boolean()),
}), v.check((wr) => sglMatches(wr), SGL_SUM));
const RecvWrSchema = v.pipe(v.strictObject({ wrId: int(0, Number.MAX_SAFE_INTEGER), length: int(0, 1 << 30), sgl: v.optional(SglSchema) }), v.check((wr) => sglMatches(wr), SGL_SUM));

export const CommandSchema = v.variant('kind', [
  /** ibv_create_qp. max_send_wr = 0 is a valid receive-only QP; `srq` attaches it to an SRQ of its host. */
  v.strictObject({ kind: v.literal('createQp'), host: Host, type: v.picklist(QP_TYPES), sendCq: int(0, 15), recvCq: int(0, 15), sqDepth: int(0, 16384), rqDepth: int(0, 16384), sqSigAll: v.optional(v.boolean(), false), srq: v.optional(int(0, 255)), maxInlineData: v.optional(int(0, 4096)) }),
  v.strictObject({ kind: v.literal('modifyQp'), host: Host, qpn: Qpn, mask: v.pipe(v.array(v.picklist(ATTR_NAMES)), v.maxLength(32)), attrs: ModifyAttrsSchema }),
  v.strictObject({ kind: v.literal('postSend'), host: Host, qpn: Qpn, wr: SendWrSchema }),
  v.strictObject({ kind: v.literal('postRecv'), host: Host, qpn: Qpn, wr: RecvWrSchema }),
  v.strictObject({ kind: v.literal('pollCq'), host: Host, cq: int(0, 15), max: int(1, 1 << 20) }),
  v.strictObject({ kind: v.literal('failNextWr'), host: Host, qpn: Qpn, status: v.picklist(INJECTABLE_STATUSES) }),
  v.strictObject({ kind: v.literal('dropPackets'), count: int(1, 1_000_000), from: v.optional(Host) }),
  v.strictObject({ kind: v.literal('qpFatal'), host: Host, qpn: Qpn }),
  v.strictObject({ kind: v.literal('traffic'), id: v.pipe(v.string(), v.maxLength(40)), on: v.boolean() }),
  v.strictObject({ kind: v.literal('setPoll'), host: Host, intervalNs: Ns }),
  /**
   * ibv_destroy_qp: to RESET first (mlx5 destroy_qp_common), then the QPN is freed. With `drain`
   * the application first lets the flush finish and polls every completion of the QP
   * (xprtrdma "Wait before destroying", SPDK PR #3859) [sources: destroy-after-flush].
   */
  v.strictObject({ kind: v.literal('destroyQp'), host: Host, qpn: Qpn, drain: v.optional(v.boolean()) }),
  /** Two fresh QPs in RESET connected RESET→INIT→RTR→RTS; psn 'random' draws each side's as rdma_cm does. */
  v.strictObject({ kind: v.literal('connectQps'), a: v.strictObject({ host: Host, qpn: Qpn }), b: v.strictObject({ host: Host, qpn: Qpn }), psn: v.optional(v.picklist(['random', 'zero']), 'random') }),
  ...FaultCommandSchemas,
  ...KeyCommandSchemas,
]);
export type Command = v.InferOutput<typeof CommandSchema>;
/** A command as a person or a tool writes it (defaults may be left out); `Simulation.issue` validates it. */
export type CommandInput = v.InferInput<typeof CommandSchema>;
export type CommandKind = Command['kind'];

export const CacheConfigSchema = v.strictObject({
  entries: int(1, 1 << 20),
  ways: int(0, 1 << 20),
  policy: v.optional(v.picklist(['lru', 'fifo', 'random', 'lfu', 'clock', '2q']), 'lru'),
  pinned: v.optional(v.pipe(v.array(Qpn), v.maxLength(4096)), []),
  inFlight: v.optional(v.picklist(['pin', 'writeback-refetch']), 'pin'),
});

const QpSpecSchema = v.strictObject({
  host: Host,
  type: v.picklist(QP_TYPES),
  sendCq: v.optional(int(0, 15), 0),
  recvCq: v.optional(int(0, 15), 0),
  sqDepth: v.optional(int(0, 16384), 64),
  rqDepth: v.optional(int(0, 16384), 64),
  sqSigAll: v.optional(v.boolean(), false),
  /** Index (in config.qps) of the connected peer for RC/UC. */
  peer: v.optional(int(0, 4095)),
  /** Drive the QP through the standard modify sequence at t = 0 up to this state. */
  bringUp: v.optional(v.picklist(['RESET', 'INIT', 'RTR', 'RTS']), 'RTS'),
  attrs: v.optional(v.partial(ModifyAttrsSchema), {}),
  /** Receives posted at bring-up; with refill, the application re-posts one per completion. */
  recvs: v.optional(int(0, 16384), 0),
  recvLength: v.optional(int(0, 1 << 30), 4096),
  refill: v.optional(v.boolean(), false),
  /** Index (in config.srqs) of the SRQ this QP takes its receives from. */
  srq: v.optional(int(0, 255)),
  /** Index (in config.mrs) of the MR its posted receives land in (keyed receives). */
  recvMr: v.optional(int(0, 255)),
  /** cap.max_inline_data asked at create. */
  maxInlineData: v.optional(int(0, 4096), 0),
});

const WorkloadSchema = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  qp: int(0, 4095),
  opcode: v.picklist(SEND_OPCODES),
  length: int(0, 1 << 30),
  intervalNs: int(1, MAX_NS),
  count: v.optional(int(0, 10_000_000), 0),
  signaledEvery: v.optional(int(1, 1 << 20), 1),
  startNs: v.optional(Ns, 0),
  on: v.optional(v.boolean(), true),
  /** UD only: index (in config.qps) of the destination QP. */
  udTarget: v.optional(int(0, 4095)),
  /** Keyed traffic: index (in config.mrs) of the local buffer, and of the remote one for RDMA. */
  local: v.optional(int(0, 255)),
  remote: v.optional(int(0, 255)),
  imm: v.optional(U32),
});

export const SimConfigSchema = v.strictObject({
  durationNs: v.optional(Ns, 200_000),
  hosts: v.pipe(v.array(v.strictObject({
    name: v.pipe(v.string(), v.maxLength(24)),
    cqDepths: v.optional(v.pipe(v.array(int(1, 1 << 20)), v.minLength(1), v.maxLength(16)), [256]),
    pollIntervalNs: v.optional(Ns, 1000),
    pollBatch: v.optional(int(1, 1 << 20), 16),
  })), v.minLength(1), v.maxLength(MAX_HOSTS)),
  link: v.optional(v.strictObject({ latencyNs: v.optional(int(0, 1_000_000), 500), gbps: v.optional(int(1, 1600), 100) }), {}),
  nic: v.optional(v.strictObject({
    pipelineNs: v.optional(int(1, 100_000), 20),
    doorbellNs: v.optional(int(0, 100_000), 150),
    cqeWriteNs: v.optional(int(0, 100_000), 60),
    ctxFetchNs: v.optional(int(0, 1_000_000), 600),
    maxUnackedPsns: v.optional(int(1, 1 << 23), 128),
    /** DMA write bandwidth into host memory, bytes per ns (MODEL: ≈ PCIe Gen3 x16 effective). */
    dmaBytesPerNs: v.optional(int(1, 1000), 12),
    cache: v.optional(CacheConfigSchema, { entries: 1024, ways: 0 }),
  }), {}),
  qps: v.pipe(v.array(QpSpecSchema), v.maxLength(4096)),
  workloads: v.optional(v.pipe(v.array(WorkloadSchema), v.maxLength(256)), []),
  /** Storms (topic 7): QP classes, compact QP groups, and the error-reporting channel. */
  classes: v.optional(v.pipe(v.array(ClassSchema), v.maxLength(16)), []),
  groups: v.optional(v.pipe(v.array(GroupSchema), v.maxLength(256)), []),
  channel: v.optional(ChannelSchema),
  /**
   * Which QPN a created QP gets: 'fresh' never hands out a freed QPN in a session (rxe, irdma and
   * mlx4 allocate cyclically, so reuse comes only after ~131k allocations); 'lowest-free' reuses the
   * lowest freed QPN whose quarantine is over (fast reuse, as EFA showed: rdma-core PR #1731).
   */
  qpnReuse: v.optional(v.strictObject({ policy: v.optional(v.picklist(['fresh', 'lowest-free']), 'fresh'), quarantineNs: v.optional(Ns, 0) }), {}),
  /** Whose documented behaviour the model follows where providers differ (core/model/profileTable.ts). */
  profile: v.optional(v.picklist(PROFILE_IDS), 'ibta'),
  /** Memory regions registered at bring-up, in this order (their keys follow from it). */
  mrs: v.optional(v.pipe(v.array(MrSpecSchema), v.maxLength(256)), []),
  /** Shared receive queues created at bring-up. */
  srqs: v.optional(v.pipe(v.array(SrqSpecSchema), v.maxLength(256)), []),
});
export type SimConfig = v.InferOutput<typeof SimConfigSchema>;
export type QpSpec = SimConfig['qps'][number];
export type Workload = NonNullable<SimConfig['workloads']>[number];

export const TimedCommandSchema = v.strictObject({ t: Ns, cmd: CommandSchema });
export type TimedCommand = v.InferOutput<typeof TimedCommandSchema>;

export const SCENARIO_VERSION = 1;
export const ScenarioSchema = v.strictObject({
  version: v.literal(SCENARIO_VERSION),
  seed: int(0, 0xffffffff),
  title: v.optional(v.pipe(v.string(), v.maxLength(120))),
  config: SimConfigSchema,
  commands: v.optional(v.pipe(v.array(TimedCommandSchema), v.maxLength(200_000)), []),
});
export type Scenario = v.InferOutput<typeof ScenarioSchema>;
export type ScenarioInput = v.InferInput<typeof ScenarioSchema>;

export class ScenarioError extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(`${field}: ${problem}`);
    this.name = 'ScenarioError';
  }
}

/** Validate untrusted input; throws ScenarioError naming the first bad field. */
export function parseScenario(input: unknown): Scenario {
  const r = v.safeParse(ScenarioSchema, input);
  if (r.success) return checkReferences(r.output);
  const issue = r.issues[0];
  throw new ScenarioError(issuePath(issue) || 'scenario', issue.message);
}

/** Cross-field rules valibot cannot express: references between QPs, CQs and workloads. */
function checkReferences(s: Scenario): Scenario {
  const { hosts, qps, workloads } = s.config;
  qps.forEach((q, i) => {
    const f = `config.qps[${i}]`;
    if (q.host >= hosts.length) throw new ScenarioError(`${f}.host`, `host ${q.host} does not exist (there are ${hosts.length})`);
    const depths = hosts[q.host].cqDepths;
    if (q.sendCq >= depths.length) throw new ScenarioError(`${f}.sendCq`, `CQ ${q.sendCq} does not exist on host ${q.host}`);
    if (q.recvCq >= depths.length) throw new ScenarioError(`${f}.recvCq`, `CQ ${q.recvCq} does not exist on host ${q.host}`);
    if (q.peer !== undefined) {
      if (q.type === 'UD') throw new ScenarioError(`${f}.peer`, 'UD QPs are not connected; address each send instead');
      const p = qps[q.peer];
      if (!p || q.peer === i) throw new ScenarioError(`${f}.peer`, `no QP at index ${q.peer} to connect to`);
      if (p.type !== q.type) throw new ScenarioError(`${f}.peer`, `peer is ${p.type}, this QP is ${q.type}`);
    } else if (q.type !== 'UD' && (q.bringUp === 'RTR' || q.bringUp === 'RTS')) {
      throw new ScenarioError(`${f}.peer`, `a connected ${q.type} QP needs a peer to reach ${q.bringUp}`);
    }
  });
  workloads.forEach((w, i) => {
    const f = `config.workloads[${i}]`;
    if (!qps[w.qp]) throw new ScenarioError(`${f}.qp`, `no QP at index ${w.qp}`);
    if (qps[w.qp].type === 'UD' && (w.udTarget === undefined || !qps[w.udTarget])) {
      throw new ScenarioError(`${f}.udTarget`, 'a UD workload needs the index of its destination QP');
    }
    if (workloads.findIndex((o) => o.id === w.id) !== i) throw new ScenarioError(`${f}.id`, `duplicate workload id "${w.id}"`);
  });
  checkGroups(s);
  checkKeys(s);
  const breach = checkTotals(s);
  if (breach) throw new ScenarioError(breach.field, breach.problem);
  return s;
}

/** MRs and SRQs live on hosts that exist; QPs use SRQs of their own host; keyed workloads name MRs where the data is. */
function checkKeys(s: Scenario): void {
  const { hosts, qps, workloads, mrs, srqs } = s.config;
  mrs.forEach((m, i) => {
    if (m.host >= hosts.length) throw new ScenarioError(`config.mrs[${i}].host`, `host ${m.host} does not exist (there are ${hosts.length})`);
    // Bring-up registers with ibv_reg_mr, so its refusal applies here as it does to regMr.
    const refused = accessRefusal(accessMask(m.access));
    if (refused) throw new ScenarioError(`config.mrs[${i}].access`, refused);
  });
  srqs.forEach((q, i) => { if (q.host >= hosts.length) throw new ScenarioError(`config.srqs[${i}].host`, `host ${q.host} does not exist (there are ${hosts.length})`); });
  qps.forEach((q, i) => {
    if (q.recvMr !== undefined && mrs[q.recvMr]?.host !== q.host) throw new ScenarioError(`config.qps[${i}].recvMr`, `MR ${q.recvMr} is not on this QP's host ${q.host}`);
    if (q.srq === undefined) return;
    const srq = srqs[q.srq];
    if (!srq) throw new ScenarioError(`config.qps[${i}].srq`, `no SRQ at index ${q.srq}`);
    if (srq.host !== q.host) throw new ScenarioError(`config.qps[${i}].srq`, `SRQ ${q.srq} is on host ${srq.host}; a QP uses an SRQ of its own host`);
  });
  workloads.forEach((w, i) => {
    const f = `config.workloads[${i}]`;
    const qp = qps[w.qp];
    if (w.local !== undefined && mrs[w.local]?.host !== qp.host) throw new ScenarioError(`${f}.local`, `MR ${w.local} is not on the workload's host ${qp.host}`);
    if (w.remote === undefined) return;
    const peer = qp.type === 'UD' ? w.udTarget : qp.peer;
    const peerHost = peer === undefined ? -1 : qps[peer]?.host;
    if (mrs[w.remote]?.host !== peerHost) throw new ScenarioError(`${f}.remote`, `MR ${w.remote} is not on the peer's host`);
  });
}

/** Groups name hosts, a class and CQs that must exist; their QPs must fit the scenario limit. */
function checkGroups(s: Scenario): void {
  const { hosts, qps, groups, classes } = s.config;
  let total = qps.length;
  groups.forEach((g, i) => {
    const f = `config.groups[${i}]`;
    if (g.host >= hosts.length) throw new ScenarioError(`${f}.host`, `host ${g.host} does not exist (there are ${hosts.length})`);
    if (g.peerHost >= hosts.length) throw new ScenarioError(`${f}.peerHost`, `host ${g.peerHost} does not exist (there are ${hosts.length})`);
    if (g.peerHost === g.host) throw new ScenarioError(`${f}.peerHost`, 'a group connects two different hosts');
    if (g.class >= Math.max(1, classes.length)) throw new ScenarioError(`${f}.class`, `class ${g.class} does not exist (there are ${classes.length || 1})`);
    if (g.cq >= hosts[g.host].cqDepths.length) throw new ScenarioError(`${f}.cq`, `CQ ${g.cq} does not exist on host ${g.host}`);
    if (g.peerCq >= hosts[g.peerHost].cqDepths.length) throw new ScenarioError(`${f}.peerCq`, `CQ ${g.peerCq} does not exist on host ${g.peerHost}`);
    if (g.srq !== undefined && s.config.srqs[g.srq]?.host !== g.host) throw new ScenarioError(`${f}.srq`, s.config.srqs[g.srq] ? `SRQ ${g.srq} is on host ${s.config.srqs[g.srq].host}; a QP uses an SRQ of its own host` : `no SRQ at index ${g.srq}`);
    if (g.post && g.post.count > g.sqDepth) throw new ScenarioError(`${f}.post.count`, `${g.post.count} WRs do not fit a ${g.sqDepth}-entry send queue`);
    total += 2 * g.count;
    if (total > MAX_TOTAL_QPS) throw new ScenarioError(`${f}.count`, `the scenario would hold more than ${MAX_TOTAL_QPS} QPs`);
  });
}
