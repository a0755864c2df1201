// The storm as it happens: every affected QP a cell coloured by its phase (with its class on the
// left edge), the event queue as a pipe, and the QP under the pointer in words.
import { useEffect, useState } from 'react';
import { faults } from '../../bridge/labs.ts';
import { faultsStore, useFaults } from '../../store/faults.ts';
import type { QpDetail } from '../../worker/faults/types.ts';
import { useSize } from '../kit/useSize.ts';
import { EqPipe } from './EqPipe.tsx';
import { CLASS_COLORS, PHASES, dur, int, legendOf } from './format.ts';
import { DeviceStatePanel } from './DeviceState.tsx';
import { ProgramPanel } from './ProgramPanel.tsx';
import { StormGrid } from './StormGrid.tsx';
import { ReportWhyControls, ReportWhyPanel } from './ReportWhy.tsx';
import { AnswerFirst } from '../kit/mask.tsx';
import { useFaultsMask } from './mask.ts';

const OVERRUN: Record<string, string> = { mlx5: 'fatal health event (the device dies)', mlx4: 'logged, the lost events are gone, the driver continues', hns: 'function reset requested' };

export function StormTab() {
  const grid = useFaults((s) => s.grid);
  const live = useFaults((s) => s.frame?.live ?? null);
  const preset = useFaults((s) => s.frame?.settings.preset ?? 'mlx5');
  const cm = useFaults((s) => s.frame?.settings.cm ?? false);
  const picked = useFaults((s) => s.picked);
  const why = useFaults((s) => s.why);
  const eventsMasked = useFaultsMask('storm-events');
  const reportMasked = useFaultsMask('report');
  const [box, size] = useSize<HTMLDivElement>({ width: 600, height: 360 });
  const [pipeBox, pipeSize] = useSize<HTMLDivElement>({ width: 300, height: 100 });
  const [detail, setDetail] = useState<QpDetail | null>(null);
  const t = live?.t ?? 0;
  // The picked QP in numbers, fresh with every frame while it is picked.
  useEffect(() => {
    let alive = true;
    if (picked === null) { void Promise.resolve().then(() => { if (alive) setDetail(null); }); return; }
    void faults().act('qp', picked).then((d) => { if (d !== undefined && alive) setDetail(d); });
    return () => { alive = false; };
  }, [picked, t]);
  if (!live || !grid) return <p className="p-4 text-sm text-slate-500">Building the storm…</p>;
  const counts = legendOf(live.phase);
  const label = `${int(grid.qpn.length)} QPs: ${counts.filter((c) => c.n).map((c) => `${int(c.n)} ${c.label}`).join(', ')}`;
  return (
    <div className="flex flex-col gap-2 @4xl:grid @4xl:h-full @4xl:min-h-0 @4xl:grid-cols-[minmax(0,1fr)_300px]" data-testid="storm-tab">
      <section className="flex min-h-0 shrink-0 flex-col gap-1 rounded-md border border-slate-300 bg-white p-2" aria-label="The affected QPs">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-[11px] text-slate-700" aria-hidden="true" data-testid="storm-legend">
          {counts.map((c) => (
            <span key={c.id} className="inline-flex items-center gap-1" data-phase={c.id}><span className="inline-block h-3 w-3 rounded-sm text-center text-[9px] leading-3" style={{ background: c.fill, color: c.ink }}>{c.glyph}</span>{c.label} <b className="tabular-nums">{int(c.n)}</b></span>
          ))}
        </div>
        <DeviceStatePanel devices={live.summary.devices} consumer={live.summary.consumer} preset={preset} outstanding={live.summary.wr.outstanding} />
        <div ref={box} className="h-[26rem] min-h-0 @4xl:h-auto @4xl:flex-1">
          <StormGrid grid={grid} phase={live.phase} width={size.width} height={size.height} picked={picked} onPick={(i) => faultsStore.getState().pick(i)} label={label} testId="storm-grid" marked={why?.ahead ?? null} />
        </div>
        <p className="text-[11px] text-slate-600" aria-live="off">Each cell one QP on host A; its left edge is its class. Click a cell (or use the arrow keys) to read it.</p>
      </section>
      <aside className="flex min-h-0 flex-col gap-2 overflow-y-auto" aria-label="Channel and QP details" tabIndex={0}>
        <section ref={pipeBox} className="rounded-md border border-slate-300 bg-white p-2">
          <h2 className="text-sm font-semibold text-slate-900">The narrow channel</h2>
          <EqPipe eq={live.eq} width={pipeSize.width - 16} overruns={live.summary.eqOverruns} mode={OVERRUN[preset] ?? preset} now={live.t}
            mark={why?.why.eqe && why.why.host === 0 ? { t: why.why.t0 + why.why.eqe.ns, lost: why.why.eqe.fate !== 'written' } : null} />
        </section>
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="picked-qp" aria-live="polite">
          <h2 className="text-sm font-semibold text-slate-900">QP under the pointer</h2>
          {picked === null || picked >= grid.qpn.length || !detail ? <p className="text-slate-600">None: click a cell of the grid.</p> : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 font-mono">
              <dt className="font-sans text-slate-600">QPN</dt><dd>0x{detail.qpn.toString(16)} on host A, {detail.state}</dd>
              <dt className="font-sans text-slate-600">class</dt><dd><span className="mr-1 inline-block h-2.5 w-2.5 rounded-sm" style={{ background: CLASS_COLORS[detail.cls % CLASS_COLORS.length] }} />{grid.classes[detail.cls]?.name} (weight {grid.classes[detail.cls]?.weight}, priority {grid.classes[detail.cls]?.priority})</dd>
              <dt className="font-sans text-slate-600">phase</dt><dd className="font-sans">{PHASES[detail.phase]?.label}</dd>
              <dt className="font-sans text-slate-600">failed</dt><dd>{detail.detectNs >= 0 ? `${dur(detail.detectNs)} after the fault` : 'not (yet)'}</dd>
              <dt className="font-sans text-slate-600">reported</dt><dd>{detail.reportNs >= 0 ? `${dur(detail.reportNs)} (waited ${dur(detail.reportNs - detail.detectNs)})` : '–'}</dd>
              <dt className="font-sans text-slate-600">last flush</dt><dd>{detail.lastFlushNs >= 0 ? dur(detail.lastFlushNs) : '–'}</dd>
            </dl>
          )}
          <ReportWhyControls picked={picked !== null && detail ? picked : null} faulted={(detail?.detectNs ?? -1) >= 0} />
        </section>
        <ProgramPanel program={live.program} cm={cm} any={live.summary.reported > 0} />
        {reportMasked ? <AnswerFirst block what="why? for a QP" testId="report-why-masked" /> : <ReportWhyPanel />}
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]">
          <h2 className="text-sm font-semibold text-slate-900">Events so far</h2>
          {eventsMasked ? <AnswerFirst block what="the events" testId="storm-events-masked" /> : (
            <ul className="font-mono">
              {Object.entries(live.summary.events).map(([k, n]) => <li key={k}>{k} × {int(n)}</li>)}
              {Object.keys(live.summary.events).length === 0 && <li className="font-sans text-slate-600">none yet</li>}
            </ul>
          )}
          <p className="mt-1 text-slate-600">Last flush CQE p99 {live.summary.faulted ? dur(live.summary.lastFlushNs.p99) : '–'} after the fault.</p>
        </section>
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="storm-cache">
          <h2 className="text-sm font-semibold text-slate-900">Host A's context cache</h2>
          <p>Every report and every flush reads the QP's context through the cache ({int(live.cache.entries)} entries): {int(live.cache.hits)} hits, {int(live.cache.misses)} misses, {int(live.cache.evictions)} evictions, {int(live.cache.writebacks)} write-backs so far. A storm that touches more QPs than fit pushes the hot ones out.</p>
        </section>
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="storm-cqs">
          <h2 className="text-sm font-semibold text-slate-900">Flush completions per CQ</h2>
          <ul className="font-mono">
            {live.perCq.map((c) => <li key={`${c.host}/${c.cq}`}>{c.host === 0 ? 'A' : `host ${c.host}`}·CQ {c.cq}: {int(c.flushCqes)} ({c.perUs.toFixed(2)} per µs)</li>)}
            {live.perCq.length === 0 && <li className="font-sans text-slate-600">none yet</li>}
          </ul>
        </section>
      </aside>
    </div>
  );
}
