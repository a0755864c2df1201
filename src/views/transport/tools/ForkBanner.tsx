// After acting in the past: the recorded future was replaced. Undo brings it back; Compare runs
// both futures to the old end and shows what differs.
import { useState } from 'react';
import { transport } from '../../../bridge/labs.ts';
import { useTransport } from '../../../store/transport.ts';
import type { Summary } from '../../../core/index.ts';
import { usText } from '../format.ts';

export function ForkBanner() {
  const fork = useTransport((s) => s.frame?.fork ?? null);
  const past = useTransport((s) => (s.frame ? s.frame.t < s.frame.maxT : false));
  const maxT = useTransport((s) => s.frame?.maxT ?? 0);
  const [cmp, setCmp] = useState<{ at: number; rows: Array<[string, string, string]> } | null>(null);
  if (!fork && !past) return null;
  if (!fork) {
    return (
      <p className="border-b border-amber-300 bg-amber-50 px-3 py-0.5 text-[12px] text-amber-950" data-testid="past-note">
        You are looking at the past (the future is recorded up to {usText(maxT)}). Acting now replaces that future; you will be able to undo it.
      </p>
    );
  }
  const compare = async () => {
    const c = await transport().act('compareFork');
    if (!c) return;
    const pick = (x: Omit<Summary, 'qps'>) =>
      ({ 'WRs completed': String(x.wr.completed), flushed: String(x.wr.flushed), 'CQEs': JSON.stringify(x.cqe), 'events': String(x.traceEvents), 'trace hash': String(x.traceHash).slice(0, 12) });
    const o = pick(c.old);
    const n = pick(c.now);
    setCmp({ at: c.at, rows: Object.keys(o).map((k) => [k, o[k as keyof typeof o], n[k as keyof typeof n]]) });
  };
  return (
    <div className="border-b border-amber-400 bg-amber-100 px-3 py-1 text-[12px] text-amber-950" role="status" data-testid="fork-banner">
      <span>You acted in the past, at {usText(fork.at)}: the recorded future up to {usText(fork.oldMaxT)}{fork.droppedCommands ? ` and ${fork.droppedCommands} later command${fork.droppedCommands === 1 ? '' : 's'}` : ''} was replaced by this new one. </span>
      <button type="button" className="ml-1 rounded border border-amber-700 bg-white px-2 font-semibold" data-testid="fork-undo" onClick={() => { setCmp(null); void transport().act('undoFork'); }}>Undo</button>
      <button type="button" className="ml-1 rounded border border-amber-700 bg-white px-2" data-testid="fork-compare" onClick={() => void compare()}>Compare the two futures</button>
      <button type="button" className="ml-1 rounded px-2 underline" onClick={() => { setCmp(null); void transport().act('dismissFork'); }}>Keep the new one</button>
      {cmp && (
        <table className="mt-1 text-[11px]" data-testid="fork-table">
          <caption className="text-left">Both futures run to {usText(cmp.at)}</caption>
          <thead><tr><th className="pr-3 text-left">figure</th><th className="pr-3 text-left">old future</th><th className="text-left">new future</th></tr></thead>
          <tbody>{cmp.rows.map(([k, a, b]) => <tr key={k} className={a !== b ? 'font-semibold' : ''}><td className="pr-3">{k}</td><td className="pr-3 font-mono">{a}</td><td className="font-mono">{b}</td></tr>)}</tbody>
        </table>
      )}
    </div>
  );
}
