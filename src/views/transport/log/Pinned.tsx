// Evidence kept in view (issue 17: a lesson step that moves the clock by 20–150 µs scrolled what
// it talks about out of the log). Inside a lesson, the first notable events since the step began
// (losses, NAKs, retries, errors: store/transport.ts nextPinned) stay pinned above the log,
// however much follows them. When frames skipped events (a long reveal in one frame), the rare
// kinds among them are read back from the worker's trace.
import { useEffect, useMemo, useState } from 'react';
import type { SimEvent } from '../../../core/model/events.ts';
import { transport } from '../../../bridge/labs.ts';
import { PINNED_MAX, useTransport } from '../../../store/transport.ts';
import { hostLetter, qpnHex } from '../format.ts';
import { describe as lineOf } from './eventText.ts';

/** Kinds rare enough to fetch from the whole trace after a gap (packets and receptions are not). */
const GAP_KINDS = ['fault', 'retry', 'wr-error', 'async', 'post-refused', 'modify-refused', 'cqe-lost'];

type Item = { i: number; e: SimEvent };

/** The store's items and those read back after a gap, in trace order, at most PINNED_MAX. */
export function mergePinned(a: readonly Item[], b: readonly Item[]): Item[] {
  const byI = new Map<number, Item>();
  for (const x of [...a, ...b]) byI.set(x.i, x);
  return [...byI.values()].sort((x, y) => x.i - y.i).slice(0, PINNED_MAX);
}

export function PinnedEvidence() {
  const pinned = useTransport((s) => s.pinned);
  const [fetched, setFetched] = useState<{ key: string | null; items: Item[] }>({ key: null, items: [] });
  const { key, t0, gap } = pinned;
  useEffect(() => {
    if (!gap || key === null) return;
    let live = true;
    void transport().act('log', { kinds: GAP_KINDS, qp: null, text: '', offset: 0, limit: 500 }).then((p) => {
      if (live && p) setFetched({ key, items: p.rows.filter((r) => r.e.t >= t0).slice(0, PINNED_MAX) });
    });
    return () => { live = false; };
  }, [gap, key, t0]);
  const items = useMemo(() => mergePinned(pinned.items, fetched.key === key ? fetched.items : []), [pinned.items, fetched, key]);
  if (items.length === 0) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50 px-2 py-0.5 font-mono text-[11px] leading-[1.45]" data-testid="log-pinned" aria-label="Pinned for this lesson step">
      <span className="font-sans text-[10.5px] font-semibold text-amber-900">Pinned for this step (the first of what it shows):</span>
      <ol className="m-0 list-none p-0">
        {items.map(({ e, i }) => {
          const l = lineOf(e);
          return (
            <li key={i} data-i={i} data-t={e.t} className="grid grid-cols-[5.2rem_4.6rem_1fr] gap-x-1.5">
              <span className="text-right tabular-nums text-slate-600">{(e.t / 1000).toFixed(3)} µs</span>
              <span className="truncate text-slate-700">{l.host !== undefined ? `${hostLetter(l.host)}${l.qpn !== undefined ? `·${qpnHex(l.qpn)}` : ''}` : '—'}</span>
              <span className="min-w-0 font-sans text-slate-900">{l.text}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
