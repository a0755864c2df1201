// The event log: newest at the bottom, following the end unless the person scrolled up;
// filters by kind group and by the selected QP; each line has the time in µs, the host and
// QPN, a sentence, and the raw enum names. At most MAX_LINES lines are rendered.
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useTransport, transportStore, type LogGroup } from '../../../store/transport.ts';
import type { SimEvent } from '../../../core/model/events.ts';
import { hostLetter, qpnHex } from '../format.ts';
import { useSize } from '../../kit/useSize.ts';
import { useThrottled } from '../../kit/useThrottled.ts';
import { GROUP_LABEL, GROUP_TITLE, describe, eventConcerns, groupOf, type EventLine } from './eventText.ts';
import { askWhy, hasWhy } from '../tools/why.ts';
import { PinnedEvidence } from './Pinned.tsx';

export const MAX_LINES = 150;
/** A line is at least this tall (11 px text, 1.45 leading). */
const LINE_PX = 15;

/** Events are immutable: build each line's text once, and give it a stable React key. */
const lineCache = new WeakMap<SimEvent, { key: number; l: EventLine }>();
let lineSeq = 0;
function lineOf(e: SimEvent): { key: number; l: EventLine } {
  let v = lineCache.get(e);
  if (!v) { v = { key: ++lineSeq, l: describe(e) }; lineCache.set(e, v); }
  return v;
}

const TONE: Record<EventLine['tone'], string> = {
  normal: 'text-slate-900',
  good: 'text-green-800',
  bad: 'text-red-800 font-medium',
  warn: 'text-amber-800',
  muted: 'text-slate-600',
};

type Line = { t: number; key: number; l: EventLine; i: number; e: SimEvent };

export function EventLog() {
  const epoch = useTransport((s) => s.logEpoch);
  // The log and its first index are throttled together: logFrom moves on every frame, and a line
  // index computed from a fresh logFrom over a stale log changed every row's props each frame
  // (150 rows re-rendered per frame at 1,000 QPs).
  const live = useTransport((s) => s.log);
  const liveFrom = useTransport((s) => s.logFrom);
  const { log, logFrom } = useThrottled(useMemo(() => ({ log: live, logFrom: liveFrom }), [live, liveFrom]), 200, epoch);
  const selected = useTransport((s) => s.selected);
  const groups = useTransport((s) => s.logGroups);
  const selectedOnly = useTransport((s) => s.logSelectedOnly);
  const why = useTransport((s) => s.why);
  const chain = useMemo(() => new Set(why?.chain.map((c) => c.i) ?? []), [why]);
  const playing = useTransport((s) => s.frame?.playing ?? false);
  const box = useRef<HTMLDivElement | null>(null);
  const [sizeRef, size] = useSize<HTMLDivElement>({ width: 600, height: 600 });
  // One stable ref: an inline one is detached and attached again on every render (every frame),
  // which re-measured the log and re-made its size observer each time.
  const logRef = useCallback((el: HTMLDivElement | null) => { box.current = el; sizeRef(el); }, [sizeRef]);
  // While the person reads older lines the log holds still; it follows again at the bottom.
  const [held, setFrozen] = useState<{ lines: Line[]; total: number; epoch: number } | null>(null);
  // A reset log (new scenario, seek back) is never held: the old lines belong to another story.
  const frozen = held && held.epoch === epoch ? held : null;

  const { lines, total } = useMemo(() => {
    const shown: Array<[SimEvent, number]> = [];
    let matched = 0;
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i];
      if (!groups[groupOf(e)]) continue;
      if (selectedOnly && selected && !eventConcerns(e, selected.host, selected.qpn)) continue;
      matched++;
      if (shown.length < MAX_LINES) shown.push([e, i]);
    }
    // Only the lines actually rendered get their text built; a line's index in the whole trace is
    // the log's first index plus its place in the log.
    return { lines: shown.reverse().map(([e, i]) => ({ t: e.t, e, i: logFrom + i, ...lineOf(e) })), total: matched };
  }, [log, groups, selectedOnly, selected, logFrom]);

  // The scroller is flex-direction: column-reverse, so the browser keeps it pinned to the newest
  // line without reading layout from script (scrollTop is 0 at the bottom, negative above).
  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const atEnd = el.scrollTop > -12;
    if (!atEnd && !frozen) setFrozen({ lines, total, epoch });
    if (atEnd && frozen) setFrozen(null);
  };
  const shown = frozen ?? { lines, total };
  const newer = frozen ? total - frozen.total : 0;
  // While playing and following, only what the box can show (twice over) is rendered: the whole
  // tail is replaced several times a second there, and 150 rows of it cost ~900 layout objects
  // per update at 1,000 QPs (a devtools trace: 10–30 ms layouts). Paused, or scrolled up to read,
  // every kept line is there.
  const fit = Math.max(20, Math.ceil((size.height / LINE_PX) * 2));
  const rendered = !frozen && playing ? shown.lines.slice(-fit) : shown.lines;

  return (
    <section aria-labelledby="log-title" className="[contain:content] flex min-h-0 min-w-0 flex-col rounded-lg border border-slate-300 bg-white">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-3 py-1">
        <h2 id="log-title" className="text-sm font-semibold text-slate-900">Event log</h2>
        <div role="group" aria-label="Show event kinds" className="flex flex-wrap gap-1">
          {(Object.keys(GROUP_LABEL) as LogGroup[]).map((g) => (
            <button key={g} type="button" aria-pressed={groups[g]} data-testid={`log-filter-${g}`} title={GROUP_TITLE[g]} onClick={() => transportStore.getState().toggleGroup(g)}
              className={`rounded-full border px-2 py-0 text-[11px] font-medium ${groups[g] ? 'border-slate-700 bg-slate-800 text-white' : 'border-slate-300 bg-white text-slate-500 line-through'}`}>
              {GROUP_LABEL[g]}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-1 text-[11px] text-slate-700">
          <input type="checkbox" data-testid="log-selected-only" checked={selectedOnly} onChange={(e) => transportStore.getState().setSelectedOnly(e.target.checked)} />
          only {selected ? <span className="font-mono">{hostLetter(selected.host)}·{qpnHex(selected.qpn)}</span> : 'selected QP'}
        </label>
        <span className="ml-auto text-[10.5px] text-slate-500" data-testid="log-count">{total > rendered.length ? `last ${rendered.length} of ${total}` : `${total} events`}</span>
      </div>
      <PinnedEvidence />
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div ref={logRef} onScroll={onScroll} data-testid="event-log" role="log" aria-label="Simulation events, newest last" aria-live="off" tabIndex={0}
          className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto px-1 py-0.5 [contain:strict] font-mono text-[11px] leading-[1.45]">
          <ol className="m-0 list-none p-0">
            {rendered.length === 0 && <li className="px-2 py-1 font-sans text-slate-500">No events match the filters yet. Press Play or Step.</li>}
            {rendered.map(({ t, l, key, i, e }) => <LogRow key={key} t={t} l={l} i={i} asks={hasWhy(e)} mark={chain.has(i)} />)}
          </ol>
        </div>
        {frozen && (
          <button type="button" onClick={() => { if (box.current) box.current.scrollTop = 0; setFrozen(null); }}
            className="absolute bottom-1 right-3 rounded-full border border-blue-600 bg-white px-2 py-0.5 text-[11px] font-semibold text-blue-800 shadow">
            ↓ {newer > 0 ? `${newer} newer` : 'newest'} — follow
          </button>
        )}
      </div>
    </section>
  );
}

const LogRow = memo(function LogRow({ t, l, i, asks, mark }: { t: number; l: EventLine; i: number; asks: boolean; mark: boolean }) {
  return (
    <li className={`grid grid-cols-[5.2rem_1fr_auto] gap-x-1.5 rounded px-1 sm:grid-cols-[5.2rem_4.6rem_1fr_auto] ${mark ? 'bg-fuchsia-100' : 'hover:bg-slate-50'}`} data-group={l.group} data-t={t} data-i={i} data-why={mark || undefined}>
      <span className="text-right tabular-nums text-slate-500">{(t / 1000).toFixed(3)}µs</span>
      <span className="truncate text-slate-700">{l.host !== undefined ? `${hostLetter(l.host)}${l.qpn !== undefined ? `·${qpnHex(l.qpn)}` : ''}` : '—'}</span>
      <span className={`col-span-3 min-w-0 max-sm:order-last max-sm:pl-2 sm:col-span-1 ${TONE[l.tone]}`}>
        <span className="font-sans">{l.text}</span>
        {l.raw && <span className="ml-1.5 text-[10px] text-slate-500">{l.raw}</span>}
      </span>
      {asks ? <button type="button" className="self-start rounded border border-fuchsia-500 px-1 font-sans text-[10px] text-fuchsia-900 hover:bg-fuchsia-50" data-testid="why" aria-label={`Why? The chain of causes of: ${l.text}`} onClick={() => void askWhy(i)}>why?</button> : <span />}
    </li>
  );
});
