// Two NICs that differ in one or more settings (policy, engine, cache size, ways) run the same
// seeded traffic in lockstep: both runners draw the same QPN sequence from the same seed and
// always advance by the same number of packets.
import type { CompareSide, LabConfig } from '../../core/memory/index.ts';
import { sweepSpecFor, withSide } from '../../core/memory/index.ts';
import { buildGrid } from './grid.ts';
import { LiveRunner } from './live.ts';
import type { CompareFrame, CompareSideFrame } from './types.ts';

export const SIDE_KEYS: ReadonlyArray<keyof CompareSide> = ['policy', 'engine', 'entries', 'ways'];

export function sideOf(cfg: LabConfig): CompareSide {
  return { policy: cfg.policy, engine: cfg.engine, entries: cfg.entries, ways: cfg.ways };
}

/** B differs from A in the policy by default: the question most people bring. */
export function defaultSides(cfg: LabConfig): { a: CompareSide; b: CompareSide } {
  const a = sideOf(cfg);
  return { a, b: { ...a, policy: a.policy === 'lru' ? 'fifo' : 'lru' } };
}

export class CompareRun {
  a: LiveRunner | null = null;
  b: LiveRunner | null = null;
  private sent = { a: 0, b: 0 };
  private gridSent = { a: -1, b: -1 };

  constructor(readonly cfg: LabConfig, readonly sides: { a: CompareSide; b: CompareSide }) {}

  get ready(): boolean {
    return this.a !== null && this.b !== null;
  }

  /** Build one side per call (each builds its traffic: up to ~100 ms at a million QPs). Returns work units. */
  setup(): number {
    if (!this.a) { this.a = this.make(this.sides.a); return this.cfg.qps; }
    if (!this.b) { this.b = this.make(this.sides.b); return this.cfg.qps; }
    return 0;
  }

  private make(side: CompareSide): LiveRunner {
    const c = withSide(this.cfg, side);
    return new LiveRunner(sweepSpecFor(c, c.qps), c.qps, false);
  }

  /** Both sides advance by exactly `n` packets. */
  run(n: number, windowPackets: number): void {
    if (!this.a || !this.b) return;
    this.a.run(n, windowPackets);
    this.b.run(n, windowPackets);
  }

  forceGrids(): void {
    this.gridSent = { a: -1, b: -1 };
  }

  frame(seq: number): CompareFrame {
    const side = (k: 'a' | 'b'): CompareSideFrame => {
      const r = this[k];
      const s = this.sides[k];
      if (!r) return { side: s, readout: { hitRate: 0, mops: 0, latencyNs: 0, engineWaitNs: 0, engineUtilization: 0, evictionsPerOp: 0, writebacksPerOp: 0, valid: false }, series: [], stats: { hits: 0, misses: 0, evictions: 0, writebacks: 0, bypasses: 0, inFlightEvictions: 0, refetches: 0, invalidations: 0 }, grid: null, recent: [] };
      const recent = r.recent(this.sent[k]);
      this.sent[k] = r.packets;
      const grid = this.gridSent[k] !== r.version ? buildGrid(r.cache, 0, seq) : null;
      this.gridSent[k] = r.version;
      return { side: s, readout: r.readout(), series: r.series.slice(), stats: r.stats(), grid, recent };
    };
    return {
      sides: { a: { ...this.sides.a }, b: { ...this.sides.b } }, ready: this.ready, packets: this.a?.packets ?? 0,
      a: side('a'), b: side('b'), differs: SIDE_KEYS.filter((k) => this.sides.a[k] !== this.sides.b[k]),
    };
  }
}
