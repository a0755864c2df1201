// A host beside the wire: its QPs as chips (click to inspect) while they are few; past that a
// compact grid of every QP with the selected one's chip above it. The completion queue's fill
// sits at the bottom, outside the scrolling part, so it never covers a chip.
import { useMemo } from 'react';
import { useTransport } from '../../../store/transport.ts';
import type { HostView, QpGridView, QpView } from '../../../worker/transport/types.ts';
import { hostLetter, qpnHex, stateColor } from '../format.ts';
import { GRID_FLAG } from './gridCells.ts';
import { QpGrid } from './QpGrid.tsx';

/** Up to this many QPs a host lists chips; more and it draws the grid. */
export const CHIP_MAX = 8;
const TYPES = ['RC', 'UC', 'UD'] as const;

interface Props { host: number; view: HostView; grid: QpGridView; qps: readonly QpView[]; selected: { host: number; qpn: number } | null; side: 'left' | 'right' }

export function HostPanel({ host, view, grid, qps, selected, side }: Props) {
  const select = useTransport((s) => s.select);
  const whyQps = useTransport((s) => s.why?.qps);
  const slots = useMemo(() => { const out: number[] = []; for (let s = 0; s < grid.n; s++) if (grid.host[s] === host) out.push(s); return out; }, [grid, host]);
  const detail = (s: number) => qps.find((q) => q.host === host && q.qpn === grid.qpn[s]);
  const cq = view.cqs[0];
  const many = slots.length > CHIP_MAX;
  // In the grid, the chip shown is the selected QP, or on the other host its peer.
  const focus = many ? focusSlot(grid, slots, host, selected) : undefined;
  const chip = (s: number, compact: boolean) => (
    <QpChip key={s} compact={compact} grid={grid} s={s} q={detail(s)} on={!!selected && selected.host === host && selected.qpn === grid.qpn[s]}
      why={whyQps?.includes(`${host}/${grid.qpn[s]}`) ?? false} onSelect={() => select({ host, qpn: grid.qpn[s] })} />
  );
  const cqText = cq ? `CQ 0: ${cq.entries.length}/${cq.depth} unpolled` : '';
  return (
    <div className={`flex min-h-0 flex-col gap-1 overflow-hidden rounded-md border border-slate-300 bg-slate-50 p-1.5 ${side === 'left' ? 'mr-1' : 'ml-1'}`} aria-label={`${view.name}, GID ::ffff:10.0.0.${view.lid}`} role="group">
      <div className="flex shrink-0 items-baseline justify-between gap-1">
        <h3 className="text-[13px] font-bold text-slate-900" title={`GID ::ffff:10.0.0.${view.lid}`}>{view.name}</h3>
        {many && cq ? (
          // With the grid, the CQ's fill moves up here: the grid keeps every pixel below.
          <span className="truncate font-mono text-[10.5px] text-slate-600" data-testid={`cq-fill-${host}`} title={`${cqText} (completion queue 0 of this host: unpolled entries / depth)`}>CQ {cq.entries.length}/{cq.depth}</span>
        ) : (
          <span className="font-mono text-[10.5px] text-slate-600" title={`RoCE: the peer is addressed by its GID ::ffff:10.0.0.${view.lid} (a GRH in the address vector)`}>GID …{view.lid}</span>
        )}
      </div>
      {many ? (
        <div className="flex min-h-0 flex-1 flex-col gap-1">
          {focus !== undefined ? <ul className="shrink-0" aria-label={`Selected QP on ${view.name}`}>{chip(focus, true)}</ul>
            : <p className="shrink-0 text-[10.5px] leading-tight text-slate-600">Click a cell (or use the arrow keys) to inspect a QP.</p>}
          <QpGrid host={host} hostName={view.name} grid={grid} slots={slots} selected={selected} why={whyQps} onSelect={select} />
        </div>
      ) : (
        <ul className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto" aria-label={`QPs on ${view.name}`}>
          {slots.map((s) => chip(s, false))}
        </ul>
      )}
      {cq && !many && (
        <p className="shrink-0 border-t border-slate-200 pt-0.5 font-mono text-[10.5px] text-slate-600" data-testid={`cq-fill-${host}`} title="Completion queue 0 of this host: unpolled entries / depth">
          {/* The count stays whole; "unpolled" takes the next line where the panel is narrow. */}
          <span className="whitespace-nowrap">CQ 0: {cq.entries.length}/{cq.depth}</span> unpolled
        </p>
      )}
    </div>
  );
}

/** The slot on this host that is the selected QP, or its peer. */
function focusSlot(g: QpGridView, slots: readonly number[], host: number, sel: { host: number; qpn: number } | null): number | undefined {
  if (!sel) return undefined;
  let at = -1;
  for (let i = 0; i < g.n; i++) if (g.host[i] === sel.host && g.qpn[i] === sel.qpn) { at = i; break; }
  if (at < 0) return undefined;
  const want = sel.host === host ? sel.qpn : g.peerHost[at] === host ? g.peerQpn[at] : -1;
  return want < 0 ? undefined : slots.find((s) => g.qpn[s] === want);
}

interface ChipProps { grid: QpGridView; s: number; q: QpView | undefined; on: boolean; why: boolean; compact: boolean; onSelect(): void }

function QpChip({ grid: g, s, q, on, why, compact, onSelect }: ChipProps) {
  const host = g.host[s];
  const qpn = g.qpn[s];
  const state = g.states[g.lc[s]] ?? 'RESET';
  const verbs = state.split(' ')[0];
  const sub = /\((.*)\)/.exec(state)?.[1];
  const type = TYPES[g.type[s]] ?? 'RC';
  const peer = g.peerHost[s] >= 0 ? { host: g.peerHost[s], qpn: g.peerQpn[s] } : undefined;
  const c = stateColor(state);
  const f = g.flags[s];
  const note = f & GRID_FLAG.flushing ? '⤓ flushing' : q?.fault ? `⚠ ${q.fault}` : f & GRID_FLAG.fault ? '⚠ a fault is armed' : q?.stalled ? `‖ ${q.stalled}` : f & GRID_FLAG.stalled ? '‖ stalled' : null;
  return (
    <li>
      <button
        type="button" data-testid={`qp-${host}-${qpnHex(qpn)}`} aria-pressed={on} data-state={state}
        aria-label={`QP ${qpnHex(qpn)}, ${type}, state ${state}${peer ? `, connected to ${hostLetter(peer.host)} ${qpnHex(peer.qpn)}` : ''}${on ? ', selected' : ''}`}
        onClick={onSelect} data-why={why || undefined}
        className={`w-full rounded-md border-2 bg-white px-1.5 ${compact ? 'py-0.5' : 'py-1'} text-left transition-colors hover:bg-slate-100 ${on ? 'border-slate-900 shadow' : 'border-slate-200'} ${why ? 'outline outline-2 outline-offset-1 outline-fuchsia-600' : ''}`}
      >
        <span className="flex flex-wrap items-center justify-between gap-x-1">
          <span className="whitespace-nowrap font-mono text-[12.5px] font-bold text-slate-900">QP {qpnHex(qpn)}</span>
          <span className={`whitespace-nowrap rounded border px-1 font-mono text-[10.5px] font-bold ${c.badge}`}>
            {verbs}{sub && <span className="text-[9px] font-semibold"> {sub}</span>}
          </span>
        </span>
        {compact ? (
          <span className="flex flex-wrap gap-x-1.5 font-mono text-[10.5px] leading-tight text-slate-600">
            {peer && <span>↔ {hostLetter(peer.host)}·{qpnHex(peer.qpn)}</span>}<span>SQ {g.sq[s]}/{g.sqDepth[s]}</span>
          </span>
        ) : (
          <>
            <span className="mt-0.5 block text-[10.5px] leading-tight text-slate-600">{type}{peer ? <> ↔ <span className="font-mono">{hostLetter(peer.host)}·{qpnHex(peer.qpn)}</span></> : ' · not connected'}</span>
            <span className="block font-mono text-[10.5px] leading-tight text-slate-600">SQ {g.sq[s]}/{g.sqDepth[s]} · RQ {g.rq[s]}/{g.rqDepth[s]}</span>
          </>
        )}
        {note && <span className="mt-0.5 block truncate text-[10.5px] font-medium text-red-800" title={note}>{note}</span>}
      </button>
    </li>
  );
}
