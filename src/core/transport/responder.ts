// The responder: checks each request packet against the QP's state, expected PSN, receive
// queue, access rights and read/atomic resources, then places data, completes receives and
// answers with ACK / NAK / RNR NAK / read responses. semantics.md §1 item 5 and §2 item 14.
import { EV_FATAL, LC } from '../qp/lifecycle.ts';
import type { RxOutcome } from '../model/events.ts';
import type { WcStatus } from '../model/wc.ts';
import { emit, runtime, type Packet, type Syndrome, type World } from '../world/world.ts';
import { completeRecv } from './cq.ts';
import { markReady, newPacketId, toWire } from './nic.ts';
import { hwEvent, qpAsync } from './qpState.ts';
import { RC, UC, UD, mtuOf } from './requester.ts';
import { duplicateReadOrAtomic, executeAtomic, saveResource } from './respResources.ts';
import { AETH_BYTES, GRH_BYTES, HDR_BYTES, isFirst, isLast, psnAdd, psnDiff, segmentOp } from './wire.ts';

const ACCESS_REMOTE_WRITE = 2, ACCESS_REMOTE_READ = 4, ACCESS_REMOTE_ATOMIC = 8;

function outcome(w: World, slot: number, p: Packet, o: RxOutcome, detail?: string): void {
  emit(w, { t: w.now, kind: 'rx', id: p.id, host: p.dst, qpn: p.dstQpn, op: p.op, psn: p.psn, outcome: o, detail });
}

/** ACK or NAK back to the requester, straight onto the port (not through the send engine). */
function answer(w: World, slot: number, req: Packet, syndrome: Syndrome, psn: number, rnrCode?: number): void {
  const q = w.qps;
  const p: Packet = {
    id: newPacketId(w), src: req.dst, dst: req.src, srcQpn: q.qpn[slot], dstQpn: req.srcQpn,
    op: 'ACKNOWLEDGE', psn, payload: 0, bytes: HDR_BYTES + AETH_BYTES, ackReq: false, syndrome, rnrCode, msn: q.f.msn[slot],
  };
  toWire(w, p, w.now);
}

/** A class-C/access error at the responder: NAK it, raise the async event, QP → ERR. */
function responderError(w: World, slot: number, req: Packet, nak: Syndrome, detail: string, recvStatus?: WcStatus): void {
  const rt = runtime(w, slot);
  if (w.qps.type[slot] === RC) answer(w, slot, req, nak, req.psn);
  if (recvStatus && rt.rq.length > 0) completeRecv(w, slot, recvStatus);
  // mlx5 maps WQ_ACCESS_ERROR → QP_ACCESS_ERR and WQ_INVAL_REQ_ERROR → QP_REQ_ERR (item 15).
  qpAsync(w, slot, nak === 'NAK_REM_ACCESS' ? 'IBV_EVENT_QP_ACCESS_ERR' : 'IBV_EVENT_QP_REQ_ERR');
  outcome(w, slot, req, 'nak', detail);
  hwEvent(w, slot, EV_FATAL, 'responder-error');
}

export function handleRequest(w: World, slot: number, p: Packet): void {
  const q = w.qps;
  const f = q.f;
  const lc = q.lc[slot];
  const ti = q.type[slot];
  // rxe check_type_state: requests are dropped unless the QP is at least RTR; ERR drops all.
  if (lc === LC.RESET || lc === LC.INIT) return outcome(w, slot, p, 'dropped-not-ready', `QP is ${lc === 0 ? 'RESET' : 'INIT'}`);
  if (lc === LC.ERR) return outcome(w, slot, p, 'dropped-in-error');
  const rt = runtime(w, slot);
  // Communication established: the first request reaching a connected QP still in RTR. Not for
  // UD: IBTA o11-5.1.1 suppresses COMM_EST for UD and raw QPs (quoted in the Oracle SIF driver,
  // sif_eq.c), and qib/hfi1 raise it only on their RC and UC receive paths.
  if (lc === LC.RTR && ti !== UD && !rt.commEst) { rt.commEst = true; qpAsync(w, slot, 'IBV_EVENT_COMM_EST'); }
  if (ti === UD) return udReceive(w, slot, p);

  const e = f.next_rcv_psn[slot];
  const d = psnDiff(p.psn, e);
  if (ti === RC && d > 0) {
    // Send the PSN-sequence NAK once per gap, then drop until the expected PSN arrives.
    if (!rt.nakSent) { rt.nakSent = true; answer(w, slot, p, 'NAK_PSN', e); }
    return outcome(w, slot, p, 'out-of-sequence', `expected PSN ${e}`);
  }
  if (ti === RC && d < 0) return duplicate(w, slot, p);
  if (ti === UC && d !== 0) {
    if (!isFirst(p.op)) return outcome(w, slot, p, 'out-of-sequence', 'UC drops the rest of a message after a gap');
    rt.recvActive = false;
    rt.writeActive = false;
    f.next_rcv_psn[slot] = p.psn;
  }
  rt.nakSent = false;

  if (p.inject === 'IBV_WC_RNR_RETRY_EXC_ERR' || (p.op.startsWith('SEND') && isFirst(p.op) && rt.rq.length === 0)) {
    if (ti === UC) return outcome(w, slot, p, 'dropped-no-recv', 'UC drops a message with no receive posted');
    answer(w, slot, p, 'RNR_NAK', e, f.min_rnr_timer[slot]);
    return outcome(w, slot, p, 'rnr-nak', p.inject ? 'injected: responder reports not ready' : 'no receive WQE posted');
  }
  // A SEND that fails here has taken a receive WQE, and that WQE completes with the error itself,
  // not with a flush (semantics.md item 14: NAK Remote Access → IBV_WC_REM_ACCESS_ERR, class C →
  // IBV_WC_REM_INV_REQ_ERR; rxe do_class_ac_error). RDMA WRITE/READ/ATOMIC consume no WQE.
  const takesWqe = p.op.startsWith('SEND');
  if (p.inject === 'IBV_WC_REM_ACCESS_ERR') return responderError(w, slot, p, 'NAK_REM_ACCESS', 'injected: rkey check failed', takesWqe ? 'IBV_WC_REM_ACCESS_ERR' : undefined);
  if (p.inject === 'IBV_WC_REM_INV_REQ_ERR') return responderError(w, slot, p, 'NAK_INV_REQ', 'injected: invalid request', takesWqe ? 'IBV_WC_REM_INV_REQ_ERR' : undefined);
  if (p.inject === 'IBV_WC_REM_OP_ERR') return responderError(w, slot, p, 'NAK_REM_OP', 'injected: remote operational error', 'IBV_WC_LOC_QP_OP_ERR');

  if (p.op.startsWith('SEND')) return sendPacket(w, slot, p);
  if (p.op.startsWith('RDMA_WRITE')) {
    if (isFirst(p.op) && !(f.qp_access_flags[slot] & ACCESS_REMOTE_WRITE)) {
      if (ti === UC) return outcome(w, slot, p, 'dropped-not-ready', 'remote write not enabled');
      return responderError(w, slot, p, 'NAK_REM_ACCESS', 'IBV_ACCESS_REMOTE_WRITE not set on this QP');
    }
    f.next_rcv_psn[slot] = psnAdd(e, 1);
    // Reassembly position of the WRITE (rxe resp.opcode) and the DMA that places its payload.
    if (isFirst(p.op)) { rt.writeActive = true; rt.writeBytes = 0; }
    rt.writeBytes += p.payload;
    placeData(w, slot, p.payload);
    if (isLast(p.op)) { f.msn[slot] = f.msn[slot] + 1; rt.writeActive = false; }
    if (p.ackReq) answer(w, slot, p, 'ACK', p.psn);
    return outcome(w, slot, p, 'accepted');
  }
  readOrAtomic(w, slot, p);
}

/** The payload is written to host memory by the DMA engine, one burst after another. */
function placeData(w: World, slot: number, bytes: number): void {
  const rt = runtime(w, slot);
  rt.dmaUntil = Math.max(w.now, rt.dmaUntil) + Math.ceil(bytes / w.cfg.nic.dmaBytesPerNs);
}

function sendPacket(w: World, slot: number, p: Packet): void {
  const rt = runtime(w, slot);
  const f = w.qps.f;
  const ti = w.qps.type[slot];
  if (isFirst(p.op)) { rt.recvActive = true; rt.recvBytes = 0; }
  else if (!rt.recvActive) {
    if (ti === UC) return outcome(w, slot, p, 'out-of-sequence', 'no message in progress');
    return responderError(w, slot, p, 'NAK_INV_REQ', 'middle or last packet without a first');
  }
  rt.recvBytes += p.payload;
  if (rt.recvBytes > rt.rq[0].length) {
    rt.recvActive = false;
    if (ti === UC) return outcome(w, slot, p, 'dropped-too-long', 'message longer than the receive buffer');
    return responderError(w, slot, p, 'NAK_INV_REQ', `message longer than the ${rt.rq[0].length}-byte receive buffer`, 'IBV_WC_LOC_LEN_ERR');
  }
  f.next_rcv_psn[slot] = psnAdd(f.next_rcv_psn[slot], 1);
  placeData(w, slot, p.payload);
  if (isLast(p.op)) {
    rt.recvActive = false;
    f.msn[slot] = f.msn[slot] + 1;
    if (!completeRecv(w, slot, 'IBV_WC_SUCCESS', rt.recvBytes, !!p.imm)) return cqOverrun(w, slot, p);
  }
  if (p.ackReq) answer(w, slot, p, 'ACK', p.psn);
  outcome(w, slot, p, 'accepted');
}

/** A receive completion did not fit its CQ: rxe's class G error takes the QP to ERR (item 32). */
function cqOverrun(w: World, slot: number, p: Packet): void {
  outcome(w, slot, p, 'accepted', 'receive CQ full: CQE lost, QP → ERR');
  hwEvent(w, slot, EV_FATAL, 'cq-overrun');
}

function readOrAtomic(w: World, slot: number, p: Packet): void {
  const f = w.qps.f;
  const rt = runtime(w, slot);
  const atomic = p.op === 'COMPARE_SWAP' || p.op === 'FETCH_ADD';
  const need = atomic ? ACCESS_REMOTE_ATOMIC : ACCESS_REMOTE_READ;
  if (!(f.qp_access_flags[slot] & need)) {
    return responderError(w, slot, p, 'NAK_REM_ACCESS', `IBV_ACCESS_REMOTE_${atomic ? 'ATOMIC' : 'READ'} not set on this QP`);
  }
  // Responder resources: more outstanding reads/atomics than max_dest_rd_atomic is an invalid
  // request (the peer's max_rd_atomic must not exceed this QP's max_dest_rd_atomic).
  if (f.dest_rd_atomic_out[slot] >= f.max_dest_rd_atomic[slot]) {
    return responderError(w, slot, p, 'NAK_INV_REQ', `more than max_dest_rd_atomic = ${f.max_dest_rd_atomic[slot]} reads/atomics outstanding`);
  }
  const n = atomic ? 1 : (p.span ?? 1);
  f.dest_rd_atomic_out[slot] = f.dest_rd_atomic_out[slot] + 1;
  f.next_rcv_psn[slot] = psnAdd(p.psn, n);
  f.msn[slot] = f.msn[slot] + 1;
  const len = atomic ? 8 : (p.readLen ?? 0);
  const orig = atomic ? executeAtomic(w, slot) : 0;
  saveResource(w, slot, p.psn, n, atomic, len, orig);
  rt.reads.push({ psn: p.psn, n, left: n, len, atomic, dup: false, dst: p.src, dstQpn: p.srcQpn, orig: atomic ? orig : undefined });
  markReady(w, slot);
  outcome(w, slot, p, 'accepted', atomic ? `atomic executed: the word was ${orig}, now ${orig + 1}` : undefined);
}

function duplicate(w: World, slot: number, p: Packet): void {
  if (p.op === 'RDMA_READ_REQUEST' || p.op === 'COMPARE_SWAP' || p.op === 'FETCH_ADD') {
    return outcome(w, slot, p, 'duplicate', duplicateReadOrAtomic(w, slot, p));
  }
  // A duplicate SEND/WRITE is acknowledged again with the last acknowledged PSN and dropped.
  if (p.ackReq) answer(w, slot, p, 'ACK', psnAdd(w.qps.f.next_rcv_psn[slot], -1));
  outcome(w, slot, p, 'duplicate', 'already received: acknowledged again');
}

function udReceive(w: World, slot: number, p: Packet): void {
  const rt = runtime(w, slot);
  if (p.qkey !== w.qps.f.qkey[slot]) return outcome(w, slot, p, 'dropped-qkey', `Q_Key ${p.qkey} ≠ ${w.qps.f.qkey[slot]}`);
  if (rt.rq.length === 0) return outcome(w, slot, p, 'dropped-no-recv', 'UD drops a datagram with no receive posted');
  const len = p.payload + GRH_BYTES;
  if (len > rt.rq[0].length) return outcome(w, slot, p, 'dropped-too-long', `needs ${len} bytes with the 40-byte GRH`);
  if (!completeRecv(w, slot, 'IBV_WC_SUCCESS', len, !!p.imm)) return cqOverrun(w, slot, p);
  outcome(w, slot, p, 'accepted');
}

/** The next read-response / atomic-ack packet this QP owes as responder. */
export function buildResponse(w: World, slot: number): Packet {
  const rt = runtime(w, slot);
  const r = rt.reads[0];
  const k = r.n - r.left;
  const mtu = mtuOf(w, slot);
  const payload = r.atomic ? 8 : Math.min(mtu, Math.max(0, r.len - k * mtu));
  const op = r.atomic ? 'ATOMIC_ACKNOWLEDGE' : segmentOp('RDMA_READ_RESPONSE', k, r.n);
  r.left--;
  if (r.left === 0) {
    rt.reads.shift();
    if (!r.dup && w.qps.f.dest_rd_atomic_out[slot] > 0) w.qps.f.dest_rd_atomic_out[slot]--;
  }
  return {
    id: newPacketId(w), src: w.qps.host[slot], dst: r.dst, srcQpn: w.qps.qpn[slot], dstQpn: r.dstQpn,
    op, psn: psnAdd(r.psn, k), payload, bytes: HDR_BYTES + AETH_BYTES + payload, ackReq: false, syndrome: 'ACK', msn: w.qps.f.msn[slot],
    atomicOrig: r.atomic ? r.orig : undefined,
  };
}

export { UC };
