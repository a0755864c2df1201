// The causal chain of one event, from the event back to its root: each link in words, the root
// marked. The same events are highlighted in the logs and their QPs in the wire view.
import { transport } from '../../../bridge/labs.ts';
import { transportStore, useTransport } from '../../../store/transport.ts';
import { describe } from '../log/eventText.ts';
import { hostLetter, qpnHex } from '../format.ts';

export function WhyPanel() {
  const why = useTransport((s) => s.why);
  if (!why) return null;
  const n = why.chain.length;
  return (
    <section aria-labelledby="why-title" className="rounded-lg border border-fuchsia-400 bg-fuchsia-50 p-2 text-[12px]" data-testid="why-panel">
      <div className="flex items-center justify-between">
        <h2 id="why-title" className="font-semibold text-fuchsia-950">Why? {n} link{n === 1 ? '' : 's'} back {why.chain[n - 1]?.cut ? 'as far as the log keeps' : 'to the root cause'}</h2>
        <button type="button" className="rounded border border-fuchsia-600 bg-white px-2 text-[11px]" onClick={() => transportStore.getState().setWhy(null)}>Close</button>
      </div>
      <ol className="mt-1 flex max-h-48 flex-col gap-0.5 overflow-y-auto">
        {why.chain.map(({ i, e }, k) => {
          const l = describe(e);
          return (
            <li key={i} className="grid grid-cols-[4.6rem_4rem_1fr] gap-x-1.5" data-testid="why-link">
              <button type="button" className="text-left font-mono tabular-nums text-fuchsia-900 underline" title="Go to this instant" onClick={() => void transport().act('seek', e.t)}>{(e.t / 1000).toFixed(3)}µs</button>
              <span className="font-mono">{l.host !== undefined ? `${hostLetter(l.host)}${l.qpn !== undefined ? `·${qpnHex(l.qpn)}` : ''}` : '—'}</span>
              <span>{k === 0 ? '' : '← '}{l.text}{k === n - 1 && !why.chain[k].cut && <b className="ml-1 rounded bg-fuchsia-700 px-1 text-white">root</b>}</span>
            </li>
          );
        })}
      </ol>
      {why.chain[n - 1]?.cut && <p className="mt-1 text-fuchsia-950" data-testid="why-cut">Earlier causes are no longer kept: the event log holds the newest events only. Seek back to before #{why.chain[n - 1].i} and ask again to follow the chain further.</p>}
    </section>
  );
}
