// The cliff curve for one configuration, computed point by point in bounded slices so the
// worker answers every call quickly. Points are kept per configuration, so moving the active-QP
// slider only adds one point; the current N is computed first.
import {
  SweepPointRunner, calibrationQps, defaultWarmup, evaluateTarget, getPreset, type SweepPoint,
} from '../../core/memory/index.ts';

import { diffSettings, presetSettings, sweepKey, sweepSpecFor, type LabConfig } from '../../core/memory/index.ts';
import type { SweepFrame, TargetRow } from './types.ts';

/** 1 … 1,000,000 in thirds of a decade (19 points). */
export const LOG_QPS: readonly number[] = Array.from({ length: 19 }, (_, k) => Math.round(10 ** (k / 3)));
/** Units of work per SweepPointRunner.step call inside a slice (the granularity of a budget). */
export const SWEEP_GRAIN = 2000;

export function sweepList(cfg: LabConfig): number[] {
  const p = getPreset(cfg.preset);
  const s = new Set<number>(LOG_QPS);
  for (const q of calibrationQps(p)) s.add(q);
  s.add(cfg.entries);
  s.add(cfg.qps);
  return [...s].filter((q) => q >= 1 && q <= 1_000_000).sort((a, b) => a - b);
}

export class SweepJob {
  readonly key: string;
  readonly list: number[];
  readonly points = new Map<number, SweepPoint>();
  private queue: number[];
  private runner: SweepPointRunner | null = null;
  private readonly cost = new Map<number, number>();
  private totalCost = 0;

  private readonly base: Set<number>;
  private extra: number | null;

  constructor(private cfg: LabConfig) {
    this.key = sweepKey(cfg);
    this.list = sweepList(cfg);
    this.base = new Set(sweepList({ ...cfg, qps: 1 }));
    this.extra = cfg.qps;
    this.queue = [cfg.qps, ...this.list.filter((q) => q !== cfg.qps)];
    for (const q of this.list) this.addCost(q);
  }

  private addCost(q: number): void {
    const spec = sweepSpecFor(this.cfg, q);
    const c = q + (spec.warmup ?? defaultWarmup(spec, q)) + spec.packets;
    this.cost.set(q, c);
    this.totalCost += c;
  }

  /** Make sure `qps` is on the curve, and compute it next. An earlier active-QP point that is
   *  not part of the base list and not finished is dropped (a slider drag passes many values). */
  want(cfg: LabConfig): void {
    this.cfg = cfg;
    const q = cfg.qps;
    const old = this.extra;
    if (old !== null && old !== q && !this.base.has(old) && !this.points.has(old)) {
      this.list.splice(this.list.indexOf(old), 1);
      this.totalCost -= this.cost.get(old) ?? 0;
      this.cost.delete(old);
      this.queue = this.queue.filter((x) => x !== old);
      if (this.runner?.qps === old) this.runner = null;
    }
    this.extra = q;
    if (!this.list.includes(q)) {
      this.list.push(q);
      this.list.sort((a, b) => a - b);
      this.addCost(q);
    }
    if (this.points.has(q) || this.runner?.qps === q) return;
    this.queue = [q, ...this.queue.filter((x) => x !== q)];
  }

  get done(): boolean {
    return this.queue.length === 0 && this.runner === null;
  }

  get computing(): number | null {
    return this.runner?.qps ?? null;
  }

  progress(): number {
    let done = 0;
    for (const q of this.points.keys()) done += this.cost.get(q) ?? 0;
    if (this.runner) done += (this.cost.get(this.runner.qps) ?? 0) * this.runner.progress();
    return this.totalCost > 0 ? Math.min(1, done / this.totalCost) : 1;
  }

  /**
   * Work up to `budget` units (one QP allocated or one packet run each), stopping early once
   * `overtime()` says the slice has taken long enough. Returns the units done. Creating a point's
   * runner (its traffic and QPN layout) is not divisible by the core API and counts as no units.
   */
  step(budget: number, overtime: () => boolean = () => false): number {
    let used = 0;
    while (used < budget && !this.done) {
      if (!this.runner) {
        const q = this.queue.shift();
        if (q === undefined) break;
        if (this.points.has(q)) continue;
        this.runner = new SweepPointRunner(sweepSpecFor(this.cfg, q), q);
        if (overtime()) break;
      }
      const grain = Math.min(SWEEP_GRAIN, budget - used);
      const before = this.runnerUnits();
      const finished = this.runner.step(grain);
      used += Math.max(0, this.runnerUnits() - before);
      if (finished) {
        this.points.set(this.runner.qps, this.runner.result());
        this.runner = null;
      }
      if (overtime()) break;
    }
    return used;
  }

  /** Units a runner has done: QPs allocated + packets run (read from its snapshot-free progress). */
  private runnerUnits(): number {
    const r = this.runner;
    if (!r) return 0;
    const c = this.cost.get(r.qps) ?? 0;
    return Math.round(r.progress() * c);
  }

  frame(): SweepFrame {
    const p = getPreset(this.cfg.preset);
    const points = [...this.points.values()].sort((a, b) => a.qps - b.qps);
    const peak = 1000 / p.spec.timing.tHitNs;
    const unmodified = Object.keys(diffSettings(this.cfg, presetSettings(p))).length === 0;
    return {
      key: this.key, list: [...this.list], points, progress: this.progress(), done: this.done, computing: this.computing,
      peakMops: peak, presetUnmodified: unmodified, targets: this.targets(peak),
    };
  }

  private targets(peak: number): TargetRow[] {
    const p = getPreset(this.cfg.preset);
    const thr = (q: number) => {
      const v = this.points.get(q);
      if (!v) throw new Error('missing');
      return v.throughputMops;
    };
    const measured = p.measured.filter((m) => this.points.has(m.qps)).map((m) => ({ qps: m.qps, reference: m.mops, model: thr(m.qps), relErr: thr(m.qps) / m.mops - 1 }));
    return p.targets.map((t) => {
      let got: number | null = null;
      try {
        if (t.metric.kind !== 'measuredFit' || measured.length === p.measured.length) got = evaluateTarget(t, thr, peak, measured);
      } catch {
        got = null;
      }
      return {
        id: t.id, what: t.what, source: t.source, provenance: t.provenance, expected: t.expected, lo: t.lo, hi: t.hi,
        got, pass: got === null ? null : got >= t.lo && got <= t.hi,
      };
    });
  }
}
