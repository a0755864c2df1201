// When software learns that a faulted QP failed. A QP's report is the first of: its own QP
// event delivered by the driver, its first error CQE becoming visible (at once, or when CQ
// moderation fires the completion event), or an event that covers it — IBV_EVENT_CQ_ERR for a
// CQ it is attached to, IBV_EVENT_DEVICE_FATAL for its device (claims cq-err-covers,
// device-fatal). Every faulted QP ends reported or, once the storm has drained, lost.
import type { ReportVia, StateCause } from '../model/events.ts';
import { emitWith, schedule, type Cqe, type World } from '../world/world.ts';
import { hashReport, reportEvent } from '../world/hotEvents.ts';
import { F_FAULTED, F_REPORTED, OP, stormOf, type StormState } from './state.ts';
import { CAUSES, CQE_LOST, CQE_WRITTEN } from './trail.ts';

export const VIA: readonly ReportVia[] = ['qp-event', 'error-cqe', 'cq-event', 'device-event'];
export const VIA_QP_EVENT = 1, VIA_ERROR_CQE = 2, VIA_CQ_EVENT = 3, VIA_DEVICE_EVENT = 4;

/**
 * A QP entered ERR (or SQE) for a hardware cause after the storm began: it is faulted.
 * MODEL (claim never-silent): it will end reported or, once drained, counted as a lost report.
 */
export function markFaulted(w: World, slot: number, cause: StateCause): void {
  const st = stormOf(w);
  if (cause === 'modify' || st.t0 < 0 || st.flags[slot] & F_FAULTED) return;
  st.flags[slot] |= F_FAULTED;
  st.detectAt[slot] = w.now;
  st.trail.cause[slot] = CAUSES.indexOf(cause) + 1;
  st.faulted++;
  // Software may already know: its CQ is in error, or its device was declared dead.
  const host = w.qps.host[slot];
  const hc = st.hosts[host];
  if (hc.deviceEventAt >= 0) return report(w, slot, w.now, VIA_DEVICE_EVENT);
  const f = w.qps.f;
  if (hc.cqErrAt[f.send_cq[slot]] >= 0 || hc.cqErrAt[f.recv_cq[slot]] >= 0) report(w, slot, w.now, VIA_CQ_EVENT);
}

export function report(w: World, slot: number, t: number, via: number): void {
  const st = stormOf(w);
  const fl = st.flags[slot];
  if (!(fl & F_FAULTED) || fl & F_REPORTED) return;
  st.flags[slot] = fl | F_REPORTED;
  st.reportAt[slot] = t;
  st.via[slot] = via;
  st.reported++;
  if (w.trace.mode !== 'off') {
    emitWith(w, reportEvent(w.now, w.qps.host[slot], w.qps.qpn[slot], VIA[via - 1], st.cls[slot], t - st.t0), hashReport);
  }
}

/**
 * IBV_EVENT_CQ_ERR reached software: every faulted QP attached to the CQ is reported by it.
 * MODEL (claim cq-err-covers): the CQ cannot be used any more (ibv_poll_cq.3), so software knows.
 */
export function cqErrDelivered(w: World, host: number, cq: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  if (hc.cqErrAt[cq] >= 0) return;
  hc.cqErrAt[cq] = w.now;
  const q = w.qps;
  const f = q.f;
  for (let s = 0; s < q.n; s++) {
    if (q.host[s] === host && (st.flags[s] & (F_FAULTED | F_REPORTED)) === F_FAULTED && (f.send_cq[s] === cq || f.recv_cq[s] === cq)) {
      report(w, s, w.now, VIA_CQ_EVENT);
    }
  }
}

/** IBV_EVENT_DEVICE_FATAL reached software: it covers every faulted QP of the device. */
export function deviceEventDelivered(w: World, host: number): void {
  const st = stormOf(w);
  st.hosts[host].deviceEventAt = w.now;
  const q = w.qps;
  for (let s = 0; s < q.n; s++) {
    if (q.host[s] === host && (st.flags[s] & (F_FAULTED | F_REPORTED)) === F_FAULTED) report(w, s, w.now, VIA_DEVICE_EVENT);
  }
}

/**
 * Every CQE written or lost. Error completions of faulted QPs set their last-flush time and,
 * once visible, report them; flush CQEs are counted per CQ. CQ moderation (claim
 * eq-no-moderation: it is per CQ) delays visibility until maxCount CQEs or periodNs.
 */
export function cqeDone(w: World, host: number, cq: number, e: Cqe, ok: boolean): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  let slot = -1;
  if (e.status !== 'IBV_WC_SUCCESS') {
    slot = w.qps.find(host, e.qpn);
    if (slot >= 0 && st.flags[slot] & F_FAULTED) {
      st.lastFlushAt[slot] = w.now;
      if (st.trail.cqeHow[slot] === 0) { st.trail.cqeHow[slot] = ok ? CQE_WRITTEN : CQE_LOST; st.trail.cqeAt[slot] = w.now; }
    }
    if (ok && e.status === 'IBV_WC_WR_FLUSH_ERR') {
      st.flushCqes++;
      hc.cqFlushN[cq]++;
      if (hc.cqFlushFirst[cq] < 0) hc.cqFlushFirst[cq] = w.now;
      hc.cqFlushLast[cq] = w.now;
    }
  }
  if (!ok) return;
  const ch = st.channel;
  const moderated = ch !== null && (ch.modPeriodNs > 0 || ch.modMaxCount > 1);
  if (!moderated) {
    if (slot >= 0) report(w, slot, w.now, VIA_ERROR_CQE);
    return;
  }
  const m = hc.mod[cq];
  if (slot >= 0 && (st.flags[slot] & (F_FAULTED | F_REPORTED)) === F_FAULTED) m.waiting.push(slot);
  m.count++;
  if (m.count >= ch.modMaxCount) return fireModeration(w, st, host, cq);
  if (!m.open) {
    m.open = true;
    schedule(w, w.now + ch.modPeriodNs, { k: 'storm', op: OP.MOD, host, a: m.gen * 16 + cq });
  }
}

/** The moderated completion event fires: everything written since the last one is seen. */
export function fireModeration(w: World, st: StormState, host: number, cq: number): void {
  const m = st.hosts[host].mod[cq];
  for (const s of m.waiting) report(w, s, w.now, VIA_ERROR_CQE);
  m.waiting = [];
  m.count = 0;
  m.open = false;
  m.gen++;
}

export function moderationTimer(w: World, host: number, a: number): void {
  const st = stormOf(w);
  const cq = a % 16;
  const m = st.hosts[host].mod[cq];
  if (m.open && Math.floor(a / 16) === m.gen) fireModeration(w, st, host, cq);
}
