// The responder's data path, after responder.ts has checked state, PSN, access flags and the
// receive WQE: the key and length checks that touch memory, data placement, receive completions,
// READ/ATOMIC execution and the responses owed. Sources as in responder.ts; each check names its own.
import { EV_FATAL } from '../qp/lifecycle.ts';
import { runtime, type Packet, type World } from '../world/world.ts';
import { completeRecv } from './cq.ts';
import { markReady } from './nic.ts';
import { hwEvent } from './qpState.ts';
import { UC } from './requester.ts';
import { executeAtomic, saveResource } from './respResources.ts';
import { answer, haveRecv, outcome, responderError } from './respAnswer.ts';
import { LOCAL_WRITE, REMOTE_READ, REMOTE_WRITE, REMOTE_ATOMIC, atomicOp, checkRemote, checkSgl, hex, scatter, writeWords } from './memory.ts';
import { GRH_BYTES, isFirst, isLast, psnAdd } from './wire.ts';

/** The payload is written to host memory by the DMA engine, one burst after another. */
function placeData(w: World, slot: number, bytes: number): void {
  const rt = runtime(w, slot);
  rt.dmaUntil = Math.max(w.now, rt.dmaUntil) + Math.ceil(bytes / w.cfg.nic.dmaBytesPerNs);
}

/** A receive completion did not fit its CQ: rxe's class G error takes the QP to ERR (rxe_cq_post) [sources: cq-full]. */
function cqOverrun(w: World, slot: number, p: Packet): void {
  outcome(w, slot, p, 'accepted', 'receive CQ full: CQE lost, QP → ERR');
  hwEvent(w, slot, EV_FATAL, 'cq-overrun');
}

export function sendPacket(w: World, slot: number, p: Packet): void {
  const rt = runtime(w, slot);
  const f = w.qps.f;
  const ti = w.qps.type[slot];
  const host = w.qps.host[slot];
  const prof = w.profile;
  if (isFirst(p.op)) {
    rt.recvActive = true;
    rt.recvBytes = 0;
    // The receive WQE's buffers must be registered and writable (rdmavt init_sge checks every SGE
    // when it takes the WQE; rxe copy_data as it copies). A failure is the receiver's own error:
    // its WQE completes with LOC_PROT_ERR (rdmavt) — rxe calls it a malformed WQE,
    // LOC_QP_OP_ERR — and the requester hears NAK Remote Operational Error (REM_OP_ERR).
    const r = rt.rq[0];
    const why = r.sgl ? checkSgl(w, host, r.sgl, 0, r.length, LOCAL_WRITE) : null;
    if (why) return responderError(w, slot, p, 'NAK_REM_OP', `receive wr_id ${r.wrId}: ${why}`, prof.recvBadKey, 'access');
  } else if (!rt.recvActive) {
    if (ti === UC) return outcome(w, slot, p, 'out-of-sequence', 'no message in progress');
    return responderError(w, slot, p, 'NAK_INV_REQ', 'middle or last packet without a first');
  }
  const r = rt.rq[0];
  rt.recvBytes += p.payload;
  if (rt.recvBytes > r.length) {
    rt.recvActive = false;
    if (ti === UC) return outcome(w, slot, p, 'dropped-too-long', 'message longer than the receive buffer');
    // The status of the receive WQE differs by driver (profile.recvTooSmall); the requester sees NAK Invalid Request.
    return responderError(w, slot, p, 'NAK_INV_REQ', `message longer than the ${r.length}-byte receive buffer`, prof.recvTooSmall);
  }
  f.next_rcv_psn[slot] = psnAdd(f.next_rcv_psn[slot], 1);
  placeData(w, slot, p.payload);
  if (p.words && r.sgl) scatter(w, host, r.sgl, p.words, 'SEND', 0);
  if (isLast(p.op)) {
    rt.recvActive = false;
    f.msn[slot] = f.msn[slot] + 1;
    if (!completeRecv(w, slot, 'IBV_WC_SUCCESS', rt.recvBytes, p.imm)) return cqOverrun(w, slot, p);
  }
  if (p.ackReq) answer(w, slot, p, 'ACK', p.psn);
  outcome(w, slot, p, 'accepted');
}

/** An rkey check failed: RC NAKs Remote Access (REM_ACCESS_ERR at the requester) and goes to ERR; UC drops the message. */
function keyViolation(w: World, slot: number, p: Packet, why: string): void {
  if (w.qps.type[slot] === UC) {
    runtime(w, slot).writeActive = false;
    runtime(w, slot).wKeyed = false;
    return outcome(w, slot, p, 'dropped-key', `${why}: UC drops the message`);
  }
  // A WRITE_WITH_IMM's last packet has already taken its receive WQE; it completes with the error (rxe do_complete).
  const took = p.op.endsWith('WITH_IMMEDIATE') && isLast(p.op);
  responderError(w, slot, p, 'NAK_REM_ACCESS', `rkey check failed: ${why}`, took ? 'IBV_WC_REM_ACCESS_ERR' : undefined);
}

export function writePacket(w: World, slot: number, p: Packet): void {
  const f = w.qps.f;
  const rt = runtime(w, slot);
  const host = w.qps.host[slot];
  if (isFirst(p.op)) {
    rt.writeActive = true;
    rt.writeBytes = 0;
    rt.wKeyed = false;
    // A zero-length RDMA WRITE needs no address or rkey and is not checked (rxe check_rkey,
    // "a zero-byte op is not required to set an addr or rkey"; hfi1 rc.c `if (qp->r_len != 0)`).
    if (p.reth && p.reth.len > 0) {
      const why = checkRemote(w, host, p.reth.rkey, p.reth.addr, p.reth.len, REMOTE_WRITE);
      if (why) return keyViolation(w, slot, p, why);
      rt.wKeyed = true;
      rt.wRkey = p.reth.rkey;
      rt.wAddr = p.reth.addr;
    }
  } else if (rt.wKeyed) {
    // rxe check_rkey runs for every packet of a WRITE and looks the MR up again by the rkey the
    // first packet carried: an MR deregistered mid-message fails the next packet.
    const why = checkRemote(w, host, rt.wRkey, rt.wAddr, p.payload, REMOTE_WRITE);
    if (why) return keyViolation(w, slot, p, why);
  }
  f.next_rcv_psn[slot] = psnAdd(p.psn, 1);
  rt.writeBytes += p.payload;
  placeData(w, slot, p.payload);
  if (rt.wKeyed && p.words) writeWords(w, host, rt.wRkey, rt.wAddr, p.words, 'RDMA WRITE');
  rt.wAddr += p.payload;
  if (isLast(p.op)) {
    f.msn[slot] = f.msn[slot] + 1;
    rt.writeActive = false;
    rt.wKeyed = false;
    // WRITE_WITH_IMM completes the receive WQE it took: IBV_WC_RECV_RDMA_WITH_IMM, byte_len = the RDMA length (rxe_resp.c do_complete) [sources: rxe-resp].
    if (p.imm !== undefined && !completeRecv(w, slot, 'IBV_WC_SUCCESS', rt.writeBytes, p.imm, 'IBV_WC_RECV_RDMA_WITH_IMM')) return cqOverrun(w, slot, p);
  }
  if (p.ackReq) answer(w, slot, p, 'ACK', p.psn);
  outcome(w, slot, p, 'accepted');
}

export function readOrAtomic(w: World, slot: number, p: Packet): void {
  const f = w.qps.f;
  const rt = runtime(w, slot);
  const host = w.qps.host[slot];
  const atomic = p.op === 'COMPARE_SWAP' || p.op === 'FETCH_ADD';
  let note: string | undefined;
  // Responder resources: more outstanding reads/atomics than max_dest_rd_atomic. The IBTA (and
  // mlx5, MODEL) answer NAK Invalid Request; rxe "recycles the responder resource queue" and
  // NAKs only when max_dest_rd_atomic is 0 (rxe_resp.c check_resource).
  if (f.dest_rd_atomic_out[slot] >= f.max_dest_rd_atomic[slot]) {
    if (w.profile.excessReads === 'nak' || f.max_dest_rd_atomic[slot] === 0) {
      return responderError(w, slot, p, 'NAK_INV_REQ', `more than max_dest_rd_atomic = ${f.max_dest_rd_atomic[slot]} reads/atomics outstanding`);
    }
    note = `over max_dest_rd_atomic = ${f.max_dest_rd_atomic[slot]}: rxe recycles the oldest responder resource instead of NAKing`;
  }
  const len = atomic ? 8 : (p.readLen ?? 0);
  const reth = p.reth;
  if (reth && len > 0) {
    // A misaligned atomic target is NAKed Invalid Request before its rkey is looked at (IBTA 1.2.1
    // §9.4.5 as quoted on linux-rdma; hfi1/qib rc.c test vaddr & 7 → nack_inv ahead of rvt_rkey_ok).
    if (atomic && reth.addr % 8 !== 0) return responderError(w, slot, p, 'NAK_INV_REQ', `atomic target ${hex(reth.addr)} is not 8-byte aligned`);
    const why = checkRemote(w, host, reth.rkey, reth.addr, len, atomic ? REMOTE_ATOMIC : REMOTE_READ);
    if (why) return keyViolation(w, slot, p, why);
  }
  const n = atomic ? 1 : (p.span ?? 1);
  f.dest_rd_atomic_out[slot] = f.dest_rd_atomic_out[slot] + 1;
  f.next_rcv_psn[slot] = psnAdd(p.psn, n);
  f.msn[slot] = f.msn[slot] + 1;
  let orig = 0;
  if (atomic) orig = reth ? atomicOp(w, host, reth.rkey, reth.addr, p.op === 'FETCH_ADD', p.atom?.cmp ?? 1, p.atom?.swap ?? 0) : executeAtomic(w, slot);
  saveResource(w, slot, p.psn, n, atomic, len, orig);
  rt.reads.push({ psn: p.psn, n, left: n, len, atomic, dup: false, dst: p.src, dstQpn: p.srcQpn, orig: atomic ? orig : undefined, rkey: reth?.rkey, raddr: reth?.addr });
  markReady(w, slot);
  outcome(w, slot, p, 'accepted', atomic ? `atomic executed: the word was ${orig}${reth ? '' : `, now ${orig + 1}`}` : note);
}

export function udReceive(w: World, slot: number, p: Packet): void {
  const rt = runtime(w, slot);
  const host = w.qps.host[slot];
  if (p.qkey !== w.qps.f.qkey[slot]) return outcome(w, slot, p, 'dropped-qkey', `Q_Key ${p.qkey} ≠ ${w.qps.f.qkey[slot]}`);
  if (!haveRecv(w, slot)) return outcome(w, slot, p, 'dropped-no-recv', 'UD drops a datagram with no receive posted');
  const r = rt.rq[0];
  const len = p.payload + GRH_BYTES;
  if (len > r.length) return outcome(w, slot, p, 'dropped-too-long', `needs ${len} bytes with the 40-byte GRH`);
  const why = r.sgl ? checkSgl(w, host, r.sgl, 0, r.length, LOCAL_WRITE) : null;
  // UD sends no NAK, but the QP still goes to ERR (hfi1_ud_rcv/qib_ud_rcv: rvt_get_rwqe < 0 →
  // rvt_rc_error; rxe RESPST_ERR_MALFORMED_WQE is "All, Class A").
  if (why) return responderError(w, slot, p, 'NAK_REM_OP', `receive wr_id ${r.wrId}: ${why}`, w.profile.recvBadKey, 'access');
  // The datagram lands after the 40 bytes the GRH takes (ibv_post_recv.3).
  if (p.words && r.sgl) scatter(w, host, r.sgl, p.words, 'UD SEND', GRH_BYTES);
  if (!completeRecv(w, slot, 'IBV_WC_SUCCESS', len, p.imm)) return cqOverrun(w, slot, p);
  outcome(w, slot, p, 'accepted');
}
