// The NIC's error engine and flush engine (claim error-engine). A QP that enters ERR (or SQE)
// waits in the engine's pending set, ordered by the arbitration policy; the engine services one
// QP at a time: it reads the QP's context through the on-chip cache (a miss costs a fetch and
// may evict another context: claim ctx-through-cache), writes the failing WQE's CQE with its
// real status, writes the QP's EQE if the error raises one, and hands the QP to the flush
// engine, which writes FLUSH_ERR CQEs QP after QP, oldest WQE first (rxe_comp.c rxe_completer, flush_send_queue) [sources: rxe-comp, ibta-in-code].
import { LC } from '../qp/lifecycle.ts';
import type { PolicyName } from '../model/stormSchema.ts';
import { ctxTouch } from '../transport/nic.ts';
import { flushOne } from '../transport/qpState.ts';
import { canRunAhead, emit, schedule, type World } from '../world/world.ts';

import { F_INFLUSH, F_LASTWQE, F_PENDING, F_SERVICED, OP, channelOf, stormOf, type StormState } from './state.ts';
import { newPending, pendingSlots, popPending, pushPending, type PendingKey } from './pending.ts';
import { EV, eqWrite } from './eq.ts';

const RUN_AHEAD = 64;
/** Tests switch running ahead off to prove it changes nothing but speed. */
export const RUN_AHEAD_ON = { on: true };

function keyOf(w: World, st: StormState, slot: number): PendingKey {
  const cls = st.cls[slot];
  const c = w.cfg.classes[cls];
  const rt = w.rt.get(slot);
  // Oldest outstanding work: the post time of the QP's oldest WR still queued.
  let oldest = st.detectAt[slot] >= 0 ? st.detectAt[slot] : w.now;
  if (rt) {
    if (rt.sq.length > 0) oldest = Math.min(oldest, rt.sq[0].postedAt);
    if (rt.rq.length > 0) oldest = Math.min(oldest, rt.rq[0].postedAt);
  }
  return { detectAt: st.detectAt[slot] >= 0 ? st.detectAt[slot] : w.now, qpn: w.qps.qpn[slot], priority: c?.priority ?? 0, oldest, cls };
}

function weights(w: World): number[] {
  return w.cfg.classes.map((c) => c.weight);
}

/**
 * A QP entered ERR/SQE: queue it for the error engine.
 * MODEL (claim error-engine): one engine per NIC services faulted QPs one at a time; no public
 * source describes the hardware that writes error CQEs and EQEs, only that reports come out in
 * ring order (claim fifo-is-real). MODEL (claim one-eqe-per-error): one EQE per entry into ERR.
 */
export function enqueueError(w: World, slot: number): void {
  const st = stormOf(w);
  const host = w.qps.host[slot];
  const hc = st.hosts[host];
  st.flags[slot] = (st.flags[slot] & ~F_SERVICED) | F_PENDING;
  const tr = st.trail;
  if (tr.queuedAt[slot] < 0) { tr.queuedAt[slot] = w.now; tr.waiting[slot] = hc.pending.size; tr.mark[slot] = hc.served; }
  pushPending(hc.pending, slot, keyOf(w, st, slot));
  if (!hc.engBusy) {
    hc.engBusy = true;
    schedule(w, w.now, { k: 'storm', op: OP.ENG, host, a: 0 });
  }
}

/** The engine picks the next QP by policy and starts servicing it. */
export function engineNext(w: World, host: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  if (hc.dead) { hc.engBusy = false; return; }
  const ws = weights(w);
  for (;;) {
    const slot = popPending(hc.pending, ws);
    if (slot < 0) { hc.engBusy = false; return; }
    const lc = w.qps.lc[slot];
    // Moved to RESET (or back to RTS) while waiting: nothing left to report.
    if (lc !== LC.ERR && lc !== LC.SQE) { st.flags[slot] &= ~(F_PENDING | F_LASTWQE); continue; }
    const tr = st.trail;
    if (tr.serviceAt[slot] < 0) { tr.serviceAt[slot] = w.now; tr.servedBefore[slot] = hc.served - tr.mark[slot]; }
    hc.served++;
    // MODEL (claim ctx-through-cache): the report needs the QP's context; a miss costs a fetch.
    const cost = channelOf(st).serviceNs + ctxTouch(w, host, w.qps.qpn[slot], true);
    schedule(w, w.now + cost, { k: 'storm', op: OP.ENG_DONE, host, a: slot });
    return;
  }
}

/** Service done: the real-status CQE, the EQE, then the QP joins the flush engine's list. */
export function engineDone(w: World, host: number, slot: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  if (hc.dead) return;
  st.flags[slot] = (st.flags[slot] & ~F_PENDING) | F_SERVICED;
  if (st.trail.serviceDoneAt[slot] < 0) st.trail.serviceDoneAt[slot] = w.now;
  const lc = w.qps.lc[slot];
  if (lc === LC.ERR || lc === LC.SQE) {
    const rt = w.rt.get(slot);
    if (rt && rt.sq.length > 0 && rt.sq[0].err) flushOne(w, slot);
    const ev = st.pendingEv[slot];
    if (ev > 0) { st.pendingEv[slot] = 0; eqWrite(w, host, ev - 1, slot); }
    // An SRQ QP's deferred LAST_WQE_REACHED follows its error EQE (claim last-wqe-order).
    if (st.flags[slot] & F_LASTWQE) { st.flags[slot] &= ~F_LASTWQE; eqWrite(w, host, EV.IBV_EVENT_QP_LAST_WQE_REACHED, slot); }
    addFlush(w, host, slot);
  }
  engineNext(w, host);
}

export function addFlush(w: World, host: number, slot: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  // A dead device has no flush engine: the driver (kernel consumers) or nobody (user space)
  // completes what is left (device.ts). An overrun that killed the device inside eqWrite lands here.
  if (hc.dead || st.flags[slot] & F_INFLUSH) return;
  st.flags[slot] |= F_INFLUSH;
  hc.flushList.push(slot);
  if (!hc.flushBusy) {
    hc.flushBusy = true;
    schedule(w, w.now, { k: 'storm', op: OP.FLUSH, host, a: -1 });
  }
}

/**
 * One flush CQE. `cur` is the slot the previous step worked on: a QP's first step also reads its
 * context (through the cache), later steps of the same QP do not.
 */
export function flushNext(w: World, host: number, cur: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  if (hc.dead) { hc.flushBusy = false; return; }
  const ch = channelOf(st);
  // Up to RUN_AHEAD CQEs in one item when nothing else is due in between (canRunAhead): the
  // same CQEs at the same instants as one item per CQE, without the heap round trips.
  for (let k = 0; hc.flushHead < hc.flushList.length; k++) {
    const slot = hc.flushList[hc.flushHead];
    const fetch = slot === cur ? 0 : ctxTouch(w, host, w.qps.qpn[slot], true);
    const more = flushOne(w, slot);
    if (!more) {
      st.flags[slot] &= ~F_INFLUSH;
      hc.flushHead++;
      if (hc.flushHead > 4096 && hc.flushHead * 2 > hc.flushList.length) {
        hc.flushList = hc.flushList.slice(hc.flushHead);
        hc.flushHead = 0;
      }
    }
    cur = more ? slot : -1;
    const next = w.now + ch.flushNs + fetch;
    if (k + 1 < RUN_AHEAD && RUN_AHEAD_ON.on && canRunAhead(w, next) && !hc.dead) { w.now = next; continue; }
    schedule(w, next, { k: 'storm', op: OP.FLUSH, host, a: cur });
    return;
  }
  hc.flushList = [];
  hc.flushHead = 0;
  hc.flushBusy = false;
}

/** Switch the arbitration policy live: every waiting QP is re-queued under the new order. */
export function setPolicy(w: World, policy: PolicyName): void {
  const st = stormOf(w);
  st.policy = policy;
  if (st.channel) st.channel.policy = policy;
  for (const hc of st.hosts) {
    const waiting = pendingSlots(hc.pending);
    const old = hc.pending;
    hc.pending = newPending(policy);
    if (policy === 'round-robin') hc.pending.cursor = old.cursor;
    for (const s of waiting) pushPending(hc.pending, s, keyOf(w, st, s));
  }
  emit(w, { t: w.now, kind: 'storm', what: 'policy', detail: policy });
}
