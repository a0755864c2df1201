// Invariants every storm must keep, as a list of problems (empty = fine), for tests.
import type { Storm } from '../faults/storm.ts';
import { hostFrozen } from '../faults/metrics.ts';
import { stormOf } from '../faults/state.ts';

/** Nothing lost, nothing twice, per-queue order, and the report identity once drained. */
export function stormProblems(s: Storm): string[] {
  const out: string[] = [];
  const sum = s.summary();
  if (sum.wr.posted !== sum.wr.completed + sum.wr.discarded + sum.wr.outstanding) out.push(`conservation: ${JSON.stringify(sum.wr)}`);
  const seen = new Map<number, number>();
  const last = new Map<string, number>();
  for (const e of s.sim.events()) {
    if (e.kind !== 'cqe' && e.kind !== 'cqe-lost' && e.kind !== 'complete-silent' && e.kind !== 'discard') continue;
    seen.set(e.wr, (seen.get(e.wr) ?? 0) + 1);
    if (e.kind === 'discard') continue;
    const key = `${e.host}/${e.qpn}/${'queue' in e ? e.queue : 'sq'}`;
    if (e.wr <= (last.get(key) ?? -1)) out.push(`completion order on ${key}: WR ${e.wr} after ${last.get(key)}`);
    last.set(key, e.wr);
  }
  for (const [wr, n] of seen) if (n !== 1) out.push(`WR ${wr} retired ${n} times`);
  if (sum.reported + sum.lostReports + sum.pendingReports !== sum.faulted) out.push(`reports: ${sum.reported} + ${sum.lostReports} + ${sum.pendingReports} ≠ ${sum.faulted} faulted`);
  if (sum.drained) {
    if (sum.pendingReports !== 0) out.push(`drained with ${sum.pendingReports} reports pending`);
    const w = s.sim.world;
    const g = s.grid();
    for (let i = 0; i < g.slots.length; i++) {
      const rt = w.rt.get(g.slots[i]);
      // A user-space consumer's QPs on a dead device keep their WRs: no flush ever comes (claim fatal-consumer).
      if (hostFrozen(w, stormOf(w), g.host[i])) continue;
      if (g.phase[i] !== 0 && rt && rt.sq.length + rt.rq.length > 0) out.push(`faulted QP ${g.qpn[i]} still holds WRs after the drain`);
    }
  }
  return out;
}
