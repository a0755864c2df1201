// The responder: checks each request packet in the order rxe_resp.c does — the packet's transport
// against the QP's (rxe_recv.c check_type_state), the QP's state, the expected PSN, the QP's
// access flags (check_op_valid), a receive WQE where the opcode needs one (check_resource) —
// then hands it to respData.ts, which checks keys and lengths and places the data. Answers are
// ACK / NAK / RNR NAK / read responses [sources: rxe-recv, rxe-resp].
import { LC } from '../qp/lifecycle.ts';
import { psnName } from '../model/ids.ts';
import { runtime, type Packet, type World } from '../world/world.ts';
import { qpAsync } from './asyncEvent.ts';
import { answer, haveRecv, outcome, responderError } from './respAnswer.ts';
import { readOrAtomic, sendPacket, udReceive, writePacket } from './respData.ts';
import { srqOf } from './srq.ts';
import { duplicateReadOrAtomic } from './respResources.ts';
import { isFirst, isLast, psnAdd, psnDiff } from './wire.ts';
import { REMOTE_ATOMIC, REMOTE_READ, REMOTE_WRITE } from './memory.ts';
import { RC, UC, UD } from './requester.ts';

const TYPE_NAME = ['RC', 'UC', 'UD'];

/** The operations that need a remote access flag on the QP, and which flag. */
function accessNeeded(op: string): number {
  if (op === 'RDMA_WRITE_FIRST' || op.startsWith('RDMA_WRITE_ONLY')) return REMOTE_WRITE;
  if (op === 'RDMA_READ_REQUEST') return REMOTE_READ;
  if (op === 'COMPARE_SWAP' || op === 'FETCH_ADD') return REMOTE_ATOMIC;
  return 0;
}
const FLAG_NAME: Record<number, string> = { [REMOTE_WRITE]: 'IBV_ACCESS_REMOTE_WRITE', [REMOTE_READ]: 'IBV_ACCESS_REMOTE_READ', [REMOTE_ATOMIC]: 'IBV_ACCESS_REMOTE_ATOMIC' };

export function handleRequest(w: World, slot: number, p: Packet): void {
  const q = w.qps;
  const f = q.f;
  const lc = q.lc[slot];
  const ti = q.type[slot];
  // rxe_recv.c check_type_state: a packet whose opcode belongs to another transport ("bad qp
  // type") is dropped before anything else looks at it — a UD datagram never reaches an RC QP.
  if (p.tt !== ti) return outcome(w, slot, p, 'dropped-wrong-transport', `a ${TYPE_NAME[p.tt]} packet reached a ${TYPE_NAME[ti]} QP (rxe check_type_state: bad qp type)`);
  // rxe check_type_state: requests are dropped unless the QP is at least RTR; ERR drops all.
  if (lc === LC.RESET || lc === LC.INIT) return outcome(w, slot, p, 'dropped-not-ready', `QP is ${lc === 0 ? 'RESET' : 'INIT'}`);
  if (lc === LC.ERR) return outcome(w, slot, p, 'dropped-in-error');
  // rxe_recv.c check_addr: an RC/UC packet whose source is not the QP's address vector is dropped
  // (a stale packet of an old connection reaching a reused QPN now connected to another peer) [sources: rxe-recv].
  if (ti !== UD && f.ah_dlid[slot] !== p.src + 1) return outcome(w, slot, p, 'dropped-address', `its source (LID ${p.src + 1}) is not the QP's address vector (dlid ${f.ah_dlid[slot]}): rxe check_addr`);
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
    return outcome(w, slot, p, 'out-of-sequence', `expected PSN ${psnName(e)}`);
  }
  if (ti === RC && d < 0) return duplicate(w, slot, p);
  if (ti === UC && d !== 0) {
    if (!isFirst(p.op)) return outcome(w, slot, p, 'out-of-sequence', 'UC drops the rest of a message after a gap');
    rt.recvActive = false;
    rt.writeActive = false;
    rt.wKeyed = false;
    f.next_rcv_psn[slot] = p.psn;
  }
  rt.nakSent = false;

  // The QP must allow the operation (rxe check_op_valid; hfi1/qib rc.c "goto nack_inv"): RC
  // answers NAK Invalid Request (the requester sees REM_INV_REQ_ERR), UC drops the message.
  const need = accessNeeded(p.op);
  if (need && !(f.qp_access_flags[slot] & need)) {
    if (ti === UC) return outcome(w, slot, p, 'dropped-not-ready', `${FLAG_NAME[need]} not set on this QP: UC drops the message`);
    return responderError(w, slot, p, 'NAK_INV_REQ', `${FLAG_NAME[need]} not set in this QP's qp_access_flags (rxe check_op_valid: unsupported opcode → NAK Invalid Request)`);
  }
  // A SEND (first packet) and the last packet of an RDMA WRITE with immediate consume a
  // receive WQE (rxe check_resource, RXE_RWR_MASK; hfi1 "consume RWQE"): none → RNR.
  const isSend = p.op.startsWith('SEND');
  const needsWqe = (isSend && isFirst(p.op)) || (p.op.startsWith('RDMA_WRITE') && isLast(p.op) && p.imm !== undefined);
  if (p.inject === 'IBV_WC_RNR_RETRY_EXC_ERR' || (needsWqe && !haveRecv(w, slot))) {
    if (ti === UC) return outcome(w, slot, p, 'dropped-no-recv', 'UC drops a message with no receive posted');
    answer(w, slot, p, 'RNR_NAK', e, f.min_rnr_timer[slot]);
    return outcome(w, slot, p, 'rnr-nak', p.inject ? 'injected: responder reports not ready' : srqOf(w, slot) ? 'the SRQ is empty' : 'no receive WQE posted');
  }
  // A SEND that fails here has taken a receive WQE, and that WQE completes with the error itself,
  // not with a flush (rxe do_class_ac_error) [sources: rxe-resp]. RDMA WRITE/READ/ATOMIC consume no WQE.
  if (p.inject === 'IBV_WC_REM_ACCESS_ERR') return responderError(w, slot, p, 'NAK_REM_ACCESS', 'injected: rkey check failed', isSend ? 'IBV_WC_REM_ACCESS_ERR' : undefined);
  if (p.inject === 'IBV_WC_REM_INV_REQ_ERR') return responderError(w, slot, p, 'NAK_INV_REQ', 'injected: invalid request', isSend ? 'IBV_WC_REM_INV_REQ_ERR' : undefined);
  if (p.inject === 'IBV_WC_REM_OP_ERR') return responderError(w, slot, p, 'NAK_REM_OP', 'injected: remote operational error', 'IBV_WC_LOC_QP_OP_ERR');

  if (isSend) return sendPacket(w, slot, p);
  if (p.op.startsWith('RDMA_WRITE')) return writePacket(w, slot, p);
  readOrAtomic(w, slot, p);
}

function duplicate(w: World, slot: number, p: Packet): void {
  if (p.op === 'RDMA_READ_REQUEST' || p.op === 'COMPARE_SWAP' || p.op === 'FETCH_ADD') {
    return outcome(w, slot, p, 'duplicate', duplicateReadOrAtomic(w, slot, p));
  }
  // A duplicate SEND/WRITE is acknowledged again with the last acknowledged PSN and dropped.
  if (p.ackReq) answer(w, slot, p, 'ACK', psnAdd(w.qps.f.next_rcv_psn[slot], -1));
  outcome(w, slot, p, 'duplicate', 'already received: acknowledged again');
}

