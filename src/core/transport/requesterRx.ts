// The requester's receive side: ACKs, NAKs and read/atomic responses arriving for an RC QP.
// NAK codes map to statuses as rxe check_ack does [sources: rxe-comp]; an RNR NAK waits for
// the timer the responder advertised, not the requester's own [sources: rnr-retry].
import { isReadOrAtomic, type WcStatus } from '../model/wc.ts';
import { LC } from '../qp/lifecycle.ts';
import { emit, runtime, schedule, type Packet, type World } from '../world/world.ts';
import { ackUpTo, failWqe, mtuOf, retry, rewind } from './requester.ts';
import { psnAdd, psnDiff, rnrTimerNs } from './wire.ts';
import { LOCAL_WRITE, checkSgl, scatter } from './memory.ts';
import { psnName } from '../model/ids.ts';

const NAK_STATUS: Record<string, WcStatus> = {
  NAK_INV_REQ: 'IBV_WC_REM_INV_REQ_ERR',
  NAK_REM_ACCESS: 'IBV_WC_REM_ACCESS_ERR',
  NAK_REM_OP: 'IBV_WC_REM_OP_ERR',
};

function rx(w: World, p: Packet, outcome: 'ack' | 'nak' | 'rnr-nak' | 'response' | 'dropped-stale' | 'dropped-in-error' | 'dropped-not-ready' | 'dropped-wrong-transport' | 'dropped-address', detail?: string): void {
  emit(w, { t: w.now, kind: 'rx', id: p.id, host: p.dst, qpn: p.dstQpn, op: p.op, psn: p.psn, outcome, detail });
}

export function handleResponse(w: World, slot: number, p: Packet): void {
  const lc = w.qps.lc[slot];
  // rxe_recv.c check_type_state: a response of another transport is dropped ("bad qp type").
  if (p.tt !== w.qps.type[slot]) return rx(w, p, 'dropped-wrong-transport', 'the packet\'s transport is not this QP\'s');
  // Responses are accepted only from RTS on (rxe); in ERR the requester has already flushed.
  if (lc === LC.ERR) return rx(w, p, 'dropped-in-error');
  if (lc !== LC.RTS && lc !== LC.SQD_DRAINING && lc !== LC.SQD_DRAINED) return rx(w, p, 'dropped-not-ready');
  // rxe_recv.c check_addr: a response from anywhere but the QP's address vector is dropped [sources: rxe-recv].
  if (w.qps.f.ah_dlid[slot] !== p.src + 1) return rx(w, p, 'dropped-address', `its source (LID ${p.src + 1}) is not the QP's address vector: rxe check_addr`);
  if (p.op === 'ACKNOWLEDGE') return ackOrNak(w, slot, p);
  readResponse(w, slot, p);
}

function ackOrNak(w: World, slot: number, p: Packet): void {
  const before = psnAdd(p.psn, -1);
  switch (p.syndrome) {
    case 'ACK':
      ackUpTo(w, slot, p.psn);
      return rx(w, p, 'ack');
    case 'NAK_PSN':
      // Everything before the NAKed PSN arrived; resend from it, spending one retry.
      ackUpTo(w, slot, before);
      rx(w, p, 'nak', `PSN sequence error: responder expects ${psnName(p.psn)}`);
      return retry(w, slot, 'psn-nak', p.psn);
    case 'RNR_NAK':
      ackUpTo(w, slot, before);
      rx(w, p, 'rnr-nak', 'receiver not ready');
      return rnr(w, slot, p);
    default: {
      ackUpTo(w, slot, before);
      const rt = runtime(w, slot);
      rx(w, p, 'nak', p.syndrome);
      // The NAK names the PSN of the request it refuses: that WQE completes with the error.
      const e = rt.sq.find((x) => x.psn0 >= 0 && psnDiff(p.psn, x.psn0) >= 0 && psnDiff(p.psn, x.psn0) < Math.max(1, x.npsn)) ?? rt.sq[0];
      if (e) failWqe(w, slot, e, NAK_STATUS[p.syndrome ?? ''] ?? 'IBV_WC_REM_OP_ERR', 'send-error', p.why ? `the responder (host ${String.fromCharCode(65 + p.src)}, QP 0x${p.srcQpn.toString(16)}) NAKed it: ${p.why}` : undefined);
    }
  }
}

function rnr(w: World, slot: number, p: Packet): void {
  const f = w.qps.f;
  const rt = runtime(w, slot);
  const infinite = f.rnr_retry[slot] === 7;
  if (!infinite && f.cur_rnr_retry[slot] === 0) {
    if (rt.sq[0]) failWqe(w, slot, rt.sq[0], 'IBV_WC_RNR_RETRY_EXC_ERR', 'send-error');
    return;
  }
  if (!infinite) f.cur_rnr_retry[slot] = f.cur_rnr_retry[slot] - 1;
  const wait = rnrTimerNs(p.rnrCode ?? 0);
  emit(w, { t: w.now, kind: 'retry', host: w.qps.host[slot], qpn: w.qps.qpn[slot], reason: 'rnr-nak', fromPsn: p.psn, left: infinite ? 'infinite' : f.cur_rnr_retry[slot], waitNs: wait });
  rt.timerGen++;
  rt.timerAt = -1;
  rt.rnrUntil = w.now + wait;
  rewind(w, slot, p.psn);
  schedule(w, rt.rnrUntil, { k: 'rnr', slot, gen: rt.timerGen });
}

/** The RNR wait is over: transmit again from the rewound cursor. */
export function rnrExpired(w: World, slot: number): void {
  const rt = w.rt.get(slot);
  // Keyed on the deadline, not a generation: a stale ACK during the wait must not cancel it.
  if (!rt || rt.rnrUntil === 0 || w.now < rt.rnrUntil) return;
  rt.rnrUntil = 0;
  rewind(w, slot, psnAdd(w.qps.f.last_acked_psn[slot], 1));
}

function readResponse(w: World, slot: number, p: Packet): void {
  const rt = runtime(w, slot);
  const e = rt.sq.find((x) => isReadOrAtomic(x.opcode) && x.psn0 >= 0 && psnDiff(p.psn, x.psn0) >= 0 && psnDiff(p.psn, x.psn0) < x.npsn);
  if (!e || psnDiff(p.psn, psnAdd(e.psn0, e.got)) !== 0) return rx(w, p, 'dropped-stale', 'not the response PSN expected next');
  // A response implicitly acknowledges every request before it.
  ackUpTo(w, slot, psnAdd(e.psn0, -1));
  // The local key check of a READ or ATOMIC happens only now, as the response is written into
  // the local buffer: the remote side has already executed it (rxe_comp.c do_read/do_atomic,
  // copy_data with IBV_ACCESS_LOCAL_WRITE → LOC_PROT_ERR) [sources: rxe-keys].
  if (e.sgl) {
    const mtu = mtuOf(w, slot);
    const from = e.opcode === 'IBV_WR_RDMA_READ' ? e.got * mtu : 0;
    const to = e.opcode === 'IBV_WR_RDMA_READ' ? Math.min(e.length, from + mtu) : 8;
    const why = checkSgl(w, w.qps.host[slot], e.sgl, from, to, LOCAL_WRITE);
    if (why) {
      rx(w, p, 'response', 'the remote side executed it; writing the result locally failed');
      return failWqe(w, slot, e, 'IBV_WC_LOC_PROT_ERR', 'send-error', `lkey check failed as the response arrived: ${why}`);
    }
    if (p.words) scatter(w, w.qps.host[slot], e.sgl, p.words, 'RDMA READ response');
    if (p.atomicOrig !== undefined) scatter(w, w.qps.host[slot], e.sgl, [p.atomicOrig], 'atomic result');
  }
  e.got++;
  const f = w.qps.f;
  if (psnDiff(p.psn, f.last_acked_psn[slot]) > 0) {
    f.last_acked_psn[slot] = p.psn;
    f.cur_retry_count[slot] = f.retry_cnt[slot];
    f.cur_rnr_retry[slot] = f.rnr_retry[slot];
  }
  rx(w, p, 'response', p.atomicOrig !== undefined ? `atomic returned ${p.atomicOrig}` : undefined);
  ackUpTo(w, slot, f.last_acked_psn[slot]);
}
