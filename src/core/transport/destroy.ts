// ibv_destroy_qp. The verb moves the QP to RESET and frees its QPN (mlx5 destroy_qp_common);
// what happens to completions the application has not polled yet depends on the driver: mlx5
// removes them from the CQs, rxe leaves them there naming a QPN that no longer exists
// (mlx5_ib_cq_clean; rxe_qp_reset) [sources: mlx5-qp, rxe-reset]. Consumers are told to destroy only after the flush has drained
// (xprtrdma "Wait before destroying", SPDK PR #3859's use-after-free) [sources: destroy-after-flush],
// and for an SRQ-attached QP to wait for IBV_EVENT_QP_LAST_WQE_REACHED first (IBTA 10.3.1, as
// quoted in the __ib_drain_srq patch) [sources: srq]. `drain` does it that way: ERR, wait until both queues are flushed, the last WQE event has
// come and every completion of the QP has been polled, then destroy.
import { LC } from '../qp/lifecycle.ts';
import { emit, runtime, schedule, type World } from '../world/world.ts';
import { unpolledOf } from './cq.ts';
import { modifyQp } from './modify.ts';
import { srqOf } from './srq.ts';
import { noSuchQp } from '../model/ids.ts';

/** MODEL (claim destroy-poll): a draining application checks whether the flush is done every microsecond. */
const CHECK_NS = 1000;

export type DestroyResult = { ok: true; detail?: string } | { ok: false; detail: string };

export function destroyQp(w: World, host: number, qpn: number, drain = false): DestroyResult {
  const slot = w.qps.find(host, qpn);
  if (slot < 0) return { ok: false, detail: noSuchQp(host, qpn) };
  if (!drain || w.qps.lc[slot] === LC.RESET) return destroyNow(w, slot, -1);
  const rt = runtime(w, slot);
  if (rt.destroyGen > 0) return { ok: false, detail: 'this QP is already being destroyed' };
  if (w.qps.lc[slot] !== LC.ERR) modifyQp(w, host, qpn, ['IBV_QP_STATE'], { qp_state: 'ERR' });
  rt.destroyGen = w.now + 1;
  emit(w, { t: w.now, kind: 'destroy-wait', host, qpn, sq: rt.sq.length, rq: rt.rq.length, unpolled: unpolledOf(w, slot) });
  schedule(w, w.now, { k: 'destroy', slot, gen: rt.destroyGen });
  return { ok: true, detail: 'the QP is in ERR; it is destroyed once its flush has drained and been polled' };
}

/** Is everything the QP owes the application delivered and polled? */
function drained(w: World, slot: number): boolean {
  const rt = runtime(w, slot);
  if (rt.sq.length > 0 || rt.rq.length > 0) return false;
  if (srqOf(w, slot) && !rt.lastWqe) return false;
  return unpolledOf(w, slot) === 0;
}

export function destroyStep(w: World, slot: number, gen: number): void {
  const rt = w.rt.get(slot);
  if (!rt || rt.destroyGen !== gen || w.qps.gone[slot]) return;
  if (w.qps.lc[slot] === LC.RESET || drained(w, slot)) {
    destroyNow(w, slot, w.now - (gen - 1));
    return;
  }
  schedule(w, w.now + CHECK_NS, { k: 'destroy', slot, gen });
}

function destroyNow(w: World, slot: number, waitedNs: number): DestroyResult {
  const q = w.qps;
  const host = q.host[slot];
  const qpn = q.qpn[slot];
  const before = w.counters.cqePurged;
  // mlx5 destroy_qp_common: the QP is moved to RESET first, whatever its state.
  if (q.lc[slot] !== LC.RESET) modifyQp(w, host, qpn, ['IBV_QP_STATE'], { qp_state: 'RESET' });
  const purged = w.counters.cqePurged - before;
  const stale = unpolledOf(w, slot);
  q.release(slot, w.now);
  emit(w, { t: w.now, kind: 'qp-destroyed', host, qpn, waitedNs: waitedNs >= 0 ? waitedNs : undefined, stale: stale || undefined, purged: purged || undefined });
  if (stale > 0) return { ok: true, detail: `${stale} completion(s) of this QP are still in its CQ, naming a QPN that no longer exists` };
  if (purged > 0) return { ok: true, detail: `${purged} unpolled completion(s) of this QP were removed from its CQ` };
  return { ok: true };
}
