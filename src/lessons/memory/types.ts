// The NIC-memory instrument's lessons (topics 2, 3, 8, 9, 11) in the shared format (lessons/kit):
// checks read plain numbers of the running lab; actions are the settings a person changes.
import type { CompareSide, LabConfig, PresetId } from '../../core/memory/index.ts';
import type { Lesson as KitLesson } from '../kit/types.ts';

/** What a step's check may read: plain numbers of the running lab. */
export interface MemoryProbe {
  config: LabConfig;
  /** Steady-state readouts of the live runner (valid once a window closed). */
  hitRate: number;
  mops: number;
  engineUtilization: number;
  valid: boolean;
  walkCostNs: number | null;
  /** PCIe reads one miss costs in the table walk, and the table's host memory now. */
  hostReads: number | null;
  tableBytes: number | null;
  /** The preset's peak (no misses), Mops. */
  peakMops: number;
  /** Mean per-packet service (work on the packet, misses included) and queueing, ns. */
  serviceNs: number;
  queueNs: number;
  compare: { a: CompareSide & { hitRate: number; mops: number; valid: boolean }; b: CompareSide & { hitRate: number; mops: number; valid: boolean } } | null;
}

export type MemoryAction =
  | { kind: 'preset'; preset: PresetId; qps?: number }
  | { kind: 'config'; patch: Partial<LabConfig> }
  | { kind: 'compare'; a?: Partial<CompareSide>; b?: Partial<CompareSide> }
  | { kind: 'pin'; qpn: number };

export type Lesson = KitLesson<MemoryProbe, MemoryAction>;
