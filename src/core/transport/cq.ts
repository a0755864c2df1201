// Completion: retiring a WR, writing its CQE, and the CQ-overrun rule.
// Every retired WR is counted once in `completed`; only CQEs actually written are counted
// in `cqe`; an entry refused by a full (or overrun) CQ is counted in `cqeLost`, and the overrun
// itself raises one IBV_EVENT_CQ_ERR.
import { isReadOrAtomic, WC_OPCODE_OF, type WcOpcode, type WcStatus } from '../model/wc.ts';
import { DOWN_DEAD, emit, emitWith, type Cqe, type RecvWqe, type SendWqe, type World } from '../world/world.ts';
import { mlx5Syndrome, type CqeSyndrome } from '../hw/syndrome.ts';
import { foldCqe } from '../hw/quantities.ts';
import { faultHooks } from '../world/hooks.ts';
import { cqeEvent, hashCqe, hashCqeOf } from '../world/hotEvents.ts';

export function bump(rec: Record<string, number>, key: string, by = 1): void {
  rec[key] = (rec[key] ?? 0) + by;
}

/**
 * Append a CQE; false when it cannot be written. The first entry that finds the CQ full is the
 * overrun: ONE IBV_EVENT_CQ_ERR for it, and the CQ is in error from then on ("the CQ cannot be
 * used", ibv_poll_cq(3); mlx5 marks the CQ context CQ_OVERFLOW and reports one CQ_ERROR EQE)
 * [sources: man-poll-cq, cq-full]. rdmavt latches the same way (cq_full);
 * rxe instead accepts entries again once there is room — the model follows the man page.
 */
export function writeCqe(w: World, host: number, cq: number, e: Cqe): boolean {
  const c = w.hosts[host].cqs[cq];
  if (c.overrun || c.entries.length >= c.depth) {
    emit(w, { t: w.now, kind: 'cqe-lost', host, cq, qpn: e.qpn, queue: e.queue, wr: e.wr, wrId: e.wrId, status: e.status });
    w.counters.cqeLost++;
    if (!c.overrun) {
      c.overrun = true;
      if (w.storm === null || !faultHooks().cqError(w, host, cq)) {
        bump(w.counters.events, 'IBV_EVENT_CQ_ERR');
        emit(w, { t: w.now, kind: 'async', host, event: 'IBV_EVENT_CQ_ERR', cq });
      }
    }
    if (w.storm !== null) faultHooks().cqeDone(w, host, cq, e, false);
    return false;
  }
  c.entries.push(e);
  c.written++;
  bump(w.counters.cqe, e.status);
  // Under mlx5 an error CQE carries the syndrome libmlx5 reads its status from; a dead device's
  // flush is made by the driver in software (sw_comp), with no CQE and so no syndrome [sources: libmlx5-syndrome, mlx5-health].
  const syndrome = e.status !== 'IBV_WC_SUCCESS' && w.profile.id === 'mlx5' && (w.hosts[host].down & DOWN_DEAD) === 0 ? mlx5Syndrome(e.status) : undefined;
  emitCqe(w, host, cq, e, syndrome);
  if (w.storm !== null) faultHooks().cqeDone(w, host, cq, e, true);
  return true;
}

/**
 * The CQE's trace event. A trace that keeps events gets the event object; one that only hashes
 * (the CLI, a storm's 10^5 flush CQEs) hashes the same words from the CQE itself and folds the
 * same counters, with no event object made.
 */
function emitCqe(w: World, host: number, cq: number, e: Cqe, syndrome: CqeSyndrome | undefined): void {
  if (w.trace.mode === 'full') { emitWith(w, cqeEvent(w.now, host, cq, e, syndrome), hashCqe); return; }
  foldCqe(w.counters.hw, host, e);
  w.trace.pushRecord(e, host, cq, w.now, syndrome, hashCqeOf);
  w.why = w.trace.count - 1;
}

function retire(w: World, status: WcStatus): void {
  w.counters.completed++;
  if (status === 'IBV_WC_WR_FLUSH_ERR') w.counters.flushed++;
}


/** A QP's runtime, which a completion always has (its WQE came from it). */
function runtimeOf(w: World, slot: number) {
  const rt = w.rt.get(slot);
  if (!rt) throw new Error(`no runtime for QP slot ${slot}: a completion without a posted WQE`);
  return rt;
}
/**
 * Retire the oldest send WQE of `slot`. Errors always produce a CQE, even for unsignaled WRs
 * (IBTA 10.7.3.1 as quoted in rxe_comp.c) [sources: ibta-in-code, rxe-comp].
 */
export function completeSend(w: World, slot: number, status: WcStatus): void {
  const rt = runtimeOf(w, slot);
  const wqe = rt.sq.shift() as SendWqe;
  if (rt.txIdx > 0) rt.txIdx--;
  else rt.txOff = 0;
  const q = w.qps;
  q.f.sq_ci[slot] = q.f.sq_ci[slot] + 1;
  if (isReadOrAtomic(wqe.opcode) && wqe.psn0 >= 0 && q.f.rd_atomic_out[slot] > 0) q.f.rd_atomic_out[slot]--;
  retire(w, status);
  const host = q.host[slot];
  const qpn = q.qpn[slot];
  if (status === 'IBV_WC_SUCCESS') w.counters.successSends++;
  if (status !== 'IBV_WC_SUCCESS' || wqe.signaled || q.f.sq_sig_all[slot]) {
    // Only wr_id, status, qp_num and vendor_err are valid on an error CQE (ibv_poll_cq.3).
    const ok = status === 'IBV_WC_SUCCESS';
    writeCqe(w, host, q.f.send_cq[slot], {
      wr: wqe.wr, wrId: wqe.wrId, qpn, status, queue: 'sq', t: w.now,
      opcode: ok ? WC_OPCODE_OF[wqe.opcode] : undefined, byteLen: ok ? wqe.length : undefined,
    });
  } else {
    emit(w, { t: w.now, kind: 'complete-silent', host, qpn, wr: wqe.wr, wrId: wqe.wrId });
  }
}

/**
 * Retire the oldest receive WQE; returns false when its CQE did not fit the CQ. `imm` is the
 * imm_data of a SEND_WITH_IMM or RDMA_WRITE_WITH_IMM (the CQE then has IBV_WC_WITH_IMM).
 */
export function completeRecv(w: World, slot: number, status: WcStatus, byteLen?: number, imm?: number, opcode: WcOpcode = 'IBV_WC_RECV'): boolean {
  const rt = runtimeOf(w, slot);
  const wqe = rt.rq.shift() as RecvWqe;
  const q = w.qps;
  q.f.rq_ci[slot] = q.f.rq_ci[slot] + 1;
  retire(w, status);
  const ok = status === 'IBV_WC_SUCCESS';
  return writeCqe(w, q.host[slot], q.f.recv_cq[slot], {
    wr: wqe.wr, wrId: wqe.wrId, qpn: q.qpn[slot], status, queue: 'rq', t: w.now,
    opcode: ok ? opcode : undefined, byteLen: ok ? byteLen : undefined, imm: ok ? imm : undefined,
  });
}

/**
 * RESET or destroy on a driver that purges: this QP's unpolled CQEs leave its CQs. mlx5_ib_cq_clean
 * walks the CQ, drops the QP's entries and advances the consumer index by as many (mlx5 qp.c)
 * [sources: mlx5-qp]. Returns how many went.
 */
export function purgeCqes(w: World, slot: number): number {
  const q = w.qps;
  const host = q.host[slot];
  const qpn = q.qpn[slot];
  let total = 0;
  for (const cq of new Set([q.f.send_cq[slot], q.f.recv_cq[slot]])) {
    const c = w.hosts[host].cqs[cq];
    if (!c) continue;
    const keep = c.entries.filter((e) => e.qpn !== qpn);
    const n = c.entries.length - keep.length;
    if (n === 0) continue;
    c.entries = keep;
    c.polled += n;
    total += n;
    w.counters.cqePurged += n;
    emit(w, { t: w.now, kind: 'cqe-purged', host, cq, qpn, n });
  }
  return total;
}

/** Unpolled CQEs naming this QP in its CQs. */
export function unpolledOf(w: World, slot: number): number {
  const q = w.qps;
  const qpn = q.qpn[slot];
  let n = 0;
  for (const cq of new Set([q.f.send_cq[slot], q.f.recv_cq[slot]])) {
    for (const e of w.hosts[q.host[slot]].cqs[cq]?.entries ?? []) if (e.qpn === qpn) n++;
  }
  return n;
}

/** WRs still queued anywhere: the `outstanding` term of the conservation identity. */
export function outstanding(w: World): number {
  let n = 0;
  w.rt.each((r) => { n += r.sq.length + r.rq.length; });
  for (const s of w.srqs) n += s.wqes.length;
  return n;
}
