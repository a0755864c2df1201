// Where a user-space program really falls behind: after the driver has delivered a QP's failure,
// the program still has to read it. Async events wait in the context's async-event fd, read one
// at a time by ibv_get_async_event, and every event must be acknowledged with
// ibv_ack_async_event: destroying a QP waits until all its events are acknowledged
// (ibv_get_async_event(3)) [sources: man-async-event]. A program using rdma_cm also reads its
// event channel: DISCONNECTED, then TIMEWAIT_EXIT once the QP has left timewait, each to be
// acknowledged with rdma_ack_cm_event before rdma_destroy_id returns (rdma_get_cm_event(3))
// [sources: man-cm-event]. Both are queues the program's event thread drains.
//
// MODEL (claim program-thread): one event thread serves both queues in arrival order, eventNs
// per event; it acknowledges an event ackNs after reading it (a slow thread: late acks); a
// failure reported by an error CQE is learned when it becomes visible (a CQ poller that keeps
// up); the CM's DISCONNECTED reaches the channel cmNs after the program learned (it called
// rdma_disconnect), TIMEWAIT_EXIT timewaitNs after that. Pure: it reads a drained storm's
// per-QP report times and adds nothing to the trace.
import type { World } from '../world/world.ts';
import { F_FAULTED, F_REPORTED, stormOf } from './state.ts';
import { EQ_WRITTEN } from './trail.ts';
import { VIA_CQ_EVENT, VIA_DEVICE_EVENT, VIA_QP_EVENT } from './reports.ts';
import { pct, type Pct } from './metrics.ts';

export interface ProgramOptions {
  /** The event thread's time per event read (default 2 µs). */
  eventNs?: number;
  /** From reading an event to acknowledging it (default 0: at once). */
  ackNs?: number;
  /** The program uses rdma_cm: DISCONNECTED and TIMEWAIT_EXIT per connection go through its channel. */
  cm?: boolean;
  /** rdma_disconnect → DISCONNECTED on the channel (default 1 ms), DISCONNECTED → TIMEWAIT_EXIT (default 1 s). */
  cmNs?: number;
  timewaitNs?: number;
}

export interface ProgramView {
  /** Per affected QP (the grid's order), ns after the fault, −1 when it never happened. */
  driverNs: Float64Array;
  learnedNs: Float64Array;
  /** 0 async fd, 1 CQ poll (whichever told the program first), −1 never. */
  learnedVia: Int8Array;
  /** When destroying the QP could return: its last event acknowledged (the CM's TIMEWAIT_EXIT too, with cm). */
  destroyNs: Float64Array;
  /** Largest backlog seen in the async fd and in the CM channel. */
  asyncBacklogMax: number;
  cmBacklogMax: number;
  /** Fault → learned, and learned → destroy possible, over the QPs that learned. */
  learned: Pct;
  destroyWait: Pct;
  unlearned: number;
}

/** What the storm CLI prints as `program` and the page's readout shows: one shape, one source. */
export interface ProgramLine { learnedNs: Pct; destroyWaitNs: Pct; asyncBacklogMax: number; cmBacklogMax: number; unlearned: number }

export function programLine(v: ProgramView): ProgramLine {
  return { learnedNs: v.learned, destroyWaitNs: v.destroyWait, asyncBacklogMax: v.asyncBacklogMax, cmBacklogMax: v.cmBacklogMax, unlearned: v.unlearned };
}

interface Ev { t: number; i: number; kind: 0 | 1 | 2 } // 0 async (QP or covering event), 1 DISCONNECTED, 2 TIMEWAIT_EXIT

/** The program's side of a storm for the affected QPs `slots` (grid order). */
export function programView(w: World, slots: Int32Array, o: ProgramOptions = {}): ProgramView {
  const st = stormOf(w);
  const tr = st.trail;
  const eventNs = o.eventNs ?? 2_000, ackNs = o.ackNs ?? 0, cmNs = o.cmNs ?? 1_000_000, timewaitNs = o.timewaitNs ?? 1_000_000_000;
  const n = slots.length;
  const driverNs = new Float64Array(n).fill(-1), learnedNs = new Float64Array(n).fill(-1), destroyNs = new Float64Array(n).fill(-1);
  const learnedVia = new Int8Array(n).fill(-1);
  const lastAck = new Float64Array(n).fill(-1);
  const evs: Ev[] = [];
  // Covering events (CQ_ERR, DEVICE_FATAL) are one event in the fd, read once for all they cover.
  const covering = new Map<number, number>();
  const own = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const s = slots[i];
    if ((st.flags[s] & (F_FAULTED | F_REPORTED)) !== (F_FAULTED | F_REPORTED)) continue;
    const t = st.reportAt[s];
    driverNs[i] = t - st.t0;
    const via = st.via[s];
    if (via === VIA_QP_EVENT) { own[i] = evs.length; evs.push({ t, i, kind: 0 }); }
    else if (via === VIA_CQ_EVENT || via === VIA_DEVICE_EVENT) {
      if (!covering.has(t)) { covering.set(t, evs.length); evs.push({ t, i: -1, kind: 0 }); }
    } else {
      learnedNs[i] = t - st.t0; learnedVia[i] = 1;
      // Its error CQE came first, but its QP event (if one was raised and not lost) still lands
      // in the fd and must be acknowledged. MODEL: it is taken to arrive when its EQE was
      // written (the driver's later delivery time is kept only for the first report).
      if (tr.eqEv[s] > 0 && tr.eqHow[s] === EQ_WRITTEN) { own[i] = evs.length; evs.push({ t: tr.eqAt[s], i, kind: 0 }); }
    }
  }
  // An SRQ QP's LAST_WQE_REACHED is one more event in the fd, to read and acknowledge before
  // destroy (__ib_drain_srq waits for it) [sources: srq]; it tells nothing the report did not.
  const lastWqe: number[] = [];
  for (let i = 0; i < n; i++) {
    const at = st.lastWqeAt[slots[i]];
    if (at >= 0) { lastWqe.push(evs.length); evs.push({ t: at, i, kind: 0 }); }
  }
  const thread = serve(evs, eventNs);
  const asyncMax = thread.backlog[0];
  // Who each covering event told: every QP it covered learns when it is read.
  for (let i = 0; i < n; i++) {
    if (driverNs[i] < 0) continue;
    const via = st.via[slots[i]];
    const e = own[i] >= 0 ? own[i] : via === VIA_CQ_EVENT || via === VIA_DEVICE_EVENT ? covering.get(st.reportAt[slots[i]]) ?? -1 : -1;
    if (e < 0) continue;
    lastAck[i] = thread.readAt[e] + ackNs;
    if (learnedVia[i] === 1 && learnedNs[i] <= thread.readAt[e] - st.t0) continue;
    learnedNs[i] = thread.readAt[e] - st.t0;
    learnedVia[i] = 0;
  }
  for (const e of lastWqe) { const i = evs[e].i; if (lastAck[i] >= 0 || driverNs[i] >= 0) lastAck[i] = Math.max(lastAck[i], thread.readAt[e] + ackNs); }
  let cmMax = 0;
  if (o.cm) {
    const cmEvs: Ev[] = [];
    for (let i = 0; i < n; i++) {
      if (learnedNs[i] < 0) continue;
      const at = st.t0 + learnedNs[i] + cmNs;
      cmEvs.push({ t: at, i, kind: 1 }, { t: at + timewaitNs, i, kind: 2 });
    }
    const cm = serve(cmEvs, eventNs);
    cmMax = cm.backlog[0];
    cmEvs.forEach((e, k) => { lastAck[e.i] = Math.max(lastAck[e.i], cm.readAt[k] + ackNs); });
  }
  for (let i = 0; i < n; i++) if (learnedNs[i] >= 0) destroyNs[i] = Math.max(learnedNs[i], lastAck[i] - st.t0);
  const learnedList: number[] = [], waitList: number[] = [];
  let unlearned = 0;
  for (let i = 0; i < n; i++) {
    if (learnedNs[i] >= 0) { learnedList.push(learnedNs[i]); waitList.push(destroyNs[i] - learnedNs[i]); } else if (driverNs[i] >= 0) unlearned++;
  }
  const sorted = (a: number[]) => Float64Array.from(a).sort();
  return { driverNs, learnedNs, learnedVia, destroyNs, asyncBacklogMax: asyncMax, cmBacklogMax: cmMax, learned: pct(sorted(learnedList)), destroyWait: pct(sorted(waitList)), unlearned };
}

/**
 * One thread reading a queue in arrival order (ties by position), eventNs per event: when each
 * event is read, and the largest number waiting at once (backlog[0]).
 */
function serve(evs: readonly Ev[], eventNs: number): { readAt: Float64Array; backlog: [number] } {
  const order = evs.map((_, k) => k).sort((a, b) => evs[a].t - evs[b].t || a - b);
  const readAt = new Float64Array(evs.length);
  let free = -Infinity, max = 0, head = 0;
  for (let j = 0; j < order.length; j++) {
    const e = evs[order[j]];
    const start = Math.max(free, e.t);
    // Events that arrived while this one waited are the backlog behind it.
    while (head < j && readAt[order[head]] < e.t) head++;
    max = Math.max(max, j - head + 1);
    readAt[order[j]] = start;
    free = start + eventNs;
  }
  return { readAt, backlog: [max] };
}
