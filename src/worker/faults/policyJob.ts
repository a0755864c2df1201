// The same storm run to the end under every arbitration policy, one after another in bounded
// slices (a worker call never runs long), so the page can draw each policy's distribution of
// fault → report latencies on shared bins. Results are kept per storm settings.
import { POLICIES, Storm, pct, type PolicyName } from '../../core/index.ts';
import { stormConfigOf, stormKeyOf, type StormSettings } from '../../core/faults/labConfig.ts';
import type { PolicyFrame, PolicyResult } from './types.ts';

const BINS = 40;

export function settingsKey(s: StormSettings): string {
  return stormKeyOf({ ...s, policy: 'fifo' });
}

export class PolicyJob {
  readonly key: string;
  private next = 0;
  private storm: Storm | null = null;
  private readonly raw = new Map<PolicyName, { all: Float64Array; byClass: Float64Array[]; delay: Float64Array[]; lost: number; eq: number; jain: number }>();

  constructor(private readonly settings: StormSettings) {
    this.key = settingsKey(settings);
  }

  get done(): boolean {
    return this.next >= POLICIES.length;
  }

  /** Run up to `budget` engine steps; returns the steps used. */
  step(budget: number): number {
    if (this.done) return 0;
    const policy = POLICIES[this.next];
    if (!this.storm) this.storm = new Storm(stormConfigOf(this.settings, policy));
    const before = this.storm.sim.steps;
    const drained = this.storm.runToDrain(budget);
    const used = this.storm.sim.steps - before;
    const end = this.storm.now >= this.storm.sim.scenario.config.durationNs;
    if (drained || end) {
      const lat = this.storm.latencies();
      const s = this.storm.summary();
      this.raw.set(policy, { all: lat.all, byClass: lat.byClass, delay: lat.delayByClass, lost: s.lostReports, eq: s.eqOverruns, jain: s.jain });
      this.storm = null;
      this.next++;
    }
    return Math.max(1, used);
  }

  frame(): PolicyFrame {
    let lo = Infinity, hi = -Infinity;
    for (const r of this.raw.values()) if (r.all.length) { lo = Math.min(lo, r.all[0]); hi = Math.max(hi, r.all[r.all.length - 1]); }
    const bins = Number.isFinite(lo) ? edges(lo, hi) : [];
    const results: PolicyResult[] = POLICIES.map((policy) => {
      const r = this.raw.get(policy);
      if (!r) return { policy, done: false, p50: 0, p99: 0, max: 0, perClassP99: [], jain: 0, lostReports: 0, eqOverruns: 0, hist: [], histByClass: [], meanDelayNs: 0 };
      const p = pct(r.all);
      const delays = r.delay.flatMap((d) => Array.from(d));
      return {
        policy, done: true, p50: p.p50, p99: p.p99, max: p.max, perClassP99: r.byClass.map((c) => pct(c).p99),
        jain: r.jain,
        lostReports: r.lost, eqOverruns: r.eq, hist: histogram(r.all, bins), histByClass: r.byClass.map((c) => histogram(c, bins)),
        meanDelayNs: delays.length ? delays.reduce((a, b) => a + b, 0) / delays.length : 0,
      };
    });
    return { key: this.key, bins, results, progress: Math.min(1, this.next / POLICIES.length) };
  }
}

function edges(lo: number, hi: number): number[] {
  const span = Math.max(1, hi - lo);
  return Array.from({ length: BINS + 1 }, (_, i) => lo + (span * i) / BINS);
}

function histogram(xs: Float64Array, bins: number[]): number[] {
  const out = new Array(Math.max(0, bins.length - 1)).fill(0);
  if (out.length === 0) return out;
  const lo = bins[0];
  const w = (bins[bins.length - 1] - lo) / out.length || 1;
  for (const x of xs) out[Math.min(out.length - 1, Math.max(0, Math.floor((x - lo) / w)))]++;
  return out;
}
