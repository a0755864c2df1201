// Runs a preset's sweep at every QP count its targets, measured points and predicted curve name,
// and scores each target. Used by the calibration tests, the CLI (--calibrate) and a UI table.
import { getPreset, type Preset, type PresetId } from './presets.ts';
import type { CalibrationTarget } from './presetTargets.ts';
import { runSweepPoint, type SweepPoint, type SweepSpec } from './sweep.ts';

export interface TargetResult {
  target: CalibrationTarget;
  got: number;
  pass: boolean;
}

export interface CurveComparison {
  qps: number;
  reference: number;
  model: number;
  /** model / reference - 1 */
  relErr: number;
}

export interface PresetCalibration {
  preset: PresetId;
  peakMops: number;
  points: SweepPoint[];
  targets: TargetResult[];
  measured: CurveComparison[];
  predicted: CurveComparison[];
}

/** Every QP count the preset's evaluation needs, ascending. */
export function calibrationQps(p: Preset): number[] {
  const s = new Set<number>(p.defaultQps);
  for (const t of p.targets) {
    const m = t.metric;
    if (m.kind === 'vsPeak' || m.kind === 'peakOver') s.add(m.at);
    else if (m.kind === 'ratio') { s.add(m.num); s.add(m.den); }
    else if (m.kind === 'knee') m.grid.forEach((q) => s.add(q));
  }
  p.measured.forEach((x) => s.add(x.qps));
  p.predicted.forEach((x) => s.add(x.qps));
  return [...s].sort((a, b) => a - b);
}

export function evaluateTarget(t: CalibrationTarget, thr: (qps: number) => number, peak: number, measured: CurveComparison[]): number {
  const m = t.metric;
  switch (m.kind) {
    case 'vsPeak': return thr(m.at) / peak;
    case 'ratio': return thr(m.num) / thr(m.den);
    case 'peakOver': return peak / thr(m.at);
    case 'measuredFit': return measured.reduce((a, c) => Math.max(a, Math.abs(c.relErr)), 0);
    case 'knee': {
      const limit = (1 - m.drop) * peak;
      for (let i = 0; i < m.grid.length; i++) {
        const y = thr(m.grid[i]);
        if (y >= limit) continue;
        if (i === 0) return m.grid[0];
        const x0 = m.grid[i - 1];
        const y0 = thr(x0);
        return x0 + ((y0 - limit) / (y0 - y)) * (m.grid[i] - x0);
      }
      return Infinity;
    }
  }
}

export function calibratePreset(id: PresetId, override: Partial<Pick<SweepSpec, 'seed' | 'packets'>> = {}): PresetCalibration {
  const p = getPreset(id);
  const spec: SweepSpec = { ...p.spec, ...override };
  const points = calibrationQps(p).map((q) => runSweepPoint(spec, q));
  const byQps = new Map(points.map((x) => [x.qps, x.throughputMops]));
  const thr = (q: number) => {
    const v = byQps.get(q);
    if (v === undefined) throw new Error(`calibration: no sweep point at ${q} QPs`);
    return v;
  };
  const compare = (ref: Array<{ qps: number; mops: number }>): CurveComparison[] =>
    ref.map((r) => ({ qps: r.qps, reference: r.mops, model: thr(r.qps), relErr: thr(r.qps) / r.mops - 1 }));
  const measured = compare(p.measured);
  const peak = 1000 / spec.timing.tHitNs;
  const targets = p.targets.map((target) => {
    const got = evaluateTarget(target, thr, peak, measured);
    return { target, got, pass: got >= target.lo && got <= target.hi };
  });
  return { preset: id, peakMops: peak, points, targets, measured, predicted: compare(p.predicted) };
}
