// ibv_post_send / ibv_post_recv and the state rules of semantics.md §1: sends from RTS on,
// receives from INIT on, RESET refuses both; posting in ERR is legal and the WR is flushed.
import { OPCODE_TRANSPORTS, type SendOpcode } from '../model/wc.ts';
import { LC } from '../qp/lifecycle.ts';
import { QP_TYPES } from '../verbs/types.ts';
import { emit, runtime, schedule, type World } from '../world/world.ts';
import { flushMore } from './qpState.ts';
import { markReady } from './nic.ts';
import { canSend } from './requester.ts';

export interface SendWr {
  wrId: number;
  opcode: SendOpcode;
  length: number;
  signaled?: boolean;
  imm?: number;
  ud?: { host: number; qpn: number; qkey: number };
}

export type PostResult = { ok: true; wr: number } | { ok: false; errno: 'EINVAL' | 'ENOMEM'; detail: string };

function refuse(w: World, host: number, qpn: number, queue: 'sq' | 'rq', wrId: number, errno: 'EINVAL' | 'ENOMEM', detail: string): PostResult {
  emit(w, { t: w.now, kind: 'post-refused', host, qpn, queue, wrId, errno, detail });
  return { ok: false, errno, detail };
}

export function postSend(w: World, host: number, qpn: number, wr: SendWr): PostResult {
  const q = w.qps;
  const slot = q.find(host, qpn);
  if (slot < 0) return refuse(w, host, qpn, 'sq', wr.wrId, 'EINVAL', `host ${host} has no QP ${qpn}`);
  const lc = q.lc[slot];
  const type = QP_TYPES[q.type[slot]];
  // rxe_post_send: EINVAL below RTS (semantics.md item 1).
  if (lc === LC.RESET || lc === LC.INIT || lc === LC.RTR) return refuse(w, host, qpn, 'sq', wr.wrId, 'EINVAL', `ibv_post_send needs RTS or later; the QP is in ${['RESET', 'INIT', 'RTR'][lc]}`);
  if (!OPCODE_TRANSPORTS[wr.opcode].includes(type)) return refuse(w, host, qpn, 'sq', wr.wrId, 'EINVAL', `${wr.opcode} is not supported on ${type}`);
  if (type === 'UD' && !wr.ud) return refuse(w, host, qpn, 'sq', wr.wrId, 'EINVAL', 'a UD send needs an address handle, remote QPN and Q_Key');
  if ((wr.opcode === 'IBV_WR_ATOMIC_CMP_AND_SWP' || wr.opcode === 'IBV_WR_ATOMIC_FETCH_AND_ADD') && wr.length !== 8) {
    return refuse(w, host, qpn, 'sq', wr.wrId, 'EINVAL', 'atomics operate on exactly 8 bytes');
  }
  const rt = runtime(w, slot);
  if (rt.sq.length >= q.f.sq_depth[slot]) return refuse(w, host, qpn, 'sq', wr.wrId, 'ENOMEM', `send queue full (${q.f.sq_depth[slot]} WRs)`);
  const id = w.wrSeq++;
  rt.sq.push({
    wr: id, postedAt: w.now, wrId: wr.wrId, opcode: wr.opcode, length: wr.length, signaled: wr.signaled ?? true,
    imm: wr.opcode === 'IBV_WR_SEND_WITH_IMM', ud: type === 'UD' ? wr.ud : undefined, psn0: -1, npsn: 0, sent: 0, got: 0,
  });
  q.f.sq_pi[slot] = q.f.sq_pi[slot] + 1;
  w.counters.posted++;
  emit(w, { t: w.now, kind: 'post', host, qpn, queue: 'sq', wr: id, wrId: wr.wrId, opcode: wr.opcode, length: wr.length, signaled: wr.signaled ?? true });
  rt.sq[rt.sq.length - 1].why = w.why;
  if (lc === LC.ERR || lc === LC.SQE) flushMore(w, slot);
  else ringDoorbell(w, slot);
  return { ok: true, wr: id };
}

/** The doorbell reaches the NIC after an MMIO write and a WQE fetch (doorbellNs). */
function ringDoorbell(w: World, slot: number): void {
  const rt = runtime(w, slot);
  if (rt.kickPending) return;
  rt.kickPending = true;
  schedule(w, w.now + w.cfg.nic.doorbellNs, { k: 'kick', slot });
}

export function kick(w: World, slot: number): void {
  const rt = w.rt.get(slot);
  if (!rt) return;
  rt.kickPending = false;
  if (canSend(w, slot)) markReady(w, slot);
}

export function postRecv(w: World, host: number, qpn: number, wrId: number, length: number): PostResult {
  const q = w.qps;
  const slot = q.find(host, qpn);
  if (slot < 0) return refuse(w, host, qpn, 'rq', wrId, 'EINVAL', `host ${host} has no QP ${qpn}`);
  const lc = q.lc[slot];
  // IBTA C10-97.2.1 as quoted in rxe_post_recv: no receives in RESET.
  if (lc === LC.RESET) return refuse(w, host, qpn, 'rq', wrId, 'EINVAL', 'ibv_post_recv is refused in RESET');
  const rt = runtime(w, slot);
  if (rt.rq.length >= q.f.rq_depth[slot]) return refuse(w, host, qpn, 'rq', wrId, 'ENOMEM', `receive queue full (${q.f.rq_depth[slot]} WRs)`);
  const id = w.wrSeq++;
  rt.rq.push({ wr: id, wrId, length, postedAt: w.now });
  q.f.rq_pi[slot] = q.f.rq_pi[slot] + 1;
  w.counters.posted++;
  emit(w, { t: w.now, kind: 'post', host, qpn, queue: 'rq', wr: id, wrId, opcode: 'RECV', length, signaled: true });
  if (lc === LC.ERR) flushMore(w, slot);
  return { ok: true, wr: id };
}
