// Topic 11 asked the page to reconcile three numbers that disagreed: the closed form (fully
// associative, uniform traffic), the banked simulation behind the Cliff tab, and the lesson text.
// This box puts the simulation's figures beside the closed form's at the same point and says
// why they differ, so a learner sees one model with two approximations, not two contradictions.
import type { CapacityResult } from '../../core/memory/index.ts';
import type { SweepPoint } from '../../core/memory/sweep.ts';
import { useMemory } from '../../store/memory.ts';
import { int, mops, pct } from './format.ts';
import { AnswerFirst, isMasked } from '../kit/mask.tsx';

/** The sweep read at `qps` (log-linear between its points; null outside the swept range). */
export function sweepAt(points: readonly SweepPoint[], qps: number): { mops: number; hitRate: number } | null {
  const ps = [...points].sort((a, b) => a.qps - b.qps);
  if (ps.length === 0 || qps < ps[0].qps || qps > ps[ps.length - 1].qps) return null;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    if (p.qps === qps) return { mops: p.throughputMops, hitRate: p.hitRate };
    const q = ps[i + 1];
    if (q && qps > p.qps && qps < q.qps) {
      const f = Math.log(qps / p.qps) / Math.log(q.qps / p.qps);
      return { mops: p.throughputMops + f * (q.throughputMops - p.throughputMops), hitRate: p.hitRate + f * (q.hitRate - p.hitRate) };
    }
  }
  return null;
}

/** The simulated "performant QPs": the largest swept count within `loss` of the peak, and the
 *  next swept count (which falls outside it), so the page can say "between" rather than pretend
 *  the sweep's grid is the answer. */
export function sweepPerformant(points: readonly SweepPoint[], peak: number, loss: number): { atLeast: number; below: number | null } | null {
  const ps = [...points].sort((a, b) => a.qps - b.qps);
  const ok = (p: SweepPoint) => p.throughputMops >= (1 - loss) * peak;
  let i = -1;
  for (let j = 0; j < ps.length; j++) if (ok(ps[j])) i = j;
  if (i < 0) return null;
  return { atLeast: ps[i].qps, below: i + 1 < ps.length ? ps[i + 1].qps : null };
}

function performantText(p: { atLeast: number; below: number | null } | null, done: boolean): string {
  if (p === null) return done ? 'none within the target' : 'sweeping…';
  if (p.below !== null) return `between ${int(p.atLeast)} and ${int(p.below)}`;
  return done ? `≥ ${int(p.atLeast)} (the largest swept)` : `≥ ${int(p.atLeast)} so far, sweeping…`;
}

export function CapacityVsSim({ r, activeQps, loss, following }: { r: CapacityResult; activeQps: number; loss: number; following: boolean }) {
  const sweep = useMemory((s) => s.frame?.sweep);
  const masked = useMemory((s) => isMasked(s.frame?.lesson?.question, 'sim'));
  if (!following) {
    return <p className="text-[11.5px] text-slate-600" data-testid="cap-vs-sim">The simulated figures are for the lab’s own settings: press “Reset to the lab’s settings” to see them beside the closed form.</p>;
  }
  const at = sweep ? sweepAt(sweep.points, activeQps) : null;
  const perf = sweep ? sweepPerformant(sweep.points, sweep.peakMops, loss) : null;
  return (
    <section aria-label="Closed form against the simulation" data-testid="cap-vs-sim" className="rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 text-[12px]">
      <h3 className="mb-0.5 text-[12px] font-semibold text-slate-800">Closed form against the simulation</h3>
      <table className="w-full text-left">
        <thead><tr className="text-[11px] text-slate-600"><th className="font-normal">at</th><th className="font-normal">closed form</th><th className="font-normal">simulated (Cliff tab)</th></tr></thead>
        <tbody className="font-mono">
          <tr><td className="font-sans text-slate-600">{int(activeQps)} active QPs</td><td>{mops(r.throughputMops)} Mops, {pct(1 - r.missRatio)} hits</td>
            <td data-testid="cap-sim-at">{masked ? <AnswerFirst /> : at ? `${mops(at.mops)} Mops, ${pct(at.hitRate)} hits` : sweep?.done ? 'outside the sweep' : 'sweeping…'}</td></tr>
          <tr><td className="font-sans text-slate-600">Performant QPs</td><td>{Number.isFinite(r.performantQps) ? int(r.performantQps) : 'any'}</td>
            <td data-testid="cap-sim-performant">{masked ? <AnswerFirst /> : performantText(perf, sweep?.done ?? false)}</td></tr>
        </tbody>
      </table>
      {/* The why is the capacity question's feedback: the simulated knee before the closed form's. */}
      {masked ? <div className="mt-1"><AnswerFirst block what="why the simulation differs from the closed form" testId="cap-why-masked" /></div> : <p className="mt-1 text-[11px] leading-snug text-slate-600">
        Why they differ: the closed form lets any context sit in any slot, so with uniform traffic nothing misses until more QPs are active than slots.
        The simulated cache is set-associative (set = low QPN bits), and the presets scatter their QPNs: some sets overflow long before the whole cache is full, so misses, and the knee, come earlier.
        With dense QPNs (how real allocators hand them out) the sets fill evenly and the two come closer. Both are the model’s; no vendor publishes its cache’s associativity.
      </p>}
    </section>
  );
}
