// Totals no machine can run. Each field of a scenario has its own range, but their products do
// not: 4,096 QPs may each post 16,384 receives (67 million WQEs, ≈ 5 GB before the first packet)
// and 256 workloads may each post every nanosecond for ten seconds (2.56 × 10^12 posts). These
// limits refuse such totals up front, naming the field where the total crossed its limit.
// What is merely slow, or grows only while it runs, is left to the run's work and memory
// budget (core/sim/budget.ts), which stops it cleanly.
//
// The byte figures are the model's own, measured in Node 20 (core/sim/budget.ts): a posted
// receive WQE ≈ 77 B, a queued send WQE ≈ 250 B, a context-cache entry ≈ 53 B.

/** Receive WQEs posted at bring-up (QPs, SRQs and groups together): ≈ 160 MB of WQEs. */
export const MAX_SETUP_RECVS = 1 << 21;
/** Send WRs groups post at set-up: ≈ 260 MB of WQEs (the faults lab's largest storm, 16,384 QPs × 64, fits). */
export const MAX_SETUP_SENDS = 1 << 20;
/** Context-cache entries over all hosts (each host has its own cache): ≈ 450 MB. */
export const MAX_CACHE_ENTRIES = 1 << 23;
/**
 * Posts all workloads can make over the scenario's duration. Each post is at least one engine
 * step, and a delivered message a dozen events more: 10^8 posts is hours of one core's work.
 */
export const MAX_WORKLOAD_POSTS = 100_000_000;

const n = (x: number) => String(Math.round(x)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export interface LimitBreach { field: string; problem: string }

/** A workload as the totals read it. */
interface WorkloadSpan { startNs: number; intervalNs: number; count: number }
/**
 * The fields of a scenario the totals read, written out structurally so that this file needs
 * nothing from schema.ts (which calls it), and the two form no import cycle.
 */
interface TotalsInput {
  config: {
    durationNs: number;
    hosts: readonly unknown[];
    nic: { cache: { entries: number } };
    qps: readonly { srq?: number; recvs: number }[];
    srqs: readonly { recvs: number }[];
    groups: readonly { count: number; recvs: number; peerRecvs: number; post?: { count: number } }[];
    workloads: readonly WorkloadSpan[];
  };
}

/** Posts workload `w` can make at most: every interval from its start to the end, or its count. */
function posts(w: WorkloadSpan, durationNs: number): number {
  if (w.startNs > durationNs) return 0;
  const upTo = Math.floor((durationNs - w.startNs) / w.intervalNs) + 1;
  return w.count > 0 ? Math.min(w.count, upTo) : upTo;
}

/** The first total a scenario exceeds, or null. */
export function checkTotals(s: TotalsInput): LimitBreach | null {
  const c = s.config;
  const recvsOver = (field: string, total: number): LimitBreach =>
    ({ field, problem: `receive WQEs posted at bring-up reach ${n(total)} here, above the limit of ${n(MAX_SETUP_RECVS)} (each is about 77 bytes before the first packet)` });
  let recvs = 0;
  for (let i = 0; i < c.qps.length; i++) {
    if (c.qps[i].srq !== undefined) continue;
    recvs += c.qps[i].recvs;
    if (recvs > MAX_SETUP_RECVS) return recvsOver(`config.qps[${i}].recvs`, recvs);
  }
  for (let i = 0; i < c.srqs.length; i++) {
    recvs += c.srqs[i].recvs;
    if (recvs > MAX_SETUP_RECVS) return recvsOver(`config.srqs[${i}].recvs`, recvs);
  }
  let sends = 0;
  for (let i = 0; i < c.groups.length; i++) {
    const g = c.groups[i];
    recvs += g.count * (g.recvs + g.peerRecvs);
    if (recvs > MAX_SETUP_RECVS) return recvsOver(`config.groups[${i}].${g.recvs > 0 ? 'recvs' : 'peerRecvs'}`, recvs);
    sends += g.post ? g.count * g.post.count : 0;
    if (sends > MAX_SETUP_SENDS) {
      return { field: `config.groups[${i}].post.count`, problem: `send WRs the groups post at set-up reach ${n(sends)} here, above the limit of ${n(MAX_SETUP_SENDS)} (each is about 250 bytes)` };
    }
  }
  const cache = c.hosts.length * c.nic.cache.entries;
  if (cache > MAX_CACHE_ENTRIES) {
    return { field: 'config.nic.cache.entries', problem: `${c.hosts.length} hosts × ${n(c.nic.cache.entries)} context-cache entries = ${n(cache)}, above the limit of ${n(MAX_CACHE_ENTRIES)} (each host has its own cache; about 53 bytes an entry)` };
  }
  let total = 0;
  for (let i = 0; i < c.workloads.length; i++) {
    total += posts(c.workloads[i], c.durationNs);
    if (total > MAX_WORKLOAD_POSTS) {
      return { field: `config.workloads[${i}].intervalNs`, problem: `the workloads would post up to ${n(total)} WRs in durationNs = ${n(c.durationNs)} ns (counting up to this one), above the limit of ${n(MAX_WORKLOAD_POSTS)}; each post is at least one engine step, so a longer intervalNs, a count or a shorter duration is needed` };
    }
  }
  return null;
}
