// ibv_post_send / ibv_post_recv and the checks a provider makes before a WQE reaches the NIC:
// the QP's state (rxe_post_send, rvt_post_send) [sources: rxe-post, rdmavt-post], the opcode against the transport, an atomic's length and
// alignment, inline data against max_inline_data, room in the queue. Where providers differ,
// the scenario's driver profile decides (core/model/profiles.ts). Posting in ERR is legal and
// the WR is flushed (C10-96 as quoted in rdmavt) [sources: ibta-in-code, kernel-drain].
import { OPCODE_TRANSPORTS, isAtomic, type SendOpcode } from '../model/wc.ts';
import type { Sge } from '../model/keysSchema.ts';
import { LC } from '../qp/lifecycle.ts';
import { QP_TYPES } from '../verbs/types.ts';
import { emit, runtime, schedule, type World } from '../world/world.ts';
import { flushMore } from './qpState.ts';
import { markReady } from './nic.ts';
import { canSend } from './requester.ts';
import { gather } from './memory.ts';
import { srqOf } from './srq.ts';
import { noSuchQp } from '../model/ids.ts';

/** One send work request, as ibv_post_send takes it (the one definition: views build it through bridge/commands.ts). */
export interface SendWr {
  wrId: number;
  opcode: SendOpcode;
  length: number;
  signaled?: boolean;
  imm?: number;
  ud?: { host: number; qpn: number; qkey: number };
  /** The gather list: buffers named by address, length and the lkey of their MR. */
  sgl?: Sge[];
  /** RDMA WRITE/READ and atomics: the remote address and rkey. */
  rdma?: { addr: number; rkey: number };
  atomic?: { compareAdd: number; swap?: number };
  inline?: boolean;
}

export type PostResult = { ok: true; wr: number } | { ok: false; errno: 'EINVAL' | 'ENOMEM'; detail: string };

function refuse(w: World, host: number, qpn: number, queue: 'sq' | 'rq', wrId: number, errno: 'EINVAL' | 'ENOMEM', detail: string): PostResult {
  emit(w, { t: w.now, kind: 'post-refused', host, qpn, queue, wrId, errno, detail });
  return { ok: false, errno, detail };
}

const NOT_READY = ['RESET', 'INIT', 'RTR'];

/** Why the provider refuses this send at post (errno and words), or null. */
function sendRefusal(w: World, slot: number, wr: SendWr): { errno: 'EINVAL' | 'ENOMEM'; detail: string } | null {
  const q = w.qps;
  const p = w.profile;
  const lc = q.lc[slot];
  const type = QP_TYPES[q.type[slot]];
  if (lc === LC.RESET || lc === LC.INIT || lc === LC.RTR) {
    // rxe_post_send and rdmavt refuse below RTS [sources: rxe-post, rdmavt-post].
    if (p.postSendNotReady === 'EINVAL') return { errno: 'EINVAL', detail: `ibv_post_send needs RTS or later; the QP is in ${NOT_READY[lc]}` };
  }
  // libmlx5 opens the send path only once the QP has reached RTS (qp_state_max_gs = -1 before:
  // providers/mlx5 verbs.c set_qp_operational_state; qp.c _mlx5_post_send "max gs exceeded").
  if (p.postSendNotReady === 'ENOMEM' && !q.opened[slot]) return { errno: 'ENOMEM', detail: `libmlx5 opens the send queue at RTS; this QP has not reached RTS since it was ${lc === LC.RESET ? 'created or reset' : 'reset'}` };
  if (!OPCODE_TRANSPORTS[wr.opcode].includes(type) && p.badOpcode === 'refuse') {
    return { errno: 'EINVAL', detail: `${wr.opcode} is not supported on ${type} (rxe validate_send_wr, rdmavt rvt_qp_valid_operation)` };
  }
  if (type === 'UD' && !wr.ud) return { errno: 'EINVAL', detail: 'a UD send needs an address handle, remote QPN and Q_Key' };
  if (isAtomic(wr.opcode)) {
    if (p.atomicLength === 'exact8' && wr.length !== 8) return { errno: 'EINVAL', detail: `an atomic's gather list must be exactly 8 bytes, not ${wr.length} (rxe validate_send_wr)` };
    if (p.atomicLength === 'min8' && wr.length < 8) return { errno: 'EINVAL', detail: `an atomic's first SGE must hold at least 8 bytes, not ${wr.length} (rdmavt rvt_qp_valid_operation)` };
    // rxe refuses a misaligned target at post; elsewhere the responder NAKs it (profile row atomic-align).
    if (wr.rdma && wr.rdma.addr % 8 !== 0 && p.misalignedAtomic === 'refuse') return { errno: 'EINVAL', detail: `the atomic's remote address ${wr.rdma.addr} is not 8-byte aligned (rxe validate_send_wr)` };
  }
  if (wr.inline) {
    // ibv_post_send.3: inline is valid only for Send and RDMA Write (rxe: "opcode doesn't support inline data").
    if (isAtomic(wr.opcode) || wr.opcode === 'IBV_WR_RDMA_READ') return { errno: 'EINVAL', detail: `IBV_SEND_INLINE is valid only for sends and RDMA writes, not ${wr.opcode}` };
    const max = q.f.max_inline_data[slot];
    if (wr.length > max) return { errno: p.inlineTooLong, detail: `${wr.length} inline bytes exceed max_inline_data = ${max} (${p.inlineTooLong === 'ENOMEM' ? 'libmlx5 set_data_inl_seg' : 'rxe validate_send_wr'})` };
  }
  // A full queue is ENOMEM everywhere (rxe queue_full, mlx5_wq_overflow); with max_send_wr = 0 the QP is receive-only.
  const rt = runtime(w, slot);
  if (rt.sq.length >= q.f.sq_depth[slot]) return { errno: 'ENOMEM', detail: q.f.sq_depth[slot] === 0 ? 'max_send_wr is 0: a receive-only QP has no send queue' : `send queue full (${q.f.sq_depth[slot]} WRs)` };
  return null;
}

export function postSend(w: World, host: number, qpn: number, wr: SendWr): PostResult {
  const q = w.qps;
  const slot = q.find(host, qpn);
  if (slot < 0) return refuse(w, host, qpn, 'sq', wr.wrId, 'EINVAL', noSuchQp(host, qpn));
  const no = sendRefusal(w, slot, wr);
  if (no) return refuse(w, host, qpn, 'sq', wr.wrId, no.errno, no.detail);
  const type = QP_TYPES[q.type[slot]];
  const lc = q.lc[slot];
  const rt = runtime(w, slot);
  const id = w.wrSeq++;
  const atomic = isAtomic(wr.opcode);
  const imm = wr.opcode === 'IBV_WR_SEND_WITH_IMM' || wr.opcode === 'IBV_WR_RDMA_WRITE_WITH_IMM';
  rt.sq.push({
    wr: id, postedAt: w.now, wrId: wr.wrId, opcode: wr.opcode,
    // mlx5 executes any atomic as 8 bytes (libmlx5 set_data_ptr_seg_atomic writes MLX5_ATOMIC_SIZE).
    length: atomic ? 8 : wr.length, signaled: wr.signaled ?? true, imm, immData: imm ? (wr.imm ?? 0) >>> 0 : 0,
    ud: type === 'UD' ? wr.ud : undefined, psn0: -1, npsn: 0, sent: 0, got: 0,
    sgl: wr.sgl, rdma: wr.rdma, atomic: wr.atomic ? { compareAdd: wr.atomic.compareAdd, swap: wr.atomic.swap ?? 0 } : undefined,
    inline: wr.inline ?? false,
    // Inline data is copied by the CPU into the WQE now; no lkey is ever checked (ibv_post_send.3).
    words: wr.inline && wr.sgl ? gather(w, host, wr.sgl, wr.length) : undefined,
    // mlx5 accepts an opcode its transport lacks; the WQE then completes in error (MODEL claim bad-opcode-cqe).
    bad: OPCODE_TRANSPORTS[wr.opcode].includes(type) ? undefined : 'IBV_WC_LOC_QP_OP_ERR',
    // Set when it fails; present from the start so every WQE has one shape.
    err: undefined, check: undefined, fail: undefined, why: undefined,
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

export function postRecv(w: World, host: number, qpn: number, wrId: number, length: number, sgl?: Sge[]): PostResult {
  const q = w.qps;
  const slot = q.find(host, qpn);
  if (slot < 0) return refuse(w, host, qpn, 'rq', wrId, 'EINVAL', noSuchQp(host, qpn));
  const lc = q.lc[slot];
  // IBTA C10-97.2.1 as quoted in rxe_post_recv: no receives in RESET (libmlx5: qp_state_max_gs = -1 → EINVAL).
  if (lc === LC.RESET) return refuse(w, host, qpn, 'rq', wrId, 'EINVAL', 'ibv_post_recv is refused in RESET');
  // A QP attached to an SRQ has no receive queue of its own (rxe_post_recv; ibv_post_recv(3)) [sources: srq, man-srq].
  if (srqOf(w, slot)) return refuse(w, host, qpn, 'rq', wrId, 'EINVAL', 'this QP takes its receives from an SRQ: use ibv_post_srq_recv');
  const rt = runtime(w, slot);
  if (rt.rq.length >= q.f.rq_depth[slot]) return refuse(w, host, qpn, 'rq', wrId, 'ENOMEM', `receive queue full (${q.f.rq_depth[slot]} WRs)`);
  const id = w.wrSeq++;
  rt.rq.push({ wr: id, wrId, length, postedAt: w.now, sgl });
  q.f.rq_pi[slot] = q.f.rq_pi[slot] + 1;
  w.counters.posted++;
  emit(w, { t: w.now, kind: 'post', host, qpn, queue: 'rq', wr: id, wrId, opcode: 'RECV', length, signaled: true });
  if (lc === LC.ERR) flushMore(w, slot);
  return { ok: true, wr: id };
}
