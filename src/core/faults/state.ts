// The faults model's whole state, kept in World.storm as plain data and typed arrays (no class
// instances: checkpoints deep-copy it with clonePlain and replay must see the same thing).
import type { World } from '../world/world.ts';
import type { PolicyName } from '../model/stormSchema.ts';
import type { Channel } from './presets.ts';
import { newPending, type Pending } from './pending.ts';
import { growTrail, newTrail, type StormTrail } from './trail.ts';

/** Per-QP flag bits (StormState.flags). */
export const F_FAULTED = 1;   // entered ERR by a hardware cause after the storm began
export const F_PENDING = 2;   // waiting in the error engine
export const F_SERVICED = 4;  // the error engine has reported it (error CQE / EQE written)
export const F_INFLUSH = 8;   // in the flush engine's list
export const F_EQE_LOST = 16; // its QP event was lost to an EQ overrun
export const F_REPORTED = 32;
export const F_LASTWQE = 64; // its LAST_WQE_REACHED waits for the error engine (written after its error EQE)

/** Storm item ops (Item k: 'storm'). */
export const OP = { ENG: 1, ENG_DONE: 2, FLUSH: 3, IRQ: 4, IRQ_DONE: 5, QPQ_DONE: 6, DEVQ_DONE: 7, HEALTH: 8, SWFLUSH: 9, MOD: 10, POST: 11, RESET_DONE: 12, PORT_UP: 13 } as const;

export interface HostChannel {
  pending: Pending;
  /** Faulted QPs the error engine has taken so far (trail.servedBefore counts from it). */
  served: number;
  engBusy: boolean;
  flushList: number[];
  flushHead: number;
  flushBusy: boolean;
  /** Async EQ ring: event code and resource (slot, CQ or port) per slot; allocated on first use. */
  eqCode: Int32Array | null;
  eqRes: Int32Array | null;
  eqHead: number;
  eqUsed: number;
  eqArmed: boolean;
  eqIrq: boolean;
  /** EQEs the running interrupt may still take (its budget left). */
  batchLeft: number;
  /** Latched after an overrun on presets where the EQ stops working (mlx5 fatal, hns reset). */
  eqBroken: boolean;
  /** Driver: ordered workqueue for QP events, and one for device-level events (code, res pairs). */
  qpq: number[];
  qpqBusy: boolean;
  devq: number[];
  devqBusy: boolean;
  /** Context-read-error window end (ns), -1 when none. */
  ctxErrUntil: number;
  /** Device death: 0 alive, 1 dead (awaiting the health poller), 2 driver in INTERNAL_ERROR. */
  dead: number;
  /** hns: a function reset is under way (the new device is not registered yet). */
  resetting: boolean;
  /** Driver flush after death: CQ order, per-CQ cursors. */
  sw: { cqs: number[]; ci: number; phase: number; qi: number; busy: boolean } | null;
  /** CQ moderation per CQ: CQEs in the open window, its generation, QPs waiting to be seen. */
  mod: { count: number; gen: number; open: boolean; waiting: number[] }[];
  /** EQ occupancy samples (time, entries in use), decimated to stay bounded. */
  occT: number[];
  occN: number[];
  occStride: number;
  occSkip: number;
  /** CQ_ERR delivered to software, per CQ (ns), -1 when not. */
  cqErrAt: number[];
  deviceEventAt: number;
  /** Flush CQEs written per CQ: count, first and last time. */
  cqFlushN: number[];
  cqFlushFirst: number[];
  cqFlushLast: number[];
}

export interface StormState {
  channel: Channel | null;
  policy: PolicyName;
  /** Time of the first shared-cause fault (-1 before any). */
  t0: number;
  /** That fault, as its command announced it (the root of every "why?"). */
  cause: { what: string; host: number; detail: string } | null;
  trail: StormTrail;
  hosts: HostChannel[];
  cap: number;
  cls: Uint8Array;
  group: Int16Array;
  flags: Uint8Array;
  /** Async event code waiting for the error engine to write it with the QP's report. */
  pendingEv: Int8Array;
  detectAt: Float64Array;
  reportAt: Float64Array;
  lastFlushAt: Float64Array;
  via: Uint8Array;
  faulted: number;
  reported: number;
  eqOverruns: number;
  cqOverruns: number;
  flushCqes: number;
  lostEqes: number;
  /** IBV_EVENT_QP_LAST_WQE_REACHED of SRQ-attached QPs: EQEs the NIC tried to write, and those lost (overrun, broken or dead EQ). */
  lastWqeRaised: number;
  /** Per QP, when its LAST_WQE_REACHED reached software (ns), -1 when not: the program must read and acknowledge it too. */
  lastWqeAt: Float64Array;
  lastWqeLost: number;
  /** Slots created by groups, in creation order, with the side each is on (0 local, 1 peer). */
  groupSlots: Int32Array;
  groupSide: Uint8Array;
}

declare module '../world/world.ts' {
  // World.storm is this model's state (world.ts StormSlot): the merge types it without a cast.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StormSlot extends StormState {}
}

/** The storm state of a world that has one (every caller runs inside a storm or a fault command). */
export function stormOf(w: World): StormState {
  const st = w.storm;
  if (!st) throw new Error('a storm event ran in a world without a storm');
  return st;
}

/** The reporting channel of a storm that has one (every EQ, engine and flush path runs with one). */
export function channelOf(st: StormState): Channel {
  if (!st.channel) throw new Error('the storm has no reporting channel');
  return st.channel;
}

function newHost(cqs: number): HostChannel {
  return {
    pending: newPending('fifo'), served: 0, engBusy: false, flushList: [], flushHead: 0, flushBusy: false,
    eqCode: null, eqRes: null, eqHead: 0, eqUsed: 0, eqArmed: true, eqIrq: false, batchLeft: 0, eqBroken: false,
    qpq: [], qpqBusy: false, devq: [], devqBusy: false, ctxErrUntil: -1, dead: 0, resetting: false, sw: null,
    mod: Array.from({ length: cqs }, () => ({ count: 0, gen: 0, open: false, waiting: [] })),
    occT: [], occN: [], occStride: 1, occSkip: 0,
    cqErrAt: Array.from({ length: cqs }, () => -1), deviceEventAt: -1,
    cqFlushN: new Array<number>(cqs).fill(0), cqFlushFirst: new Array<number>(cqs).fill(-1), cqFlushLast: new Array<number>(cqs).fill(-1),
  };
}

export function newStorm(w: World, channel: Channel | null): StormState {
  const cap = Math.max(64, w.qps.capacity);
  const policy = channel?.policy ?? 'fifo';
  const st: StormState = {
    channel, policy, t0: -1, cause: null, trail: newTrail(cap), hosts: w.hosts.map((h) => newHost(h.cqs.length)), cap,
    cls: new Uint8Array(cap), group: new Int16Array(cap).fill(-1), flags: new Uint8Array(cap), pendingEv: new Int8Array(cap),
    detectAt: new Float64Array(cap).fill(-1), reportAt: new Float64Array(cap).fill(-1), lastFlushAt: new Float64Array(cap).fill(-1),
    via: new Uint8Array(cap), faulted: 0, reported: 0, eqOverruns: 0, cqOverruns: 0, flushCqes: 0, lostEqes: 0, lastWqeRaised: 0, lastWqeLost: 0, lastWqeAt: new Float64Array(cap).fill(-1),
    groupSlots: new Int32Array(0), groupSide: new Uint8Array(0),
  };
  for (const h of st.hosts) h.pending = newPending(policy);
  return st;
}

/** Make the per-QP columns cover `slot` (QPs created after set-up). */
export function ensureSlot(st: StormState, slot: number): void {
  if (slot < st.cap) return;
  let cap = st.cap;
  while (cap <= slot) cap *= 2;
  const g8 = (a: Uint8Array) => { const b = new Uint8Array(cap); b.set(a); return b; };
  const gf = (a: Float64Array) => { const b = new Float64Array(cap).fill(-1); b.set(a); return b; };
  st.cls = g8(st.cls); st.flags = g8(st.flags); st.via = g8(st.via);
  const pe = new Int8Array(cap); pe.set(st.pendingEv); st.pendingEv = pe;
  const gr = new Int16Array(cap).fill(-1); gr.set(st.group); st.group = gr;
  st.detectAt = gf(st.detectAt); st.reportAt = gf(st.reportAt); st.lastFlushAt = gf(st.lastFlushAt); st.lastWqeAt = gf(st.lastWqeAt);
  st.trail = growTrail(st.trail, cap);
  st.cap = cap;
}
