// The cache microscope: the sets × ways grid (canvas), the chosen set's policy state in words,
// the slot under the cursor with Pin / Unpin, the counters and the last lookups as text.
import { useState } from 'react';
import { memory } from '../../bridge/labs.ts';
import { useMemory } from '../../store/memory.ts';
import type { AccessRec, CacheGrid, EvictionWhyReply, PolicySetView } from '../../worker/memory/types.ts';
import { CacheCanvas } from './CacheCanvas.tsx';
import { EvictionWhyPanel } from './EvictionWhy.tsx';
import { ACCESS_SHORT, ACCESS_TEXT, COLORS, POLICY_LABEL, POLICY_SHORT, hex, int, pct } from './format.ts';
import { noteReply, useSize } from './hooks.ts';
import { AnswerFirst, isMasked } from '../kit/mask.tsx';

export function CacheTab() {
  const grid = useMemory((s) => s.grid);
  const flash = useMemory((s) => s.flash);
  const stats = useMemory((s) => s.frame?.live.stats);
  // The hit rate here is the top card's figure (one source, one rounding), masked with it.
  const readout = useMemory((s) => s.frame?.live.readout);
  const hitMasked = useMemory((s) => isMasked(s.frame?.lesson?.question, 'hit-rate'));
  const cfg = useMemory((s) => s.frame?.config);
  const [box, size] = useSize<HTMLDivElement>({ width: 700, height: 480 });
  const [sel, setSel] = useState<{ set: number; way: number }>({ set: 0, way: 0 });
  const [why, setWhy] = useState<EvictionWhyReply | null>(null);
  if (!grid || !cfg) return <p className="p-4 text-sm text-slate-500">Waiting for the cache…</p>;
  const s = { set: Math.min(sel.set, grid.sets - 1), way: Math.min(sel.way, grid.ways - 1) };
  const select = (set: number, way: number) => { setSel({ set, way }); void memory().act('selectSet', set); };
  const slot = s.set * grid.ways + s.way;
  const qpn = grid.qpn[slot];
  const pinned = (grid.flags[slot] & 2) !== 0 || (qpn >= 0 && cfg.pinned.includes(qpn));
  const togglePin = (set: number, way: number) => {
    const q = grid.qpn[set * grid.ways + way];
    if (q < 0) return;
    void memory().act('setPinned', q, !cfg.pinned.includes(q)).then(noteReply);
  };
  // The slot the victim left (now the incoming QP's) is selected, so the grid and the policy state show that set.
  const askWhy = (n: number) => void memory().act('evictionWhy', n).then((r) => { if (r === undefined) return; setWhy(r); if (r) select(r.why.set, r.why.victim.way); });
  const label = `Cache of ${int(grid.entries)} contexts: ${grid.sets > 1 ? `${int(grid.sets)} sets × ${grid.ways} ways` : 'fully associative'}, ${POLICY_LABEL[grid.policy]}. ` +
    `${int(countResident(grid))} slots in use, ${int(countDirty(grid))} dirty. Use the arrow keys to move between sets and ways, Enter to pin or unpin the QP in the slot.`;
  return (
    <div className="flex flex-col gap-2 @4xl:grid @4xl:h-full @4xl:min-h-0 @4xl:grid-cols-[minmax(0,1fr)_286px]" data-testid="cache-tab">
      <section className="flex min-h-0 min-w-0 flex-col rounded-md border border-slate-300 bg-white p-2" aria-label="Cache grid">
        <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">
            {grid.sets > 1 ? `${int(grid.sets)} sets × ${grid.ways} ways` : `Fully associative: ${int(grid.entries)} ways`} · {POLICY_SHORT[grid.policy]}
          </h2>
          <Legend policy={grid.policy} />
        </div>
        <div ref={box} className="h-[22rem] min-h-0 @4xl:h-auto @4xl:flex-1">
          <CacheCanvas grid={grid} flash={flash} width={size.width} height={size.height} hostBand selected={s}
            onSelect={select} onActivate={togglePin} label={label} testId="cache-grid" />
        </div>
      </section>
      <aside className="flex min-h-0 flex-col gap-2 overflow-y-auto" aria-label="Set and slot details" tabIndex={0}>
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="slot-detail">
          <h3 className="font-semibold text-slate-900">Set {s.set}, way {s.way}</h3>
          {qpn >= 0 ? (
            <p className="mt-0.5 text-slate-700">
              QP <b className="font-mono">{hex(qpn)}</b> ({int(qpn)}){(grid.flags[slot] & 1) ? ', dirty: its hardware-updated fields must be written back on eviction' : ', clean'}
              {pinned ? ', pinned: never chosen as a victim' : ''}.
            </p>
          ) : <p className="mt-0.5 text-slate-500">Empty way.</p>}
          <button type="button" disabled={qpn < 0} onClick={() => togglePin(s.set, s.way)} data-testid="pin-button"
            className="mt-1 rounded-md border border-slate-400 px-2 py-0.5 text-[12px] font-medium hover:bg-slate-100 disabled:opacity-40">
            {cfg.pinned.includes(qpn) ? 'Unpin this QP' : 'Pin this QP'}
          </button>
          <span className="ml-2 text-[11px] text-slate-500">{cfg.pinned.length} pinned</span>
        </section>
        <PolicyState view={grid.selected} />
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" aria-label="Counters">
          <h3 className="font-semibold text-slate-900">Since this configuration started</h3>
          {stats && (
            <dl className="mt-1 grid grid-cols-2 gap-x-2 gap-y-0.5 font-mono tabular-nums">
              <dt className="font-sans text-slate-600">hits</dt><dd className="text-right">{int(stats.hits)}</dd>
              <dt className="font-sans text-slate-600">misses</dt><dd className="text-right">{int(stats.misses)}</dd>
              <dt className="font-sans text-slate-600">evictions</dt><dd className="text-right">{int(stats.evictions)}</dd>
              <dt className="font-sans text-slate-600">write-backs</dt><dd className="text-right">{int(stats.writebacks)}</dd>
              <dt className="font-sans text-slate-600">bypasses</dt><dd className="text-right" title="misses served without installing: every way pinned or in flight">{int(stats.bypasses)}</dd>
              <dt className="font-sans text-slate-600">in-flight evicted</dt><dd className="text-right" title="victims that still had work in flight (write-back mode): always written back">{int(stats.inFlightEvictions)}</dd>
              <dt className="font-sans text-slate-600">refetches</dt><dd className="text-right" title="misses on a QP evicted while in flight: the price of not pinning">{int(stats.refetches)}</dd>
              <dt className="font-sans text-slate-600" title="the top card's figure: the last ~6 windows (the counts above include the warm-up)">hit rate</dt>
              <dd className="text-right" data-testid="stats-hit-rate">{hitMasked ? <AnswerFirst /> : readout?.valid ? pct(readout.hitRate) : '–'}</dd>
            </dl>
          )}
        </section>
        <RecentList recs={flash.recs} onWhy={askWhy} />
        {why && <EvictionWhyPanel reply={why} onClose={() => setWhy(null)} />}
      </aside>
    </div>
  );
}

function countResident(g: CacheGrid): number { let n = 0; for (const q of g.qpn) if (q >= 0) n++; return n; }
function countDirty(g: CacheGrid): number { let n = 0; for (const f of g.flags) if (f & 1) n++; return n; }

function Legend({ policy }: { policy: string }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-[11px] text-slate-700" aria-label="Legend">
      <li className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: COLORS.hit }} />hit</li>
      <li className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-2.5 w-2.5" style={{ background: COLORS.miss }} />miss (free way)</li>
      <li className="flex items-center gap-1"><span aria-hidden="true" className="font-bold" style={{ color: COLORS.evict }}>✕</span>miss, evicts</li>
      <li className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-3 w-3.5 border-[3px] border-double" style={{ borderColor: COLORS.writeback }} />write-back</li>
      <li className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-0 w-0 border-l-[8px] border-t-[8px] border-l-transparent" style={{ borderTopColor: COLORS.writeback }} />dirty</li>
      <li className="flex items-center gap-1"><span aria-hidden="true" className="inline-block bg-slate-900 px-0.5 text-[8px] font-bold leading-none text-white">P</span>pinned</li>
      <li className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-2.5 w-6 rounded-sm" style={{ background: `linear-gradient(90deg,${COLORS.cold},${COLORS.next})` }} />{policy === 'random' ? 'no victim order' : 'safe → next victim'}</li>
      {policy === 'clock' && <li>● ref bit 1 · ○ 0 · ▶ hand</li>}
      {policy === 'lfu' && <li>×n uses since fill (the fill is one)</li>}
      {policy === '2q' && <li>dashed: A1in (seen once) · solid: Am</li>}
    </ul>
  );
}

function Qpns({ xs, hidden }: { xs: number[]; hidden: number }) {
  const half = hidden > 0 ? xs.length / 2 : xs.length;
  return (
    <span className="font-mono">
      {xs.slice(0, half).map(hex).join(' ')}{hidden > 0 && <span className="text-slate-500"> … {int(hidden)} more … </span>}{hidden > 0 && xs.slice(half).map(hex).join(' ')}
      {xs.length === 0 && <span className="text-slate-500">(empty)</span>}
    </span>
  );
}

export function PolicyState({ view }: { view: PolicySetView }) {
  let body;
  switch (view.kind) {
    case 'lru': body = <><p className="text-slate-600">Least recently used first (the next victim), most recent last:</p><Qpns xs={view.order} hidden={view.hidden} /></>; break;
    case 'fifo': body = <><p className="text-slate-600">Oldest fill first (the next victim); hits do not reorder:</p><Qpns xs={view.order} hidden={view.hidden} /></>; break;
    case 'lfu': body = <><p className="text-slate-600">Fewest uses since fill first (the fill counts one; ties: least recent):</p><span className="font-mono">{view.order.map((e) => `${hex(e.qpn)}×${e.count}`).join(' ')}{view.hidden > 0 ? ` … +${int(view.hidden)}` : ''}</span></>; break;
    case 'clock': body = <><p className="text-slate-600">Hand at way {view.hand}. A set bit buys a second chance; the hand clears it and moves on.</p>
      <span className="font-mono">{view.qpns.map((q, i) => `${i === view.hand ? '▶' : ''}${q < 0 ? '—' : hex(q)}:${view.refBits[i] ?? 0}`).join(' ')}</span></>; break;
    case '2q': body = <>
      <p className="text-slate-600">A1in (seen once, FIFO, target {view.kin}):</p><Qpns xs={view.a1in} hidden={0} />
      <p className="mt-1 text-slate-600">Am (re-referenced, LRU first):</p><Qpns xs={view.am} hidden={0} />
      <p className="mt-1 text-slate-600">A1out (ghosts: evicted from A1in, no data, up to {view.kout}):</p><Qpns xs={view.a1out} hidden={0} /></>; break;
    case 'random': body = <p className="text-slate-600">{view.note || 'Random replacement keeps no state: any evictable way may go next (seeded, so replays are identical).'}</p>; break;
  }
  return (
    <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px] leading-snug" data-testid="policy-state" aria-label={`Policy state of set ${view.set}`}>
      <h3 className="font-semibold text-slate-900">Policy state of set {view.set}</h3>
      {body}
    </section>
  );
}

function RecentList({ recs, onWhy }: { recs: AccessRec[]; onWhy(n: number): void }) {
  const last = recs.slice(-8).reverse();
  return (
    <section className="shrink-0 rounded-md border border-slate-300 bg-white p-2 text-[12px]" aria-label="Latest lookups">
      <h3 className="font-semibold text-slate-900">Latest lookups</h3>
      <ol className="mt-0.5 space-y-0.5 font-mono text-[11px]">
        {last.map((r) => (
          <li key={r.n} className="flex gap-1.5">
            <span className="w-14 shrink-0 text-right text-slate-500">#{int(r.n)}</span>
            <span className="w-4 shrink-0 text-center font-bold" style={{ color: r.code === 0 ? COLORS.hit : r.code === 1 ? COLORS.miss : r.code === 2 ? COLORS.evict : COLORS.writeback }} aria-hidden="true">{['●', '■', '✕', '✕'][r.code]}</span>
            <span className="min-w-0 flex-1 truncate" title={ACCESS_TEXT[r.code]}>{hex(r.qpn)} set {r.set}: {r.bypass ? 'bypass (all pinned)' : ACCESS_SHORT[r.code]}{r.victim >= 0 ? `, out ${hex(r.victim)}` : ''}</span>
            {r.victim >= 0 && (
              <button type="button" onClick={() => onWhy(r.n)} data-testid={`why-evict-${r.n}`} aria-label={`Why was ${hex(r.victim)} evicted at packet ${int(r.n)}?`}
                className="shrink-0 rounded border border-fuchsia-500 px-1 font-sans text-[10px] text-fuchsia-900 hover:bg-fuchsia-50">why?</button>
            )}
          </li>
        ))}
        {last.length === 0 && <li className="font-sans text-slate-500">Press Play or “1 packet”.</li>}
      </ol>
    </section>
  );
}
