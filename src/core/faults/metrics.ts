// Figures of a storm: latency percentiles, Jain's fairness index, per-class and per-CQ numbers,
// and whether the storm has drained. Pure reads of the world; nothing here changes it.
import { DOWN_CRASHED, type World } from '../world/world.ts';
import { F_FAULTED, F_REPORTED, stormOf, type StormState } from './state.ts';

export interface Pct { p50: number; p99: number; max: number }

/** Nearest-rank percentile of an ascending array (0 for an empty one). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i];
}

export function pct(sorted: ArrayLike<number>): Pct {
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1] : 0 };
}

/**
 * Jain's fairness index (Jain, Chiu & Hawe 1984): (Σx)² / (n·Σx²), 1 when all x are equal,
 * 1/n when one gets everything. Empty input → 1 (nothing to be unfair about).
 */
export function jain(xs: readonly number[]): number {
  if (xs.length === 0) return 1;
  let s = 0, s2 = 0;
  for (const x of xs) { s += x; s2 += x * x; }
  return s2 === 0 ? 1 : (s * s) / (xs.length * s2);
}

/**
 * Fault → report latencies (ns) of reported QPs, ascending, overall and per class; and per
 * class the channel delay (detection → report), the part the arbitration policy decides.
 */
export function reportLatencies(w: World): { all: Float64Array; byClass: Float64Array[]; delayByClass: Float64Array[] } {
  const st = stormOf(w);
  const k = Math.max(1, w.cfg.classes.length);
  const per: number[][] = Array.from({ length: k }, () => []);
  const delay: number[][] = Array.from({ length: k }, () => []);
  const all: number[] = [];
  for (let s = 0; s < w.qps.n; s++) {
    if (!(st.flags[s] & F_REPORTED)) continue;
    const ns = st.reportAt[s] - st.t0;
    const c = Math.min(st.cls[s], k - 1);
    all.push(ns);
    per[c].push(ns);
    delay[c].push(st.reportAt[s] - st.detectAt[s]);
  }
  const sorted = (xs: number[]) => Float64Array.from(xs).sort();
  return { all: sorted(all), byClass: per.map(sorted), delayByClass: delay.map(sorted) };
}

export function lastFlushLatencies(w: World): Float64Array {
  const st = stormOf(w);
  const out: number[] = [];
  for (let s = 0; s < w.qps.n; s++) if (st.flags[s] & F_FAULTED && st.lastFlushAt[s] >= 0) out.push(st.lastFlushAt[s] - st.t0);
  return Float64Array.from(out).sort();
}

/** MODEL (claim jain): Jain over classes that had reports, of each class's rate 1 / mean channel delay. */
export function classJain(byClass: readonly Float64Array[]): number {
  const rates: number[] = [];
  for (const xs of byClass) {
    if (xs.length === 0) continue;
    let sum = 0;
    for (const x of xs) sum += x;
    rates.push(1 / Math.max(1, sum / xs.length));
  }
  return jain(rates);
}

/** What still keeps a host's channel busy (null: idle): engines, event queue, driver queues, moderation windows. */
export function hostBusy(st: StormState, host: number): string | null {
  const h = st.hosts[host];
  if (h.dead === 1) return 'device dead, the driver has not noticed yet (health poll)';
  if (h.resetting) return 'function reset under way (the new device is not registered yet)';
  if (h.engBusy || h.pending.size > 0) return 'error engine busy or QPs waiting for it';
  if (h.flushBusy || h.flushHead < h.flushList.length) return 'flush engine has QPs left';
  if (h.eqUsed > 0 || h.eqIrq) return 'event queue holds entries';
  if (h.qpq.length > 0 || h.qpqBusy || h.devq.length > 0 || h.devqBusy) return 'driver workqueue holds events';
  if (h.sw?.busy) return 'driver flush (sw_comp) running';
  if (h.mod.some((m) => m.open)) return 'a CQ moderation window is open';
  return null;
}

export function hostIdle(st: StormState, host: number): boolean {
  return hostBusy(st, host) === null;
}

/**
 * Why the storm has not drained (null once it has): the first thing still in flight. The
 * property test holds every storm to this: drained, or a named reason.
 */
export function drainBlocker(w: World): string | null {
  const why = channelBlocker(w);
  if (why !== null) return why;
  const slots = slotsOf(w);
  const k = blockedSlot(w, slots, 0);
  if (k < 0) return null;
  const s = slots[k];
  const host = w.qps.host[s];
  return (w.rt.get(s)?.sq.length ?? 0) > 0 ? `QP ${w.qps.qpn[s]} on host ${host} still has send work` : `faulted QP ${w.qps.qpn[s]} on host ${host} still has receives`;
}

/**
 * drainBlocker() === null, asked often (runToDrain, every few simulated milliseconds, over 32,768
 * slots): the slot scan starts where the last one found work (`cursor`), since the QPs before it
 * have drained, and a storm's slots drain roughly in order. The answer does not depend on it.
 */
export function isDrained(w: World, cursor: { at: number }): boolean {
  if (channelBlocker(w) !== null) return false;
  const slots = slotsOf(w);
  const k = blockedSlot(w, slots, cursor.at < slots.length ? cursor.at : 0);
  if (k < 0) return true;
  cursor.at = k;
  return false;
}

function channelBlocker(w: World): string | null {
  const st = stormOf(w);
  if (st.t0 < 0) return 'the fault has not happened yet';
  // A fault still to come (a link flap's port-up) is part of the storm.
  if (w.cmdIndex < w.commands.length) return `a scheduled command (${w.commands[w.cmdIndex].cmd.kind}) has not run yet`;
  for (let h = 0; h < st.hosts.length; h++) {
    const why = hostBusy(st, h);
    if (why) return `host ${h}: ${why}`;
  }
  return null;
}

function slotsOf(w: World): ArrayLike<number> {
  const st = stormOf(w);
  return st.groupSlots.length > 0 ? st.groupSlots : Int32Array.from({ length: w.qps.n }, (_, i) => i);
}

/** The index in `slots` (scanning from `start`, wrapping) of a QP whose work keeps the storm going, or -1. */
function blockedSlot(w: World, slots: ArrayLike<number>, start: number): number {
  const st = stormOf(w);
  const n = slots.length;
  for (let j = 0; j < n; j++) {
    const k = start + j < n ? start + j : start + j - n;
    const s = slots[k];
    const rt = w.rt.get(s);
    if (!rt) continue;
    // A crashed host's own QPs never move again, and a user-space consumer's QPs on a dead
    // device get no flush (libmlx5): their queues are not waited for.
    if (hostFrozen(w, st, w.qps.host[s])) continue;
    if (rt.sq.length > 0) return k;
    if (st.flags[s] & F_FAULTED && rt.rq.length > 0) return k;
  }
  return -1;
}

/** A host whose QPs' queues will never drain: crashed, or dead with a user-space consumer. */
export function hostFrozen(w: World, st: StormState, host: number): boolean {
  if (w.hosts[host].down & DOWN_CRASHED) return true;
  return st.hosts[host].dead === 2 && (st.channel?.consumer ?? 'kernel') === 'user';
}

/** A faulted QP not reported is lost once its host's channel is idle and its WRs are gone. */
export function reportLost(w: World, s: number): boolean {
  const st = stormOf(w);
  if ((st.flags[s] & (F_FAULTED | F_REPORTED)) !== F_FAULTED) return false;
  const rt = w.rt.get(s);
  const host = w.qps.host[s];
  return (!rt || (rt.sq.length === 0 && rt.rq.length === 0) || hostFrozen(w, st, host)) && hostIdle(st, host);
}

/** Faulted QPs not reported: lost (reportLost), or still pending. */
export function lostAndPending(w: World): { lost: number; pending: number } {
  const st = stormOf(w);
  let lost = 0, pending = 0;
  for (let s = 0; s < w.qps.n; s++) {
    if ((st.flags[s] & (F_FAULTED | F_REPORTED)) !== F_FAULTED) continue;
    if (reportLost(w, s)) lost++; else pending++;
  }
  return { lost, pending };
}

/** Flush CQEs written into each CQ, and their rate while the flush lasted. */
export function perCqFlush(w: World): { host: number; cq: number; flushCqes: number; perUs: number }[] {
  const st = stormOf(w);
  const out: { host: number; cq: number; flushCqes: number; perUs: number }[] = [];
  st.hosts.forEach((h, host) => h.cqFlushN.forEach((n, cq) => {
    if (n === 0) return;
    const span = h.cqFlushLast[cq] - h.cqFlushFirst[cq];
    out.push({ host, cq, flushCqes: n, perUs: span > 0 ? Math.round((n * 1000 / span) * 1000) / 1000 : n });
  }));
  return out;
}
