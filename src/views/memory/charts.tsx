// Small D3-scaled SVG charts shared by the lab's tabs: a live line chart over simulated time
// (one or two series) and a helper for nice log/linear ticks. D3 computes, React renders.
import { extent } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { SeriesPoint } from '../../worker/memory/types.ts';
import { ns } from './format.ts';
import { grouped } from '../kit/grouped.ts';

export interface LineSeries { name: string; color: string; points: SeriesPoint[]; dash?: string }

export interface LiveChartProps {
  title: string;
  series: LineSeries[];
  value(p: SeriesPoint): number;
  format(v: number): string;
  width: number;
  height: number;
  /** Fixed y domain (e.g. 0..1 for a rate), else from the data with 0 included. */
  yDomain?: [number, number];
  testId?: string;
  /** What runs along x: simulated time (default) or packets (for lockstep comparisons). */
  xBy?: 'time' | 'packets';
}

/** Plain words for a chart's aria-label: the latest value of each series and the range seen. */
export function chartSummary(title: string, series: LineSeries[], value: (p: SeriesPoint) => number, format: (v: number) => string): string {
  const parts = series.map((s) => {
    if (s.points.length === 0) return `${s.name}: no data yet`;
    const vals = s.points.map(value);
    const [lo, hi] = extent(vals) as [number, number];
    return `${s.name}: now ${format(vals[vals.length - 1])} (range ${format(lo)} to ${format(hi)})`;
  });
  const any = series.find((s) => s.points.length > 1);
  const span = any ? ` over the last ${ns(any.points[any.points.length - 1].tNs - any.points[0].tNs)} of simulated time` : '';
  return `${title}${span}. ${parts.join('; ')}.`;
}

/** A generous estimate of 11 px bold sans text's width (no layout pass needed). */
// Bold 11 px text, measured at up to ~7.2 px a character (6.6 let a title and the value meet at 1280 px with the lesson column open).
const textWidth = (t: string): number => t.length * 7.2;

export function LiveChart({ title, series, value, format, width, height, yDomain, testId, xBy = 'time' }: LiveChartProps) {
  const xv = xBy === 'time' ? (p: SeriesPoint) => p.tNs : (p: SeriesPoint) => p.packets;
  const last = series.map((s) => s.points[s.points.length - 1]);
  const nowText = last.map((p, i) => (p ? `${series.length > 1 ? `${series[i].name} ` : 'now '}${format(value(p))}` : '')).join('   ');
  // When the title and the latest value would meet, the value takes a line of its own.
  const twoLines = 46 + textWidth(title) + 10 + textWidth(nowText) > width - 8;
  // A title longer than the chart is cut with an ellipsis; its tooltip keeps it whole.
  const room = Math.max(4, Math.floor((width - 46 - 8) / 6.6));
  const shownTitle = title.length > room ? `${title.slice(0, room - 1).trimEnd()}…` : title;
  const m = { l: 46, r: 8, t: twoLines ? 30 : 18, b: 20 };
  const all = series.flatMap((s) => s.points);
  const xs = extent(all, xv) as [number | undefined, number | undefined];
  const x0 = xs[0] ?? 0;
  const x1 = xs[1] !== undefined && xs[1] > x0 ? xs[1] : x0 + 1;
  const x = scaleLinear().domain([x0, x1]).range([m.l, width - m.r]);
  const ymax = Math.max(...all.map(value), 0);
  const y = scaleLinear().domain(yDomain ?? [0, ymax > 0 ? ymax * 1.1 : 1]).range([height - m.b, m.t]).nice();
  const path = line<SeriesPoint>().x((p) => x(xv(p))).y((p) => y(value(p)));
  return (
    <svg width={width} height={height} role="img" aria-label={chartSummary(title, series, value, format)} data-testid={testId} className="block">
      <text x={m.l} y={12} fontSize={11} fontWeight={600} fill="var(--color-slate-900)" data-testid={testId ? `${testId}-title` : undefined}>{shownTitle}{shownTitle !== title && <title>{title}</title>}</text>
      {y.ticks(4).map((t) => (
        <g key={t}>
          <line x1={m.l} x2={width - m.r} y1={y(t)} y2={y(t)} stroke="var(--color-slate-200)" />
          <text x={m.l - 4} y={y(t)} fontSize={10} textAnchor="end" dominantBaseline="middle" fill="var(--color-slate-500)">{format(t)}</text>
        </g>
      ))}
      <text x={width - m.r} y={height - 5} fontSize={10} textAnchor="end" fill="var(--color-slate-500)">{xBy === 'time' ? `simulated time → ${ns(x1)}` : `packets → ${grouped(x1)}`}</text>
      {series.map((s) => s.points.length > 0 && (
        <path key={s.name} d={path(s.points) ?? ''} fill="none" stroke={s.color} strokeWidth={1.8} strokeDasharray={s.dash} />
      ))}
      {last.map((p, i) => p && <circle key={series[i].name} cx={x(xv(p))} cy={y(value(p))} r={3} fill={series[i].color} />)}
      <text x={width - m.r} y={twoLines ? 25 : 12} fontSize={11} textAnchor="end" fontWeight={700} data-testid={testId ? `${testId}-now` : undefined}>
        {last.map((p, i) => p && (
          <tspan key={series[i].name} fill={series[i].color} dx={i > 0 ? 10 : 0}>{series.length > 1 ? `${series[i].name} ` : 'now '}{format(value(p))}</tspan>
        ))}
      </text>
      {all.length === 0 && <text x={width / 2} y={height / 2} fontSize={11} textAnchor="middle" fill="var(--color-slate-500)">Press Play to measure</text>}
    </svg>
  );
}
