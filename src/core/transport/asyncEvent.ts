// Raising an affiliated async event on a QP. Its own module because the state machine (qpState.ts),
// the SRQ (srq.ts) and the responder all raise events, and the SRQ is itself used by qpState.
import { faultHooks } from '../world/hooks.ts';
import { emit, type World } from '../world/world.ts';
import { bump } from './cq.ts';

export type QpAsyncEvent = 'IBV_EVENT_QP_FATAL' | 'IBV_EVENT_QP_REQ_ERR' | 'IBV_EVENT_QP_ACCESS_ERR' | 'IBV_EVENT_COMM_EST' | 'IBV_EVENT_QP_LAST_WQE_REACHED';

/** Raise an async event on a QP and count it. */
export function qpAsync(w: World, slot: number, event: QpAsyncEvent): void {
  // With a storm channel the event becomes an EQE and reaches software through the driver.
  if (w.storm !== null && faultHooks().qpEvent(w, slot, event)) return;
  bump(w.counters.events, event);
  emit(w, { t: w.now, kind: 'async', host: w.qps.host[slot], event, qpn: w.qps.qpn[slot] });
}
