// The narrow channel drawn as a pipe: the async event queue's slots (depth + spare, rounded as
// the preset rounds them), how many hold an event now, and the occupancy over the storm so far.
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { LiveStorm } from '../../worker/faults/types.ts';
import { dur, int, stormSpan } from './format.ts';

/** `mark`: a "why?" QP's EQE, at absolute `t` (ns), written or lost. */
/** `now`: the storm's clock (absolute ns): the time axis runs to it even when the samples stop early. */
export function EqPipe({ eq, width, overruns, mode, now, mark = null }: { eq: LiveStorm['eq']; width: number; overruns: number; mode: string; now: number; mark?: { t: number; lost: boolean } | null }) {
  const h = 92;
  const w = Math.max(200, width);
  const size = Math.max(1, eq.size);
  const fill = Math.min(1, eq.now / size);
  const peak = eq.used.length ? Math.max(...eq.used) : 0;
  const [t0, tMax] = stormSpan(eq.t, now);
  const x = scaleLinear().domain([t0, tMax]).range([4, w - 4]);
  const y = scaleLinear().domain([0, size]).range([h - 6, 40]);
  // The level holds from the last sample to now (the queue did not change since).
  const pts: Array<[number, number]> = Array.from(eq.used, (v, i) => [eq.t[i], v]);
  if (pts.length) pts.push([tMax, pts[pts.length - 1][1]]);
  const d = line<[number, number]>().x((p) => x(p[0])).y((p) => y(p[1]))(pts) ?? '';
  return (
    <figure className="flex flex-col gap-0.5" data-testid="eq-pipe" data-used={eq.now} data-size={eq.size}>
      <svg width={w} height={h} role="img" aria-label={`Async event queue: ${int(eq.now)} of ${int(size)} slots hold an event now; peak ${int(peak)}${overruns ? `; ${overruns} overrun${overruns === 1 ? '' : 's'}` : ''}`}>
        <rect x={2} y={6} width={w - 4} height={22} rx={11} fill="var(--color-slate-200)" stroke="var(--color-slate-500)" />
        <rect x={2} y={6} width={Math.max(0, (w - 4) * fill)} height={22} rx={11} fill={fill > 0.9 ? 'var(--color-red-600)' : 'var(--color-amber-500)'} />
        <text x={12} y={21} fontSize={11} fill="var(--color-slate-900)">{int(eq.now)} / {int(size)} slots in use</text>
        {overruns > 0 && <text x={w - 10} y={21} fontSize={11} textAnchor="end" fill="var(--color-red-900)" fontWeight={700}>✕ {overruns} overrun{overruns === 1 ? '' : 's'}</text>}
        <line x1={4} x2={w - 4} y1={y(size)} y2={y(size)} stroke="var(--color-red-600)" strokeDasharray="4 3" />
        <text x={w - 6} y={y(size) - 3} fontSize={10} textAnchor="end" fill="var(--color-red-900)">full</text>
        <path d={d} fill="none" stroke="var(--color-amber-700)" strokeWidth={1.5} />
        {mark && (
          <g data-testid="eq-mark" data-lost={mark.lost}>
            <line x1={x(mark.t)} x2={x(mark.t)} y1={34} y2={h - 12} stroke="var(--color-fuchsia-700)" strokeWidth={1.5} strokeDasharray={mark.lost ? '3 2' : undefined} />
            <text x={Math.min(w - 4, Math.max(4, x(mark.t)))} y={h - 12} dy={-2} fontSize={10} textAnchor={x(mark.t) > w / 2 ? 'end' : 'start'} fill="var(--color-fuchsia-900)">{mark.lost ? '✕ its EQE, lost' : 'its EQE'}</text>
          </g>
        )}
        <text x={4} y={h - 3} fontSize={10} fill="var(--color-slate-600)" data-testid="eq-axis-from">{eq.t.length ? dur(t0) : ''}</text>
        <text x={w - 4} y={h - 3} fontSize={10} textAnchor="end" fill="var(--color-slate-600)" data-testid="eq-axis-to">{eq.t.length ? dur(tMax) : 'no events yet'}</text>
      </svg>
      <figcaption className="text-[11px] text-slate-600">Async event queue of the faulted host: now (the pipe) and over time (the line; peak {int(peak)}). On overrun this preset: {mode}.</figcaption>
    </figure>
  );
}
