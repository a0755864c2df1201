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

/** Nothing left in a host's channel: engines, event queue, driver queues, moderation windows. */
export function hostIdle(st: StormState, host: number): boolean {
  const h = st.hosts[host];
  if (h.dead === 1) return false;
  if (h.engBusy || h.flushBusy || h.pending.size > 0 || h.flushHead < h.flushList.length) return false;
  if (h.eqUsed > 0 || h.eqIrq || h.qpq.length > 0 || h.qpqBusy || h.devq.length > 0 || h.devqBusy) return false;
  if (h.sw?.busy) return false;
  return !h.mod.some((m) => m.open);
}

/**
 * The storm has drained: the fault has happened, every channel is idle, no storm QP still has
 * send work queued, and no faulted QP has any WR left.
 */
export function drained(w: World): boolean {
  const st = stormOf(w);
  if (st.t0 < 0) return false;
  for (let h = 0; h < st.hosts.length; h++) if (!hostIdle(st, h)) return false;
  const slots = st.groupSlots.length > 0 ? st.groupSlots : Int32Array.from({ length: w.qps.n }, (_, i) => i);
  for (const s of slots) {
    const rt = w.rt.get(s);
    if (!rt) continue;
    // A crashed host's own QPs never move again: their queues are not waited for.
    if (rt.sq.length > 0 && !(w.hosts[w.qps.host[s]].down & DOWN_CRASHED)) return false;
    if (st.flags[s] & F_FAULTED && rt.rq.length > 0) return false;
  }
  return true;
}

/** A faulted QP not reported is lost once its host's channel is idle and its WRs are gone. */
export function reportLost(w: World, s: number): boolean {
  const st = stormOf(w);
  if ((st.flags[s] & (F_FAULTED | F_REPORTED)) !== F_FAULTED) return false;
  const rt = w.rt.get(s);
  return (!rt || (rt.sq.length === 0 && rt.rq.length === 0)) && hostIdle(st, w.qps.host[s]);
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
