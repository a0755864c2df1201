// Two NICs side by side on the same seeded traffic, in lockstep: each side may change the policy,
// the engine, the cache size or the ways; the strip in the middle says what the difference buys.
// On a question that names 'compare' (which side keeps more hits, how B's throughput compares) the
// two sides' figures, the difference and the charts over time are masked "answer first".
import { memory } from '../../bridge/labs.ts';
import { useMemory } from '../../store/memory.ts';
import type { CompareFrame, CompareSide, CompareSideFrame } from '../../worker/memory/types.ts';
import { CacheCanvas } from './CacheCanvas.tsx';
import { LiveChart } from './charts.tsx';
import { COLORS, ENGINE_SHORT, POLICY_LABEL, WAY_OPTIONS, entrySteps, int, mops, ns, pct } from './format.ts';
import { noteReply, useSize } from './hooks.ts';
import { WorkerSelect } from '../kit/controls.tsx';
import { AnswerFirst, isMasked, heldBy } from '../kit/mask.tsx';

export function CompareTab() {
  const c = useMemory((s) => s.frame?.compare ?? null);
  const grids = useMemory((s) => s.compareGrids);
  const flash = useMemory((s) => s.compareFlash);
  const pattern = useMemory((s) => s.frame?.patternText ?? '');
  const cfg = useMemory((s) => s.frame?.config);
  const masked = useMemory((s) => isMasked(s.frame?.lesson?.question, 'compare'));
  const [chartBox, chartSize] = useSize<HTMLDivElement>({ width: 900, height: 150 });
  if (!c || !cfg) return <p className="p-4 text-sm text-slate-500" data-testid="compare">Starting the two NICs…</p>;
  const change = (k: 'a' | 'b', patch: Partial<CompareSide>) => memory().act('patchCompare', k, patch).then(noteReply);
  // Side by side; on a phone one above the other (the section is then twice as tall).
  const stacked = chartSize.width < 560;
  const half = stacked ? chartSize.width - 2 : Math.floor((chartSize.width - 8) / 2);
  const chartH = stacked ? Math.floor((chartSize.height - 8) / 2) : chartSize.height - 2;
  return (
    <div className="flex flex-col gap-2 @4xl:h-full @4xl:min-h-0" data-testid="compare">
      <p className="text-[12px] text-slate-700">
        Both NICs see the identical packet sequence: {int(cfg.qps)} active QPs, {pattern}, seed {cfg.seed}; they advance in lockstep ({int(c.packets)} packets each so far).
        Everything else comes from the settings column.
      </p>
      <div className="flex flex-col gap-2 @2xl:grid @2xl:grid-cols-[minmax(0,1fr)_168px_minmax(0,1fr)] @4xl:min-h-0 @4xl:flex-1">
        <Side k="a" s={c.a} grid={grids.a} flash={flash.a} masked={masked} onChange={(p) => change('a', p)} />
        {masked ? <AnswerFirst block what="which side does better" testId="compare-diff-masked" /> : <Diff c={c} />}
        <Side k="b" s={c.b} grid={grids.b} flash={flash.b} masked={masked} onChange={(p) => change('b', p)} />
      </div>
      {masked ? <AnswerFirst block what="A and B over time" testId="compare-charts-masked" /> : <section ref={chartBox} className="flex h-[150px] shrink-0 gap-2 rounded-md border border-slate-300 bg-white p-1 max-sm:h-[304px] max-sm:flex-col" aria-label="A and B over time">
        <LiveChart title="Hit rate, A vs B" width={half} height={chartH} yDomain={[0, 1]} value={(p) => p.hitRate} format={(v) => pct(v, 0)}
          series={[{ name: 'A', color: COLORS.a, points: c.a.series }, { name: 'B', color: COLORS.b, points: c.b.series, dash: '5 3' }]} testId="compare-chart-hit" xBy="packets" />
        <LiveChart title="Throughput (Mops), A vs B" width={half} height={chartH} value={(p) => p.mops} format={(v) => mops(v)}
          series={[{ name: 'A', color: COLORS.a, points: c.a.series }, { name: 'B', color: COLORS.b, points: c.b.series, dash: '5 3' }]} testId="compare-chart-throughput" xBy="packets" />
      </section>}
    </div>
  );
}

function Side({ k, s, grid, flash, masked, onChange }: { k: 'a' | 'b'; s: CompareSideFrame; grid: CompareSideFrame['grid']; flash: { seq: number; recs: CompareSideFrame['recent'] }; masked: boolean; onChange(p: Partial<CompareSide>): Promise<unknown> }) {
  const [box, size] = useSize<HTMLDivElement>({ width: 380, height: 200 });
  const name = k.toUpperCase();
  const color = k === 'a' ? COLORS.a : COLORS.b;
  const r = s.readout;
  const steps = entrySteps(s.side.entries);
  return (
    <section className="@container flex min-h-0 min-w-0 flex-col gap-1.5 rounded-md border-2 bg-white p-2" style={{ borderColor: color }} aria-label={`NIC ${name}`}>
      <div className="flex items-baseline gap-2">
        <h2 className="text-sm font-bold" style={{ color }}>NIC {name}</h2>
        <span className="text-[11px] text-slate-500">{int(s.side.entries)} contexts · {s.side.ways ? `${s.side.ways}-way` : 'fully associative'}</span>
      </div>
      {/* The two choices side by side where the card is wide enough for their names, else stacked. */}
      <div className="grid grid-cols-1 gap-1.5 @sm:grid-cols-2">
        <SideSelect id={`compare-policy-${k}`} label="Policy" value={s.side.policy} options={Object.entries(POLICY_LABEL)} onChange={(v) => onChange({ policy: v as CompareSide['policy'] })} />
        <SideSelect id={`compare-engine-${k}`} label="Engine" value={s.side.engine} options={Object.entries(ENGINE_SHORT)} onChange={(v) => onChange({ engine: v as CompareSide['engine'] })} />
        <SideSelect id={`compare-entries-${k}`} label="Cache entries" value={String(s.side.entries)} options={steps.map((e) => [String(e), int(e)])} onChange={(v) => onChange({ entries: Number(v) })} />
        <SideSelect id={`compare-ways-${k}`} label="Ways" value={String(s.side.ways)} options={WAY_OPTIONS.map((w) => [String(w), w === 0 ? 'fully assoc.' : `${w}-way`])} onChange={(v) => onChange({ ways: Number(v) })} />
      </div>
      {masked ? <p className="text-[12px]" data-testid={`compare-readout-masked-${k}`}>Hit rate, throughput, latency: <AnswerFirst /></p> : <div className="flex flex-wrap gap-x-3 whitespace-nowrap">
        <div><span className="block text-[11px] text-slate-600">Hit rate</span><span className="font-mono text-xl font-bold tabular-nums" data-testid={`compare-hit-${k}`} data-value={r.valid ? r.hitRate.toFixed(4) : ''}>{r.valid ? pct(r.hitRate) : '–'}</span></div>
        <div><span className="block text-[11px] text-slate-600">Throughput</span><span className="font-mono text-lg font-bold tabular-nums" data-testid={`compare-throughput-${k}`}>{r.valid ? `${mops(r.mops)} Mops` : '–'}</span></div>
        <div><span className="block text-[11px] text-slate-600" title="service + queueing: see the readout above">Latency (svc + queue)</span><span className="font-mono text-base font-semibold tabular-nums">{r.valid ? ns(r.latencyNs) : '–'}</span></div>
      </div>}
      <div ref={box} className="h-64 min-h-0 @4xl:h-auto @4xl:flex-1">
        <CacheCanvas grid={grid} flash={flash} width={size.width} height={size.height} label={`NIC ${name} cache: ${int(s.side.entries)} contexts, ${POLICY_LABEL[s.side.policy]}${masked ? '' : `; hit rate ${pct(r.hitRate)}`}`} testId={`compare-grid-${k}`} />
      </div>
    </section>
  );
}

function SideSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Array<[string, string]>; onChange(v: string): Promise<unknown> }) {
  // A lesson's open question holds the model (views/kit/mask.tsx heldBy): the worker refuses a side's change then.
  const held = useMemory((s) => heldBy(s.frame?.lesson?.question));
  return (
    <WorkerSelect id={id} label={label} value={value} options={options} onChange={onChange} disabled={held} className="flex min-w-0 flex-col"
      labelClassName="text-[11px] font-semibold text-slate-700" selectClassName="h-7 min-w-0 rounded-md border border-slate-400 bg-white px-1 text-[12px]" />
  );
}

export function diffText(c: CompareFrame): { hit: string; thr: string; verdict: string } {
  const a = c.a.readout;
  const b = c.b.readout;
  if (!a.valid || !b.valid) return { hit: '–', thr: '–', verdict: 'measuring…' };
  const dh = (b.hitRate - a.hitRate) * 100;
  const dt = b.mops - a.mops;
  const rel = a.mops > 0 ? dt / a.mops : 0;
  const sign = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '±');
  const hit = `${sign(dh)}${Math.abs(dh).toFixed(1)} pp`;
  const thr = `${sign(dt)}${mops(Math.abs(dt))} Mops (${sign(rel)}${Math.abs(rel * 100).toFixed(0)}%)`;
  const verdict = Math.abs(rel) < 0.02 && Math.abs(dh) < 1 ? 'No real difference on this traffic' : rel > 0 ? 'B is faster' : 'A is faster';
  return { hit, thr, verdict };
}

function Diff({ c }: { c: CompareFrame }) {
  const d = diffText(c);
  return (
    <section className="flex flex-col items-center justify-center gap-2 rounded-md border border-slate-300 bg-white p-2 text-center" data-testid="compare-diff" aria-live="off">
      <span className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">B − A</span>
      <div><span className="block text-[11px] text-slate-600">hit rate</span><span className="font-mono text-lg font-bold">{d.hit}</span></div>
      <div><span className="block text-[11px] text-slate-600">throughput</span><span className="font-mono text-[13px] font-bold">{d.thr}</span></div>
      <p className="text-[12px] font-semibold text-slate-800">{d.verdict}</p>
      <p className="text-[11px] text-slate-500">B differs in: {c.differs.length ? c.differs.join(', ') : 'nothing yet'}</p>
    </section>
  );
}
