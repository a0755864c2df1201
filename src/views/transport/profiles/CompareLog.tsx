// Compare mode: the same scenario under two driver profiles, event by event, side by side. The
// two traces are equal until a rule the drivers disagree on fires; that first diverging event is
// highlighted, with the QP states each run ends up in.
import { useEffect, useRef } from 'react';
import type { SimEvent } from '../../../core/index.ts';
import { useTransport } from '../../../store/transport.ts';
import { describe } from '../log/eventText.ts';
import { hostLetter, qpnHex, usText } from '../format.ts';
import { grouped } from '../../kit/grouped.ts';

function Line({ e }: { e?: SimEvent }) {
  if (!e) return <span className="text-slate-500">—</span>;
  const l = describe(e);
  return (
    <span className="truncate" title={`${l.text}${l.raw ? ` — ${l.raw}` : ''}`}>
      <span className="mr-1 tabular-nums text-slate-500">{(e.t / 1000).toFixed(3)}µs</span>
      {l.host !== undefined && <span className="mr-1 text-slate-600">{hostLetter(l.host)}{l.qpn !== undefined ? `·${qpnHex(l.qpn)}` : ''}</span>}
      <span className="font-sans">{l.text}</span>
      {l.raw && <span className="ml-1 text-[10px] text-slate-500">{l.raw}</span>}
    </span>
  );
}

export function CompareLog() {
  const c = useTransport((s) => s.frame?.compare ?? null);
  const profiles = useTransport((s) => s.reference?.profiles);
  const firstRow = useRef<HTMLLIElement | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const diffAt = c?.firstDiff?.index ?? -1;
  // Bring the first difference into view once, when it is found (scrolling only this list, not the page).
  useEffect(() => {
    const row = firstRow.current;
    const list = box.current;
    if (diffAt >= 0 && row && list) list.scrollTop = Math.max(0, row.offsetTop - list.clientHeight / 3);
  }, [diffAt]);
  if (!c) return null;
  const labels: Record<string, string> = Object.fromEntries((profiles ?? []).map((p) => [p.id, p.label]));
  const states = c.leftStates.map((l, i) => [l, c.rightStates[i]] as const).filter(([l, r]) => l !== r);
  return (
    <section aria-labelledby="compare-title" data-testid="compare-log" className="[contain:content] flex min-h-0 min-w-0 flex-col rounded-lg border border-slate-300 bg-white">
      <div className="flex flex-wrap items-baseline gap-x-3 border-b border-slate-200 px-3 py-1">
        <h2 id="compare-title" className="text-sm font-semibold text-slate-900">Compare: {labels[c.left]} ↔ {labels[c.right]}</h2>
        <p role="status" data-testid="compare-summary" className={`text-[12px] ${c.firstDiff ? 'font-semibold text-amber-900' : 'text-slate-600'}`}>
          {c.firstDiff ? `First difference at t = ${usText(c.firstDiff.t)} (event ${c.firstDiff.index + 1})` : `No difference yet: both runs agree up to t = ${usText(c.t)}`}
          {c.unchecked ? ` (${grouped(c.unchecked)} events left the event log before they could be compared)` : ''}
        </p>
        {states.length > 0 && (
          <p className="text-[11px] text-slate-700" data-testid="compare-states">
            {states.map(([l, r]) => `${l.replace(/^(\d+)\/(\d+):/, (_m, h: string, q: string) => `${hostLetter(Number(h))}·${qpnHex(Number(q))} `)} ↔ ${r.split(':')[1]}`).join('; ')}
          </p>
        )}
      </div>
      <div ref={box} className="relative min-h-0 flex-1 overflow-y-auto px-1 py-0.5 font-mono text-[11px] leading-[1.45]" tabIndex={0} aria-label="Both runs' events side by side">
        <div className="sticky top-0 z-10 grid grid-cols-[2.5rem_minmax(0,1fr)_minmax(0,1fr)] gap-x-2 bg-white px-1 font-sans text-[11px] font-semibold text-slate-700">
          <span>#</span><span>{labels[c.left]}</span><span>{labels[c.right]}</span>
        </div>
        <ol className="m-0 list-none p-0">
          {c.rows.map((r) => {
            const differs = JSON.stringify(r.left) !== JSON.stringify(r.right);
            return (
              <li key={r.i} ref={r.first ? firstRow : undefined} data-testid={r.first ? 'compare-first-diff' : undefined}
                className={`grid grid-cols-[2.5rem_minmax(0,1fr)_minmax(0,1fr)] gap-x-2 rounded px-1 ${r.first ? 'bg-amber-100 ring-2 ring-amber-500' : differs ? 'bg-amber-50' : ''}`}>
                <span className="text-right text-slate-500">{r.first ? '▶ ' : ''}{r.i + 1}</span>
                <Line e={r.left} /><Line e={r.right} />
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
