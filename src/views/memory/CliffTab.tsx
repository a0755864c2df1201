// The capacity cliff: the worker's sweep of throughput (and hit rate) against active QPs for the
// current configuration, with the chosen preset's published points overlaid - each with its
// source and provenance - the reference's closed-form fit, the cache size and "you are here".
import { memo, useMemo, useState } from 'react';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { useMemory } from '../../store/memory.ts';
import type { SweepPoint } from '../../core/memory/index.ts';
import type { MemFrame, PublishedPoint } from '../../worker/memory/types.ts';
import { COLORS, PROVENANCE_TEXT, compact, int, mops, pct } from './format.ts';
import { useSize } from './hooks.ts';
import { isMasked } from '../kit/mask.tsx';

export function CliffTab() {
  const sweep = useMemory((s) => s.frame?.sweep);
  const preset = useMemory((s) => s.frame?.preset);
  const config = useMemory((s) => s.frame?.config);
  // The live marker moves with the readout; round it so small jitter does not re-render the chart.
  const liveMops = useMemory((s) => (s.frame?.live.readout.valid ? Number(s.frame.live.readout.mops.toPrecision(3)) : null));
  const [zoom, setZoom] = useState(false);
  const [showHit, setShowHit] = useState(true);
  const [box, size] = useSize<HTMLDivElement>({ width: 700, height: 420 });
  // The simulated curve answers the lesson's question: masked until the learner locks in.
  const masked = useMemory((s) => isMasked(s.frame?.lesson?.question, 'cliff'));
  const f = useMemo(() => (sweep && preset && config ? { sweep, preset, config, liveMops } : null), [sweep, preset, config, liveMops]);
  if (!f) return null;
  const pub = f.preset.published;
  return (
    <div className="flex flex-col gap-2 @4xl:grid @4xl:h-full @4xl:min-h-0 @4xl:grid-cols-[minmax(0,1fr)_300px]" data-testid="cliff-tab">
      <section className="flex min-h-0 flex-col rounded-md border border-slate-300 bg-white p-2" aria-label="Cliff chart">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="mr-auto text-sm font-semibold text-slate-900">Throughput vs active QPs — {f.preset.label}</h2>
          <div role="group" aria-label="Range" className="flex overflow-hidden rounded-md border border-slate-400 text-[12px]">
            <button type="button" aria-pressed={!zoom} onClick={() => setZoom(false)} className={`px-2 py-0.5 ${!zoom ? 'bg-slate-800 text-white' : 'bg-white hover:bg-slate-100'}`}>1 … 1M QPs</button>
            <button type="button" aria-pressed={zoom} onClick={() => setZoom(true)} data-testid="cliff-zoom" className={`px-2 py-0.5 ${zoom ? 'bg-slate-800 text-white' : 'bg-white hover:bg-slate-100'}`}>Around the knee</button>
          </div>
          <label className="flex items-center gap-1 text-[12px]"><input type="checkbox" checked={showHit} onChange={(e) => setShowHit(e.target.checked)} />hit rate</label>
        </div>
        <div ref={box} className="relative h-[26rem] min-h-0 @4xl:h-auto @4xl:flex-1">
          {masked
            ? <p className="flex h-full items-center justify-center rounded border border-dashed border-violet-600 bg-violet-50 p-4 text-center font-semibold text-violet-800" data-testid="cliff-masked">Answer first: the simulated curve shows once you lock in your answer to the lesson's question.</p>
            : <CliffChart f={f} width={size.width} height={size.height} zoom={zoom} showHit={showHit} />}
        </div>
        <Legend f={f} pub={pub} />
      </section>
      <aside className="flex min-h-0 flex-col gap-2 overflow-y-auto" aria-label="Calibration" tabIndex={0}>
        {/* The model's figure per target and the table of points answer the same question as the curve. */}
        {masked
          ? <p className="rounded border border-dashed border-violet-600 bg-violet-50 p-2 text-center text-[12px] font-semibold text-violet-800" data-testid="cliff-numbers-masked" data-masked="true">Answer first: the model&apos;s numbers, and the published ones they must match, show once you lock in your answer.</p>
          : <><Targets targets={f.sweep.targets} unmodified={f.sweep.presetUnmodified} /><Numbers points={f.sweep.points} /></>}
      </aside>
    </div>
  );
}

/** What the cliff tab reads from a frame. */
export interface CliffData { sweep: MemFrame['sweep']; preset: MemFrame['preset']; config: MemFrame['config']; liveMops: number | null }

export function cliffSummary(f: CliffData): string {
  const pts = f.sweep.points;
  const at = (q: number) => pts.find((p) => p.qps === q);
  const pick = [pts[0], at(f.config.entries), at(f.config.qps), pts[pts.length - 1]].filter((p): p is SweepPoint => !!p);
  const seen = new Set<number>();
  const words = pick.filter((p) => !seen.has(p.qps) && seen.add(p.qps)).map((p) => `${mops(p.throughputMops)} Mops at ${int(p.qps)} QPs (hit rate ${pct(p.hitRate, 0)})`);
  const pub = f.preset.published;
  return `Cliff chart for ${f.preset.label}, cache ${int(f.config.entries)} contexts: ${words.join('; ') || 'sweep starting'}. ` +
    `${f.sweep.done ? 'Sweep complete' : 'Sweep running'}, ${pts.length} points. ` +
    (pub.length ? `${pub.length} published points overlaid from ${f.preset.measuredSource}.` : 'No published points for this preset.');
}

function domainFor(C: number, published: PublishedPoint[], zoom: boolean): [number, number] {
  if (!zoom) return [1, 1_000_000];
  const qs = [C / 4, C * 12, ...published.map((p) => p.qps)];
  return [Math.max(1, Math.min(...qs) / 1.4), Math.min(1_000_000, Math.max(...qs) * 1.4)];
}

function CliffChart({ f, width, height, zoom, showHit }: { f: CliffData; width: number; height: number; zoom: boolean; showHit: boolean }) {
  return (
    <CliffSvg points={f.sweep.points} peakMops={f.sweep.peakMops} done={f.sweep.done} preset={f.preset} entries={f.config.entries} qps={f.config.qps} liveMops={f.liveMops}
      label={cliffSummary(f)} width={width} height={height} zoom={zoom} showHit={showHit} />
  );
}

interface CliffSvgProps {
  points: MemFrame['sweep']['points'];
  peakMops: number;
  done: boolean;
  preset: MemFrame['preset'];
  entries: number;
  qps: number;
  liveMops: number | null;
  label: string;
  width: number;
  height: number;
  zoom: boolean;
  showHit: boolean;
}

/** Re-rendered only when the curve, the marker or the size changes (not on every live frame). */
const CliffSvg = memo(function CliffSvg({ points, peakMops, done, preset, entries, qps, liveMops, label, width, height, zoom, showHit }: CliffSvgProps) {
  const m = { l: 52, r: showHit ? 44 : 14, t: 14, b: 34 };
  const [d0, d1] = domainFor(entries, preset.published, zoom);
  const x = scaleLog().domain([d0, d1]).range([m.l, width - m.r]).clamp(false);
  const peak = peakMops;
  const ymax = Math.max(peak, ...preset.published.map((p) => p.hi), ...points.map((p) => p.throughputMops)) * 1.08;
  const y = scaleLinear().domain([0, ymax]).range([height - m.b, m.t]).nice();
  const yh = scaleLinear().domain([0, 1]).range([height - m.b, m.t]);
  const inside = (q: number) => q >= d0 && q <= d1;
  const pts = points.filter((p) => inside(p.qps));
  const thr = line<SweepPoint>().x((p) => x(p.qps)).y((p) => y(p.throughputMops));
  const hit = line<SweepPoint>().x((p) => x(p.qps)).y((p) => yh(p.hitRate));
  const pred = preset.predicted.filter((p) => inside(p.qps));
  const predLine = line<{ qps: number; mops: number }>().x((p) => x(p.qps)).y((p) => y(p.mops));
  const C = entries;
  const N = qps;
  const xticks = x.ticks(zoom ? 8 : 7).filter((t) => Number.isInteger(Math.log10(t)) || (zoom && [2, 5].includes(Math.round(t / 10 ** Math.floor(Math.log10(t))))));
  return (
    <svg width={width} height={height} role="img" aria-label={label} data-testid="cliff-chart" className="block"
      data-points={points.length} data-done={done ? 'yes' : 'no'}>
      {y.ticks(6).map((t) => (
        <g key={`y${t}`}>
          <line x1={m.l} x2={width - m.r} y1={y(t)} y2={y(t)} stroke="var(--color-slate-200)" />
          <text x={m.l - 5} y={y(t)} fontSize={10} textAnchor="end" dominantBaseline="middle" fill="var(--color-slate-600)">{mops(t)}</text>
        </g>
      ))}
      {xticks.map((t) => (
        <g key={`x${t}`}>
          <line x1={x(t)} x2={x(t)} y1={m.t} y2={height - m.b} stroke="var(--color-slate-100)" />
          <text x={x(t)} y={height - m.b + 13} fontSize={10} textAnchor="middle" fill="var(--color-slate-600)">{compact(t)}</text>
        </g>
      ))}
      <text x={(m.l + width - m.r) / 2} y={height - 4} fontSize={11} textAnchor="middle" fill="var(--color-slate-700)">active QPs (log scale)</text>
      <text transform={`translate(12 ${(m.t + height - m.b) / 2}) rotate(-90)`} fontSize={11} textAnchor="middle" fill="var(--color-slate-700)">throughput, Mops</text>
      {showHit && [0, 0.5, 1].map((t) => (
        <text key={`h${t}`} x={width - m.r + 5} y={yh(t)} fontSize={10} dominantBaseline="middle" fill={COLORS.hit}>{pct(t, 0)}</text>
      ))}
      {showHit && <text transform={`translate(${width - 10} ${(m.t + height - m.b) / 2}) rotate(90)`} fontSize={10} textAnchor="middle" fill={COLORS.hit}>hit rate</text>}

      {inside(C) && (
        <g data-testid="cliff-cache-line">
          <line x1={x(C)} x2={x(C)} y1={m.t} y2={height - m.b} stroke="var(--color-amber-700)" strokeDasharray="2 3" strokeWidth={1.5} />
          <text x={x(C) + 4} y={m.t + 10} fontSize={10} fill="var(--color-amber-800)">cache: {int(C)} contexts</text>
        </g>
      )}
      {pred.length > 1 && <path d={predLine(pred) ?? ''} fill="none" stroke={COLORS.model} strokeWidth={1.5} strokeDasharray="6 4" />}
      {showHit && pts.length > 1 && <path d={hit(pts) ?? ''} fill="none" stroke={COLORS.hit} strokeWidth={1} strokeDasharray="1 3" opacity={0.7} />}
      {pts.length > 1 && <path d={thr(pts) ?? ''} fill="none" stroke={COLORS.a} strokeWidth={2.2} />}
      {pts.map((p) => (
        <circle key={p.qps} cx={x(p.qps)} cy={y(p.throughputMops)} r={3.2} fill={COLORS.a} stroke="var(--color-white)" strokeWidth={1}
          data-testid="cliff-point" data-qps={p.qps} data-mops={p.throughputMops.toFixed(4)} data-hit={p.hitRate.toFixed(4)}>
          <title>{`${int(p.qps)} QPs: ${mops(p.throughputMops)} Mops, hit rate ${pct(p.hitRate)}, ${p.evictionsPerOp.toFixed(3)} evictions/packet (model sweep)`}</title>
        </circle>
      ))}
      {preset.published.filter((p) => inside(p.qps)).map((p, i) => <Published key={`${p.qps}-${i}`} p={p} x={x(p.qps)} y={y} />)}
      {inside(N) && (
        <g data-testid="cliff-marker" data-qps={N}>
          <line x1={x(N)} x2={x(N)} y1={m.t} y2={height - m.b} stroke="var(--color-indigo-700)" strokeWidth={1.5} />
          {liveMops !== null && <circle cx={x(N)} cy={y(liveMops)} r={5.5} fill="none" stroke="var(--color-indigo-700)" strokeWidth={2}><title>live: {mops(liveMops)} Mops</title></circle>}
          <text x={x(N) + (x(N) > width - 170 ? -6 : 6)} y={height - m.b - 8} fontSize={11} fontWeight={700} fill="var(--color-indigo-800)" textAnchor={x(N) > width - 170 ? 'end' : 'start'}>
            you: {int(N)} QPs{liveMops !== null ? ` · live ${mops(liveMops)} Mops` : ''}
          </text>
        </g>
      )}
      {points.length === 0 && <text x={width / 2} y={height / 2} textAnchor="middle" fontSize={12} fill="var(--color-slate-500)">Sweeping…</text>}
    </svg>
  );
});

function Published({ p, x, y }: { p: PublishedPoint; x: number; y: (v: number) => number }) {
  const color = p.provenance === 'RAW' ? COLORS.raw : COLORS.quote;
  const cy = y(p.mops);
  return (
    <g data-testid="published-point" data-qps={p.qps} data-mops={p.mops} data-provenance={p.provenance}>
      <title>{`${p.label} — ${p.source} (${p.provenance})`}</title>
      {p.hi > p.lo && <line x1={x} x2={x} y1={y(p.lo)} y2={y(p.hi)} stroke={color} strokeWidth={2} />}
      {p.provenance === 'RAW'
        ? <path d={`M${x} ${cy - 5}L${x + 5} ${cy}L${x} ${cy + 5}L${x - 5} ${cy}Z`} fill={color} stroke="var(--color-white)" strokeWidth={0.8} />
        : <path d={`M${x} ${cy - 6}L${x + 5.5} ${cy + 4}L${x - 5.5} ${cy + 4}Z`} fill={color} stroke="var(--color-white)" strokeWidth={0.8} />}
    </g>
  );
}

function Legend({ f, pub }: { f: CliffData; pub: PublishedPoint[] }) {
  const raw = pub.filter((p) => p.provenance === 'RAW');
  const quotes = pub.filter((p) => p.provenance === 'QUOTE');
  return (
    <ul className="mt-1 grid grid-cols-1 gap-0 text-[11px] leading-snug text-slate-700" aria-label="Legend and sources" data-testid="cliff-legend">
      <li><Swatch color={COLORS.a} shape="line" /> <b>This model</b>, swept for your settings ({f.config.policy.toUpperCase()}, {f.config.ways ? `${f.config.ways}-way` : 'fully assoc.'}, {int(f.config.entries)} entries, {f.config.pattern}) <Tag p="MODEL" /></li>
      {raw.length > 0 && <li><Swatch color={COLORS.raw} shape="diamond" /> <b>Published, measured:</b> {f.preset.measuredSource} <Tag p="RAW" /></li>}
      {quotes.map((q) => <li key={q.label}><Swatch color={COLORS.quote} shape="triangle" /> <b>Published, quoted:</b> {q.source} — {q.label} <Tag p="QUOTE" /></li>)}
      <li><Swatch color={COLORS.hit} shape="dot" /> Hit rate of the same sweep (right axis) <Tag p="MODEL" /></li>
      {f.preset.predicted.length > 0 && <li><Swatch color={COLORS.model} shape="dash" /> Closed-form fit t = t_hit + m·L/K [sources.md: <code>model-timing</code>] <Tag p="MODEL" /></li>}
    </ul>
  );
}

function Tag({ p }: { p: 'RAW' | 'QUOTE' | 'MODEL' }) {
  const cls = p === 'RAW' ? 'border-amber-600 text-amber-900 bg-amber-50' : p === 'QUOTE' ? 'border-violet-600 text-violet-900 bg-violet-50' : 'border-teal-700 text-teal-900 bg-teal-50';
  return <span title={PROVENANCE_TEXT[p]} className={`ml-0.5 inline-block rounded border px-1 text-[10px] font-bold leading-tight ${cls}`}>{p}</span>;
}

function Swatch({ color, shape }: { color: string; shape: 'line' | 'diamond' | 'triangle' | 'dash' | 'dot' }) {
  return (
    <svg width="18" height="10" aria-hidden="true" className="inline-block align-middle">
      {shape === 'line' && <line x1="1" x2="17" y1="5" y2="5" stroke={color} strokeWidth="2.5" />}
      {shape === 'dash' && <line x1="1" x2="17" y1="5" y2="5" stroke={color} strokeWidth="2" strokeDasharray="4 3" />}
      {shape === 'dot' && <line x1="1" x2="17" y1="5" y2="5" stroke={color} strokeWidth="1.5" strokeDasharray="1 3" />}
      {shape === 'diamond' && <path d="M9 0L14 5L9 10L4 5Z" fill={color} />}
      {shape === 'triangle' && <path d="M9 0L14 9L4 9Z" fill={color} />}
    </svg>
  );
}

const Numbers = memo(function Numbers({ points }: { points: SweepPoint[] }) {
  return (
    <details className="rounded-md border border-slate-300 bg-white p-2 text-[12px]">
      <summary className="cursor-pointer font-semibold">The numbers ({points.length} points)</summary>
      <table className="mt-1 w-full font-mono text-[11px]">
        <thead><tr className="text-left font-sans text-slate-500"><th className="font-medium">QPs</th><th className="text-right font-medium">Mops</th><th className="text-right font-medium">hit</th></tr></thead>
        <tbody>{points.map((p) => <tr key={p.qps}><td>{int(p.qps)}</td><td className="text-right">{mops(p.throughputMops)}</td><td className="text-right">{pct(p.hitRate)}</td></tr>)}</tbody>
      </table>
    </details>
  );
});

const Targets = memo(function Targets({ targets, unmodified }: { targets: MemFrame['sweep']['targets']; unmodified: boolean }) {
  const t = targets;
  const oneSource = t.length > 0 && t.every((r) => r.source === t[0].source);
  return (
    <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="cliff-targets">
      <h3 className="font-semibold text-slate-900">What the preset must reproduce</h3>
      {oneSource && <p className="text-[10px] leading-tight text-slate-500">Source: {t[0].source} <Tag p={t[0].provenance} /></p>}
      {!unmodified && <p className="mt-0.5 rounded bg-amber-50 px-1 text-[11px] text-amber-900">Settings changed from the preset: the published figures describe the preset, not this configuration.</p>}
      <ul className="mt-1 space-y-1.5">
        {t.map((r) => (
          <li key={r.id} className="leading-snug">
            <span aria-label={r.pass === null ? 'not computed yet' : r.pass ? 'within range' : 'outside range'} className={`mr-1 font-bold ${r.pass === null ? 'text-slate-500' : r.pass ? 'text-green-700' : 'text-red-700'}`}>
              {r.pass === null ? '…' : r.pass ? '✓' : '✗'}
            </span>
            {r.what}: model <b className="font-mono">{r.got === null ? '…' : fmtTarget(r.got)}</b>, published {fmtTarget(r.expected)} (accept {fmtTarget(r.lo)}–{fmtTarget(r.hi)})
            {!oneSource && <span className="block text-[10px] text-slate-500">{r.source} <Tag p={r.provenance} /></span>}
          </li>
        ))}
      </ul>
    </section>
  );
});

function fmtTarget(v: number): string {
  if (!Number.isFinite(v)) return '∞';
  return v >= 100 ? int(v) : v.toFixed(2);
}
