// Evidence kept in view (issue 17: a lesson step that moves the clock by 20–150 µs scrolled what
// it talks about out of the log). Inside a lesson, the first notable events since the step began
// (losses, NAKs, retries, errors, state changes to ERR: the lines the log marks bad or warn) stay
// pinned above the log, however much follows them.
import { useState } from 'react';
import type { SimEvent } from '../../../core/model/events.ts';
import { hostLetter, qpnHex } from '../format.ts';
import { describe as lineOf, type EventLine } from './eventText.ts';

export const PINNED_MAX = 6;

/** The events to pin: notable ones at or after `t0`, oldest first (the first is usually the cause). */
export function pinnedEvents(log: readonly SimEvent[], logFrom: number, t0: number, max = PINNED_MAX): Array<{ e: SimEvent; i: number; l: EventLine }> {
  const out: Array<{ e: SimEvent; i: number; l: EventLine }> = [];
  for (let k = 0; k < log.length && out.length < max; k++) {
    const e = log[k];
    if (e.t < t0) continue;
    const l = lineOf(e);
    if (l.tone === 'bad' || l.tone === 'warn') out.push({ e, i: logFrom + k, l });
  }
  return out;
}

/** The simulated instant the current lesson step began, kept per step (`key`: lesson and step). */
export function useStepStart(key: string | null, now: number): number {
  const [mark, setMark] = useState<{ key: string | null; t0: number }>({ key, t0: now });
  if (mark.key !== key) {
    setMark({ key, t0: now });
    return now;
  }
  // A seek back before the step's start (time travel) moves the start with it.
  return Math.min(mark.t0, now);
}

export function PinnedEvidence({ items }: { items: ReturnType<typeof pinnedEvents> }) {
  if (items.length === 0) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50 px-2 py-0.5 font-mono text-[11px] leading-[1.45]" data-testid="log-pinned" aria-label="Pinned for this lesson step">
      <span className="font-sans text-[10.5px] font-semibold text-amber-900">Pinned for this step (the first of what it shows):</span>
      <ol className="m-0 list-none p-0">
        {items.map(({ e, i, l }) => (
          <li key={i} data-i={i} data-t={e.t} className="grid grid-cols-[5.2rem_4.6rem_1fr] gap-x-1.5">
            <span className="text-right tabular-nums text-slate-600">{(e.t / 1000).toFixed(3)} µs</span>
            <span className="truncate text-slate-700">{l.host !== undefined ? `${hostLetter(l.host)}${l.qpn !== undefined ? `·${qpnHex(l.qpn)}` : ''}` : '—'}</span>
            <span className="min-w-0 font-sans text-slate-900">{l.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
