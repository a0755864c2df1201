// What the responder sends back: ACK and NAK, the read responses and atomic acks it owes, and
// the class A/C error that NAKs and takes the QP to ERR. Its own module so that the checks
// (responder.ts) and the data path (respData.ts) both build on it without importing each other.
// Sources as in responder.ts [sources: rxe-resp].
import { EV_FATAL } from '../qp/lifecycle.ts';
import type { RxOutcome } from '../model/events.ts';
import type { WcStatus } from '../model/wc.ts';
import { psnName } from '../model/ids.ts';
import { emit, runtime, type Packet, type Syndrome, type World } from '../world/world.ts';
import { qpAsync } from './asyncEvent.ts';
import { completeRecv } from './cq.ts';
import { REMOTE_READ, checkRemote, readWords } from './memory.ts';
import { newPacketId, toWire } from './nic.ts';
import { hwEvent } from './qpState.ts';
import { RC, mtuOf } from './requester.ts';
import { srqOf, takeSrqWqe } from './srq.ts';
import { AETH_BYTES, HDR_BYTES, psnAdd, segmentOp } from './wire.ts';

export function outcome(w: World, slot: number, p: Packet, o: RxOutcome, detail?: string): void {
  emit(w, { t: w.now, kind: 'rx', id: p.id, host: p.dst, qpn: p.dstQpn, op: p.op, psn: p.psn, outcome: o, detail });
}

/** ACK or NAK back to the requester, straight onto the port (not through the send engine). */
export function answer(w: World, slot: number, req: Packet, syndrome: Syndrome, psn: number, rnrCode?: number, why?: string): void {
  const q = w.qps;
  const p: Packet = {
    id: newPacketId(w), src: req.dst, dst: req.src, srcQpn: q.qpn[slot], dstQpn: req.srcQpn, tt: q.type[slot],
    op: 'ACKNOWLEDGE', psn, payload: 0, bytes: HDR_BYTES + AETH_BYTES, ackReq: false, syndrome, rnrCode, msn: q.f.msn[slot], why,
  };
  toWire(w, p, w.now);
}

/**
 * Which affiliated async event a responder error raises, where the profile raises one (rxe raises
 * none). MODEL (profile row responder-events): ibv_get_async_event(3) names QP_ACCESS_ERR "Local
 * access violation error", QP_REQ_ERR "Invalid Request Local Work Queue Error" and QP_FATAL, not
 * which error raises which; the model pairs them as the hardware drivers that show a pairing do
 * (hns hns_roce_local_wq_access_err_handle: an R_Key, VA, PD or key-state failure is a local
 * access violation; irdma irdma_set_flush_fields: protection faults → QP_ACCESS_ERR, an invalid
 * request → QP_REQ_ERR, the rest catastrophic). So a receive WQE whose own lkey fails is an access
 * violation although its NAK is Remote Operational Error.
 */
export type ResponderFault = 'access' | 'invalid' | 'operational';
const FAULT_EVENT = { access: 'IBV_EVENT_QP_ACCESS_ERR', invalid: 'IBV_EVENT_QP_REQ_ERR', operational: 'IBV_EVENT_QP_FATAL' } as const;
const NAK_FAULT: Partial<Record<Syndrome, ResponderFault>> = { NAK_REM_ACCESS: 'access', NAK_INV_REQ: 'invalid' };

/**
 * A class A/C error at the responder (rxe do_class_ac_error): NAK it (RC), complete the receive
 * WQE the message took with `recvStatus` [sources: rxe-resp], raise the async event of `fault`
 * where the profile does, QP → ERR — UD too (rxe RESPST_ERR_MALFORMED_WQE "All, Class A"; hfi1
 * and qib ud rcv → rvt_rc_error).
 */
export function responderError(w: World, slot: number, req: Packet, nak: Syndrome, detail: string, recvStatus?: WcStatus, fault: ResponderFault = NAK_FAULT[nak] ?? 'operational'): void {
  const rt = runtime(w, slot);
  // Responses owed for requests accepted before this one go out first: a responder answers in
  // PSN order, so an earlier READ completes before the NAK of a later request (rxe finishes
  // read_reply before it looks at the next request). MODEL (claim responses-before-nak): they
  // leave at once, without the transmit engine's pipeline time.
  while (rt.reads.length > 0 && w.qps.type[slot] === RC) {
    const pkt = buildResponse(w, slot);
    if (!pkt) break;
    toWire(w, pkt, w.now);
  }
  if (w.qps.type[slot] === RC) answer(w, slot, req, nak, req.psn, undefined, detail);
  if (recvStatus && rt.rq.length > 0) completeRecv(w, slot, recvStatus);
  if (w.profile.responderEvents) qpAsync(w, slot, FAULT_EVENT[fault]);
  outcome(w, slot, req, 'nak', detail);
  rt.why = `as responder, it refused ${req.op} PSN ${psnName(req.psn)}: ${detail}`;
  rt.recvActive = false;
  rt.writeActive = false;
  rt.wKeyed = false;
  hwEvent(w, slot, EV_FATAL, 'responder-error');
}

/** A receive WQE for this message: the RQ's head, or one taken from the QP's SRQ. */
export function haveRecv(w: World, slot: number): boolean {
  const rt = runtime(w, slot);
  if (rt.rq.length > 0) return true;
  return srqOf(w, slot) !== null && takeSrqWqe(w, slot);
}

/**
 * The next read-response / atomic-ack packet this QP owes as responder, or null when a keyed
 * READ's MR was deregistered while the response streamed: rxe re-checks the MR for every
 * response packet (rxe_resp.c rxe_recheck_mr) and answers NAK Remote Access instead.
 */
export function buildResponse(w: World, slot: number): Packet | null {
  const rt = runtime(w, slot);
  const q = w.qps;
  const r = rt.reads[0];
  const k = r.n - r.left;
  const mtu = mtuOf(w, slot);
  const payload = r.atomic ? 8 : Math.min(mtu, Math.max(0, r.len - k * mtu));
  const host = q.host[slot];
  if (!r.atomic && r.rkey !== undefined && r.len > 0) {
    const why = checkRemote(w, host, r.rkey, (r.raddr ?? 0) + k * mtu, payload, REMOTE_READ);
    if (why) {
      // The READ request this response answers, as answer() replies to it.
      const req: Packet = { id: newPacketId(w), src: r.dst, dst: host, srcQpn: r.dstQpn, dstQpn: q.qpn[slot], tt: RC, op: 'RDMA_READ_REQUEST', psn: psnAdd(r.psn, k), payload: 0, bytes: 0, ackReq: false };
      rt.reads = [];
      responderError(w, slot, req, 'NAK_REM_ACCESS', `READ response ${k + 1} of ${r.n}: rkey check failed: ${why}`);
      return null;
    }
  }
  const op = r.atomic ? 'ATOMIC_ACKNOWLEDGE' : segmentOp('RDMA_READ_RESPONSE', k, r.n);
  r.left--;
  if (r.left === 0) {
    rt.reads.shift();
    if (!r.dup && q.f.dest_rd_atomic_out[slot] > 0) q.f.dest_rd_atomic_out[slot]--;
  }
  return {
    id: newPacketId(w), src: host, dst: r.dst, srcQpn: q.qpn[slot], dstQpn: r.dstQpn, tt: q.type[slot],
    op, psn: psnAdd(r.psn, k), payload, bytes: HDR_BYTES + AETH_BYTES + payload, ackReq: false, syndrome: 'ACK', msn: q.f.msn[slot],
    atomicOrig: r.atomic ? r.orig : undefined,
    words: !r.atomic && k === 0 && r.rkey !== undefined ? readWords(w, host, r.rkey, r.raddr ?? 0, r.len) : undefined,
  };
}
