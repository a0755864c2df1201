// The "why?" of one QP's report: the shared cause, its own failure, its wait in the error
// engine, its service, its event-queue entry and what became of it, and how (or whether)
// software learned. Read from the storm's state and trail (trail.ts) — nothing is inferred that
// the model did not record — as plain data; the Faults view puts it into words.
import type { AsyncEvent } from '../model/wc.ts';
import { ASYNC_EVENTS } from '../model/wc.ts';
import type { ReportVia, StateCause } from '../model/events.ts';
import type { PolicyName } from '../model/stormSchema.ts';
import type { World } from '../world/world.ts';
import type { OverrunMode } from './presets.ts';
import { reportLost } from './metrics.ts';
import { F_FAULTED, F_REPORTED, stormOf } from './state.ts';
import { VIA } from './reports.ts';
import { CAUSES, CQE_WRITTEN, EQ_BROKEN, EQ_DEAD, EQ_NONE, EQ_OVERRUN } from './trail.ts';

/** Instants are ns after the shared fault (the storm's t0); -1 where it did not happen. */
export interface ReportWhy {
  /** The fault's absolute instant (ns), for views that draw absolute time. */
  t0: number;
  qpn: number;
  host: number;
  cls: number;
  cause: { what: string; host: number; detail: string } | null;
  failed: { ns: number; cause: StateCause } | null;
  queue: { ns: number; waiting: number; policy: PolicyName; servedBefore: number; servedSince: number; stillWaiting: number } | null;
  service: { startNs: number; doneNs: number; serviceNs: number; fetchNs: number } | null;
  eqe: { event: AsyncEvent; ns: number; used: number; size: number; fate: 'written' | 'overrun' | 'broken' | 'dead'; overrun: OverrunMode } | null;
  firstCqe: { ns: number; written: boolean } | null;
  /** What could have covered it: its CQs' CQ_ERR reaching software, its device's DEVICE_FATAL. */
  covers: { cqs: Array<{ cq: number; errNs: number }>; deviceNs: number };
  report: { ns: number; via: ReportVia } | null;
  verdict: 'healthy' | 'waiting' | 'reported' | 'lost';
  /** Of the QPs reported so far, how many were reported earlier than this one (for "late"). */
  earlier: number;
  /** Other QPs reported at the very same instant. */
  together: number;
  reportedSoFar: number;
}

export function reportWhy(w: World, slot: number): ReportWhy {
  const st = stormOf(w);
  const q = w.qps;
  const tr = st.trail;
  const host = q.host[slot];
  const hc = st.hosts[host];
  const rel = (t: number) => (t >= 0 && st.t0 >= 0 ? t - st.t0 : -1);
  const fl = st.flags[slot];
  const faulted = (fl & F_FAULTED) !== 0;
  const reported = (fl & F_REPORTED) !== 0;
  let earlier = 0, together = 0;
  if (reported) {
    for (let s = 0; s < q.n; s++) {
      if (!(st.flags[s] & F_REPORTED) || s === slot) continue;
      if (st.reportAt[s] < st.reportAt[slot]) earlier++; else if (st.reportAt[s] === st.reportAt[slot]) together++;
    }
  }
  const how = tr.eqHow[slot];
  const cqs = [...new Set([q.f.send_cq[slot], q.f.recv_cq[slot]])].map((cq) => ({ cq, errNs: rel(hc.cqErrAt[cq] ?? -1) }));
  const ch = st.channel;
  return {
    t0: st.t0, qpn: q.qpn[slot], host, cls: st.cls[slot], cause: st.cause,
    failed: faulted ? { ns: rel(st.detectAt[slot]), cause: CAUSES[tr.cause[slot] - 1] } : null,
    queue: tr.queuedAt[slot] >= 0 ? {
      ns: rel(tr.queuedAt[slot]), waiting: tr.waiting[slot], policy: st.policy,
      servedBefore: tr.servedBefore[slot], servedSince: hc.served - tr.mark[slot], stillWaiting: hc.pending.size,
    } : null,
    service: tr.serviceAt[slot] >= 0 ? {
      startNs: rel(tr.serviceAt[slot]), doneNs: rel(tr.serviceDoneAt[slot]), serviceNs: ch?.serviceNs ?? 0,
      fetchNs: tr.serviceDoneAt[slot] >= 0 ? tr.serviceDoneAt[slot] - tr.serviceAt[slot] - (ch?.serviceNs ?? 0) : -1,
    } : null,
    eqe: how === EQ_NONE ? null : {
      event: ASYNC_EVENTS[tr.eqEv[slot] - 1], ns: rel(tr.eqAt[slot]), used: tr.eqUsed[slot], size: ch?.eqSize ?? 0,
      fate: how === EQ_OVERRUN ? 'overrun' : how === EQ_BROKEN ? 'broken' : how === EQ_DEAD ? 'dead' : 'written', overrun: ch?.overrun ?? 'report-continue',
    },
    firstCqe: tr.cqeHow[slot] ? { ns: rel(tr.cqeAt[slot]), written: tr.cqeHow[slot] === CQE_WRITTEN } : null,
    covers: { cqs, deviceNs: rel(hc.deviceEventAt) },
    report: reported ? { ns: rel(st.reportAt[slot]), via: VIA[st.via[slot] - 1] } : null,
    verdict: !faulted ? 'healthy' : reported ? 'reported' : reportLost(w, slot) ? 'lost' : 'waiting',
    earlier, together, reportedSoFar: st.reported,
  };
}

export type NotableQp = 'last-reported' | 'event-lost' | 'lost';
export const NOTABLE_QPS: readonly NotableQp[] = ['last-reported', 'event-lost', 'lost'];

/**
 * Index in `slots` (the grid's QPs) of a QP worth asking about: the one reported last, the first
 * whose error EQE was lost, the first whose report was lost; -1 when the storm has none.
 */
export function notableQp(w: World, slots: ArrayLike<number>, kind: NotableQp): number {
  const st = stormOf(w);
  let best = -1;
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    const fl = st.flags[s];
    if (kind === 'last-reported') { if (fl & F_REPORTED && (best < 0 || st.reportAt[s] > st.reportAt[slots[best]])) best = i; }
    else if (kind === 'event-lost') { if (st.trail.eqHow[s] >= EQ_OVERRUN) return i; }
    else if (reportLost(w, s)) return i;
  }
  return best;
}

/**
 * Per grid QP, 1 where the error engine took it after `slot` joined the queue and before it took
 * `slot` (or up to now, while `slot` still waits): the reports `slot` waited behind.
 */
export function servedBetween(w: World, slots: ArrayLike<number>, slot: number): Uint8Array {
  const tr = stormOf(w).trail;
  const out = new Uint8Array(slots.length);
  const from = tr.queuedAt[slot];
  if (from < 0) return out;
  const to = tr.serviceAt[slot] >= 0 ? tr.serviceAt[slot] : Infinity;
  const host = w.qps.host[slot];
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    if (s !== slot && w.qps.host[s] === host && tr.serviceAt[s] >= from && tr.serviceAt[s] < to) out[i] = 1;
  }
  return out;
}
