// Shared-cause faults as commands (recorded in the scenario, replayed like any other): each
// touches many QPs in one instant, and produces what the drivers make of it (mlx5 handle_port_change, rxe_port_down, mlx5 health.c) [sources: port-down, cq-full, mlx5-health].
import { bump } from '../transport/cq.ts';
import { DOWN_CRASHED, DOWN_PORT, emit, type World } from '../world/world.ts';
import type { FaultCommand } from '../world/hooks.ts';
import type { CommandResult } from '../sim/dispatch.ts';
import { newStorm, stormOf } from './state.ts';
import { EV, eqWrite } from './eq.ts';
import { killDevice } from './device.ts';
import { cqErrDelivered } from './reports.ts';
import { setPolicy } from './engine.ts';
import { hostName } from '../model/ids.ts';

/** Faults also work in a scenario without storm groups: they get plain (channel-less) state. */
function ensureStorm(w: World): void {
  if (w.storm === null) w.storm = newStorm(w, null);
}

/** An async event that is not about one QP: through the event queue, or straight to software. */
function deviceEvent(w: World, host: number, event: 'IBV_EVENT_PORT_ERR' | 'IBV_EVENT_PORT_ACTIVE', port: number): void {
  const st = stormOf(w);
  if (st.hosts[host].dead) return;
  if (st.channel) return eqWrite(w, host, EV[event], port);
  bump(w.counters.events, event);
  emit(w, { t: w.now, kind: 'async', host, event, port });
}

/** A CQ overran: one IBV_EVENT_CQ_ERR (ibv_poll_cq(3)) [sources: man-poll-cq], which covers its QPs. */
export function raiseCqError(w: World, host: number, cq: number): boolean {
  const st = stormOf(w);
  st.cqOverruns++;
  if (st.hosts[host].dead) return true;
  if (st.channel) { eqWrite(w, host, EV.IBV_EVENT_CQ_ERR, cq); return true; }
  bump(w.counters.events, 'IBV_EVENT_CQ_ERR');
  emit(w, { t: w.now, kind: 'async', host, event: 'IBV_EVENT_CQ_ERR', cq });
  cqErrDelivered(w, host, cq);
  return true;
}

function startStorm(w: World, what: string, host: number, detail: string): void {
  const st = stormOf(w);
  if (st.t0 < 0) { st.t0 = w.now; st.cause = { what, host, detail }; }
  emit(w, { t: w.now, kind: 'storm', what, host, detail });
}

export function runFaultCommand(w: World, c: FaultCommand): CommandResult {
  ensureStorm(w);
  const st = stormOf(w);
  switch (c.kind) {
    case 'portDown': {
      const h = w.hosts[c.host];
      if (h.down & DOWN_PORT) return { ok: true, detail: 'the port is already down' };
      startStorm(w, 'port down', c.host, 'no QP changes state; RC QPs with unacknowledged work fail as their retries run out');
      h.down |= DOWN_PORT;
      h.downWhy = w.why;
      deviceEvent(w, c.host, 'IBV_EVENT_PORT_ERR', 1);
      return { ok: true };
    }
    case 'portUp': {
      const h = w.hosts[c.host];
      if (!(h.down & DOWN_PORT)) return { ok: true, detail: 'the port is already up' };
      h.down &= ~DOWN_PORT;
      emit(w, { t: w.now, kind: 'storm', what: 'port up', host: c.host });
      deviceEvent(w, c.host, 'IBV_EVENT_PORT_ACTIVE', 1);
      return { ok: true };
    }
    case 'hostCrash':
      startStorm(w, 'host crash', c.host, 'the host and its NIC stop; RC has no keepalive, so only peers with unacknowledged work find out');
      w.hosts[c.host].down |= DOWN_CRASHED;
      w.hosts[c.host].downWhy = w.why;
      return { ok: true };
    case 'cqOverrun': {
      const cq = w.hosts[c.host].cqs[c.cq];
      if (!cq) return { ok: false, detail: `${hostName(c.host)} has no CQ ${c.cq}` };
      // The command stands for a CQ that has just overflowed (claim cq-overrun-qp for what follows).
      startStorm(w, 'CQ overrun', c.host, `CQ ${c.cq} overflowed: it is in error for good`);
      if (!cq.overrun) { cq.overrun = true; raiseCqError(w, c.host, c.cq); }
      return { ok: true };
    }
    // MODEL (claim ctx-read-error): the window fails exactly the fetches that fall inside it.
    case 'ctxReadError':
      startStorm(w, 'context read error', c.host, `context fetches over PCIe fail for the next ${c.windowNs} ns`);
      st.hosts[c.host].ctxErrUntil = w.now + c.windowNs;
      return { ok: true };
    case 'deviceFatal':
      killDevice(w, c.host, 'a fatal sensor tripped (injected)');
      return { ok: true };
    case 'setPolicy':
      if (!st.channel) return { ok: false, detail: 'this scenario has no channel (config.channel): there is no error engine to arbitrate' };
      setPolicy(w, c.policy);
      return { ok: true };
  }
}
