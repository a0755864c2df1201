// What the NIC of each host did, counted from the model's own events as they are emitted: the
// raw quantities every driver profile's hardware counters are sums of (counterDefs.ts says which
// counter adds which, and why). Folded in `emit`, so every event counts, kept in the trace window
// or not, and the state lives in World.counters, so checkpoints and replays carry it.
/* eslint-disable @typescript-eslint/no-dynamic-delete -- the fold's maps are plain records so checkpoints copy them as data; a key is deleted once its WR or gap is done, so they stay bounded */
import type { SimEvent } from '../model/events.ts';

/** One index per quantity; a host's quantities are a plain number array (cheap to clone). */
export const Q = {
  /** Responder: an RC/UC request whose PSN is ahead of the expected one (rx 'out-of-sequence'). */
  rxOutOfSeq: 0,
  /** Responder: the first out-of-sequence request of a gap, the one the PSN-sequence NAK answers. */
  rxOutOfSeqNaked: 1,
  /** Responder: a request already received (rx 'duplicate'). */
  rxDuplicate: 2,
  /** Requester: a PSN-sequence NAK received. */
  rxSeqNak: 3,
  /** Requester: an RNR NAK received. */
  rxRnrNak: 4,
  /** Requester: an RNR NAK that spent a retry (the QP goes on: retry event 'rnr-nak'). */
  rnrRetried: 5,
  /** Responder: an RNR NAK sent (an RC request found no receive WQE). */
  txRnrNak: 6,
  /** Responder: a UC/UD message dropped because no receive WQE was posted. */
  noRecvDrop: 7,
  /** Requester: the ACK timer expired (each retransmission it caused, and the one that exhausted retry_cnt). */
  ackTimeout: 8,
  /** Requester: a retransmission started (ACK timeout or PSN-sequence NAK). */
  retransmit: 9,
  /** Requester: a WR failed with RETRY_EXC_ERR. */
  retryExceeded: 10,
  /** Requester: a WR failed with RNR_RETRY_EXC_ERR. */
  rnrExceeded: 11,
  /** CQEs written: send-queue errors (not flush), send-queue flushes, receive errors, receive flushes. */
  sqCqeErr: 12, sqCqeFlush: 13, rqCqeErr: 14, rqCqeFlush: 15,
  /** Requester: a WR failed because the responder NAKed it Remote Access / Invalid Request. */
  reqRemAccess: 16, reqRemInvReq: 17,
  /** Responder: a Remote Access Error NAK sent. */
  respRemAccess: 18,
  /** Responder: a receive CQE with LOC_LEN_ERR (the message did not fit). */
  respLocLen: 19,
  /** Responder: READ, WRITE (first or only packet: one per message) and atomic requests received. */
  rxRead: 20, rxWrite: 21, rxAtomic: 22,
  /** Packets this host's port put on the wire, and those it discarded because the port was down. */
  txPkts: 23, txDiscardDown: 24,
  /** Packets that reached this host's NIC and passed its header checks (QP exists, type and state, Q_Key). */
  rxPkts: 25,
  /** IBV_EVENT_PORT_ERR raised on this host. */
  portErr: 26,
  /** SEND WQEs completed successfully (signaled or not) and receives completed successfully. */
  sendsDone: 27, recvsDone: 28,
  /** Packets that arrived at this host's port while it was up, whatever became of them after (no QP, wrong state, bad Q_Key included). */
  rxPortPkts: 29,
} as const;
export const Q_COUNT = 30;

export interface HwFold {
  /** Per host: Q_COUNT numbers. */
  q: number[][];
  /** The last event was a PSN-sequence NAK at this host + 1 (0: not): a RETRY_EXC_ERR right after it was not a timeout. */
  seqNakAt: number;
  /** Unsignaled SEND WRs posted and not yet retired (their silent completion names no opcode). */
  silentSends: Record<number, 1>;
  /** RC responders ("host:qpn") inside a PSN gap already NAKed, as rxe's resp.sent_psn_nak (cleared by the expected PSN). */
  gap: Record<string, 1>;
}

export function newHwFold(hosts: number): HwFold {
  return { q: Array.from({ length: hosts }, () => new Array<number>(Q_COUNT).fill(0)), seqNakAt: 0, silentSends: {}, gap: {} };
}

const HEADER_DROPS = new Set(['dropped-link-down', 'dropped-no-qp', 'dropped-not-ready', 'dropped-in-error', 'dropped-wrong-transport', 'dropped-qkey']);
const REQUESTER_OPS = new Set(['ACKNOWLEDGE', 'ATOMIC_ACKNOWLEDGE']);
const isResponse = (op: string) => REQUESTER_OPS.has(op) || op.startsWith('RDMA_READ_RESPONSE');

/** Fold one event into the quantities. Hot path: one switch, no allocation. */
export function foldHw(f: HwFold, ev: SimEvent): void {
  const seqNakAt = f.seqNakAt;
  f.seqNakAt = 0;
  switch (ev.kind) {
    case 'pkt': {
      const q = f.q[ev.src];
      if (!q) return;
      if (ev.drop !== undefined && ev.drop.startsWith('link down')) q[Q.txDiscardDown]++;
      else q[Q.txPkts]++;
      if (ev.syndrome === 'NAK_REM_ACCESS') q[Q.respRemAccess]++;
      return;
    }
    case 'rx': {
      const q = f.q[ev.host];
      if (!q) return;
      if (ev.outcome !== 'dropped-link-down') q[Q.rxPortPkts]++;
      if (!HEADER_DROPS.has(ev.outcome)) q[Q.rxPkts]++;
      if (isResponse(ev.op)) {
        if (ev.outcome === 'nak' && ev.detail !== undefined && ev.detail.startsWith('PSN sequence')) { q[Q.rxSeqNak]++; f.seqNakAt = ev.host + 1; }
        else if (ev.outcome === 'rnr-nak') q[Q.rxRnrNak]++;
        return;
      }
      switch (ev.outcome) {
        case 'out-of-sequence':
          q[Q.rxOutOfSeq]++;
          // RC only (UC has no NAK): the first packet of a gap is the one rxe counts and NAKs.
          if (ev.detail !== undefined && ev.detail.startsWith('expected PSN') && f.gap[`${ev.host}:${ev.qpn}`] !== 1) { f.gap[`${ev.host}:${ev.qpn}`] = 1; q[Q.rxOutOfSeqNaked]++; }
          break;
        case 'accepted': if (f.gap[`${ev.host}:${ev.qpn}`] === 1) delete f.gap[`${ev.host}:${ev.qpn}`]; break;
        case 'duplicate': q[Q.rxDuplicate]++; break;
        case 'rnr-nak': q[Q.txRnrNak]++; break;
        case 'dropped-no-recv': q[Q.noRecvDrop]++; break;
      }
      if (HEADER_DROPS.has(ev.outcome)) return;
      const op = ev.op;
      if (op === 'RDMA_READ_REQUEST') q[Q.rxRead]++;
      else if (op === 'COMPARE_SWAP' || op === 'FETCH_ADD') q[Q.rxAtomic]++;
      else if (op.startsWith('RDMA_WRITE_FIRST') || op.startsWith('RDMA_WRITE_ONLY')) q[Q.rxWrite]++;
      return;
    }
    case 'retry': {
      const q = f.q[ev.host];
      if (!q) return;
      if (ev.reason === 'rnr-nak') q[Q.rnrRetried]++;
      else { q[Q.retransmit]++; if (ev.reason === 'timeout') q[Q.ackTimeout]++; }
      return;
    }
    case 'wr-error': {
      const q = f.q[ev.host];
      if (!q) return;
      if (ev.status === 'IBV_WC_RETRY_EXC_ERR') { q[Q.retryExceeded]++; if (ev.cause === 'retry-exceeded' && seqNakAt !== ev.host + 1) q[Q.ackTimeout]++; }
      else if (ev.status === 'IBV_WC_RNR_RETRY_EXC_ERR') q[Q.rnrExceeded]++;
      else if (ev.status === 'IBV_WC_REM_ACCESS_ERR') q[Q.reqRemAccess]++;
      else if (ev.status === 'IBV_WC_REM_INV_REQ_ERR') q[Q.reqRemInvReq]++;
      return;
    }
    case 'cqe': foldCqe(f, ev.host, ev); return;
    case 'post':
      if (ev.queue === 'sq' && !ev.signaled && (ev.opcode === 'IBV_WR_SEND' || ev.opcode === 'IBV_WR_SEND_WITH_IMM')) f.silentSends[ev.wr] = 1;
      return;
    case 'complete-silent':
      if (f.silentSends[ev.wr] === 1) { delete f.silentSends[ev.wr]; const q = f.q[ev.host]; if (q) q[Q.sendsDone]++; }
      return;
    case 'discard':
    case 'cqe-lost':
      if (ev.queue === 'sq' && f.silentSends[ev.wr] === 1) delete f.silentSends[ev.wr];
      return;
    case 'reset':
      delete f.gap[`${ev.host}:${ev.qpn}`];
      return;
    case 'async':
      if (ev.event === 'IBV_EVENT_PORT_ERR') { const q = f.q[ev.host]; if (q) q[Q.portErr]++; }
      return;
  }
}

/**
 * The 'cqe' case of foldHw, from the CQE's fields (a CQE event or the CQE it was made from: the
 * same names). transport/cq.ts emitCqe calls it with no event object; it resets seqNakAt as foldHw does.
 */
export function foldCqe(f: HwFold, host: number, e: { queue: string; status: string; opcode?: string; wr: number }): void {
  f.seqNakAt = 0;
  const q = f.q[host];
  if (!q) return;
  const sq = e.queue === 'sq';
  if (e.status === 'IBV_WC_SUCCESS') {
    if (sq ? e.opcode === 'IBV_WC_SEND' : true) q[sq ? Q.sendsDone : Q.recvsDone]++;
  } else if (e.status === 'IBV_WC_WR_FLUSH_ERR') q[sq ? Q.sqCqeFlush : Q.rqCqeFlush]++;
  else {
    q[sq ? Q.sqCqeErr : Q.rqCqeErr]++;
    if (!sq && e.status === 'IBV_WC_LOC_LEN_ERR') q[Q.respLocLen]++;
  }
  // Looked up before deleting: delete is a runtime call, and almost no CQE has an entry here.
  if (sq && f.silentSends[e.wr] === 1) delete f.silentSends[e.wr];
}
