// The control-plane / data-plane race on one QP context, cycle by cycle. modify_qp's write goes
// word by word through a slow path (firmware, a narrow config bus) while the packet pipeline reads
// the same context word by word at full speed. The realistic collision is an RTS→RTS (new access
// flags, a new RNR timer: what the kernel's qp_state_table lets RTS→RTS change on RoCE,
// kernel-qp-table) against incoming requests, which check exactly those fields; a bring-up
// (RTR→RTS) mostly rewrites the send side, which no packet reads before RTS. Without protection
// the reader can return some words from before the write and some from after: a torn read, a
// context nobody wrote (the new access flags with the old RNR timer). Protections and what they
// cost, in cycles of the NIC clock:
//   busy-bit  - an entry lock: the writer sets it (1 cycle) and clears it (1); the reader checks
//               and holds it (1) and stalls while the writer holds it; the writer waits for a
//               reader in progress. Same-cycle contention goes to the pipeline.
//   seqlock   - a version per entry: the writer bumps it before (odd) and after (even); the reader
//               reads it before and after the words (2 cycles) and retries if it was odd or moved.
//   dual-port - a dual-ported SRAM whose row is the whole context: each side moves the entry in
//               one cycle, so no read can see half a write; same-cycle access to one row is
//               arbitrated (pipeline first, the writer waits a cycle). Paid in area, not cycles.
//               It is the row's width that makes the write atomic: a second port alone only
//               gives the pipeline its own path, and a dual-ported SRAM whose context spans
//               several rows still tears like the unprotected case.
// SRAM timing is read-first (a read and a write of one word in one cycle: the read sees the old
// value). Every cycle count here is MODEL: the public record gives no RNIC's context datapath.
import type { Protection } from './ids.ts';

export { PROTECTIONS, type Protection } from './ids.ts';

export interface RaceField { name: string; old: string; new: string }

export interface RaceConfig {
  protection: Protection;
  /** Context words moved per access on the narrow path (ignored by dual-port: one row). */
  words?: number;
  writerStart: number;
  readerStart: number;
  /** Cycles the control-plane path needs per word (default 4: firmware behind a narrow bus). */
  writeCyclesPerWord?: number;
  /** Cycles the pipeline needs per word (default 1). */
  readCyclesPerWord?: number;
  fields?: RaceField[];
}

export type RaceAction =
  | 'write-word' | 'lock' | 'lock-wait' | 'unlock' | 'version-odd' | 'version-even' | 'write-row' | 'arbitration-wait'
  | 'read-word' | 'check-busy' | 'busy-stall' | 'read-version' | 'retry' | 'read-row' | 'done';

export interface RaceEvent { cycle: number; actor: 'writer' | 'reader'; action: RaceAction; word?: number; value?: 'old' | 'new'; note?: string }

export interface RaceTrace {
  config: Required<Omit<RaceConfig, 'fields'>> & { fields: RaceField[] };
  events: RaceEvent[];
  /** Per word, what the reader finally returned. */
  observed: Array<'old' | 'new'>;
  fields: Array<RaceField & { seen: string; from: 'old' | 'new' }>;
  torn: boolean;
  readerCycles: number;
  writerCycles: number;
  readerStallCycles: number;
  writerStallCycles: number;
  retries: number;
  /** Reader cycles beyond an unprotected, uncontended read on the same datapath. */
  readerOverheadCycles: number;
}

/**
 * RTS→RTS revoking remote write and atomic access and shortening the RNR timer, as two context
 * words: the mlx5 QPC keeps rre/rwe/rae and min_rnr_nak in separate 32-bit words
 * (mlx5_ifc_qpc_bits) [sources: mlx5-ifc]. Which words a real firmware writes, and in what order, is private.
 */
export const RTS_RTS_FIELDS: RaceField[] = [
  { name: 'rre/rwe/rae (qp_access_flags)', old: '1/1/1', new: '1/0/0' },
  { name: 'min_rnr_nak (min_rnr_timer)', old: '12 (0.64 ms)', new: '1 (0.01 ms)' },
];
