// The simulated host software around the NIC: bringing QPs up at t = 0, the traffic
// generators (workloads), the CQ pollers and receive refill. None of this is NIC behaviour;
// it is the application a person would write, made deterministic.
import { MODIFY_CELLS } from '../verbs/modifyTable.ts';
import { QP_STATES, QP_TYPES, type QpState } from '../verbs/types.ts';
import type { ModifyAttrs, QpSpec } from '../model/schema.ts';
import type { AttrName } from '../verbs/attrs.ts';
import { modifyQp } from '../transport/modify.ts';
import { postRecv, postSend } from '../transport/post.ts';
import { emit, schedule, type Cqe, type World } from '../world/world.ts';
import { registerMr } from '../transport/memory.ts';
import { createSrq, postSrqRecv, srqOf } from '../transport/srq.ts';
import { accessMask, type Sge } from '../model/keysSchema.ts';
import { isAtomic, isWrite } from '../model/wc.ts';

const ACCESS_ALL = 1 | 2 | 4 | 8; // LOCAL_WRITE | REMOTE_WRITE | REMOTE_READ | REMOTE_ATOMIC
export const DEFAULT_QKEY = 0x11111111;

/** Attributes an application typically passes at each step (overridable per QP in config). */
export function defaultAttrs(w: World, i: number, sqPsn: number[]): ModifyAttrs {
  const spec = w.cfg.qps[i];
  const peer = spec.peer;
  const base: ModifyAttrs = {
    port_num: 1, pkey_index: 0, qkey: DEFAULT_QKEY, qp_access_flags: spec.type === 'UC' ? 1 | 2 : ACCESS_ALL,
    path_mtu: 3, timeout: 4, retry_cnt: 3, rnr_retry: 3, min_rnr_timer: 1, max_rd_atomic: 4, max_dest_rd_atomic: 4,
    sq_psn: sqPsn[i],
  };
  if (peer !== undefined) {
    base.ah_dlid = w.cfg.qps[peer].host + 1;
    base.dest_qp_num = w.qps.qpn[w.cfgSlot[peer]];
    base.rq_psn = sqPsn[peer];
  }
  return { ...base, ...spec.attrs };
}

/** A receive buffer in the QP's configured MR (recvMr), or none (an unkeyed receive). */
function recvSgl(w: World, i: number, length: number): Sge[] | undefined {
  const m = w.cfg.qps[i].recvMr;
  const mr = m === undefined ? undefined : w.mrs[m];
  return mr ? [{ addr: mr.addr, length, lkey: mr.key }] : undefined;
}

/** Create every configured SRQ and MR, then every QP, then walk each QP to its bring-up state with real modify calls. */
export function bringUp(w: World): void {
  w.cfg.srqs.forEach((q) => {
    const n = createSrq(w, q.host, q.depth, q.limit, q.refill ? q.recvLength : -1);
    for (let r = 0; r < q.recvs; r++) postSrqRecv(w, q.host, n, nextRecvId(w), q.recvLength);
  });
  w.cfg.mrs.forEach((m) => registerMr(w, m.host, m.length, accessMask(m.access), m.addr, m.fill));
  w.cfg.qps.forEach((spec, i) => {
    const slot = w.qps.alloc(spec.host, QP_TYPES.indexOf(spec.type));
    w.cfgSlot[i] = slot;
    initContext(w, slot, spec);
    emit(w, { t: w.now, kind: 'qp-created', host: spec.host, qpn: w.qps.qpn[slot], type: spec.type });
    if (spec.refill) w.refill[slot] = spec.recvLength;
  });
  const sqPsn = w.cfg.qps.map(() => w.rng.int(0, 0xffffff));
  const order: QpState[] = ['INIT', 'RTR', 'RTS'];
  for (const step of order) {
    w.cfg.qps.forEach((spec, i) => {
      if (QP_STATES.indexOf(spec.bringUp) < QP_STATES.indexOf(step)) return;
      const slot = w.cfgSlot[i];
      const cell = MODIFY_CELLS[spec.type][QP_STATES.indexOf(step) - 1][QP_STATES.indexOf(step)];
      const attrs = { ...defaultAttrs(w, i, sqPsn), qp_state: step };
      modifyQp(w, spec.host, w.qps.qpn[slot], ['IBV_QP_STATE', ...cell.reqNames] as AttrName[], attrs);
      if (step === 'INIT' && spec.srq === undefined) for (let r = 0; r < spec.recvs; r++) postRecv(w, spec.host, w.qps.qpn[slot], nextRecvId(w), spec.recvLength, recvSgl(w, i, spec.recvLength));
    });
  }
}

export function initContext(w: World, slot: number, spec: Pick<QpSpec, 'sendCq' | 'recvCq' | 'sqDepth' | 'rqDepth' | 'sqSigAll' | 'type'> & Partial<Pick<QpSpec, 'srq' | 'maxInlineData'>>): void {
  const f = w.qps.f;
  f.qp_type[slot] = QP_TYPES.indexOf(spec.type);
  f.send_cq[slot] = spec.sendCq;
  f.recv_cq[slot] = spec.recvCq;
  f.sq_depth[slot] = spec.sqDepth;
  f.rq_depth[slot] = spec.rqDepth;
  f.sq_sig_all[slot] = spec.sqSigAll ? 1 : 0;
  f.max_inline_data[slot] = spec.maxInlineData ?? 0;
  f.srqn[slot] = spec.srq === undefined ? 0 : spec.srq + 1;
}

export function nextRecvId(w: World): number {
  return 9_000_000 + w.recvSeq++;
}

export function startApp(w: World): void {
  w.cfg.workloads.forEach((wl, i) => {
    w.work[i] = { posted: 0, on: wl.on, gen: 0, slot: w.cfgSlot[wl.qp], udSlot: wl.udTarget === undefined ? -1 : w.cfgSlot[wl.udTarget] };
    if (wl.on) schedule(w, wl.startNs, { k: 'work', w: i, gen: 0 });
  });
  w.hosts.forEach((h, host) => {
    if (h.pollIntervalNs > 0) schedule(w, w.now + h.pollIntervalNs, { k: 'poll', host, gen: h.pollGen });
  });
}

export function workStep(w: World, i: number, gen: number): void {
  const st = w.work[i];
  const wl = w.cfg.workloads[i];
  if (gen !== st.gen || !st.on) return;
  const q = w.qps;
  const ud = st.udSlot >= 0 ? { host: q.host[st.udSlot], qpn: q.qpn[st.udSlot], qkey: q.f.qkey[st.udSlot] } : undefined;
  const local = wl.local === undefined ? undefined : w.mrs[wl.local];
  const remote = wl.remote === undefined ? undefined : w.mrs[wl.remote];
  const length = isAtomic(wl.opcode) ? 8 : wl.length;
  postSend(w, q.host[st.slot], q.qpn[st.slot], {
    wrId: (i + 1) * 1_000_000 + st.posted, opcode: wl.opcode, length,
    signaled: (st.posted + 1) % wl.signaledEvery === 0, ud, imm: wl.imm,
    // Keyed traffic names its buffers by the keys the MRs got at registration.
    sgl: local ? [{ addr: local.addr, length, lkey: local.key }] : undefined,
    rdma: remote && (isWrite(wl.opcode) || wl.opcode === 'IBV_WR_RDMA_READ' || isAtomic(wl.opcode)) ? { addr: remote.addr, rkey: remote.key } : undefined,
    atomic: isAtomic(wl.opcode) ? { compareAdd: 1 } : undefined,
  });
  st.posted++;
  if (wl.count === 0 || st.posted < wl.count) schedule(w, w.now + wl.intervalNs, { k: 'work', w: i, gen });
}

export function setTraffic(w: World, id: string, on: boolean): boolean {
  const i = w.cfg.workloads.findIndex((x) => x.id === id);
  if (i < 0) return false;
  const st = w.work[i];
  st.gen++;
  st.on = on;
  if (on) schedule(w, w.now, { k: 'work', w: i, gen: st.gen });
  return true;
}

/** The application reaps up to `max` CQEs per CQ and re-posts receives where asked. */
export function pollCq(w: World, host: number, cq: number, max: number): number {
  const c = w.hosts[host].cqs[cq];
  if (!c) return 0;
  // The whole ring when it all fits the batch (the usual case): no copy of 10^4 entries.
  let got: Cqe[];
  if (max >= c.entries.length) { got = c.entries; c.entries = []; } else got = c.entries.splice(0, max);
  c.polled += got.length;
  // A CQE naming a QP already destroyed is stale: its per-request state is gone (SPDK PR #3859).
  let stale = 0;
  for (let i = 0; i < got.length; i++) if (w.qps.find(host, got[i].qpn) < 0) stale++;
  if (got.length > 0) emit(w, { t: w.now, kind: 'poll', host, cq, n: got.length, stale: stale || undefined });
  for (const e of got) {
    if (e.queue !== 'rq' || e.status !== 'IBV_WC_SUCCESS') continue;
    const slot = w.qps.find(host, e.qpn);
    if (slot < 0) continue;
    const srq = srqOf(w, slot);
    if (srq) {
      if (srq.refill >= 0) postSrqRecv(w, host, w.srqs.indexOf(srq), nextRecvId(w), srq.refill);
      continue;
    }
    const len = w.refill[slot];
    const i = w.cfgSlot.indexOf(slot);
    if (len !== undefined) postRecv(w, host, e.qpn, nextRecvId(w), len, i >= 0 ? recvSgl(w, i, len) : undefined);
  }
  return got.length;
}

export function pollStep(w: World, host: number, gen: number): void {
  const h = w.hosts[host];
  if (gen !== h.pollGen) return;
  const batch = w.cfg.hosts[host].pollBatch;
  h.cqs.forEach((_, cq) => pollCq(w, host, cq, batch));
  if (h.pollIntervalNs > 0) schedule(w, w.now + h.pollIntervalNs, { k: 'poll', host, gen });
}

export function setPoll(w: World, host: number, intervalNs: number): void {
  const h = w.hosts[host];
  h.pollGen++;
  h.pollIntervalNs = intervalNs;
  if (intervalNs > 0) schedule(w, w.now + intervalNs, { k: 'poll', host, gen: h.pollGen });
}
