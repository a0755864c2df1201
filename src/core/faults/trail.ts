// What happened to each faulted QP on its way to software, kept as it happens (plain typed
// arrays in the storm state, so checkpoints copy it and replays rebuild it): why it failed, when
// it joined the error engine's queue and how many reports were served before it, when the
// engine serviced it, what became of its event-queue entry, and its first error completion.
// The "why?" of a late or lost report (why.ts) reads nothing else.
import type { StateCause } from '../model/events.ts';

/** StateCause by index (trail.cause holds index + 1; 0 = not faulted). */
export const CAUSES: readonly StateCause[] = ['modify', 'send-error', 'fatal', 'drained', 'responder-error', 'cq-overrun', 'retry-exceeded', 'device-fatal', 'ctx-read-error'];

/** What became of a QP's EQE (trail.eqHow). */
export const EQ_NONE = 0, EQ_WRITTEN = 1, EQ_OVERRUN = 2, EQ_BROKEN = 3, EQ_DEAD = 4;
/** Its first error completion (trail.cqeHow). */
export const CQE_WRITTEN = 1, CQE_LOST = 2; // 0: none yet

export interface StormTrail {
  cause: Uint8Array;
  queuedAt: Float64Array;
  /** Reports already waiting in the engine when it joined. */
  waiting: Int32Array;
  /** The host's services count when it joined; then, once served, how many were served before it. */
  mark: Int32Array;
  servedBefore: Int32Array;
  serviceAt: Float64Array;
  serviceDoneAt: Float64Array;
  eqAt: Float64Array;
  /** EQ entries in use when its EQE arrived. */
  eqUsed: Int32Array;
  /** Async event code + 1 (0: none raised). */
  eqEv: Int8Array;
  eqHow: Uint8Array;
  cqeAt: Float64Array;
  cqeHow: Uint8Array;
}

const f64 = (n: number) => new Float64Array(n).fill(-1);

export function newTrail(cap: number): StormTrail {
  return {
    cause: new Uint8Array(cap), queuedAt: f64(cap), waiting: new Int32Array(cap), mark: new Int32Array(cap), servedBefore: new Int32Array(cap).fill(-1),
    serviceAt: f64(cap), serviceDoneAt: f64(cap), eqAt: f64(cap), eqUsed: new Int32Array(cap), eqEv: new Int8Array(cap), eqHow: new Uint8Array(cap),
    cqeAt: f64(cap), cqeHow: new Uint8Array(cap),
  };
}

/** The same columns, `cap` long, keeping what they held. */
export function growTrail(t: StormTrail, cap: number): StormTrail {
  const n = newTrail(cap);
  for (const k of Object.keys(t) as Array<keyof StormTrail>) (n[k] as { set(a: ArrayLike<number>): void }).set(t[k]);
  return n;
}
