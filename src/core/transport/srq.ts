// Shared receive queues: one pool of receive WQEs that several QPs of a host take from.
// rxe_post_recv (a QP with an SRQ refuses ibv_post_recv), rxe flush_recv_queue (an SRQ's WQEs are
// not flushed by one QP's error; the QP gets IBV_EVENT_QP_LAST_WQE_REACHED instead), ibv_modify_srq(3)
// (srq_limit arms a one-shot IBV_EVENT_SRQ_LIMIT_REACHED, rxe get_srq_wqe), __ib_drain_srq (IBTA
// 10.3.1: take such a QP through ERR and wait for that event before RESET or destroy) [sources: srq, man-srq].
import type { Sge } from '../model/keysSchema.ts';
import { emit, runtime, type RecvWqe, type SrqRt, type World } from '../world/world.ts';
import { bump } from './cq.ts';
import { qpAsync } from './asyncEvent.ts';

export type SrqResult = { ok: true } | { ok: false; errno: 'EINVAL' | 'ENOMEM'; detail: string };

export function createSrq(w: World, host: number, depth: number, limit: number, refill: number): number {
  w.srqs.push({ host, depth, wqes: [], limit, refill });
  return w.srqs.length - 1;
}

/** The SRQ a QP is attached to (the context's srqn counts from 1), or null. */
export function srqOf(w: World, slot: number): SrqRt | null {
  const n = w.qps.f.srqn[slot];
  return n > 0 ? w.srqs[n - 1] ?? null : null;
}

function srqAt(w: World, host: number, srq: number): SrqRt | string {
  const q = w.srqs[srq];
  if (!q) return `there is no SRQ ${srq}`;
  if (q.host !== host) return `SRQ ${srq} belongs to host ${q.host}, not host ${host}`;
  return q;
}

export function postSrqRecv(w: World, host: number, srq: number, wrId: number, length: number, sgl?: Sge[]): SrqResult {
  const q = srqAt(w, host, srq);
  const refuse = (errno: 'EINVAL' | 'ENOMEM', detail: string): SrqResult => {
    emit(w, { t: w.now, kind: 'srq', host, srq, op: 'post-refused', wrId, left: typeof q === 'string' ? 0 : q.wqes.length, detail: `${errno}: ${detail}` });
    return { ok: false, errno, detail };
  };
  if (typeof q === 'string') return refuse('EINVAL', q);
  if (q.wqes.length >= q.depth) return refuse('ENOMEM', `SRQ full (${q.depth} WRs)`);
  const wr = w.wrSeq++;
  q.wqes.push({ wr, wrId, length, postedAt: w.now, sgl });
  w.counters.posted++;
  emit(w, { t: w.now, kind: 'srq', host, srq, op: 'post', wr, wrId, left: q.wqes.length });
  return { ok: true };
}

/** ibv_modify_srq(IBV_SRQ_LIMIT): arm (or, with 0, disarm) the limit event. */
export function modifySrq(w: World, host: number, srq: number, limit: number): SrqResult {
  const q = srqAt(w, host, srq);
  if (typeof q === 'string') return { ok: false, errno: 'EINVAL', detail: q };
  if (limit > q.depth) return { ok: false, errno: 'EINVAL', detail: `srq_limit ${limit} is above the SRQ's ${q.depth} entries` };
  q.limit = limit;
  return { ok: true };
}

/**
 * The responder takes the SRQ's head for this QP (rxe get_srq_wqe: copied out, the SRQ's
 * consumer advanced). The QP holds it in its own receive list until it completes, so a flush of
 * this QP completes exactly the WQEs it dequeued [sources: srq]. False when the SRQ is empty (RNR).
 */
export function takeSrqWqe(w: World, slot: number): boolean {
  const q = srqOf(w, slot);
  const e: RecvWqe | undefined = q?.wqes.shift();
  if (!q || !e) return false;
  runtime(w, slot).rq.push(e);
  const host = w.qps.host[slot];
  const srq = w.srqs.indexOf(q);
  emit(w, { t: w.now, kind: 'srq', host, srq, op: 'take', wr: e.wr, wrId: e.wrId, qpn: w.qps.qpn[slot], left: q.wqes.length });
  // The limit fires once, when the count drops below it, and disarms itself [sources: srq, man-srq].
  if (q.limit > 0 && q.wqes.length < q.limit) {
    q.limit = 0;
    bump(w.counters.events, 'IBV_EVENT_SRQ_LIMIT_REACHED');
    emit(w, { t: w.now, kind: 'async', host, event: 'IBV_EVENT_SRQ_LIMIT_REACHED', srq });
  }
  return true;
}

/** A QP with an SRQ in ERR whose dequeued WQEs are all flushed: IBV_EVENT_QP_LAST_WQE_REACHED, once. */
export function maybeLastWqe(w: World, slot: number): void {
  if (w.qps.lc[slot] !== 6 || !srqOf(w, slot)) return;
  const rt = runtime(w, slot);
  if (rt.lastWqe || rt.rq.length > 0) return;
  rt.lastWqe = true;
  qpAsync(w, slot, 'IBV_EVENT_QP_LAST_WQE_REACHED');
}
