// The parts of the scenario schema that storms add (topic 7): QP classes, compact QP groups
// (N connected pairs between two hosts, not N literal QP objects), the error-reporting channel
// and the arbitration policies. Kept beside schema.ts so each file stays small.
import * as v from 'valibot';
import { int } from '../kit/valid.ts';
import { ModifyAttrsSchema } from './attrsSchema.ts';
import { SEND_OPCODES } from './wc.ts';


/** Hosts a scenario may have: a storm spans at least 16 (issue 7); 64 leaves room. */
export const MAX_HOSTS = 64;
/** QPs one group may create on each side, and QPs a whole scenario may hold. */
export const MAX_GROUP_QPS = 65_536;
export const MAX_TOTAL_QPS = 1 << 18;
export const HostSchema = int(0, MAX_HOSTS - 1);

/** Arbitration among faulted QPs waiting for the NIC's error engine (faults/policies.ts). */
export const POLICIES = ['fifo', 'round-robin', 'priority', 'oldest-first', 'weighted-fair'] as const;
export type PolicyName = (typeof POLICIES)[number];

/** Who consumes the device's completions and events: a kernel ULP or a user-space (libibverbs) program. */
export const CONSUMERS = ['kernel', 'user'] as const;
export type ConsumerKind = (typeof CONSUMERS)[number];

/** Overrun behaviour and sizes of the async event queue, per vendor family (faults/presets.ts). */
export const CHANNEL_PRESETS = ['mlx5', 'mlx4', 'hns'] as const;
export type ChannelPresetId = (typeof CHANNEL_PRESETS)[number];

const Ns = int(0, 10_000_000_000);

export const ClassSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(24)),
  /** Share under weighted-fair arbitration. */
  weight: v.optional(int(1, 1000), 1),
  /** Rank under strict priority: a higher number is served first. */
  priority: v.optional(int(0, 15), 0),
});

/** Work posted on one side of every pair of a group at set-up (what is outstanding at a fault). */
export const GroupPostSchema = v.strictObject({
  /** 'local' = the group's `host` side posts, 'peer' = the `peerHost` side posts. */
  side: v.optional(v.picklist(['local', 'peer']), 'local'),
  /** WRs each QP posts; 0 = an idle QP (connected, nothing outstanding). */
  count: int(0, 1024),
  opcode: v.optional(v.picklist(SEND_OPCODES), 'IBV_WR_RDMA_WRITE'),
  length: v.optional(int(0, 1 << 30), 64),
  /** All of a QP's WRs are posted at atNs + a per-QP offset drawn uniformly in [0, spreadNs). */
  atNs: v.optional(Ns, 0),
  spreadNs: v.optional(Ns, 0),
});

export const GroupSchema = v.strictObject({
  host: HostSchema,
  peerHost: HostSchema,
  count: int(1, MAX_GROUP_QPS),
  class: v.optional(int(0, 15), 0),
  /** Creation phase: every group of a lower phase is created before any of a higher one; within a phase, one pair from each group in turn. */
  phase: v.optional(int(0, 255), 0),
  type: v.optional(v.picklist(['RC', 'UC']), 'RC'),
  /** CQ (send and receive) the group's QPs share on each side. */
  cq: v.optional(int(0, 15), 0),
  peerCq: v.optional(int(0, 15), 0),
  sqDepth: v.optional(int(1, 16384), 64),
  rqDepth: v.optional(int(1, 16384), 64),
  /** Receives posted at bring-up on each `host`-side QP and on each peer. */
  recvs: v.optional(int(0, 16384), 0),
  peerRecvs: v.optional(int(0, 16384), 0),
  recvLength: v.optional(int(0, 1 << 30), 4096),
  /** Index (in config.srqs) of the SRQ the `host`-side QPs take their receives from: their `recvs` go to it instead. */
  srq: v.optional(int(0, 255)),
  post: v.optional(GroupPostSchema),
  /** Overrides of the bring-up attributes, applied to both ends. */
  attrs: v.optional(v.partial(ModifyAttrsSchema), {}),
});

export const ChannelSchema = v.strictObject({
  preset: v.optional(v.picklist(CHANNEL_PRESETS), 'mlx5'),
  policy: v.optional(v.picklist(POLICIES), 'fifo'),
  /** Entries asked for; the preset adds its spare entries and rounding. */
  eqDepth: v.optional(int(1, 1 << 22)),
  spare: v.optional(int(0, 4096)),
  pow2: v.optional(v.boolean()),
  /** EQEs the interrupt handler consumes per interrupt before re-arming. */
  budget: v.optional(int(1, 1 << 16)),
  irqNs: v.optional(int(0, 10_000_000)),
  eqeNs: v.optional(int(0, 1_000_000)),
  /** Serialized cost per fatal QP event in the driver's ordered workqueue (mlx5 QUERY_QP). */
  queryNs: v.optional(int(0, 100_000_000)),
  dispatchNs: v.optional(int(0, 10_000_000)),
  /** Error engine: nanoseconds to service one faulted QP (plus a context fetch on a miss). */
  serviceNs: v.optional(int(1, 100_000_000)),
  /** Flush engine: nanoseconds per flush CQE (default: nic.cqeWriteNs). */
  flushNs: v.optional(int(1, 10_000_000)),
  /** Driver-made flush CQEs after device death, per CQE. */
  swFlushNs: v.optional(int(1, 10_000_000)),
  /** Fault → the health poller noticing a dead device (mlx5 polls every 2 s). */
  healthNs: v.optional(Ns),
  /** hns: how long a function reset takes before the function is usable again. */
  resetNs: v.optional(Ns),
  /** Kernel consumers get the driver's software flush after device death; user space gets none. */
  consumer: v.optional(v.picklist(CONSUMERS), 'kernel'),
  /**
   * mlx5 only: what an async-EQ overrun (health syndrome 0x0c) leads to — the fatal path, or the
   * syndrome reported (health report_work) while the device goes on. Which one firmware takes
   * depends on its recovery-flow-required bit, which no public source gives.
   */
  mlx5Overrun: v.optional(v.picklist(['fatal', 'report']), 'fatal'),
  /**
   * mlx5 only: after device death, whether devlink's fw_fatal health reporter recovers the
   * device (unload and reload: a new IB device) `recoverNs` after the driver noticed, or it stays dead.
   */
  mlx5Recovery: v.optional(v.picklist(['none', 'devlink']), 'none'),
  /** mlx5 with devlink recovery: from INTERNAL_ERROR to the reloaded device. */
  recoverNs: v.optional(Ns),
  /** CQ moderation: a completion event after maxCount CQEs or periodNs after the first. */
  moderation: v.optional(v.strictObject({ periodNs: int(0, 100_000_000), maxCount: int(1, 65_535) })),
});
export type ChannelConfig = v.InferOutput<typeof ChannelSchema>;
export type GroupSpec = v.InferOutput<typeof GroupSchema>;
export type ClassSpec = v.InferOutput<typeof ClassSchema>;

/** Shared-cause faults, each touching many QPs in one instant (faults/commands.ts). */
export const FaultCommandSchemas = [
  v.strictObject({ kind: v.literal('portDown'), host: HostSchema }),
  v.strictObject({ kind: v.literal('portUp'), host: HostSchema }),
  v.strictObject({ kind: v.literal('hostCrash'), host: HostSchema }),
  v.strictObject({ kind: v.literal('cqOverrun'), host: HostSchema, cq: int(0, 15) }),
  v.strictObject({ kind: v.literal('ctxReadError'), host: HostSchema, windowNs: int(1, 1_000_000_000) }),
  v.strictObject({ kind: v.literal('deviceFatal'), host: HostSchema }),
  v.strictObject({ kind: v.literal('setPolicy'), policy: v.picklist(POLICIES) }),
] as const;
