// Moving a QP between lifecycle states and what each move does to its work:
// →ERR flushes (error CQE first, then FLUSH_ERR oldest first), →SQE flushes only the SQ,
// →RESET discards without completions, →SQD drains (rxe_comp.c, rxe_qp.c, rdmavt qp.c) [sources: rxe-comp, rxe-qp, sqe-state, sqd].
import { EV_DRAINED, LC, LC_NAMES, hwNext } from '../qp/lifecycle.ts';
import type { StateCause } from '../model/events.ts';
import { emit, emitWith, runtime, schedule, type World } from '../world/world.ts';
import { hashState, stateEvent } from '../world/hotEvents.ts';
import { faultHooks } from '../world/hooks.ts';
import { bump, completeRecv, completeSend, purgeCqes } from './cq.ts';
import { emitResetReport } from './resetReport.ts';
import { maybeLastWqe } from './srq.ts';

// Faults and the engine import qpAsync from here, as before the move.
export { qpAsync } from './asyncEvent.ts';

/**
 * Lifecycle code → mlx5 qpc.state: RST 0, INIT 1, RTR 2, RTS 3, SQER 4, SQD 5, ERR 6,
 * SQ_DRAINING 7 (mlx5 qp.h) [sources: mlx5-qp-state]. Indexed by LC: RESET, INIT, RTR, RTS, SQD (draining),
 * SQE, ERR, SQD (drained).
 */
export const MLX5_QPC_STATE: readonly number[] = [0, 1, 2, 3, 7, 4, 6, 5];

export function lcName(lc: number): string {
  return LC_NAMES[lc];
}

/** Write the lifecycle code and the context fields that mirror it. */
export function setLc(w: World, slot: number, lc: number, cause: StateCause): void {
  const q = w.qps;
  const from = q.lc[slot];
  if (from === lc) return;
  q.lc[slot] = lc;
  q.f.state[slot] = lc === LC.SQD_DRAINED ? LC.SQD_DRAINING : lc;
  q.f.qpc_state[slot] = MLX5_QPC_STATE[lc];
  q.f.sq_draining[slot] = lc === LC.SQD_DRAINING ? 1 : 0;
  if (lc === LC.RTS) q.opened[slot] = 1;
  if (w.trace.mode !== 'off') emitWith(w, stateEvent(w.now, q.host[slot], q.qpn[slot], lcName(from), lcName(lc), cause), hashState);
  if (lc === LC.ERR || lc === LC.SQE) {
    // A WR posted while the QP stays here is flushed because of this move (the event at w.why).
    if (w.trace.mode !== 'off') runtime(w, slot).errWhy = w.why;
    startFlush(w, slot, cause);
  }
  if (lc === LC.SQD_DRAINING) checkDrained(w, slot);
}

/** A hardware event (send error, fatal error) applied through the lifecycle table. */
export function hwEvent(w: World, slot: number, ev: number, cause: StateCause): boolean {
  const next = hwNext(w.qps.type[slot], w.qps.lc[slot], ev);
  if (next < 0) return false;
  setLc(w, slot, next, cause);
  return true;
}

function startFlush(w: World, slot: number, cause: StateCause): void {
  const rt = runtime(w, slot);
  rt.timerGen++;
  rt.timerAt = -1;
  rt.rnrUntil = 0;
  if (w.qps.lc[slot] === LC.ERR) {
    if (rt.reads.length > 0) rt.reads = [];
    rt.recvActive = false;
    rt.writeActive = false;
    rt.wKeyed = false;
    rt.lastWqe = false;
    w.qps.f.dest_rd_atomic_out[slot] = 0;
  }
  // With a storm channel, the NIC's error engine reports the QP and its flush engine retires
  // the WRs (core/faults); otherwise the QP flushes on its own, one CQE per cqeWriteNs.
  // An SRQ-attached QP holding no dequeued WQE has nothing of the SRQ's to flush (rxe flush_recv_queue) [sources: srq].
  // In a storm the QP joins the error engine first, so its LAST_WQE_REACHED can follow its report.
  if (w.storm !== null && faultHooks().flushStart(w, slot, cause)) { maybeLastWqe(w, slot); return; }
  maybeLastWqe(w, slot);
  scheduleFlush(w, slot);
}

/** A WR was posted to a QP in ERR/SQE: it will be flushed (C10-96 as quoted in rdmavt) [sources: ibta-in-code]. */
export function flushMore(w: World, slot: number): void {
  // Its flush follows from what put the QP in error, not from the post (which the view shows
  // beside it): the chain of every flush reaches the cause of its QP's ERR.
  const posted = w.why;
  const errWhy = w.rt.get(slot)?.errWhy;
  if (errWhy !== undefined) w.why = errWhy;
  if (!(w.storm !== null && faultHooks().flushMore(w, slot))) scheduleFlush(w, slot);
  w.why = posted;
}

/** Flush CQEs are written one per cqeWriteNs so a person can watch them arrive in order. */
export function scheduleFlush(w: World, slot: number): void {
  const rt = runtime(w, slot);
  if (rt.flushing) return;
  rt.flushing = true;
  schedule(w, w.now, { k: 'flush', slot, gen: rt.flushGen });
}

/** One flush step: the oldest send WQE first, then receives (ERR only). */
export function flushStep(w: World, slot: number, gen: number): void {
  const rt = runtime(w, slot);
  if (gen !== rt.flushGen) return;
  const lc = w.qps.lc[slot];
  if (lc !== LC.ERR && lc !== LC.SQE) { rt.flushing = false; return; }
  if (flushOne(w, slot)) schedule(w, w.now + w.cfg.nic.cqeWriteNs, { k: 'flush', slot, gen });
  else rt.flushing = false;
}

/**
 * Retire the QP's next WR by flush: the oldest send WQE first (with the real status of the
 * WQE that failed: rxe_comp.c flush_send_queue) [sources: rxe-comp], then receives (ERR only). True while more remain.
 */
export function flushOne(w: World, slot: number): boolean {
  const rt = runtime(w, slot);
  const lc = w.qps.lc[slot];
  if (lc !== LC.ERR && lc !== LC.SQE) return false;
  const flushRq = lc === LC.ERR;
  if (rt.sq.length > 0) completeSend(w, slot, rt.sq[0].err ?? 'IBV_WC_WR_FLUSH_ERR');
  else if (flushRq && rt.rq.length > 0) {
    completeRecv(w, slot, 'IBV_WC_WR_FLUSH_ERR');
    if (rt.rq.length === 0) maybeLastWqe(w, slot);
  }
  if (rt.sq.length > 0 || (flushRq && rt.rq.length > 0)) return true;
  rt.txIdx = 0;
  rt.txOff = 0;
  return false;
}

/** →RESET: every queued WR is dropped with no completion (rxe_qp_reset) [sources: rxe-qp, rxe-reset]. */
export function discardAll(w: World, slot: number): void {
  const rt = w.rt.get(slot);
  const q = w.qps;
  const host = q.host[slot];
  const qpn = q.qpn[slot];
  if (w.trace.mode !== 'off') emitResetReport(w, slot);
  // mlx5 (and the IBTA as the book paraphrases it) remove the QP's unpolled CQEs; rxe leaves them [sources: mlx5-qp, reset-book, rxe-reset].
  if (w.profile.resetPurgesCqes) purgeCqes(w, slot);
  q.opened[slot] = 0;
  if (rt) {
    for (const e of rt.sq) { emit(w, { t: w.now, kind: 'discard', host, qpn, queue: 'sq', wr: e.wr, wrId: e.wrId }); w.counters.discarded++; }
    for (const e of rt.rq) { emit(w, { t: w.now, kind: 'discard', host, qpn, queue: 'rq', wr: e.wr, wrId: e.wrId }); w.counters.discarded++; }
    const gens = { t: rt.timerGen + 1, f: rt.flushGen + 1, d: rt.drainGen + 1, x: rt.destroyGen };
    const word = rt.atomicWord;
    w.rt.delete(slot);
    const fresh = runtime(w, slot);
    fresh.timerGen = gens.t;
    fresh.flushGen = gens.f;
    fresh.drainGen = gens.d;
    fresh.destroyGen = gens.x;
    // Memory is the host's, not the QP's: a RESET does not undo atomics already executed.
    fresh.atomicWord = word;
  }
  // rxe_qp_reset: queue indexes, SSN/MSN, retry state and responder resources start over (the
  // fresh runtime above drops reassembly, replay, read/atomic resources and timers).
  // The PSNs are left alone, as rxe leaves them (rxe_qp_reset, rxe_qp_from_attr)
  // [sources: rxe-reset]: the mandatory rq_psn (INIT→RTR) and sq_psn (RTR→RTS) overwrite them on the way
  // back up. mlx5's firmware behaviour here is not public; the model follows rxe.
  for (const f of ['sq_pi', 'sq_ci', 'rq_pi', 'rq_ci', 'ssn', 'msn',
    'rd_atomic_out', 'dest_rd_atomic_out', 'cur_retry_count', 'cur_rnr_retry'] as const) q.f[f][slot] = 0;
  w.hosts[host].cache.invalidate(qpn);
}

/** SQD: drained once no started send WQE is still waiting for completion. */
export function checkDrained(w: World, slot: number): void {
  if (w.qps.lc[slot] !== LC.SQD_DRAINING) return;
  const rt = w.rt.get(slot);
  const busy = rt ? rt.sq.some((e) => e.psn0 >= 0) : false;
  if (busy) return;
  const r = runtime(w, slot);
  schedule(w, w.now, { k: 'drained', slot, gen: r.drainGen });
}

export function drainedStep(w: World, slot: number, gen: number): void {
  const rt = runtime(w, slot);
  if (gen !== rt.drainGen || w.qps.lc[slot] !== LC.SQD_DRAINING) return;
  hwEvent(w, slot, EV_DRAINED, 'drained');
  // IBTA and ibv_modify_qp.3: the event is raised only when enabled; rxe raises it always [sources: sqd, man-modify-qp].
  if (w.qps.f.en_sqd_async_notify[slot] || w.profile.sqd === 'notify-always') {
    bump(w.counters.events, 'IBV_EVENT_SQ_DRAINED');
    emit(w, { t: w.now, kind: 'async', host: w.qps.host[slot], event: 'IBV_EVENT_SQ_DRAINED', qpn: w.qps.qpn[slot] });
  }
}
