// Plain-data frames the Faults worker sends (structured-clone friendly: numbers, strings, typed
// arrays). Views render these; they never compute the model.
import type { Claim, ExplorerStep, Outcome, OutcomeGroup, PolicyName, ReportWhy, ResetLabResult, StormSummary } from '../../core/index.ts';
import type { ExplorerSettings, ResetSettings, StormSettings } from '../../core/faults/labConfig.ts';
import type { QpnAllocator } from '../../core/faults/qpnAlloc.ts';
import type { ProgramLine } from '../../core/faults/program.ts';
import type { KitFrame } from '../kit/types.ts';

export type { ExplorerSettings, ResetSettings, StormSettings };

/** Per-QP facts that change only with the settings (sent when `key` changes). */
export interface GridStatic {
  key: string;
  qpn: Uint32Array;
  host: Uint8Array;
  cls: Uint8Array;
  classes: { name: string; weight: number; priority: number }[];
}

/** The storm playing live. */
export interface LiveStorm {
  /** Simulated ns since the storm started; the fault hits at 0. */
  t: number;
  summary: StormSummary;
  /** Per affected QP, the storm phase (PHASE codes in core/faults/phase.ts). */
  phase: Uint8Array;
  /** Async-EQ occupancy on the faulted host: samples up to now, the slots it has. */
  eq: { t: Float64Array; used: Float64Array; size: number; now: number };
  drained: boolean;
  /** The faulted host's context cache during the storm: reports and flushes fetch contexts too. */
  cache: { hits: number; misses: number; evictions: number; writebacks: number; entries: number };
  /** Flush CQEs written into each CQ, and their rate. */
  perCq: { host: number; cq: number; flushCqes: number; perUs: number }[];
  /** The program's side for the settings' eventNs, ackNs and cm (program.ts): the storm CLI's `program` key, same shape and figures. */
  program: ProgramLine;
}

/** The interleaving explorer: every detection order, grouped by what software sees; one stepped through. */
export interface ExplorerFrame {
  settings: ExplorerSettings;
  orders: number;
  groups: OutcomeGroup[];
  order: number[];
  steps: ExplorerStep[];
  outcome: Outcome;
}

/** One QP of the storm, in numbers (ns after the fault; −1: has not happened). */
export interface QpDetail { qpn: number; host: number; cls: number; state: string; phase: number; detectNs: number; reportNs: number; lastFlushNs: number }

/** The "why?" of grid QP `i`'s report, and the grid QPs the engine served while it waited. */
export interface ReportWhyReply { i: number; why: ReportWhy; ahead: Uint8Array }

/** One policy's run of the same storm to the end. */
export interface PolicyResult {
  policy: PolicyName;
  done: boolean;
  /** Fault → report, ns: percentiles overall and per class, a histogram over shared bins. */
  p50: number;
  p99: number;
  max: number;
  perClassP99: number[];
  jain: number;
  lostReports: number;
  eqOverruns: number;
  /** Counts per bin (bins are shared by every policy of the same storm: PolicyFrame.bins). */
  hist: number[];
  /** Per class: counts per bin (the distribution a class sees). */
  histByClass: number[][];
  /** Mean time from detection to report (the channel's own delay), ns. */
  meanDelayNs: number;
}

export interface PolicyFrame {
  key: string;
  /** Bin edges (ns after the fault), shared by every policy. */
  bins: number[];
  results: PolicyResult[];
  progress: number;
}

export interface CompareSide { policy: PolicyName; summary: StormSummary; phase: Uint8Array }
export interface CompareFrame { t: number; a: CompareSide; b: CompareSide; drained: boolean }

export interface ResetFrame {
  key: string;
  settings: ResetSettings;
  result: Omit<ResetLabResult, 'events' | 'scenario' | 'claims'>;
}

/** The event queue and overrun of the chosen NIC family, as resolved for the settings. */
export interface ChannelInfo { eqSize: number; spare: number; pow2: boolean; budget: number; overrun: 'report-continue' | 'fatal' | 'function-reset'; source: string }

export interface FaultsFrame extends KitFrame {
  settings: StormSettings;
  channel: ChannelInfo;
  grid: GridStatic | null;
  live: LiveStorm;
  policies: PolicyFrame;
  compare: CompareFrame | null;
  comparePolicies: [PolicyName, PolicyName];
  reset: ResetFrame | null;
  explorer: ExplorerFrame | null;
}


/** Every claim, and each driver's QPN allocator (core/faults/qpnAlloc.ts) for the reuse hazard's choice. */
export interface ClaimsInfo { faults: readonly Claim[]; reset: readonly Claim[]; allocators: readonly QpnAllocator[] }
