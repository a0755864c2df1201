// The cliff curve: throughput, hit rate and latency versus active QPs. One point = build the QP
// table for N QPs, run warm-up packets, then measured packets through traffic → cache → timer.
// A point runs in slices (`step(budget)`), so a worker can yield between slices; setup (table
// allocation) is sliced too, since at 1,000,000 QPs it is the biggest single cost.
import type { QpcCache } from './cache.ts';
import { PacketPath, TAG_CACHE, type PacketPathSnapshot } from './packetPath.ts';
import { QpTable } from './qpTable.ts';
import { validateSweepSpec, type SweepSpec } from './sweepSpec.ts';

export type { SweepSpec };


export interface SweepPoint {
  qps: number;
  packets: number;
  throughputMops: number;
  hitRate: number;
  meanLatencyNs: number;
  evictionsPerOp: number;
  writebacksPerOp: number;
  pcieReadsPerOp: number;
  bypassesPerOp: number;
  refetchesPerOp: number;
  meanEngineWaitNs: number;
  engineUtilization: number;
  cachedQps: number;
  hostMemoryBytes: number;
}

/** Default warm-up: fill the cache, then about min(N,C)·ln(min(N,C)) packets so every QP that
 *  fits has been seen (coupon collector); a scan needs one full pass. */
export function defaultWarmup(spec: SweepSpec, qps: number): number {
  const k = Math.min(qps, spec.cache.entries);
  let w = spec.cache.entries + Math.ceil(k * (Math.log(k) + 2));
  if (spec.traffic.pattern.kind === 'scan') w = Math.max(w, qps + spec.cache.entries);
  return Math.min(4_000_000, Math.max(5000, w));
}

export interface SweepPointSnapshot {
  spec: SweepSpec;
  qps: number;
  allocated: number;
  path: PacketPathSnapshot;
  base: number[];
}

export { TAG_CACHE };

export class SweepPointRunner {
  readonly warmup: number;
  readonly total: number;
  private readonly table: QpTable;
  private readonly path: PacketPath;
  private allocated = 0; // QPs entered in the table so far (setup phase)
  private base: number[] = []; // cache stats at the end of warm-up

  constructor(readonly spec: SweepSpec, readonly qps: number) {
    const err = validateSweepSpec(spec, qps);
    if (err) throw new RangeError(err);
    this.table = new QpTable(spec.table);
    this.path = new PacketPath(spec, qps, this.table.geometry.hostReadsPerMiss);
    this.warmup = spec.warmup ?? defaultWarmup(spec, qps);
    this.total = this.warmup + spec.packets;
  }

  /** Packets run (warm-up + measured). */
  private get ran(): number {
    return this.path.n;
  }

  get done(): boolean {
    return this.ran >= this.total;
  }

  /** 0..1; setup counts as one third of a point's work when there are many QPs to allocate. */
  progress(): number {
    const setup = this.qps / (this.qps + this.total);
    return setup * (this.allocated / this.qps) + (1 - setup) * (this.ran / this.total);
  }

  /** Do up to `budget` units of work (one QP allocated or one packet run each). True when done. */
  step(budget: number): boolean {
    let left = Math.max(1, Math.floor(budget));
    const qpns = this.path.traffic.qpns;
    while (left > 0 && this.allocated < this.qps) { this.table.allocate(qpns[this.allocated++]); left--; }
    const stop = Math.min(this.total, this.ran + left);
    while (this.ran < stop) {
      if (this.ran === this.warmup) this.startMeasuring();
      this.path.packet();
    }
    if (this.ran === this.warmup && this.spec.packets === 0) this.startMeasuring();
    return this.done;
  }

  private startMeasuring(): void {
    const s = this.path.cache.stats;
    this.base = [s.hits, s.misses, s.evictions, s.writebacks, s.bypasses, s.refetches];
    this.path.timer.startWindow();
  }

  result(): SweepPoint {
    if (!this.done) throw new Error(`sweep point at ${this.qps} QPs is not finished (${(this.progress() * 100).toFixed(0)}%)`);
    const s = this.path.cache.stats;
    const b = this.base.length ? this.base : [0, 0, 0, 0, 0, 0];
    const hits = s.hits - b[0];
    const accesses = hits + s.misses - b[1];
    const timer = this.path.timer;
    const t = timer.result();
    const per = (x: number) => (accesses > 0 ? x / accesses : 0);
    return {
      qps: this.qps, packets: t.packets, throughputMops: t.throughputMops, hitRate: per(hits), meanLatencyNs: t.meanLatencyNs,
      evictionsPerOp: per(s.evictions - b[2]), writebacksPerOp: per(s.writebacks - b[3]),
      pcieReadsPerOp: per((s.misses - b[1]) * timer.readsPerMiss), bypassesPerOp: per(s.bypasses - b[4]),
      refetchesPerOp: per(s.refetches - b[5]), meanEngineWaitNs: t.meanEngineWaitNs, engineUtilization: t.engineUtilization,
      cachedQps: this.spec.cache.entries, hostMemoryBytes: this.table.memory().totalBytes,
    };
  }

  /** The cache being swept (for a UI that wants to look inside mid-point). */
  get cacheView(): QpcCache {
    return this.path.cache;
  }

  snapshot(): SweepPointSnapshot {
    return { spec: this.spec, qps: this.qps, allocated: this.allocated, path: this.path.snapshot(), base: [...this.base] };
  }

  static restore(s: SweepPointSnapshot): SweepPointRunner {
    const r = new SweepPointRunner(s.spec, s.qps);
    const qpns = r.path.traffic.qpns;
    while (r.allocated < s.allocated) r.table.allocate(qpns[r.allocated++]); // same order → same addresses
    r.path.restore(s.path);
    r.base = [...s.base];
    return r;
  }
}

/** One whole point, synchronously. */
export function runSweepPoint(spec: SweepSpec, qps: number): SweepPoint {
  const r = new SweepPointRunner(spec, qps);
  while (!r.step(1 << 20));
  return r.result();
}

export function runSweep(spec: SweepSpec, qpsList: readonly number[]): SweepPoint[] {
  return qpsList.map((q) => runSweepPoint(spec, q));
}

/**
 * A whole sweep in slices of about `slice` units of work: each yield reports progress; the
 * generator's return value is the list of points. A worker drives it with `it.next()` and
 * yields to its event loop between calls.
 */
export function* sweepSlices(spec: SweepSpec, qpsList: readonly number[], slice = 200_000): Generator<{ point: number; of: number; progress: number }, SweepPoint[]> {
  const out: SweepPoint[] = [];
  for (let i = 0; i < qpsList.length; i++) {
    const r = new SweepPointRunner(spec, qpsList[i]);
    while (!r.step(slice)) yield { point: i, of: qpsList.length, progress: (i + r.progress()) / qpsList.length };
    out.push(r.result());
    yield { point: i, of: qpsList.length, progress: (i + 1) / qpsList.length };
  }
  return out;
}
