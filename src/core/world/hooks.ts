// Hook points through which the faults model (core/faults) joins the transport engine without
// the engine importing it: the faults module installs its functions here when it is loaded
// (core/index.ts loads it), and the transport calls them only while a world has storm state.
// The table holds functions, not state: every bit of state lives in World.storm, so
// checkpoints and replay see it like any other part of the world.
import type { AsyncEvent } from '../model/wc.ts';
import type { StateCause } from '../model/events.ts';
import type { Command } from '../model/schema.ts';
import type { CommandResult, Cqe, Item, World } from './world.ts';

export type FaultCommand = Extract<Command, { kind: 'portDown' | 'portUp' | 'hostCrash' | 'cqOverrun' | 'ctxReadError' | 'deviceFatal' | 'setPolicy' }>;
export type StormItem = Extract<Item, { k: 'storm' }>;

export interface FaultHooks {
  /** Build storm state (groups, channel) once the configured QPs are up. */
  setup(w: World): void;
  command(w: World, c: FaultCommand): CommandResult;
  item(w: World, it: StormItem): void;
  /** A QP entered ERR or SQE: true when the channel takes over its error report and flush. */
  flushStart(w: World, slot: number, cause: StateCause): boolean;
  /** A WR was posted to a QP in ERR/SQE: true when the channel's flush engine will retire it. */
  flushMore(w: World, slot: number): boolean;
  /** An affiliated QP event raised by hardware: true when it travels through the event queue. */
  qpEvent(w: World, slot: number, event: AsyncEvent): boolean;
  /** A CQ overran (one IBV_EVENT_CQ_ERR): true when it travels through the event queue. */
  cqError(w: World, host: number, cq: number): boolean;
  /** Every CQE written (ok) or lost (!ok), for the storm's per-QP and per-CQ figures. */
  cqeDone(w: World, host: number, cq: number, e: Cqe, ok: boolean): void;
  /** A context fetch on a cache miss: true when it failed (a PCIe read error window is open). */
  ctxFetchFails(w: World, host: number, qpn: number): boolean;
}

let installed: FaultHooks | null = null;

export function installFaultHooks(h: FaultHooks): void {
  installed = h;
}

export function faultHooks(): FaultHooks {
  if (!installed) throw new Error('this scenario uses faults (storm groups, a channel or a fault command): load the core through core/index.ts, which installs them');
  return installed;
}
