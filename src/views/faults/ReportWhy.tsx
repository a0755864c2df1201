// "Why was this QP reported then — or never?": the chain for the picked QP, root first, from the
// record the worker read out of the storm, refreshed while the storm plays. The grid outlines the
// reports the engine took while it waited, and the event-queue pipe marks its EQE. Buttons find a
// QP worth asking about (the last reported, one whose event was lost, one whose report was lost).
import { useEffect, useRef, useState } from 'react';
import { faults } from '../../bridge/labs.ts';
import type { NotableQp } from '../../core/index.ts';
import { faultsStore, useFaults } from '../../store/faults.ts';
import { reportChain } from './reportChain.ts';
import { int } from './format.ts';

const NOTABLE: Array<[NotableQp, string, string]> = [
  ['last-reported', 'the last reported', 'No QP has been reported yet.'],
  ['event-lost', 'one whose event was lost', 'No QP in this storm has had its error event lost (so far): try mlx4 with a small, slowly drained event queue.'],
  ['lost', 'one whose report was lost', 'No report in this storm has been lost (so far).'],
];

/** The "why?" button for the picked QP, and the finders. */
export function ReportWhyControls({ picked, faulted }: { picked: number | null; faulted: boolean }) {
  const [note, setNote] = useState('');
  const ask = (i: number) => void faults().act('reportWhy', i).then((r) => { if (r !== undefined) faultsStore.getState().setWhy(r); });
  const find = (kind: NotableQp, none: string) => void faults().act('notableQp', kind).then((i) => {
    if (i === undefined) return;
    if (i < 0) { setNote(none); return; }
    setNote('');
    faultsStore.getState().pick(i);
    ask(i);
  });
  return (
    <div className="mt-1.5 flex flex-col gap-1">
      <button type="button" disabled={picked === null || !faulted} onClick={() => picked !== null && ask(picked)} data-testid="report-why-button"
        className="self-start rounded border border-fuchsia-500 px-2 py-0.5 text-[12px] font-medium text-fuchsia-900 hover:bg-fuchsia-50 disabled:opacity-40">
        why? (this QP's report)
      </button>
      <p className="text-[11px] text-slate-600">Or ask about {NOTABLE.map(([k, label, none], j) => (
        <span key={k}>{j > 0 && (j === NOTABLE.length - 1 ? ' or ' : ', ')}<button type="button" className="text-blue-800 underline" onClick={() => find(k, none)} data-testid={`notable-${k}`}>{label}</button></span>
      ))}.</p>
      <p role="status" className={note ? 'text-[11px] text-slate-700' : 'sr-only'} data-testid="notable-note">{note}</p>
    </div>
  );
}

/** The open chain; refreshed with every frame while the storm moves. */
export function ReportWhyPanel() {
  const why = useFaults((s) => s.why);
  const t = useFaults((s) => s.frame?.live.t ?? 0);
  const i = why?.i ?? null;
  const box = useRef<HTMLElement | null>(null);
  // A new QP's answer: bring it into view (the details column scrolls on its own).
  useEffect(() => { if (i !== null) box.current?.scrollIntoView({ block: 'start' }); }, [i]);
  useEffect(() => {
    if (i === null) return;
    let alive = true;
    void faults().act('reportWhy', i).then((r) => { if (r !== undefined && alive && faultsStore.getState().why?.i === i) faultsStore.getState().setWhy(r); });
    return () => { alive = false; };
  }, [i, t]);
  if (!why) return null;
  const w = why.why;
  const ahead = why.ahead.reduce((a, x) => a + x, 0);
  return (
    <section ref={box} aria-labelledby="report-why-title" className="rounded-md border border-fuchsia-400 bg-fuchsia-50 p-2 text-[12px] leading-snug" data-testid="report-why" data-verdict={w.verdict}>
      <div className="flex items-start justify-between gap-2">
        <h2 id="report-why-title" className="text-sm font-semibold text-fuchsia-950">Why? {String.fromCharCode(65 + w.host)}·0x{w.qpn.toString(16)}: {w.verdict === 'lost' ? 'report lost' : w.verdict === 'reported' ? 'reported' : w.verdict === 'waiting' ? 'not reported yet' : 'healthy'}</h2>
        <button type="button" onClick={() => faultsStore.getState().setWhy(null)} className="shrink-0 rounded border border-fuchsia-600 bg-white px-2 text-[11px] text-fuchsia-950" data-testid="report-why-close">Close</button>
      </div>
      <ol className="mt-1 flex flex-col gap-1">
        {reportChain(w).map((s) => <li key={s.id} data-testid={`report-why-${s.id}`} className="text-slate-800">{s.text}</li>)}
      </ol>
      {ahead > 0 && <p className="mt-1 text-[11px] text-fuchsia-950">Outlined in the grid: the {int(ahead)} QPs of this grid the engine took while it waited.</p>}
    </section>
  );
}
