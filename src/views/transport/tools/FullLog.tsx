// Every event kept, not just the recent tail: a window of rows fetched from the worker (which
// filters and searches there, where the events are) and rendered for the visible range only.
// Clicking a row seeks to its instant; "why?" shows its causal chain.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SimEvent } from '../../../core/model/events.ts';
import { transport } from '../../../bridge/labs.ts';
import { useTransport, type LogGroup } from '../../../store/transport.ts';
import { Dialog } from '../../shell/Dialog.tsx';
import { GROUP_LABEL, GROUP_TITLE, KINDS_OF, describe } from '../log/eventText.ts';
import { hostLetter, qpnHex } from '../format.ts';
import { askWhy, hasWhy } from './why.ts';
import { grouped } from '../../kit/grouped.ts';

// On a touch screen every button is 44 px tall (src/index.css), so the rows are too.
const ROW = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 44 : 22;
const PAGE = 200;

export function FullLog({ onClose }: { onClose(): void }) {
  const count = useTransport((s) => (s.frame ? s.frame.eventsFrom + s.frame.events.length : 0));
  const epoch = useTransport((s) => s.logEpoch);
  const selected = useTransport((s) => s.selected);
  const why = useTransport((s) => s.why);
  const [groups, setGroups] = useState<Record<LogGroup, boolean>>({ state: true, work: true, packets: true, completions: true, faults: true });
  const [onlySel, setOnlySel] = useState(false);
  const [text, setText] = useState('');
  const [total, setTotal] = useState(0);
  /** Absolute index of the oldest event still kept (the trace keeps its newest events). */
  const [from, setFrom] = useState(0);
  const [rows, setRows] = useState<Map<number, { i: number; e: SimEvent }>>(new Map());
  const [top, setTop] = useState(0);
  const box = useRef<HTMLDivElement | null>(null);
  const height = 420;
  const first = Math.max(0, Math.floor(top / ROW) - 20);
  const last = Math.min(total, Math.ceil((top + height) / ROW) + 20);
  const kinds = useMemo(() => (Object.values(groups).every(Boolean) ? null : (Object.keys(groups) as LogGroup[]).filter((g) => groups[g]).flatMap((g) => KINDS_OF[g])), [groups]);
  const query = useMemo(() => ({ kinds, qp: onlySel && selected ? selected : null, text }), [kinds, onlySel, selected, text]);

  useEffect(() => {
    let live = true;
    const offset = Math.floor(first / PAGE) * PAGE;
    void (async () => {
      const pages = [offset, offset + PAGE];
      const got = new Map<number, { i: number; e: SimEvent }>();
      let n = 0;
      let oldest = 0;
      for (const o of pages) {
        const p = await transport().act('log', { ...query, offset: o, limit: PAGE });
        if (!p) return;
        n = p.total;
        oldest = p.from;
        p.rows.forEach((r, k) => got.set(p.offset + k, r));
        if (o + PAGE >= p.total) break;
      }
      if (live) { setTotal(n); setRows(got); setFrom(oldest); }
    })();
    return () => { live = false; };
  }, [query, first, count, epoch]);

  const chain = new Set(why?.chain.map((c) => c.i) ?? []);
  const visible = [];
  for (let k = first; k < last; k++) {
    const r = rows.get(k);
    visible.push(r ? <Row key={k} k={k} r={r} mark={chain.has(r.i)} /> : <div key={k} style={{ position: 'absolute', top: k * ROW, height: ROW }} className="px-2 text-slate-500">…</div>);
  }
  return (
    <Dialog title="Full event log" testId="full-log" wide onClose={onClose}>
      <div className="flex flex-wrap items-center gap-1.5 pb-2 text-[12px]">
        {(Object.keys(GROUP_LABEL) as LogGroup[]).map((g) => (
          <button key={g} type="button" aria-pressed={groups[g]} title={GROUP_TITLE[g]} data-testid={`full-log-filter-${g}`} onClick={() => setGroups({ ...groups, [g]: !groups[g] })}
            className={`rounded-full border px-2 text-[11px] ${groups[g] ? 'border-slate-700 bg-slate-800 text-white' : 'border-slate-300 text-slate-500 line-through'}`}>{GROUP_LABEL[g]}</button>
        ))}
        <label className="ml-2 flex items-center gap-1"><input type="checkbox" checked={onlySel} onChange={(e) => setOnlySel(e.target.checked)} />only the selected QP</label>
        <input type="search" placeholder="search: FLUSH, 0x101, RNR, wr_id 4…" value={text} onChange={(e) => { setText(e.target.value); setTop(0); if (box.current) box.current.scrollTop = 0; }}
          className="ml-auto w-56 rounded border border-slate-400 px-1.5 py-0.5" aria-label="Search the events" data-testid="full-log-search" />
        <span className="text-slate-600" data-testid="full-log-count">{grouped(total)} of {grouped(count)} events{from > 0 && <> (the oldest {grouped(from)} are no longer kept)</>}</span>
      </div>
      <div ref={box} onScroll={(e) => setTop(e.currentTarget.scrollTop)} style={{ height }} className="relative overflow-y-auto rounded border border-slate-300 font-mono text-[11px]" data-testid="full-log-rows" tabIndex={0} role="list" aria-label="Every event, oldest first">
        <div style={{ height: total * ROW, position: 'relative' }}>{visible}</div>
      </div>
    </Dialog>
  );
}

function Row({ k, r, mark }: { k: number; r: { i: number; e: SimEvent }; mark: boolean }) {
  const l = describe(r.e);
  return (
    <div role="listitem" style={{ position: 'absolute', top: k * ROW, height: ROW, left: 0, right: 0 }} data-i={r.i}
      className={`grid grid-cols-[4.6rem_4rem_1fr_auto] items-center gap-x-1.5 px-1 sm:grid-cols-[4rem_5.2rem_4.4rem_1fr_auto] ${mark ? 'bg-fuchsia-100' : 'hover:bg-slate-50'}`}>
      <span className="text-right text-slate-500 max-sm:hidden">#{r.i}</span>
      <button type="button" className="text-right tabular-nums text-blue-800 underline" title="Go to this instant" onClick={() => void transport().act('seek', r.e.t)}>{(r.e.t / 1000).toFixed(3)}µs</button>
      <span className="truncate">{l.host !== undefined ? `${hostLetter(l.host)}${l.qpn !== undefined ? `·${qpnHex(l.qpn)}` : ''}` : '—'}</span>
      <span className="truncate font-sans" title={l.raw}>{l.text}</span>
      {hasWhy(r.e) ? <button type="button" className="rounded border border-fuchsia-500 px-1 font-sans text-[10px] text-fuchsia-900" onClick={() => void askWhy(r.i)}>why?</button> : <span />}
    </div>
  );
}
