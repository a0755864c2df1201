// The requester: turns send WQEs into packets, and ACKs/NAKs/responses into completions.
// RC is reliable (PSN window, ACK timer, retry_cnt, RNR retry, go-back-N from the NAKed PSN);
// UC and UD complete a WQE once its last packet leaves (rxe_req.c, rxe_comp.c) [sources: rxe-req, rxe-comp, ack-timeout, rnr-retry].
import { isAtomic, isReadOrAtomic, isWrite, type WcStatus } from '../model/wc.ts';
import { EV_FATAL, EV_SEND_ERROR, LC } from '../qp/lifecycle.ts';
import { emit, emitWith, runtime, schedule, type Packet, type SendWqe, type World } from '../world/world.ts';
import { hashWrError, wrErrorEvent } from '../world/hotEvents.ts';
import { completeSend } from './cq.ts';
import { markReady, newPacketId } from './nic.ts';
import { checkDrained, hwEvent } from './qpState.ts';
import { ATOMIC_ETH_BYTES, DETH_BYTES, HDR_BYTES, RETH_BYTES, ackTimeoutNs, mtuBytes, packetsFor, psnAdd, psnDiff, segmentOp } from './wire.ts';
import { checkSgl, gather } from './memory.ts';

export const RC = 0, UC = 1, UD = 2;
/** UD uses the port's active MTU, not a path MTU (no IBV_QP_PATH_MTU for UD). */
export const PORT_MTU = 4096;
const LOCAL_ERRORS = new Set<WcStatus>(['IBV_WC_LOC_LEN_ERR', 'IBV_WC_LOC_QP_OP_ERR', 'IBV_WC_LOC_PROT_ERR', 'IBV_WC_LOC_ACCESS_ERR']);

export function mtuOf(w: World, slot: number): number {
  return w.qps.type[slot] === UD ? PORT_MTU : mtuBytes(w.qps.f.path_mtu[slot]) || 1024;
}

function spanOf(w: World, slot: number, e: SendWqe): number {
  if (e.opcode === 'IBV_WR_ATOMIC_CMP_AND_SWP' || e.opcode === 'IBV_WR_ATOMIC_FETCH_AND_ADD') return 1;
  return packetsFor(e.length, mtuOf(w, slot));
}

/** PSNs sent but not yet acknowledged. */
function unacked(w: World, slot: number): number {
  const f = w.qps.f;
  return psnDiff(f.next_send_psn[slot], psnAdd(f.last_acked_psn[slot], 1));
}

/** Would the requester put a packet on the wire now? */
export function canSend(w: World, slot: number): boolean {
  const rt = w.rt.get(slot);
  if (!rt) return false;
  const lc = w.qps.lc[slot];
  if (rt.reads.length > 0 && lc !== LC.ERR && lc !== LC.RESET) return true;
  if (lc !== LC.RTS && lc !== LC.SQD_DRAINING) return false;
  if (rt.rnrUntil > w.now) return false;
  const e = rt.sq[rt.txIdx];
  if (!e) return false;
  if (e.psn0 >= 0) return true;
  // SQD: WQEs already started run to completion, new ones wait (rxe req_next_wqe, ib_rvt_state_ops) [sources: sqd].
  if (lc !== LC.RTS) return false;
  if (w.qps.type[slot] !== RC) return true;
  const f = w.qps.f;
  // Initiator depth: at most max_rd_atomic reads/atomics outstanding (rxe check_init_depth).
  if (isReadOrAtomic(e.opcode) && f.rd_atomic_out[slot] >= f.max_rd_atomic[slot]) return false;
  const u = unacked(w, slot);
  return u === 0 || u + spanOf(w, slot, e) <= w.cfg.nic.maxUnackedPsns;
}

export interface Built { pkt: Packet; blackhole: boolean }

/** Start (if needed) the WQE at the transmit cursor and build its next request packet. */
export function buildRequest(w: World, slot: number): Built | null {
  const rt = runtime(w, slot);
  const q = w.qps;
  const f = q.f;
  const ti = q.type[slot];
  const e = rt.sq[rt.txIdx];
  const mtu = mtuOf(w, slot);
  if (e.psn0 < 0) {
    if (rt.failNext) {
      e.fail = rt.failNext;
      rt.failNext = undefined;
      emit(w, { t: w.now, kind: 'fault', host: q.host[slot], qpn: q.qpn[slot], detail: `wr_id ${e.wrId} carries the injected ${e.fail}` });
    }
    if (e.fail && LOCAL_ERRORS.has(e.fail)) {
      failWqe(w, slot, e, e.fail, 'send-error');
      return null;
    }
    // A WQE the provider accepted although its transport lacks the opcode (mlx5): the NIC
    // completes it with LOC_QP_OP_ERR (MODEL claim bad-opcode-cqe: the status is the one the
    // mlx5 CQE syndrome LOCAL_QP_OP maps to in mlx5_handle_error_cqe [sources: libmlx5-syndrome]; the firmware's choice is not public).
    if (e.bad) {
      failWqe(w, slot, e, e.bad, 'send-error', `${e.opcode} is not an operation of ${['RC', 'UC', 'UD'][ti]}: the NIC cannot execute the WQE`);
      return null;
    }
    // UD larger than the MTU: nothing is sent and the WR still succeeds (IBTA C10-93.1.1 as quoted in rxe_req.c) [sources: ibta-in-code, rxe-req].
    if (ti === UD && e.length > mtu) {
      rt.txIdx++;
      completeSend(w, slot, 'IBV_WC_SUCCESS');
      return null;
    }
    e.psn0 = f.next_send_psn[slot];
    e.npsn = spanOf(w, slot, e);
    f.ssn[slot] = f.ssn[slot] + 1;
    if (isReadOrAtomic(e.opcode)) f.rd_atomic_out[slot] = f.rd_atomic_out[slot] + 1;
    if (e.fail === 'IBV_WC_RETRY_EXC_ERR') rt.blackhole = true;
  }
  const off = rt.txOff;
  const psn = psnAdd(e.psn0, off);
  // A UD WR names its destination (validated at post); a connected QP's is in its context.
  const ud = ti === UD ? e.ud : undefined;
  const dst = ud ? ud.host : f.ah_dlid[slot] - 1;
  const dstQpn = ud ? ud.qpn : f.dest_qp_num[slot];
  // The local key check of a SEND or RDMA WRITE happens as the NIC reads the bytes of each
  // packet, before the packet leaves: an SGE whose lkey fails is LOC_PROT_ERR (rxe_req.c
  // finish_packet → copy_data -EFAULT). Inline data was copied at post and is never checked.
  const sends = !isReadOrAtomic(e.opcode);
  if (sends && e.sgl && !e.inline) {
    const from = off * mtu;
    const why = checkSgl(w, q.host[slot], e.sgl, from, Math.min(e.length, from + mtu), 0);
    if (why) {
      failWqe(w, slot, e, 'IBV_WC_LOC_PROT_ERR', 'send-error', `lkey check failed: ${why}`);
      return null;
    }
  }
  let op: string;
  let payload = 0;
  let bytes = HDR_BYTES;
  let advance = 1;
  let done: boolean;
  switch (e.opcode) {
    case 'IBV_WR_RDMA_READ':
      op = 'RDMA_READ_REQUEST'; bytes += RETH_BYTES; advance = e.npsn; done = true; e.got = 0; break;
    case 'IBV_WR_ATOMIC_CMP_AND_SWP':
    case 'IBV_WR_ATOMIC_FETCH_AND_ADD':
      op = e.opcode === 'IBV_WR_ATOMIC_CMP_AND_SWP' ? 'COMPARE_SWAP' : 'FETCH_ADD'; bytes += ATOMIC_ETH_BYTES; done = true; e.got = 0; break;
    default: {
      const write = isWrite(e.opcode);
      op = segmentOp(write ? 'RDMA_WRITE' : 'SEND', off, e.npsn, e.imm);
      payload = Math.min(mtu, Math.max(0, e.length - off * mtu));
      bytes += payload + (write && off === 0 ? RETH_BYTES : 0) + (ti === UD ? DETH_BYTES : 0) + (e.imm && off === e.npsn - 1 ? 4 : 0);
      done = off === e.npsn - 1;
    }
  }
  f.next_send_psn[slot] = psnAdd(psn, advance);
  const last = off === e.npsn - 1 || isReadOrAtomic(e.opcode);
  // RETH (first packet of a WRITE, and a READ) or AtomicETH: where, with which rkey, how long.
  const keyed = e.rdma !== undefined && (off === 0 || !sends);
  const pkt: Packet = {
    id: newPacketId(w), src: q.host[slot], dst, srcQpn: q.qpn[slot], dstQpn, op, psn, payload, bytes, tt: ti,
    ackReq: ti === RC && done, span: e.opcode === 'IBV_WR_RDMA_READ' ? e.npsn : undefined,
    readLen: e.opcode === 'IBV_WR_RDMA_READ' ? e.length : undefined, imm: e.imm && last ? e.immData : undefined,
    qkey: ud?.qkey,
    reth: keyed && e.rdma ? { addr: e.rdma.addr, rkey: e.rdma.rkey, len: e.length } : undefined,
    atom: e.atomic && isAtomic(e.opcode) ? { cmp: e.atomic.compareAdd, swap: e.atomic.swap } : undefined,
    // The data the model keeps travels in the first packet (it is at most 128 bytes, below any MTU).
    words: sends && off === 0 ? (e.inline ? e.words : e.sgl ? gather(w, q.host[slot], e.sgl, e.length) : undefined) : undefined,
    inject: e.fail && !LOCAL_ERRORS.has(e.fail) && e.fail !== 'IBV_WC_RETRY_EXC_ERR' && (off === 0) ? e.fail : undefined,
  };
  if (done) { rt.txIdx++; rt.txOff = 0; e.sent = e.npsn; } else { rt.txOff++; e.sent = rt.txOff; }
  if (ti === RC) armTimer(w, slot);
  else if (done) completeSend(w, slot, 'IBV_WC_SUCCESS');
  return { pkt, blackhole: rt.blackhole && ti === RC };
}

/**
 * Mark `e` as the WQE that failed and take the QP down; the flush completes it in order. A
 * UC/UD QP goes to SQE, except on rxe, which moves every QP type to ERR (rxe_qp_error) [sources: sqe-state, rxe-err].
 */
export function failWqe(w: World, slot: number, e: SendWqe, status: WcStatus, cause: 'send-error' | 'retry-exceeded', check?: string): void {
  e.err = status;
  e.check = check;
  runtime(w, slot).why = { wrId: e.wrId, status, check, cause };
  emitWith(w, wrErrorEvent(w.now, w.qps.host[slot], w.qps.qpn[slot], e.wr, e.wrId, status, cause, check), hashWrError);
  hwEvent(w, slot, w.profile.unreliableSendError === 'ERR' ? EV_FATAL : EV_SEND_ERROR, cause);
}

function armTimer(w: World, slot: number): void {
  const rt = runtime(w, slot);
  const ns = ackTimeoutNs(w.qps.f.timeout[slot]);
  if (ns === 0 || rt.timerAt >= 0) return;
  rt.timerGen++;
  rt.timerAt = w.now + ns;
  schedule(w, rt.timerAt, { k: 'timer', slot, gen: rt.timerGen });
}

function restartTimer(w: World, slot: number): void {
  const rt = runtime(w, slot);
  rt.timerGen++;
  rt.timerAt = -1;
  if (unacked(w, slot) > 0) armTimer(w, slot);
}

/** Retransmit from `psn`: rewind the cursor to the WQE holding it (go-back-N). */
export function rewind(w: World, slot: number, psn: number): void {
  const rt = runtime(w, slot);
  // What is resent up to the PSN sent so far follows from this retry (the event at w.why).
  rt.retxWhy = w.why;
  // A retry during a resend keeps the furthest PSN sent before either.
  const sentTo = w.qps.f.next_send_psn[slot];
  if (rt.retxTo === undefined || psnDiff(rt.retxTo, sentTo) <= 0) rt.retxTo = sentTo;
  const sq = rt.sq;
  // The WQE holding `psn`, else the first not yet started, else the end (plain loops: this runs
  // on every retransmission of every QP in a storm).
  let i = -1;
  for (let k = 0; k < sq.length; k++) {
    const e = sq[k];
    if (e.psn0 >= 0) { const d = psnDiff(psn, e.psn0); if (d >= 0 && d < e.npsn) { i = k; break; } }
  }
  if (i < 0) for (let k = 0; k < sq.length; k++) if (sq[k].psn0 < 0) { i = k; break; }
  if (i < 0) i = sq.length;
  const e = rt.sq[i];
  rt.txIdx = i;
  rt.txOff = e && e.psn0 >= 0 && !isReadOrAtomic(e.opcode) ? psnDiff(psn, e.psn0) : 0;
  if (e && e.psn0 >= 0) w.qps.f.next_send_psn[slot] = psnAdd(e.psn0, rt.txOff);
  markReady(w, slot);
}

/** Timeout or PSN-sequence NAK: spend one retry or fail with RETRY_EXC_ERR (rxe_comp.c) [sources: ack-timeout]. */
export function retry(w: World, slot: number, reason: 'timeout' | 'psn-nak', fromPsn: number): void {
  const f = w.qps.f;
  const rt = runtime(w, slot);
  // rxe (only) treats retry_cnt = 7 as infinite, as everyone treats rnr_retry = 7 (rxe_comp.c) [sources: rnr-retry].
  const infinite = w.profile.retryCnt7Infinite && f.retry_cnt[slot] === 7;
  if (f.cur_retry_count[slot] === 0 && !infinite) {
    if (rt.sq[0]) failWqe(w, slot, rt.sq[0], 'IBV_WC_RETRY_EXC_ERR', 'retry-exceeded');
    return;
  }
  if (!infinite) f.cur_retry_count[slot] = f.cur_retry_count[slot] - 1;
  // A packet of this exchange lost at or after fromPsn (and before what was sent) is why it
  // retries: the NAK or the timer only reported it.
  if (rt.lostWhy !== undefined && rt.lostPsn !== undefined && psnDiff(rt.lostPsn, fromPsn) >= 0 && psnDiff(rt.lostPsn, f.next_send_psn[slot]) < 0) w.why = rt.lostWhy;
  emit(w, { t: w.now, kind: 'retry', host: w.qps.host[slot], qpn: w.qps.qpn[slot], reason, fromPsn, left: infinite ? 'infinite' : f.cur_retry_count[slot], waitNs: 0 });
  rewind(w, slot, fromPsn);
}

export function onTimer(w: World, slot: number, gen: number): void {
  const rt = w.rt.get(slot);
  if (!rt || gen !== rt.timerGen) return;
  rt.timerAt = -1;
  const lc = w.qps.lc[slot];
  if (unacked(w, slot) <= 0 || (lc !== LC.RTS && lc !== LC.SQD_DRAINING)) return;
  // The timeout answers the last request packet that went unacknowledged.
  if (rt.pktWhy !== undefined) w.why = rt.pktWhy;
  retry(w, slot, 'timeout', psnAdd(w.qps.f.last_acked_psn[slot], 1));
}

/** Everything up to and including `a` is acknowledged: retire finished WQEs in order. */
export function ackUpTo(w: World, slot: number, a: number): void {
  const f = w.qps.f;
  const rt = runtime(w, slot);
  const sentTo = psnAdd(f.next_send_psn[slot], -1);
  if (psnDiff(a, sentTo) > 0 && w.profile.aheadAck === 'complete') completeAhead(w, slot, a);
  else if (psnDiff(a, f.last_acked_psn[slot]) > 0 && psnDiff(a, sentTo) <= 0) {
    f.last_acked_psn[slot] = a;
    // A valid ACK reloads both retry counters (rxe reset_retry_counters).
    f.cur_retry_count[slot] = f.retry_cnt[slot];
    f.cur_rnr_retry[slot] = f.rnr_retry[slot];
  }
  const last = f.last_acked_psn[slot];
  while (rt.sq.length > 0) {
    const e = rt.sq[0];
    if (e.psn0 < 0 || e.sent < (isReadOrAtomic(e.opcode) ? 1 : e.npsn)) break;
    const doneReq = isReadOrAtomic(e.opcode) ? e.got >= e.npsn : psnDiff(psnAdd(e.psn0, e.npsn - 1), last) <= 0;
    if (!doneReq) break;
    completeSend(w, slot, 'IBV_WC_SUCCESS');
  }
  restartTimer(w, slot);
  checkDrained(w, slot);
  markReady(w, slot);
}

/**
 * rxe_comp.c check_psn [sources: rxe-comp-ahead]: an ACK past the last PSN of the oldest fully
 * sent WQE completes a SEND or WRITE with success and reloads the retry counters, WQE after WQE,
 * even past every PSN sent (a responder that expects a later PSN acknowledges duplicates with
 * it, so the data it dropped is reported delivered). rxe retries a READ or atomic there
 * (COMPST_ERROR_RETRY); the model stops at it and leaves it to its timer, which retries it too.
 */
function completeAhead(w: World, slot: number, a: number): void {
  const f = w.qps.f;
  const rt = runtime(w, slot);
  while (rt.sq.length > 0) {
    const e = rt.sq[0];
    if (e.psn0 < 0 || isReadOrAtomic(e.opcode) || e.sent < e.npsn) return;
    const last = psnAdd(e.psn0, e.npsn - 1);
    if (psnDiff(a, last) <= 0) return;
    f.last_acked_psn[slot] = last;
    f.cur_retry_count[slot] = f.retry_cnt[slot];
    f.cur_rnr_retry[slot] = f.rnr_retry[slot];
    completeSend(w, slot, 'IBV_WC_SUCCESS');
  }
}
