// A NIC that dies: device fatal, or the fatal path an EQ overrun takes (mlx5 health syndrome,
// hns function reset). mlx5 health.c poll_health, ib main.c mlx5_ib_handle_internal_error and
// cq.c sw_comp; libmlx5 mlx5_async_event; uverbs_main.c ib_uverbs_free_hw_resources [sources: mlx5-health, mlx5-user-fatal, hns-reset]:
// hardware stops at once; the health poller notices later (claim health-delay); the driver
// dispatches IBV_EVENT_DEVICE_FATAL once and stops device-level events. What follows depends on
// the consumer (claim fatal-consumer): a kernel consumer polls its armed CQs and the driver makes
// WR_FLUSH_ERR completions itself (sw_comp: every WQE, the failing one too, FLUSH_ERR), per CQ,
// send queues then receive queues, in attach order, oldest WQE first (claim device-fatal-flush);
// a user-space (libmlx5) consumer gets the event, its context is flagged fatal, its CQs yield
// nothing more and destroy succeeds so it can free its resources. Arbitration policies have no
// say here: the hardware that would arbitrate is dead.
import { EV_FATAL, LC } from '../qp/lifecycle.ts';
import { bump, completeRecv, completeSend } from '../transport/cq.ts';
import { hwEvent } from '../transport/qpState.ts';
import { DOWN_DEAD, emit, runtime, schedule, type World } from '../world/world.ts';
import { F_INFLUSH, F_PENDING, OP, stormOf } from './state.ts';
import { pendingSlots } from './pending.ts';
import { deviceEventDelivered } from './reports.ts';
import { params } from './params.ts';
import { ASYNC_EVENTS } from '../model/wc.ts';

/** The EQ ring's code of IBV_EVENT_QP_LAST_WQE_REACHED (eq.ts EV, without importing eq.ts, which imports this file). */
const EV_LAST_WQE = ASYNC_EVENTS.indexOf('IBV_EVENT_QP_LAST_WQE_REACHED');
import { destroyQp } from '../transport/destroy.ts';

/** The NIC stops now; software finds out at the next health poll (or at once for a reset). */
export function killDevice(w: World, host: number, why: string, reset = false): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  if (hc.dead) return;
  if (st.t0 < 0) { st.t0 = w.now; st.cause = { what: reset ? 'function reset requested' : 'device dead', host, detail: why }; }
  hc.dead = 1;
  w.hosts[host].down |= DOWN_DEAD;
  // The dead engine will serve nobody: its waiting QPs stop showing as waiting for it.
  for (const s of pendingSlots(hc.pending)) st.flags[s] &= ~F_PENDING;
  if (w.why >= 0) w.hosts[host].downWhy = w.why;
  hc.pending.size = 0;
  hc.pending.main.n = 0; hc.pending.behind.n = 0;
  for (const h of hc.pending.perClass) h.n = 0;
  for (let i = hc.flushHead; i < hc.flushList.length; i++) st.flags[hc.flushList[i]] &= ~F_INFLUSH;
  hc.flushList = [];
  hc.flushHead = 0;
  emit(w, { t: w.now, kind: 'storm', what: reset ? 'function reset requested' : 'device dead', host, detail: why });
  const p = params(st);
  // MODEL (claim health-delay): one full poll interval (the jitter is left out);
  // MODEL (claim reset-time): an hns reset is noticed at once (abnormal interrupt).
  schedule(w, w.now + (reset ? p.irqNs : p.healthNs), { k: 'storm', op: OP.HEALTH, host, a: reset ? 1 : 0 });
}

/** The driver enters INTERNAL_ERROR: every QP is in error, one DEVICE_FATAL, then the flush. */
export function health(w: World, host: number, reset: boolean): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  const p = params(st);
  hc.dead = 2;
  // QP events already in the driver's workqueue still reach their handlers (mlx5_ib_handle_qp_event
  // has no liveness check; claim events-at-death); device-level events are gated.
  hc.devq = [];
  // EQEs still in the dead EQ are never read: an SRQ QP's LAST_WQE_REACHED among them is lost.
  const ring = hc.eqCode;
  const size = st.channel?.eqSize ?? 0;
  if (ring) for (let i = 0; i < hc.eqUsed; i++) if (ring[(hc.eqHead + i) % size] === EV_LAST_WQE) st.lastWqeLost++;
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
  if (reset) { hc.resetting = true; schedule(w, w.now + p.resetNs, { k: 'storm', op: OP.RESET_DONE, host, a: 0 }); }
  // mlx5 devlink health: the fw_fatal reporter's recover op (mlx5_fw_fatal_reporter_recover →
  // mlx5_recover_device) unloads and reloads the device; auto-recovery runs unless an earlier one
  // fell inside the reporter's grace period (claim mlx5-recovery) [sources: mlx5-health].
  else if (p.recoverNs > 0) { hc.resetting = true; schedule(w, w.now + p.recoverNs, { k: 'storm', op: OP.RESET_DONE, host, a: 1 }); }
}

/** (Re)start the driver's flush: CQs in the order the QPs that use them were created. */
export function startSwFlush(w: World, host: number): void {
  const st = stormOf(w);
  const hc = st.hosts[host];
  // A user-space consumer polls the hardware CQ in its own library: nothing more comes.
  if (params(st).consumer === 'user') return;
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
        // sw_comp writes FLUSH_ERR for every WQE: the failing one does not keep its status.
        completeSend(w, s, 'IBV_WC_WR_FLUSH_ERR');
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

/**
 * hns: the reset is over. Its UNINIT step unregistered the IB device (uverbs destroyed every
 * user object; kernel clients were removed) and INIT registered a new one: the old QPs are gone,
 * and a consumer must reopen the device and rebuild (hns_roce_hw_v2.c reset_notify_down /
 * uninit / init; claim reset-reregisters) [sources: hns-reset]. mlx5's devlink recovery ends the
 * same way (`reload`): mlx5_unload_one removes the IB device, mlx5_load_one adds a new one.
 */
export function resetDone(w: World, host: number, reload = false): void {
  const hc = stormOf(w).hosts[host];
  const q = w.qps;
  let gone = 0;
  for (let s = 0; s < q.n; s++) {
    if (q.host[s] !== host || !w.rt.has(s) || q.gone[s]) continue;
    destroyQp(w, host, q.qpn[s]);
    gone++;
  }
  if (hc.sw) hc.sw.busy = false;
  hc.resetting = false;
  hc.dead = 0;
  hc.eqBroken = false;
  hc.eqUsed = 0;
  hc.eqArmed = true;
  w.hosts[host].down &= ~DOWN_DEAD;
  const what = reload ? 'device reloaded' : 'function reset done';
  const how = reload ? 'devlink fw_fatal recovery reloaded the device (mlx5_recover_device)' : 'a new device is registered';
  emit(w, { t: w.now, kind: 'storm', what, host, n: gone, detail: `${how}; the old one's ${gone} QPs are gone: consumers reopen the device and rebuild` });
}
