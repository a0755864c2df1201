// The selected QP's live state diagram: all seven verbs states, the current one lit, the
// transitions the kernel table allows from it (for this transport) highlighted, and the moves
// the NIC makes by itself drawn dashed and labelled "hardware". Clicking a state prepares
// the modify_qp panel for that target.
import { memo, type KeyboardEvent } from 'react';
import { transportStore, useTransport, qpKey } from '../../../store/transport.ts';
import type { QpView } from '../../../worker/transport/types.ts';
import { STATE_COLOR, STATE_NAMES, baseState } from '../format.ts';
import { startDraft } from '../modify/model.ts';
import { AnswerFirst } from '../../kit/mask.tsx';
import { useTransportMask } from '../mask.ts';
import { hwEdges, NODE_H, NODE_POS, NODE_W, STATE_SOURCES, STATE_TEXT, VIEW_H, VIEW_W, edgePath, legalTargets } from './diagram.ts';

const SKELETON: [string, string][] = [['RESET', 'INIT'], ['INIT', 'RTR'], ['RTR', 'RTS'], ['RTS', 'SQD'], ['SQD', 'RTS'], ['SQE', 'RTS'], ['ERR', 'RESET']];

export function prepareModify(qp: QpView, target: string): void {
  const ui = transportStore.getState();
  // The diagram is memoised: take the QP's current context from the latest frame.
  const fresh = transportStore.getState().frame?.world.qps.find((q) => q.host === qp.host && q.qpn === qp.qpn) ?? qp;
  ui.setDraft(qpKey(qp.host, qp.qpn), startDraft(fresh, target));
  ui.setModifyReply(null);
  ui.setTab('modify');
}

/** The diagram depends only on the QP's identity, transport and state: skip the other frames. */
export const StateDiagram = memo(function StateDiagram({ qp }: { qp: QpView }) {
  return <Diagram qp={qp} />;
}, (a, b) => a.qp.host === b.qp.host && a.qp.qpn === b.qp.qpn && a.qp.type === b.qp.type && a.qp.state === b.qp.state);

function Diagram({ qp }: { qp: QpView }) {
  const ref = useTransport((s) => s.reference);
  // On an open question the kernel table's arrows, the hardware's moves and what each state does
  // would answer it: only the current state stays.
  const masked = useTransportMask('state-arrows');
  // The hardware's moves follow the profile: a UD send error is SQE under the IBTA, ERR under rxe.
  const profile = useTransport((s) => s.frame?.profile ?? 'ibta');
  if (!ref) return null;
  const cur = qp.verbsState;
  const draining = qp.state === 'SQD (draining)';
  const legal = masked ? [] : legalTargets(ref, qp.type, cur);
  const reachable = draining ? legal.filter((s) => s === 'ERR') : legal;
  const hw = masked ? [] : hwEdges(ref, qp.type, profile).filter((e) => e.from === cur);

  // Two edges between the same pair of states bend to opposite sides.
  const skelBend = (a: string, b: string) => (SKELETON.some(([x, y]) => x === b && y === a) ? 16 : 0);
  const legalBend = (to: string) => (hw.some((e) => e.to === to) || SKELETON.some(([x, y]) => x === to && y === cur) ? 16 : 0);
  const hwBend = (to: string) => (reachable.includes(to) ? -16 : 0);

  const onKey = (e: KeyboardEvent<SVGGElement>, s: string) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); prepareModify(qp, s); }
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col overflow-y-auto px-3 pb-2 pt-1">
      <svg viewBox={`0 0 ${VIEW_W} ${VIEW_H}`} className="w-full max-h-[340px] shrink-0" role="group" aria-label={`State diagram for ${qp.type} QP, current state ${qp.state}`}>
        <defs>
          {(['legal', 'hw', 'skel'] as const).map((k) => (
            <marker key={k} id={`arrow-${k}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill={k === 'legal' ? 'var(--color-slate-900)' : k === 'hw' ? 'var(--color-red-700)' : 'var(--color-slate-300)'} />
            </marker>
          ))}
        </defs>
        {/* Orientation: the usual path, faint. */}
        {SKELETON.map(([a, b]) => {
          const { d } = edgePath(a, b, skelBend(a, b));
          return <path key={`s-${a}-${b}`} d={d} fill="none" stroke="var(--color-slate-300)" strokeWidth={1.5} markerEnd="url(#arrow-skel)" />;
        })}
        {/* Software transitions legal from the current state. */}
        {reachable.map((to) => {
          const { d } = edgePath(cur, to, to === cur ? 0 : legalBend(to));
          return <path key={`l-${to}`} d={d} fill="none" stroke="var(--color-slate-900)" strokeWidth={2.2} markerEnd="url(#arrow-legal)" data-testid={`edge-legal-${to}`} />;
        })}
        {/* Hardware-initiated transitions, dashed and labelled. */}
        {hw.map((e) => {
          if (e.selfNote) return null;
          const { d, mid, normal } = edgePath(e.from, e.to, hwBend(e.to));
          // Push the label off the curve, away from a legal edge to the same state.
          const off = reachable.includes(e.to) ? 9 : 0;
          const lx = mid[0] + normal[0] * off;
          const ly = mid[1] + normal[1] * off;
          return (
            <g key={`h-${e.to}`} data-testid={`edge-hw-${e.to}`}>
              <path d={d} fill="none" stroke="var(--color-red-700)" strokeWidth={1.8} strokeDasharray="6 4" markerEnd="url(#arrow-hw)" />
              <text x={lx} y={ly + (normal[1] >= 0 ? 9 : -3)} textAnchor="middle" fontSize={10} fill="var(--color-red-800)" fontWeight={600} paintOrder="stroke" stroke="var(--color-white)" strokeWidth={3}>
                HW: {e.label}
              </text>
            </g>
          );
        })}
        {STATE_NAMES.map((s) => {
          const p = NODE_POS[s];
          const c = STATE_COLOR[s];
          const isCur = s === cur;
          const isLegal = reachable.includes(s);
          const name = `${s}${isCur ? ' (current state)' : ''}${masked ? '' : isLegal ? ', legal target' : ', not a legal target from ' + cur}`;
          const sub = s === 'SQD' ? (isCur ? (draining ? 'draining' : 'drained') : 'draining→drained') : isCur ? 'current' : isLegal ? (s === cur ? '' : 'legal') : '';
          return (
            <g
              key={s} role="button" tabIndex={0} aria-label={`${name}. Prepare ibv_modify_qp to ${s}`}
              data-testid={`state-node-${s}`} data-current={isCur || undefined} data-legal={isLegal || undefined}
              onClick={() => prepareModify(qp, s)} onKeyDown={(e) => onKey(e, s)}
              className="cursor-pointer outline-none [&:focus-visible>rect.ring]:stroke-blue-600"
            >
              {!masked && <title>{STATE_TEXT[s]}</title>}
              <rect className="ring" x={p.x - NODE_W / 2 - 4} y={p.y - NODE_H / 2 - 4} width={NODE_W + 8} height={NODE_H + 8} rx={11} fill="none" stroke="transparent" strokeWidth={3} />
              <rect
                x={p.x - NODE_W / 2} y={p.y - NODE_H / 2} width={NODE_W} height={NODE_H} rx={8}
                fill={isCur ? c.fill : isLegal ? c.soft : 'var(--color-white)'}
                stroke={isCur ? 'var(--color-slate-900)' : isLegal ? c.fill : 'var(--color-slate-300)'} strokeWidth={isCur ? 2.5 : isLegal ? 2 : 1.2}
                strokeDasharray={!isCur && !isLegal ? '4 3' : undefined}
              />
              <text x={p.x} y={p.y + (sub ? -1 : 4)} textAnchor="middle" fontSize={14} fontWeight={700} fontFamily="var(--font-mono)" fill={isCur ? c.ink : isLegal ? c.text : 'var(--color-slate-500)'}>
                {s}
              </text>
              {sub && (
                <text x={p.x} y={p.y + 13} textAnchor="middle" fontSize={9.5} fill={isCur ? c.ink : isLegal ? c.text : 'var(--color-slate-500)'} fontWeight={isCur ? 600 : 400}>
                  {sub}
                </text>
              )}
            </g>
          );
        })}
        {hw.some((e) => e.selfNote) && (
          <text x={NODE_POS.SQD.x} y={NODE_POS.SQD.y + NODE_H / 2 + 16} textAnchor="middle" fontSize={10} fill="var(--color-red-800)" fontWeight={600}>
            HW: draining → drained
          </text>
        )}
      </svg>
      {masked ? (
        <div className="mt-1 flex flex-col gap-1 text-[12.5px] text-slate-800" data-testid="state-masked">
          <p><span className={`mr-1 rounded border px-1 font-mono text-[11px] font-bold ${STATE_COLOR[baseState(cur)].badge}`}>{qp.state}</span></p>
          <AnswerFirst block what="what this state allows, its legal targets and the hardware's moves" />
        </div>
      ) : (
      <div className="mt-1 grid grid-cols-1 gap-2 text-[12.5px] text-slate-800">
        <p><span className={`mr-1 rounded border px-1 font-mono text-[11px] font-bold ${STATE_COLOR[baseState(cur)].badge}`}>{qp.state}</span>{STATE_TEXT[cur]}</p>
        {STATE_SOURCES[cur] && <p className="text-[11px] text-slate-500" data-testid="state-sources">Sources: {STATE_SOURCES[cur]} — see docs/sources.md</p>}
        {draining && (
          <p className="rounded bg-amber-50 px-2 py-1 text-amber-900">The send queue is still draining: until IBV_EVENT_SQ_DRAINED, the device accepts only a move to ERR (rxe <code className="font-mono">__qp_chk_state</code>), although the kernel table lists more.</p>
        )}
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">ibv_modify_qp from {cur} ({qp.type}): legal targets — click to prepare</h3>
          <table className="mt-1 w-full border-collapse text-[12px]">
            <thead className="sr-only"><tr><th>Target</th><th>Required attributes besides IBV_QP_STATE</th><th>Optional</th></tr></thead>
            <tbody>
              {reachable.map((s) => {
                const cell = ref.cells[qp.type][ref.states.indexOf(cur)][ref.states.indexOf(s)];
                return (
                  <tr key={s} className="border-t border-slate-100 align-top">
                    <td className="w-[9.5rem] py-0.5 pr-2">
                      <button type="button" onClick={() => prepareModify(qp, s)} data-testid={`goto-${s}`}
                        className={`w-full rounded-md border px-2 py-0.5 text-left font-mono text-xs font-semibold hover:brightness-95 ${STATE_COLOR[s].badge}`}>
                        → {s}{s === cur ? ' (attrs)' : ''}
                      </button>
                    </td>
                    <td className="py-0.5 font-mono text-[11px] text-slate-800">
                      {cell.req.length ? <><span className="font-sans font-semibold text-blue-800">requires </span>{cell.req.map((r) => r.replace('IBV_QP_', '')).join(', ')}</> : <span className="font-sans text-slate-500">nothing else required</span>}
                      {cell.opt.length > 0 && <span className="font-sans text-slate-500"> · {cell.opt.length} optional</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">What the hardware may do on its own</h3>
          {hw.length ? (
            <ul className="mt-0.5 list-none space-y-0.5">
              {hw.map((e) => (
                <li key={e.to + e.label} className="flex items-center gap-1.5">
                  <svg width="26" height="8" aria-hidden="true"><line x1="0" y1="4" x2="26" y2="4" stroke="var(--color-red-700)" strokeWidth="2" strokeDasharray="5 3" /></svg>
                  <span>{e.selfNote ? `SQD ${e.label} when the last started send completes` : `→ ${e.to} on ${e.label}`}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600">Nothing: in {cur} only software moves this QP.</p>
          )}
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-[11px] text-slate-600">
          <span className="flex items-center gap-1"><svg width="22" height="8" aria-hidden="true"><line x1="0" y1="4" x2="22" y2="4" stroke="var(--color-slate-900)" strokeWidth="2.2" /></svg>legal ibv_modify_qp</span>
          <span className="flex items-center gap-1"><svg width="22" height="8" aria-hidden="true"><line x1="0" y1="4" x2="22" y2="4" stroke="var(--color-red-700)" strokeWidth="2" strokeDasharray="5 3" /></svg>hardware-initiated</span>
          <span className="flex items-center gap-1"><svg width="22" height="12" aria-hidden="true"><rect x="1" y="1" width="20" height="10" rx="3" fill="var(--color-white)" stroke="var(--color-slate-300)" strokeDasharray="3 2" /></svg>not reachable from {cur}</span>
        </p>
      </div>
      )}
    </div>
  );
}
