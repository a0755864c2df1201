// The selected QP's work queues and completion queue(s) as rings: SQ WQEs by phase, RQ
// receive WQEs, and CQEs by status (✓ success, ⤓ flushed, ✕ error), with producer/consumer
// indices. The application's poller can be paused so CQEs pile up, and polled by hand.
import { useState, type ReactNode } from 'react';
import { selectedQp, useTransport } from '../../../store/transport.ts';
import type { CqeView, QpView } from '../../../worker/transport/types.ts';
import { RQ_STYLE, STATUS_STYLE, WQE_PHASE_STYLE, hostLetter, indexText, qpnHex, shortStatus, statusClass } from '../format.ts';
import { run } from '../act.ts';
import { cmd } from '../../../bridge/labs.ts';
import { useSize } from '../../kit/useSize.ts';
import { WorkerSwitch } from '../../kit/controls.tsx';
import { SlotStrip, type SlotItem } from './SlotStrip.tsx';
import { psnRange } from '../../kit/psn.ts';

export function sqItems(qp: QpView): SlotItem[] {
  const depth = qp.ctx.sq_depth || 1;
  return qp.sq.map((w, i) => {
    const s = WQE_PHASE_STYLE[w.phase];
    return {
      slot: (qp.ctx.sq_ci + i) % depth, fill: s.fill, text: s.text, glyph: s.glyph, testId: `wqe-${w.phase}`,
      title: `SQ WQE wr_id ${w.wrId}: ${w.opcode.replace('IBV_WR_', '')} ${w.length} B${w.signaled ? '' : ' (unsignaled)'} — ${s.label}${w.psn0 >= 0 ? `, PSN ${psnRange(w.psn0, w.npsn)}` : ''}${w.err ? `, will complete with ${w.err}` : ''}`,
    };
  });
}

export function rqItems(qp: QpView): SlotItem[] {
  const depth = qp.ctx.rq_depth || 1;
  return qp.rq.map((r, i) => ({
    slot: (qp.ctx.rq_ci + i) % depth, fill: RQ_STYLE.fill, text: RQ_STYLE.text, glyph: RQ_STYLE.glyph, testId: 'rwqe',
    title: `RQ WQE wr_id ${r.wrId}: receive buffer ${r.length} B`,
  }));
}

/** CQEs sit in ring slots from the consumer index on (`ci`: CQEs polled so far). */
export function cqItems(entries: CqeView[], qp: QpView, ci = 0, depth = entries.length || 1): SlotItem[] {
  return entries.map((e, i) => {
    const k = statusClass(e.status);
    const s = STATUS_STYLE[k];
    const mine = e.qpn === qp.qpn;
    return {
      slot: (ci + i) % depth, fill: s.fill, text: s.text, glyph: s.glyph, testId: `cqe-${e.status}`, dim: !mine,
      title: `CQE ${i + 1}: wr_id ${e.wrId}, ${e.status}, QP ${qpnHex(e.qpn)} ${e.queue === 'sq' ? 'send' : 'receive'}${e.byteLen !== undefined && k === 'success' ? `, ${e.byteLen} B` : ''}${mine ? '' : ' (another QP on this CQ)'}`,
    };
  });
}

function statusCounts(entries: CqeView[]): [string, number][] {
  const m = new Map<string, number>();
  for (const e of entries) m.set(e.status, (m.get(e.status) ?? 0) + 1);
  return [...m];
}

export function Rings() {
  const qp = useTransport(selectedQp);
  const hosts = useTransport((s) => s.frame?.world.hosts);
  const [ref, size] = useSize<HTMLDivElement>({ width: 560, height: 150 });
  const [last, setLast] = useState<string | null>(null);
  if (!qp || !hosts) {
    return <section className="rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-600">Select a QP to see its queues.</section>;
  }
  const host = hosts[qp.host];
  const sendCq = qp.ctx.send_cq;
  const recvCq = qp.ctx.recv_cq;
  const shared = sendCq === recvCq;
  const cqIds = shared ? [sendCq] : [sendCq, recvCq];
  // Narrow (a phone): each ring's title sits above its strip, which gets the whole width.
  const narrow = size.width < 460;
  const stripW = narrow ? Math.max(120, size.width - 24 - 86) : Math.max(160, size.width - 24 - 124 - 86);
  const polling = host.pollIntervalNs > 0;

  return (
    <section aria-labelledby="rings-title" className="[contain:content] flex min-h-0 min-w-0 flex-col rounded-lg border border-slate-300 bg-white">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 pt-1.5">
        <h2 id="rings-title" className="text-sm font-semibold text-slate-900">Queues of <span className="font-mono">{hostLetter(qp.host)}·QP {qpnHex(qp.qpn)}</span></h2>
        <div className="ml-auto flex min-w-0 items-center gap-1.5">
          <p role="status" className="min-w-0 truncate text-[11px] text-slate-600" title={last ?? undefined}>{last}</p>
          <WorkerSwitch testId="auto-poll" value={polling} className="flex items-center gap-1 text-[11px] text-slate-700"
            title="The simulated application polls every CQ of this host periodically"
            onChange={(on) => run(cmd.setPoll(qp.host, on ? 1000 : 0), on ? 'auto-poll on' : 'auto-poll paused').then((r) => setLast(r.text))}
            label={<>auto-poll{polling ? ` every ${host.pollIntervalNs / 1000} µs` : ' (paused)'}</>} />
          {cqIds.map((cq) => (
            <button key={cq} type="button" data-testid={cqIds.length > 1 ? `poll-cq-${cq}` : 'poll-cq'}
              onClick={() => void run(cmd.pollCq(qp.host, cq, 1), `ibv_poll_cq(CQ ${cq}, 1)`).then((r) => setLast(r.text))}
              className="rounded-md border border-slate-500 bg-white px-2 py-0.5 text-[11px] font-semibold text-slate-800 hover:bg-slate-100">
              Poll CQ {cq}
            </button>
          ))}
        </div>
      </div>
      {/* Focusable: when the rows overflow, keyboard users must be able to scroll them. */}
      <div ref={ref} tabIndex={0} role="group" aria-label={`Queues of QP ${qpnHex(qp.qpn)}`} className="relative min-h-0 flex-1 overflow-y-auto px-3 pb-1.5 pt-0.5">
        <RingRow narrow={narrow} title="SQ" sub={`${qp.sq.length}/${qp.ctx.sq_depth} · ${indexText('PI', qp.ctx.sq_pi, qp.ctx.sq_depth)} ${indexText('CI', qp.ctx.sq_ci, qp.ctx.sq_depth)}`}>
          <SlotStrip label={`Send queue of QP ${qpnHex(qp.qpn)}`} testId="ring-sq" depth={qp.ctx.sq_depth} items={sqItems(qp)} pi={qp.ctx.sq_pi % (qp.ctx.sq_depth || 1)} ci={qp.ctx.sq_ci % (qp.ctx.sq_depth || 1)} width={stripW} />
        </RingRow>
        <RingRow narrow={narrow} title="RQ" sub={`${qp.rq.length}/${qp.ctx.rq_depth} · ${indexText('PI', qp.ctx.rq_pi, qp.ctx.rq_depth)} ${indexText('CI', qp.ctx.rq_ci, qp.ctx.rq_depth)}`}>
          <SlotStrip label={`Receive queue of QP ${qpnHex(qp.qpn)}`} testId="ring-rq" depth={qp.ctx.rq_depth} items={rqItems(qp)} pi={qp.ctx.rq_pi % (qp.ctx.rq_depth || 1)} ci={qp.ctx.rq_ci % (qp.ctx.rq_depth || 1)} width={stripW} />
        </RingRow>
        {cqIds.map((cq) => {
          const c = host.cqs[cq];
          if (!c) return null;
          const counts = statusCounts(c.entries);
          const role = shared ? 'send + recv' : cq === sendCq ? 'send' : 'recv';
          return (
            <RingRow key={cq} narrow={narrow} title={`CQ ${cq}`} sub={`${role} · ${c.entries.length}/${c.depth} · ${indexText('PI', c.pi, c.depth)} ${indexText('CI', c.ci, c.depth)}`}>
              <SlotStrip label={`Completion queue ${cq} of ${host.name}`} testId={`ring-cq-${cq}`} depth={c.depth} items={cqItems(c.entries, qp, c.ci, c.depth)} ci={c.ci % c.depth} pi={c.pi % c.depth} width={stripW} />
              <p className="text-[10.5px] text-slate-600">
                {counts.length === 0 ? 'empty — the application has polled everything' : counts.map(([s, n]) => `${n} × ${STATUS_STYLE[statusClass(s)].glyph} ${shortStatus(s)}`).join(' · ')}
                {c.entries.some((e) => e.qpn !== qp.qpn) && <span className="text-slate-500"> · faded = other QPs sharing this CQ</span>}
                <span className="text-slate-500"> · the NIC writes at PI, the application polls at CI</span>
              </p>
            </RingRow>
          );
        })}
      </div>
      <ul className="flex flex-wrap items-center gap-x-2 border-t border-slate-100 px-3 py-0.5 text-[10.5px] text-slate-600" aria-label="Ring legend">
        <li className="font-semibold text-slate-700">SQ</li>
        {Object.entries(WQE_PHASE_STYLE).map(([k, s]) => <LegendItem key={k} fill={s.fill} color={s.text} glyph={s.glyph} text={k === 'sent' ? 'awaiting ACK' : k} />)}
        <li className="ml-1 font-semibold text-slate-700">RQ</li>
        <LegendItem fill={RQ_STYLE.fill} color={RQ_STYLE.text} glyph={RQ_STYLE.glyph} text={RQ_STYLE.label} />
        <li className="ml-1 font-semibold text-slate-700">CQ</li>
        {(['success', 'flush', 'error'] as const).map((k) => <LegendItem key={k} fill={STATUS_STYLE[k].fill} color={STATUS_STYLE[k].text} glyph={STATUS_STYLE[k].glyph} text={STATUS_STYLE[k].label} />)}
      </ul>
    </section>
  );
}

function RingRow({ title, sub, narrow, children }: { title: string; sub: string; narrow: boolean; children: ReactNode }) {
  return (
    <div className={`flex border-t border-slate-100 first:border-t-0 ${narrow ? 'flex-col' : 'items-start gap-2'}`}>
      <div className={narrow ? 'flex items-baseline gap-2 pt-1.5' : 'w-[116px] shrink-0 pt-1.5'}>
        <div className="font-mono text-[12px] font-bold text-slate-900">{title}</div>
        <div className="font-mono text-[10px] leading-tight text-slate-600">{sub}</div>
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

function LegendItem({ fill, color, glyph, text }: { fill: string; color: string; glyph: string; text: string }) {
  return (
    <li className="flex items-center gap-0.5">
      <span aria-hidden="true" className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-sm border border-slate-900/20 text-[9px] font-bold" style={{ background: fill, color }}>{glyph}</span>
      {text}
    </li>
  );
}
