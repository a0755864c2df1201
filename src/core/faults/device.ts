// A NIC that dies: device fatal (mlx5), or the fatal path an EQ overrun takes (mlx5 health
// syndrome, hns function reset). mlx5 health.c poll_health, ib main.c mlx5_ib_handle_internal_error
// and cq.c sw_comp [sources: mlx5-health, hns-aeq]: hardware stops at once; the health poller notices later (claim health-delay);
// the driver then dispatches IBV_EVENT_DEVICE_FATAL once, stops every other event, and makes
// WR_FLUSH_ERR completions itself, per CQ: the send queues of the QPs attached to it, then their
// receive queues, in attach order, oldest WQE first (claim device-fatal-flush). Arbitration
// policies have no say here: the hardware that would arbitrate is dead.
import { EV_FATAL, LC } from '../qp/lifecycle.ts';
import { bump, completeRecv, completeSend } from '../transport/cq.ts';
import { hwEvent } from '../transport/qpState.ts';
import { DOWN_DEAD, emit, runtime, schedule, type World } from '../world/world.ts';
import { OP, stormOf } from './state.ts';
import { deviceEventDelivered } from './reports.ts';
import { params } from './params.ts';

/** The NIC stops now; software finds out at the next health poll (or at once for a reset). */
export function killDevice(w: World, host: number, why: string, reset = false): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  if (hc.dead) return;
  if (st.t0 < 0) { st.t0 = w.now; st.cause = { what: reset ? 'function reset requested' : 'device dead', host, detail: why }; }
  hc.dead = 1;
  w.hosts[host].down |= DOWN_DEAD;
  hc.pending.size = 0;
  hc.pending.main.n = 0; hc.pending.behind.n = 0;
  for (const h of hc.pending.perClass) h.n = 0;
  hc.flushList = [];
  hc.flushHead = 0;
  emit(w, { t: w.now, kind: 'storm', what: reset ? 'function reset requested' : 'device dead', host, detail: why });
  const p = params(st);
  // MODEL (claim health-delay): one full 2 s poll interval (the jitter of up to 1 s is left out);
  // MODEL (claim reset-as-fatal): an hns reset is noticed at once (abnormal interrupt).
  schedule(w, w.now + (reset ? p.irqNs : p.healthNs), { k: 'storm', op: OP.HEALTH, host, a: reset ? 1 : 0 });
}

/** The driver enters INTERNAL_ERROR: every QP is in error, one DEVICE_FATAL, then the flush. */
export function health(w: World, host: number, reset: boolean): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  const p = params(st);
  hc.dead = 2;
  hc.qpq = [];
  hc.devq = [];
  hc.eqUsed = 0;
  emit(w, { t: w.now, kind: 'storm', what: 'driver in INTERNAL_ERROR', host });
  const q = w.qps;
  for (let s = 0; s < q.n; s++) {
    if (q.host[s] !== host) continue;
    const lc = q.lc[s];
    if (lc !== LC.RESET && lc !== LC.ERR) hwEvent(w, s, EV_FATAL, 'device-fatal');
  }
  bump(w.counters.events, 'IBV_EVENT_DEVICE_FATAL');
  emit(w, { t: w.now, kind: 'async', host, event: 'IBV_EVENT_DEVICE_FATAL' });
  deviceEventDelivered(w, host);
  startSwFlush(w, host);
  if (reset) schedule(w, w.now + p.resetNs, { k: 'storm', op: OP.RESET_DONE, host, a: 0 });
}

/** (Re)start the driver's flush: CQs in the order the QPs that use them were created. */
export function startSwFlush(w: World, host: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  const q = w.qps;
  const cqs: number[] = [];
  for (let s = 0; s < q.n; s++) {
    if (q.host[s] !== host || !w.rt.has(s)) continue;
    for (const c of [q.f.send_cq[s], q.f.recv_cq[s]]) if (!cqs.includes(c)) cqs.push(c);
  }
  hc.sw = { cqs, ci: 0, phase: 0, qi: 0, busy: true };
  schedule(w, w.now, { k: 'storm', op: OP.SWFLUSH, host, a: 0 });
}

/** One driver-made flush CQE, then the next one swFlushNs later. */
export function swFlushStep(w: World, host: number): void {
  const st = stormOf(w);
  const sw = st.hosts[host].sw;
  if (!sw || !sw.busy) return;
  const q = w.qps;
  while (sw.ci < sw.cqs.length) {
    const cq = sw.cqs[sw.ci];
    for (; sw.qi < q.n; sw.qi++) {
      const s = sw.qi;
      if (q.host[s] !== host || q.lc[s] !== LC.ERR) continue;
      const rt = w.rt.get(s);
      if (!rt) continue;
      if (sw.phase === 0 && q.f.send_cq[s] === cq && rt.sq.length > 0) {
        completeSend(w, s, rt.sq[0].err ?? 'IBV_WC_WR_FLUSH_ERR');
        return next(w, host);
      }
      if (sw.phase === 1 && q.f.recv_cq[s] === cq && rt.rq.length > 0) {
        completeRecv(w, s, 'IBV_WC_WR_FLUSH_ERR');
        return next(w, host);
      }
    }
    sw.qi = 0;
    if (sw.phase === 0) sw.phase = 1;
    else { sw.phase = 0; sw.ci++; }
  }
  sw.busy = false;
  for (let s = 0; s < q.n; s++) if (q.host[s] === host && w.rt.has(s)) { const rt = runtime(w, s); rt.txIdx = 0; rt.txOff = 0; }
}

function next(w: World, host: number): void {
  schedule(w, w.now + params(stormOf(w)).swFlushNs, { k: 'storm', op: OP.SWFLUSH, host, a: 0 });
}

/** hns: the function is back after its reset. Its QPs stay in ERR: consumers rebuild them. */
export function resetDone(w: World, host: number): void {
  const hc = stormOf(w).hosts[host];
  hc.dead = 0;
  hc.eqBroken = false;
  hc.eqUsed = 0;
  hc.eqArmed = true;
  w.hosts[host].down &= ~DOWN_DEAD;
  emit(w, { t: w.now, kind: 'storm', what: 'function reset done', host });
}
