// Plain-data frames the NIC-memory worker sends to the main thread (structured-clone friendly:
// numbers, strings, arrays, typed arrays). Views render these; they never recompute the model.
import type {
  AccessCode, CacheStats, CalibrationTarget, EvictionStep, EvictionWhy, CapacityInput, CapacityResult, CurvePoint, PolicyId, PresetId,
  Protection, RaceTrace, SweepPoint, TableGeometry, TableMemory, WalkResult,
} from '../../core/memory/index.ts';
import type { CompareSide, LabConfig } from '../../core/memory/index.ts';
import type { KitFrame, Reply as KitReply } from '../kit/types.ts';

export type { CompareSide, LabConfig };

/** Why one packet's lookup evicted: the cache's record, and the chain (root first) built from it. */
export interface EvictionWhyReply { n: number; why: EvictionWhy; chain: EvictionStep[] }

/** One packet's lookup, for flashing: code 0 hit, 1 miss (free way), 2 miss + evict, 3 miss + evict dirty (write-back). */
export interface AccessRec { n: number; qpn: number; set: number; code: AccessCode; victim: number; bypass: boolean }

export interface SeriesPoint {
  /** Packets since the configuration started, at the end of the window. */
  packets: number;
  /** Simulated time at the end of the window, ns. */
  tNs: number;
  hitRate: number;
  mops: number;
  latencyNs: number;
  engineWaitNs: number;
  evictionsPerOp: number;
  writebacksPerOp: number;
}

export type WaterfallPartId = 'lookup' | 'engine-wait' | 'decision' | 'fetch' | 'writeback-stall' | 'writeback' | 'pipeline';
export interface WaterfallPart {
  id: WaterfallPartId;
  label: string;
  startNs: number;
  ns: number;
  /** On the missing packet's critical path (false: a posted write that runs alongside). */
  critical: boolean;
  note: string;
}

/** The anatomy of one miss: where its latency went. */
export interface MissDetail {
  n: number;
  qpn: number;
  code: AccessCode;
  victim: number;
  latencyNs: number;
  /** A hit's latency in the same pipeline (K × t_hit), for scale. */
  hitLatencyNs: number;
  parts: WaterfallPart[];
  /** false: the packet ran on the fast path; its latency is the sum of its terms without any engine wait. */
  measured: boolean;
}

/** Normalised policy state of one set, next victim first where the policy has an order. */
export type PolicySetView =
  | { kind: 'lru' | 'fifo'; set: number; order: number[]; hidden: number }
  | { kind: 'lfu'; set: number; order: Array<{ qpn: number; count: number }>; hidden: number }
  | { kind: 'clock'; set: number; hand: number; refBits: number[]; qpns: number[] }
  | { kind: '2q'; set: number; a1in: number[]; am: number[]; a1out: number[]; kin: number; kout: number; hidden: number }
  | { kind: 'random'; set: number; note: string };

export interface CacheGrid {
  seq: number;
  entries: number;
  sets: number;
  ways: number;
  policy: PolicyId;
  /** Per slot (set-major: slot = set × ways + way). -1 = empty. */
  qpn: Int32Array;
  /** Per slot: bit 1 dirty, 2 pinned, 4 in flight. */
  flags: Uint8Array;
  /** Per slot: position in the policy's victim order within its set (0 = next victim); -1 none. */
  rank: Int32Array;
  /** Per slot: LFU count, CLOCK reference bit, 2Q queue (0 A1in, 1 Am); else 0. */
  aux: Int32Array;
  /** CLOCK hand per set (way index), else empty. */
  hands: Int32Array;
  selected: PolicySetView;
  lastVictim: number;
}

export interface LiveReadout {
  /** Over the last few windows (steady state, not the cold start). */
  hitRate: number;
  mops: number;
  /** Mean time a packet spends in the NIC = serviceNs + queueNs. */
  latencyNs: number;
  /**
   * Service: the work done on the packet itself — one pipeline slot (t_hit) plus, on a miss,
   * the eviction decision, the PCIe read(s) and any write-back stall.
   */
  serviceNs?: number;
  /**
   * Queueing: waiting that is not work on this packet — for a busy eviction engine, and behind
   * the K − 1 other packets in process (the model keeps the pipeline full, so a packet stays
   * K × t_hit even on a hit: Little's law, not work).
   */
  queueNs?: number;
  engineWaitNs: number;
  engineUtilization: number;
  evictionsPerOp: number;
  writebacksPerOp: number;
  /** Whether a window has closed yet (before that the readouts are 0). */
  valid: boolean;
}

export interface LiveFrame {
  /** 0..1 while the QP table is being built for this many QPs. */
  setup: number;
  ready: boolean;
  packets: number;
  simNs: number;
  stats: CacheStats;
  readout: LiveReadout;
  series: SeriesPoint[];
  recent: AccessRec[];
  lastMiss: MissDetail | null;
  /** null when the grid has not changed since the last frame. */
  grid: CacheGrid | null;
}

export interface PublishedPoint {
  qps: number;
  mops: number;
  /** Published error band (QUOTE targets give a range), else equal to mops. */
  lo: number;
  hi: number;
  source: string;
  provenance: 'RAW' | 'QUOTE' | 'MODEL';
  label: string;
}

/** A calibration target with the value the current sweep gives it (null until computed). */
export type TargetRow = Omit<CalibrationTarget, 'metric'> & { got: number | null; pass: boolean | null };

export interface SweepFrame {
  key: string;
  list: number[];
  points: SweepPoint[];
  progress: number;
  done: boolean;
  computing: number | null;
  peakMops: number;
  /** The chosen configuration equals the preset's (targets and fits apply as published). */
  presetUnmodified: boolean;
  targets: TargetRow[];
}

export interface PresetInfo {
  id: PresetId;
  label: string;
  notes: string[];
  maxQp: { value: number; source: string };
  contextBytes: number;
  reference: { C: number; tHitNs: number; fetchNs: number | null; K: number | null };
  published: PublishedPoint[];
  /** The reference's closed-form fit (MODEL), as a curve. */
  predicted: CurvePoint[];
  measuredSource: string;
}

export interface WalkFrame {
  walk: WalkResult;
  geometry: TableGeometry;
  memory: TableMemory;
  /** Cost of this walk on a miss: host reads × fetch, ns. */
  costNs: number;
  /** memory.totalBytes split by where the levels live (the core counts every level as table memory). */
  hostBytes: number;
  onChipBytes: number;
  following: boolean;
}

export interface CompareSideFrame {
  side: CompareSide;
  readout: LiveReadout;
  series: SeriesPoint[];
  stats: CacheStats;
  grid: CacheGrid | null;
  recent: AccessRec[];
}

export interface CompareFrame {
  sides: { a: CompareSide; b: CompareSide };
  ready: boolean;
  packets: number;
  a: CompareSideFrame;
  b: CompareSideFrame;
  /** The settings in which B differs from A. */
  differs: Array<keyof CompareSide>;
}

export interface MemFrame extends KitFrame {
  config: LabConfig;
  live: LiveFrame;
  sweep: SweepFrame;
  preset: PresetInfo;
  walk: WalkFrame | null;
  /** The running compare pair, while the Compare tab shows it. */
  compare: CompareFrame | null;
  /** The compare sides in force (what a link carries even when the pair is not running). */
  sides: { a: CompareSide; b: CompareSide };
  selectedSet: number;
  patternText: string;
  /** Work this call did (for tests and the performance panel). */
  work: { livePackets: number; setupUnits: number; sweepUnits: number; compareUnits: number };
}

export type Reply = KitReply<MemFrame>;


export interface CapacityReply { ok: boolean; error?: string; input?: CapacityInput; result?: CapacityResult }

export interface RaceInput {
  /** Cycle at which the pipeline's read starts, relative to the control-plane write (writer at cycle 0 + base). */
  readerOffset: number;
  words?: number;
  writeCyclesPerWord?: number;
  readCyclesPerWord?: number;
}

export interface RaceReply {
  ok: boolean;
  error?: string;
  traces?: Record<Protection, RaceTrace>;
  /** Offsets (reader start − writer start) at which an unprotected read tears. */
  tornOffsets?: number[];
  writerStart?: number;
}


export type { CalibrationTarget, PolicyId };
