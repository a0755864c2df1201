// The selected QP's shared receive queue (if it has one) and its destruction: post to the SRQ,
// arm its limit, and ibv_destroy_qp either at once or the way consumers are told to do it —
// after the flush has drained and every completion has been polled (xprtrdma, SPDK PR #3859) [sources: destroy-after-flush].
import { useState } from 'react';
import { cmd } from '../../../bridge/labs.ts';
import { useTransport } from '../../../store/transport.ts';
import type { QpView } from '../../../worker/transport/types.ts';
import { run, type ActionResult } from '../act.ts';
import { qpnHex } from '../format.ts';

let nextWrId = 8000;
const btn = 'rounded-md border px-2 py-0.5 text-[11.5px] font-semibold disabled:opacity-40';

export function SrqDestroyPanel({ qp }: { qp: QpView }) {
  const srq = useTransport((s) => (qp.srq === undefined ? undefined : s.frame?.world.srqs[qp.srq]));
  const profile = useTransport((s) => s.frame?.profile ?? 'ibta');
  const [result, setResult] = useState<ActionResult | null>(null);
  const [limit, setLimit] = useState(2);
  const act = async (c: Parameters<typeof run>[0], what: string) => setResult(await run(c, what));
  const purge = profile === 'rxe' ? 'rxe leaves its unpolled completions in the CQ, naming a QPN that no longer exists' : 'this profile removes its unpolled completions from the CQ';

  return (
    <section aria-labelledby="pf-life" className="min-w-0 rounded-md border border-slate-200 p-2" data-testid="srq-destroy-panel">
      <h3 id="pf-life" className="mb-1 text-[12px] font-semibold text-slate-800">{srq ? `SRQ ${qp.srq} and ` : ''}ibv_destroy_qp</h3>
      {result && <p role="status" className={`mb-1 rounded px-1 text-[11px] ${result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{result.text}</p>}
      {srq && (
        <div className="mb-1.5 text-[11.5px]" data-testid="srq-info">
          <p>{srq.waiting} of {srq.depth} receives waiting, shared by QP {srq.qpns.map(qpnHex).join(', ')}; limit {srq.limit > 0 ? `armed at ${srq.limit}` : 'not armed'}.</p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <button type="button" data-testid="srq-post" className={`${btn} border-teal-700 bg-teal-700 text-white hover:bg-teal-800`}
              onClick={() => { const id = nextWrId++; if (qp.srq !== undefined) void act(cmd.postSrqRecv(qp.host, qp.srq, id, 4096), `ibv_post_srq_recv wr_id ${id}`); }}>Post SRQ receive</button>
            <label htmlFor="srq-limit">srq_limit</label>
            <input id="srq-limit" type="number" min={0} max={srq.depth} value={limit} onChange={(e) => setLimit(Math.max(0, Math.trunc(Number(e.target.value) || 0)))} className="w-12 rounded border border-slate-300 px-1 font-mono text-[11.5px]" />
            <button type="button" data-testid="srq-arm" className={`${btn} border-slate-600 bg-white text-slate-800 hover:bg-slate-100`}
              onClick={() => { if (qp.srq !== undefined) void act(cmd.armSrqLimit(qp.host, qp.srq, limit), `ibv_modify_srq(IBV_SRQ_LIMIT = ${limit})`); }}>Arm</button>
          </div>
          <p className="mt-0.5 text-[10.5px] text-slate-500">One QP's error does not flush the SRQ: that QP gets IBV_EVENT_QP_LAST_WQE_REACHED instead; wait for it before RESET or destroy.</p>
        </div>
      )}
      <div className="grid grid-cols-2 gap-1.5">
        <button type="button" data-testid="destroy-drain" className={`${btn} border-slate-700 bg-white text-slate-800 hover:bg-slate-100`}
          title="ERR, let the flush drain, poll every completion (and wait for LAST_WQE_REACHED on an SRQ), then destroy"
          onClick={() => void act(cmd.destroyQp(qp.host, qp.qpn, true), `ibv_destroy_qp(${qpnHex(qp.qpn)}) after draining`)}>Destroy after the flush drains</button>
        <button type="button" data-testid="destroy-now" className={`${btn} border-red-700 bg-white text-red-800 hover:bg-red-50`}
          title={`Destroy at once: RESET first, then the QPN is freed; ${purge}`}
          onClick={() => void act(cmd.destroyQp(qp.host, qp.qpn, false), `ibv_destroy_qp(${qpnHex(qp.qpn)}) at once`)}>Destroy now</button>
      </div>
      <p className="mt-0.5 text-[10.5px] text-slate-500">Destroyed at once with completions unpolled: {purge}.</p>
    </section>
  );
}
