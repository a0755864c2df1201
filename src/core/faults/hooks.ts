// The faults model joined to the transport engine: the functions sim/hooks.ts calls. Loaded by
// core/faults/index.ts (and so by core/index.ts), which installs them once.
import { LC } from '../qp/lifecycle.ts';
import { EV_FATAL } from '../qp/lifecycle.ts';
import type { AsyncEvent } from '../model/wc.ts';
import type { StateCause } from '../model/events.ts';
import { hwEvent, qpAsync } from '../transport/qpState.ts';
import { emit, type World } from '../world/world.ts';
import type { FaultHooks, StormItem } from '../world/hooks.ts';
import { F_LASTWQE, F_PENDING, F_SERVICED, OP, ensureSlot, stormOf } from './state.ts';
import { addFlush, enqueueError, engineDone, engineNext, flushNext } from './engine.ts';
import { EV, eqWrite, irq, irqDone, queueDone } from './eq.ts';
import { health, resetDone, startSwFlush, swFlushStep } from './device.ts';
import { cqeDone, markFaulted, moderationTimer } from './reports.ts';
import { raiseCqError, runFaultCommand } from './commands.ts';
import { setupStorm, postStep } from './build.ts';

const ERROR_EVENTS = new Set<AsyncEvent>(['IBV_EVENT_QP_FATAL', 'IBV_EVENT_QP_REQ_ERR', 'IBV_EVENT_QP_ACCESS_ERR']);

function flushStart(w: World, slot: number, cause: StateCause): boolean {
  const st = stormOf(w);
  ensureSlot(st, slot);
  markFaulted(w, slot, cause);
  const host = w.qps.host[slot];
  const hc = st.hosts[host];
  if (hc.dead) {
    // The device is dead: no engine runs; the driver flushes once it knows (device.ts).
    if (hc.dead === 2 && !hc.sw?.busy) startSwFlush(w, host);
    return true;
  }
  if (!st.channel) return false;
  enqueueError(w, slot);
  return true;
}

function flushMore(w: World, slot: number): boolean {
  const st = stormOf(w);
  ensureSlot(st, slot);
  const host = w.qps.host[slot];
  const hc = st.hosts[host];
  if (hc.dead) {
    if (hc.dead === 2 && !hc.sw?.busy) startSwFlush(w, host);
    return true;
  }
  if (!st.channel) return false;
  if (!(st.flags[slot] & F_PENDING)) addFlush(w, host, slot);
  return true;
}

function qpEvent(w: World, slot: number, event: AsyncEvent): boolean {
  const st = stormOf(w);
  ensureSlot(st, slot);
  const hc = st.hosts[w.qps.host[slot]];
  if (hc.dead) return true; // a dead device raises no events (DEVICE_FATAL covers its QPs)
  if (!st.channel) return false;
  // An error event is written by the error engine together with the QP's report.
  if (ERROR_EVENTS.has(event) && !(st.flags[slot] & F_SERVICED)) {
    st.pendingEv[slot] = EV[event] + 1;
    return true;
  }
  // MODEL (claim last-wqe-order): an SRQ QP waiting for the error engine gets its LAST_WQE_REACHED
  // written after its error EQE, by the same engine: the NIC reports the error before it says no
  // more SRQ WQEs will be taken for the QP [sources: srq, model-faults].
  if (event === 'IBV_EVENT_QP_LAST_WQE_REACHED' && st.flags[slot] & F_PENDING) {
    st.flags[slot] |= F_LASTWQE;
    return true;
  }
  eqWrite(w, w.qps.host[slot], EV[event], slot);
  return true;
}

/** ctxReadError: a fetch inside the error window returns bad data and the QP is lost. */
function ctxFetchFails(w: World, host: number, qpn: number): boolean {
  const st = stormOf(w);
  const hc = st.hosts[host];
  if (hc.ctxErrUntil < 0 || w.now >= hc.ctxErrUntil) return false;
  const slot = w.qps.find(host, qpn);
  if (slot < 0) return false;
  const lc = w.qps.lc[slot];
  if (lc === LC.RESET || lc === LC.ERR) return false;
  emit(w, { t: w.now, kind: 'storm', what: 'context fetch failed', host, qpn, detail: 'PCIe read of the QP context returned an error' });
  // MODEL (claim ctx-read-error): a catastrophic WQ error, reported as IBV_EVENT_QP_FATAL.
  hwEvent(w, slot, EV_FATAL, 'ctx-read-error');
  qpAsync(w, slot, 'IBV_EVENT_QP_FATAL');
  return true;
}

function item(w: World, it: StormItem): void {
  switch (it.op) {
    case OP.ENG: return engineNext(w, it.host);
    case OP.ENG_DONE: return engineDone(w, it.host, it.a);
    case OP.FLUSH: return flushNext(w, it.host, it.a);
    case OP.IRQ: return irq(w, it.host);
    case OP.IRQ_DONE: return irqDone(w, it.host, it.a);
    case OP.QPQ_DONE: return queueDone(w, it.host, true);
    case OP.DEVQ_DONE: return queueDone(w, it.host, false);
    case OP.HEALTH: return health(w, it.host, it.a === 1);
    case OP.SWFLUSH: return swFlushStep(w, it.host);
    case OP.MOD: return moderationTimer(w, it.host, it.a);
    case OP.POST: return postStep(w, it.a);
    case OP.RESET_DONE: return resetDone(w, it.host, it.a === 1);
    case OP.PORT_UP: return undefined;
  }
}

export const FAULT_HOOKS: FaultHooks = {
  setup: setupStorm,
  command: runFaultCommand,
  item,
  flushStart,
  flushMore,
  qpEvent,
  cqError: raiseCqError,
  cqeDone,
  ctxFetchFails,
};
