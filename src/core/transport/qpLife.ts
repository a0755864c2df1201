// Creating and connecting QPs as an application does: ibv_create_qp (which QPN it gets) and the
// RESET→INIT→RTR→RTS walk rdma_cm performs for a connection, with its initial PSNs
// (cma.c, cm.c) [sources: qpn-reuse]. ibv_destroy_qp is in destroy.ts.
import { MODIFY_CELLS } from '../verbs/modifyTable.ts';
import { QP_STATES, type QpState } from '../verbs/types.ts';
import type { AttrName } from '../verbs/attrs.ts';
import type { ModifyAttrs } from '../model/schema.ts';
import { LC } from '../qp/lifecycle.ts';
import type { World } from '../world/world.ts';
import { modifyQp } from './modify.ts';

/** A slot for a new QP, with a QPN chosen by config.qpnReuse. */
export function allocQp(w: World, host: number, type: number): { slot: number; reused: boolean } {
  const r = w.cfg.qpnReuse;
  if (r.policy !== 'lowest-free') return { slot: w.qps.alloc(host, type), reused: false };
  const before = w.qps.countOn(host);
  const slot = w.qps.allocReusing(host, type, w.now, r.quarantineNs);
  return { slot, reused: w.qps.countOn(host) === before };
}

/**
 * Connect two QPs in RESET. With psn 'random', each side draws the PSN it will accept first (its
 * rq_psn) and the peer adopts it as its sq_psn — rdma_cm's 24-bit random seq_num, exchanged in
 * REQ/REP (cma.c __rdma_create_id; cm.c). With 'zero', both start at 0, as an application that
 * sets PSNs itself might.
 */
export function connectQps(w: World, a: { host: number; qpn: number }, b: { host: number; qpn: number }, psn: 'random' | 'zero'): { ok: boolean; detail?: string } {
  const sa = w.qps.find(a.host, a.qpn), sb = w.qps.find(b.host, b.qpn);
  if (sa < 0 || sb < 0) return { ok: false, detail: 'both QPs must exist' };
  if (w.qps.lc[sa] !== LC.RESET || w.qps.lc[sb] !== LC.RESET) return { ok: false, detail: 'both QPs must be in RESET' };
  const rqA = psn === 'random' ? w.rng.int(0, 0xffffff) : 0;
  const rqB = psn === 'random' ? w.rng.int(0, 0xffffff) : 0;
  const ends = [{ me: a, peer: b, rq: rqA, sq: rqB }, { me: b, peer: a, rq: rqB, sq: rqA }];
  for (const step of ['INIT', 'RTR', 'RTS'] as QpState[]) {
    const si = QP_STATES.indexOf(step);
    for (const e of ends) {
      const cell = MODIFY_CELLS.RC[si - 1][si];
      const attrs: ModifyAttrs = {
        qp_state: step, port_num: 1, pkey_index: 0, qp_access_flags: 15, path_mtu: 3, ah_dlid: e.peer.host + 1, dest_qp_num: e.peer.qpn,
        rq_psn: e.rq, sq_psn: e.sq, max_dest_rd_atomic: 4, min_rnr_timer: 1, timeout: 14, retry_cnt: 7, rnr_retry: 7, max_rd_atomic: 4,
      };
      const r = modifyQp(w, e.me.host, e.me.qpn, ['IBV_QP_STATE', ...cell.reqNames] as AttrName[], attrs);
      if (!r.ok) return { ok: false, detail: r.detail };
    }
  }
  return { ok: true };
}
