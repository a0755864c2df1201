// The asynchronous event queue of one NIC and the driver behind it (mlx5 eq.c, ib qp.c) [sources: mlx5-eq, eq-order].
// Hardware writes an EQE; an interrupt fires eqIrqNs later if the EQ is armed; the handler
// takes at most `budget` EQEs (claim eq-budget), publishes the consumer index and re-arms; a
// re-armed EQ that still holds entries interrupts again. QP events then go one at a time
// through the driver's ordered workqueue (claim driver-fifo), where QP_FATAL and QP_ACCESS_ERR
// first pay a QUERY_QP (claim query-qp); device-level events (port, CQ) use a second queue.
// An EQE that finds the EQ full is an overrun, handled per preset (claims overrun-*).
import { ASYNC_EVENTS, type AsyncEvent } from '../model/wc.ts';
import { bump } from '../transport/cq.ts';
import { emit, schedule, type World } from '../world/world.ts';
import { F_EQE_LOST, OP, channelOf, stormOf, type HostChannel, type StormState } from './state.ts';
import { EQ_BROKEN, EQ_DEAD, EQ_OVERRUN, EQ_WRITTEN } from './trail.ts';
import { cqErrDelivered, report, VIA_QP_EVENT } from './reports.ts';
import { killDevice } from './device.ts';

export const EV = Object.fromEntries(ASYNC_EVENTS.map((e, i) => [e, i])) as Record<AsyncEvent, number>;
const QP_EVENTS = new Set<number>([EV.IBV_EVENT_QP_FATAL, EV.IBV_EVENT_QP_REQ_ERR, EV.IBV_EVENT_QP_ACCESS_ERR, EV.IBV_EVENT_COMM_EST, EV.IBV_EVENT_SQ_DRAINED, EV.IBV_EVENT_QP_LAST_WQE_REACHED]);
/** mlx5_ib_qp_err_syndrome runs for these two (mlx5 ib qp.c) [sources: mlx5-err-syndrome]. */
const QUERIED = new Set<number>([EV.IBV_EVENT_QP_FATAL, EV.IBV_EVENT_QP_ACCESS_ERR]);
const OCC_MAX = 4096;

function sample(w: World, hc: HostChannel): void {
  if (hc.occSkip > 0) { hc.occSkip--; return; }
  hc.occT.push(w.now);
  hc.occN.push(hc.eqUsed);
  hc.occSkip = hc.occStride - 1;
  // Bounded history: when full, keep every other sample and sample half as often.
  if (hc.occT.length >= OCC_MAX) {
    hc.occT = hc.occT.filter((_, i) => i % 2 === 0);
    hc.occN = hc.occN.filter((_, i) => i % 2 === 0);
    hc.occStride *= 2;
  }
}

/** A QP's error EQE (the one its report waits for): when it came, how full the EQ was, what became of it. */
const ERROR_EVENTS = new Set<number>([EV.IBV_EVENT_QP_FATAL, EV.IBV_EVENT_QP_REQ_ERR, EV.IBV_EVENT_QP_ACCESS_ERR]);
function note(st: StormState, slot: number, t: number, code: number, used: number, how: number): void {
  const tr = st.trail;
  if (tr.eqHow[slot] !== 0 || !ERROR_EVENTS.has(code)) return;
  tr.eqAt[slot] = t; tr.eqEv[slot] = code + 1; tr.eqUsed[slot] = used; tr.eqHow[slot] = how;
}

/** Hardware writes one EQE: `res` is the slot (QP events), the CQ, or the port. */
export function eqWrite(w: World, host: number, code: number, res: number): void {
  const st = stormOf(w);
  const ch = channelOf(st);
  const hc = st.hosts[host];
  const isQp = QP_EVENTS.has(code);
  const qpn = isQp ? w.qps.qpn[res] : undefined;
  // An SRQ-attached QP's LAST_WQE_REACHED goes through the same queue as its error event (mlx5
  // MLX5_EVENT_TYPE_SRQ_LAST_WQE, hns SRQ_LAST_WQE_REACH in their QP event handlers) [sources: srq].
  const lastWqe = code === EV.IBV_EVENT_QP_LAST_WQE_REACHED;
  if (lastWqe) st.lastWqeRaised++;
  if (hc.eqBroken || hc.dead) {
    if (isQp) { st.flags[res] |= F_EQE_LOST; note(st, res, w.now, code, hc.eqUsed, hc.dead ? EQ_DEAD : EQ_BROKEN); }
    st.lostEqes++;
    if (lastWqe) st.lastWqeLost++;
    return;
  }
  if (hc.eqUsed >= ch.eqSize) return overrun(w, host, code, res, isQp);
  // Allocated on the first write (most hosts of a storm never get an EQE).
  const codes = hc.eqCode ?? (hc.eqCode = new Int32Array(ch.eqSize));
  const ress = hc.eqRes ?? (hc.eqRes = new Int32Array(ch.eqSize));
  if (isQp) note(st, res, w.now, code, hc.eqUsed, EQ_WRITTEN);
  const i = (hc.eqHead + hc.eqUsed) % ch.eqSize;
  codes[i] = code;
  ress[i] = res;
  hc.eqUsed++;
  sample(w, hc);
  if (w.trace.mode !== 'off') emit(w, { t: w.now, kind: 'eq', host, op: 'write', event: ASYNC_EVENTS[code], qpn, cq: code === EV.IBV_EVENT_CQ_ERR ? res : undefined, used: hc.eqUsed });
  if (hc.eqArmed && !hc.eqIrq) {
    hc.eqIrq = true;
    schedule(w, w.now + ch.irqNs, { k: 'storm', op: OP.IRQ, host, a: 0 });
  }
}

function overrun(w: World, host: number, code: number, res: number, isQp: boolean): void {
  const st = stormOf(w);
  const ch = channelOf(st);
  const hc = st.hosts[host];
  st.eqOverruns++;
  st.lostEqes++;
  if (code === EV.IBV_EVENT_QP_LAST_WQE_REACHED) st.lastWqeLost++;
  if (isQp) { st.flags[res] |= F_EQE_LOST; note(st, res, w.now, code, hc.eqUsed, EQ_OVERRUN); }
  emit(w, { t: w.now, kind: 'eq', host, op: 'overrun', event: ASYNC_EVENTS[code], qpn: isQp ? w.qps.qpn[res] : undefined, used: hc.eqUsed });
  if (ch.overrun === 'report-continue') return;
  // mlx5: health syndrome 0x0c, the fatal path — MODEL (claim overrun-mlx5): the reference infers
  // it, no code shows it; hns: "AEQ overflow!" and a function reset (claim overrun-hns, CODE).
  hc.eqBroken = true;
  killDevice(w, host, ch.overrun === 'fatal' ? 'async EQ overrun (health syndrome 0x0c)' : 'AEQ overflow: function-level reset', ch.overrun === 'function-reset');
}

/**
 * The interrupt: the handler takes EQEs while there are any, up to `budget` per interrupt
 * (claim eq-budget), and publishes its consumer index every `ciEvery` EQEs (mlx4_eq_int and
 * mthca_eq_int every 128, "or the HCA will think the queue has overflowed"; mlx5 once per
 * 128-EQE batch) [sources: mlx4-eq, mlx5-eq]: slots are freed at each publication (claim eq-ci).
 */
export function irq(w: World, host: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  hc.eqIrq = false;
  if (hc.dead || hc.eqUsed === 0) return;
  hc.eqArmed = false;
  hc.batchLeft = channelOf(st).budget;
  if (w.trace.mode !== 'off') emit(w, { t: w.now, kind: 'eq', host, op: 'irq', used: hc.eqUsed, n: Math.min(hc.batchLeft, hc.eqUsed) });
  chunk(w, host);
}

/** The handler's next run of EQEs up to the next consumer-index publication. */
function chunk(w: World, host: number): void {
  const ch = channelOf(stormOf(w));
  const hc = stormOf(w).hosts[host];
  const n = Math.min(ch.ciEvery, hc.batchLeft, hc.eqUsed);
  schedule(w, w.now + n * ch.eqeNs, { k: 'storm', op: OP.IRQ_DONE, host, a: n });
}

export function irqDone(w: World, host: number, n: number): void {
  const st = stormOf(w);
  const ch = channelOf(st);
  const hc = st.hosts[host];
  if (hc.dead) return;
  const codes = hc.eqCode, ress = hc.eqRes;
  if (!codes || !ress) throw new Error('EQEs consumed before any was written');
  for (let k = 0; k < n; k++) {
    const code = codes[hc.eqHead];
    const res = ress[hc.eqHead];
    hc.eqHead = (hc.eqHead + 1) % ch.eqSize;
    (QP_EVENTS.has(code) ? hc.qpq : hc.devq).push(code, res);
  }
  hc.eqUsed -= n;
  hc.batchLeft -= n;
  sample(w, hc);
  if (w.trace.mode !== 'off') emit(w, { t: w.now, kind: 'eq', host, op: 'consume', used: hc.eqUsed, n });
  kickQueues(w, host);
  // Budget left and entries waiting: the same interrupt goes on (the index was just published).
  if (hc.batchLeft > 0 && hc.eqUsed > 0) return chunk(w, host);
  hc.eqArmed = true;
  if (hc.eqUsed > 0 && !hc.eqIrq) {
    hc.eqIrq = true;
    schedule(w, w.now + ch.irqNs, { k: 'storm', op: OP.IRQ, host, a: 0 });
  }
}

export function kickQueues(w: World, host: number): void {
  const st = stormOf(w);
  const ch = channelOf(st);
  const hc = st.hosts[host];
  if (!hc.qpqBusy && hc.qpq.length > 0) {
    hc.qpqBusy = true;
    schedule(w, w.now + (QUERIED.has(hc.qpq[0]) ? ch.queryNs : ch.dispatchNs), { k: 'storm', op: OP.QPQ_DONE, host, a: 0 });
  }
  if (!hc.devqBusy && hc.devq.length > 0) {
    hc.devqBusy = true;
    schedule(w, w.now + ch.dispatchNs, { k: 'storm', op: OP.DEVQ_DONE, host, a: 0 });
  }
}

/** The head of a driver workqueue reaches the consumer's handler. */
export function queueDone(w: World, host: number, qp: boolean): void {
  const hc = stormOf(w).hosts[host];
  const q = qp ? hc.qpq : hc.devq;
  if (qp) hc.qpqBusy = false; else hc.devqBusy = false;
  if (hc.dead === 2 || q.length === 0) return;
  // Entries go in as (code, resource) pairs.
  const code = q.shift();
  const res = q.shift();
  if (code === undefined || res === undefined) return;
  deliver(w, host, code, res);
  kickQueues(w, host);
}

/**
 * The consumer receives an event (what `events: {IBV_EVENT_*}` counts in a storm).
 * MODEL (claim latencies): every delay on the way (irqNs, eqeNs, queryNs, dispatchNs) is a model
 * parameter; only the 128-EQE budget and the QUERY_QP per fatal event are in the code.
 */
export function deliver(w: World, host: number, code: number, res: number): void {
  const event = ASYNC_EVENTS[code];
  bump(w.counters.events, event);
  if (QP_EVENTS.has(code)) {
    emit(w, { t: w.now, kind: 'async', host, event, qpn: w.qps.qpn[res] });
    if (code === EV.IBV_EVENT_QP_LAST_WQE_REACHED) stormOf(w).lastWqeAt[res] = w.now;
    report(w, res, w.now, VIA_QP_EVENT);
  } else if (code === EV.IBV_EVENT_CQ_ERR) {
    emit(w, { t: w.now, kind: 'async', host, event, cq: res });
    cqErrDelivered(w, host, res);
  } else {
    emit(w, { t: w.now, kind: 'async', host, event, port: res });
  }
}
