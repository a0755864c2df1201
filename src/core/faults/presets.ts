// The narrow channel's parameters per vendor family, and how a scenario's channel settings
// resolve against them. Sizes, budgets, consumer-index publishing and health polls are read in
// driver code (mlx5 eq.c/health.c, mlx4 eq.c/catas.c, mthca_eq.c, hns_roce_hw_v2.c) [sources: mlx5-eq, mlx4-eq, hns-aeq, mlx5-health]; every
// latency is a model parameter (no public source gives one) [sources: model-faults].
import type { ChannelConfig, ChannelPresetId, ConsumerKind, PolicyName } from '../model/stormSchema.ts';

export type OverrunMode = 'report-continue' | 'fatal' | 'function-reset';

export interface ChannelPreset {
  id: ChannelPresetId;
  label: string;
  /** Async EQ entries asked for by default, spare entries added, power-of-two rounding. */
  eqDepth: number;
  spare: number;
  pow2: boolean;
  /** EQEs the interrupt handler consumes before re-arming (Infinity: drains until empty). */
  budget: number;
  /** The handler publishes its consumer index every this many EQEs inside one batch (Infinity: at the batch's end only). */
  ciEvery: number;
  overrun: OverrunMode;
  /** The driver runs a QUERY_QP before a QP_FATAL / QP_ACCESS_ERR reaches the consumer (mlx5 only). */
  queries: boolean;
  /** Fault → software noticing a dead device: the health/catastrophic-error poll interval (0: an interrupt tells it). */
  healthNs: number;
  source: string;
}

export const CHANNEL_PRESETS_INFO: Readonly<Record<ChannelPresetId, ChannelPreset>> = {
  mlx5: {
    id: 'mlx5', label: 'mlx5 (ConnectX-4 and later)', eqDepth: 4096, spare: 128, pow2: true, budget: 128, ciEvery: 128, overrun: 'fatal', queries: true, healthNs: 2_000_000_000,
    source: 'mlx5 eq.c: MLX5_NUM_ASYNC_EQE 4096, MLX5_NUM_SPARE_EQE 128, order_base_2 rounding (8192 slots), MLX5_EQ_POLLING_BUDGET 128; health.c polls every 2 s; overrun = health.c syndrome 0x0c (the fatal path is the model\'s reading)',
  },
  mlx4: {
    id: 'mlx4', label: 'mlx4 / mthca (ConnectX-3 and older)', eqDepth: 256, spare: 128, pow2: true, budget: Infinity, ciEvery: 128, overrun: 'report-continue', queries: false, healthNs: 5_000_000_000,
    source: 'mlx4 eq.c: async EQ 256 + 128 spare, mlx4_create_eq rounds up to a power of two (512 slots; mthca the same); mlx4_eq_int publishes the consumer index every 128 EQEs; an EQ_OVERFLOW EQE is logged ("EQ overrun on EQN n") and the driver continues; catas.c polls every 5 s',
  },
  hns: {
    id: 'hns', label: 'hns (HiSilicon hip08+)', eqDepth: 0x1000, spare: 0, pow2: false, budget: Infinity, ciEvery: Infinity, overrun: 'function-reset', queries: false, healthNs: 0,
    source: 'hns_roce_hw_v2.c: AEQ depth 0x1000; "AEQ overflow!" then a function-level reset request; no health poller (errors arrive as abnormal interrupts)',
  },
};

/** Every parameter of a channel, resolved (the numbers the engine runs on). */
export interface Channel {
  preset: ChannelPresetId;
  overrun: OverrunMode;
  policy: PolicyName;
  eqDepth: number;
  /** Slots the hardware really has: depth + spare, rounded up to a power of two when the preset does. */
  eqSize: number;
  budget: number;
  ciEvery: number;
  consumer: ConsumerKind;
  irqNs: number;
  eqeNs: number;
  queryNs: number;
  dispatchNs: number;
  serviceNs: number;
  flushNs: number;
  swFlushNs: number;
  healthNs: number;
  resetNs: number;
  /** mlx5 devlink fw_fatal recovery: the device reloads recoverNs after INTERNAL_ERROR (0: it stays dead). */
  recoverNs: number;
  modPeriodNs: number;
  modMaxCount: number;
}

/** MODEL (claim latencies): defaults for every delay no public source gives. */
export const MODEL_LATENCIES = {
  irqNs: 2_000, eqeNs: 100, queryNs: 10_000, dispatchNs: 1_000, serviceNs: 500, swFlushNs: 50,
  resetNs: 100_000_000, recoverNs: 1_000_000_000,
} as const;

/** Slots the hardware really has: mlx5 order_base_2(nent), mlx4/mthca roundup_pow_of_two(max(nent, 2)). */
export function eqSlots(depth: number, spare: number, pow2: boolean): number {
  const n = depth + spare;
  return pow2 ? 2 ** Math.ceil(Math.log2(Math.max(n, 2))) : n;
}

/** A channel's settings as a scenario gives them (the consumer and mlx5's overrun path have defaults). */
type ChannelInput = Omit<ChannelConfig, 'consumer' | 'mlx5Overrun' | 'mlx5Recovery'> & Partial<Pick<ChannelConfig, 'consumer' | 'mlx5Overrun' | 'mlx5Recovery'>>;

export function resolveChannel(c: ChannelInput, cqeWriteNs: number): Channel {
  const p = CHANNEL_PRESETS_INFO[c.preset];
  const eqDepth = c.eqDepth ?? p.eqDepth;
  const spare = c.spare ?? p.spare;
  const pow2 = c.pow2 ?? p.pow2;
  const eqSize = eqSlots(eqDepth, spare, pow2);
  const m = MODEL_LATENCIES;
  return {
    // MODEL (claim overrun-mlx5): both mlx5 paths are offered; the fatal one by default.
    preset: p.id, overrun: p.id === 'mlx5' && c.mlx5Overrun === 'report' ? 'report-continue' : p.overrun, policy: c.policy, eqDepth, eqSize,
    budget: Math.min(c.budget ?? p.budget, eqSize), ciEvery: p.ciEvery, consumer: c.consumer ?? 'kernel',
    irqNs: c.irqNs ?? m.irqNs, eqeNs: c.eqeNs ?? m.eqeNs, queryNs: c.queryNs ?? (p.queries ? m.queryNs : 0), dispatchNs: c.dispatchNs ?? m.dispatchNs,
    serviceNs: c.serviceNs ?? m.serviceNs, flushNs: c.flushNs ?? cqeWriteNs, swFlushNs: c.swFlushNs ?? m.swFlushNs,
    // MODEL (claim health-delay): one full poll interval; hns learns of it by interrupt (irqNs).
    healthNs: c.healthNs ?? (p.healthNs || m.irqNs), resetNs: c.resetNs ?? m.resetNs,
    // MODEL (claim recovery-time): the reload's duration is in no public source.
    recoverNs: p.id === 'mlx5' && c.mlx5Recovery === 'devlink' ? (c.recoverNs ?? m.recoverNs) : 0,
    modPeriodNs: c.moderation?.periodNs ?? 0, modMaxCount: c.moderation?.maxCount ?? 1,
  };
}
