// Evidence kept in view (issue 17: a lesson step that moves the clock by 20–150 µs scrolled what
// it talks about out of the log). Inside a lesson, the first notable events since the step began
// (losses, NAKs, retries, errors: store/transport.ts nextPinned) stay pinned above the log,
// however much follows them.
import { useTransport } from '../../../store/transport.ts';
import { hostLetter, qpnHex } from '../format.ts';
import { describe as lineOf } from './eventText.ts';

export function PinnedEvidence() {
  const items = useTransport((s) => s.pinned.items);
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
