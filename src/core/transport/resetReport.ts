// What a QP held when it was moved to RESET, reported before it is cleared (topic 10;
// rxe_qp.c rxe_qp_reset, rxe_resp.c execute) [sources: rxe-reset].
import { LC, LC_NAMES } from '../qp/lifecycle.ts';
import { emit, type World } from '../world/world.ts';
import { isReadOrAtomic } from '../model/wc.ts';
import { psnAdd, psnDiff } from './wire.ts';
import { srqOf } from './srq.ts';

export function emitResetReport(w: World, slot: number): void {
  const q = w.qps;
  const f = q.f;
  const rt = w.rt.get(slot);
  const host = q.host[slot];
  const qpn = q.qpn[slot];
  const lc = q.lc[slot];
  // Replay state: PSNs sent and not acknowledged (an RC requester's retransmission window).
  const unacked = q.type[slot] === 0 && (lc === LC.RTS || lc === LC.SQD_DRAINING || lc === LC.SQD_DRAINED || lc === LC.ERR)
    ? Math.max(0, psnDiff(f.next_send_psn[slot], psnAdd(f.last_acked_psn[slot], 1))) : 0;
  const partial = rt?.recvActive ? { op: 'SEND' as const, bytes: rt.recvBytes }
    : rt?.writeActive ? { op: 'RDMA_WRITE' as const, bytes: rt.writeBytes } : undefined;
  emit(w, {
    t: w.now, kind: 'reset', host, qpn, from: LC_NAMES[lc],
    sq: rt?.sq.length ?? 0, rq: rt?.rq.length ?? 0, partial,
    unackedPsns: unacked,
    readsWaiting: rt ? rt.sq.filter((e) => isReadOrAtomic(e.opcode) && e.psn0 >= 0).length : 0,
    responsesLeft: rt ? rt.reads.reduce((n, r) => n + r.left, 0) : 0,
    resources: rt?.res.length ?? 0,
    timerArmed: !!rt && rt.timerAt >= 0,
    // MODEL (claim reset-drain): the DMA burst in progress is let finish — its bytes land — and
    // only then is the QP cleared, as rxe lets a running pass finish (rxe_disable_task).
    dmaFencedNs: rt ? Math.max(0, rt.dmaUntil - w.now) : 0,
    cachedCtx: w.hosts[host].cache.has(qpn),
    // WQEs this QP took from its SRQ and never completed: without ERR and LAST_WQE_REACHED first, they leak (IBTA 10.3.1).
    srqLeak: srqOf(w, slot) && rt && !rt.lastWqe && rt.rq.length > 0 ? rt.rq.length : undefined,
  });
}
