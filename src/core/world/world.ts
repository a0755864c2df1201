// The whole mutable state of one simulation, and the two primitives everything else uses:
// schedule (future work, ordered by (t, seq)) and emit (an event into the trace).
import type { SimConfig, TimedCommand } from '../model/schema.ts';
import type { Sge } from '../model/keysSchema.ts';
import type { DriverProfile } from '../model/profiles.ts';
import type { SimEvent } from '../model/events.ts';
import type { SendOpcode, WcOpcode, WcStatus } from '../model/wc.ts';
import type { QpStore } from '../model/qpStore.ts';
import type { EventHeap } from '../kit/heap.ts';
import type { Rng } from '../kit/rng.ts';
import type { Trace } from '../kit/trace.ts';
import type { EventHasher } from '../kit/traceHash.ts';
import type { CtxCache } from './ctxCache.ts';
import type { SlotTable } from '../kit/slotTable.ts';
import { foldHw, type HwFold } from '../hw/quantities.ts';

/**
 * Internal work items. Immutable once scheduled (checkpoints share them). Each carries `why`:
 * the trace index of the event that led to it being scheduled (see World.why).
 */
export type Item = { why?: number } & (
  | { t: number; seq: number; k: 'kick'; slot: number }
  | { t: number; seq: number; k: 'tx'; host: number }
  | { t: number; seq: number; k: 'rx'; pkt: Packet }
  | { t: number; seq: number; k: 'rxp'; pkt: Packet }
  | { t: number; seq: number; k: 'timer'; slot: number; gen: number }
  | { t: number; seq: number; k: 'rnr'; slot: number; gen: number }
  | { t: number; seq: number; k: 'flush'; slot: number; gen: number }
  | { t: number; seq: number; k: 'poll'; host: number; gen: number }
  | { t: number; seq: number; k: 'work'; w: number; gen: number }
  | { t: number; seq: number; k: 'drained'; slot: number; gen: number }
  /** A draining ibv_destroy_qp checks whether the QP's flush has drained (core/transport/destroy.ts). */
  | { t: number; seq: number; k: 'destroy'; slot: number; gen: number }
  /** Faults model work (error engine, flush engine, event queue, driver): see core/faults. */
  | { t: number; seq: number; k: 'storm'; op: number; host: number; a: number });
type Dist<T> = T extends unknown ? Omit<T, 't' | 'seq' | 'why'> : never;
export type ItemBody = Dist<Item>;

export type Syndrome = 'ACK' | 'NAK_PSN' | 'RNR_NAK' | 'NAK_INV_REQ' | 'NAK_REM_ACCESS' | 'NAK_REM_OP';

export interface Packet {
  readonly id: number;
  readonly src: number;
  readonly dst: number;
  readonly srcQpn: number;
  readonly dstQpn: number;
  /** BTH opcode name, e.g. SEND_FIRST, RDMA_READ_REQUEST, ACKNOWLEDGE. */
  readonly op: string;
  readonly psn: number;
  readonly payload: number;
  readonly bytes: number;
  readonly ackReq: boolean;
  readonly syndrome?: Syndrome;
  readonly rnrCode?: number;
  readonly msn?: number;
  /** RDMA READ request: PSNs the response will use. */
  readonly span?: number;
  /** RDMA READ request: bytes requested. */
  readonly readLen?: number;
  /** imm_data of the last packet of a ..._WITH_IMMEDIATE message (present = it has one). */
  readonly imm?: number;
  readonly qkey?: number;
  /** Transport of the sending QP (0 RC, 1 UC, 2 UD): the BTH opcode's transport bits. */
  readonly tt: number;
  /** RETH or AtomicETH of a keyed request: remote address, rkey and DMA length. */
  readonly reth?: { readonly addr: number; readonly rkey: number; readonly len: number };
  /** Atomic operands (compare_add, swap). */
  readonly atom?: { readonly cmp: number; readonly swap: number };
  /** The modelled bytes this packet carries, as 8-byte words (the first packet of a keyed transfer). */
  readonly words?: readonly number[];
  /**
   * A NAK's reason as the responder found it. The wire carries only the NAK code: this is the
   * model's view across both hosts, so the requester's "why?" can name the check that failed.
   */
  readonly why?: string;
  /** A remote error the requester's injected fault asks the responder to raise. */
  readonly inject?: WcStatus;
  /** ATOMIC_ACKNOWLEDGE: the original value of the target word the atomic returned. */
  readonly atomicOrig?: number;
}

export interface SendWqe {
  wr: number;
  /** When it was posted (oldest-outstanding-work arbitration reads it). */
  postedAt: number;
  wrId: number;
  opcode: SendOpcode;
  length: number;
  signaled: boolean;
  imm: boolean;
  immData: number;
  ud?: { host: number; qpn: number; qkey: number };
  /** Keyed WRs: the gather list, the remote buffer and the atomic's operands. */
  sgl?: Sge[];
  rdma?: { addr: number; rkey: number };
  atomic?: { compareAdd: number; swap: number };
  /** IBV_SEND_INLINE: the data was copied at post (`words`), no lkey is checked. */
  inline: boolean;
  words?: number[];
  /** A status this WQE completes with as soon as the requester starts it (a profile's post-time leniency). */
  bad?: WcStatus;
  /** The key check that failed, in words (for the event log). */
  check?: string;
  /** First PSN and PSN span, assigned when the requester starts the WQE (-1 before). */
  psn0: number;
  npsn: number;
  /** Request packets handed to the wire in the current (re)transmission. */
  sent: number;
  /** Read/atomic response packets received in order. */
  got: number;
  /** Status this WQE will complete with when its QP flushes (the error that stopped it). */
  err?: WcStatus;
  /** Injected fault carried by this WQE (see INJECTABLE in model/wc.ts). */
  fail?: WcStatus;
  /** Cause link: the trace index of its post event. */
  why?: number;
}

/** The WR whose failure stopped a QP, and the check behind it (requester.ts failWqe). */
export interface WrStopWhy { wrId: number; status: WcStatus; check: string | undefined; cause: string }

/** A QP runtime's stop reason in words (shown as "why?"). */
export function stopWhy(why: string | WrStopWhy | undefined): string | undefined {
  if (why === undefined || typeof why === 'string') return why;
  const detail = why.check ? `: ${why.check}` : why.cause === 'retry-exceeded' ? ': no ACK after retry_cnt retransmissions' : '';
  return `wr_id ${why.wrId} completed with ${why.status}${detail}`;
}

export interface RecvWqe { wr: number; wrId: number; length: number; postedAt: number; sgl?: Sge[] }

/** A READ or ATOMIC response owed; keyed READs re-check their MR for every response packet (rxe read_reply). */
export interface ReadResp { psn: number; n: number; left: number; len: number; atomic: boolean; dup: boolean; dstQpn: number; dst: number; orig?: number; rkey?: number; raddr?: number }

/**
 * A responder resource: what the responder saved of an executed RDMA READ or ATOMIC so that a
 * duplicate of it can be answered again (rxe resp.resources; IBTA duplicate rules as the book
 * paraphrases them, rxe_resp.c duplicate_request) [sources: psn-window, psn-book]. At most max_dest_rd_atomic are kept, oldest replaced.
 */
export interface RespResource { psn: number; n: number; atomic: boolean; len: number; orig: number }

/** Per-QP objects, created only once a QP has work, a fault or a responder in progress. */
export interface QpRuntime {
  sq: SendWqe[];
  /** Index into sq of the WQE being transmitted, and the packet offset inside it. */
  txIdx: number;
  txOff: number;
  rq: RecvWqe[];
  inReady: boolean;
  kickPending: boolean;
  timerGen: number;
  timerAt: number;
  rnrUntil: number;
  flushGen: number;
  flushing: boolean;
  /** Responder: PSN-sequence NAK already sent for the current gap (send it once). */
  nakSent: boolean;
  recvBytes: number;
  recvActive: boolean;
  /** Responder: an RDMA WRITE in progress (FIRST seen, LAST not yet) and its bytes so far. */
  writeActive: boolean;
  writeBytes: number;
  /** Responder: when the DMA engine finishes placing the payloads accepted so far. */
  dmaUntil: number;
  /** Responder: the keyed RDMA WRITE in progress (its rkey, and where its next byte lands). */
  wKeyed: boolean;
  wRkey: number;
  wAddr: number;
  /** IBV_EVENT_QP_LAST_WQE_REACHED already raised for this entry into ERR (SRQ-attached QPs). */
  lastWqe: boolean;
  /** A draining ibv_destroy_qp in progress (its generation; 0 = none). */
  destroyGen: number;
  /**
   * Why the QP stopped: words (a responder's refusal) or the failing WR's record, put into words
   * only when a view asks (stopWhy): a storm fails 10^4 QPs and reads none of them.
   */
  why?: string | WrStopWhy;
  reads: ReadResp[];
  /** Saved READ/ATOMIC resources for duplicates (RESET clears them). */
  res: RespResource[];
  /**
   * The responder's 64-bit target word that atomics act on, as a number (MODEL: one word per
   * QP stands for remote memory; each executed atomic adds 1 and returns the value before).
   */
  atomicWord: number;
  failNext?: WcStatus;
  /** Cause links (trace indices): what last made this QP ready to send, and its last request packet. */
  readyWhy?: number;
  pktWhy?: number;
  /**
   * Cause links of a loss: the newest packet of this QP's exchange lost on the way (its request,
   * or the ACK/response owed to it) and its PSN, so the retry that answers it names the loss,
   * not the NAK or the timer that reported it; the retry itself, for the packets it resends
   * (below `retxTo`); and the state event that put the QP in ERR/SQE, for WRs flushed later.
   */
  lostWhy?: number;
  lostPsn?: number;
  retxWhy?: number;
  retxTo?: number;
  errWhy?: number;
  blackhole: boolean;
  commEst: boolean;
  drainGen: number;
}

/** A CQE. `imm` is imm_data and its presence is IBV_WC_WITH_IMM. */
export interface Cqe { wr: number; wrId: number; qpn: number; status: WcStatus; queue: 'sq' | 'rq'; opcode?: WcOpcode; byteLen?: number; imm?: number; t: number }

/**
 * A memory region: where it is, what it allows, and whether it is still registered. `words`
 * hold its first 128 bytes as 8-byte words (MODEL claim mem-window: enough to see a write land
 * or an atomic run; bytes past them are not kept).
 */
export interface MrRt { host: number; key: number; addr: number; length: number; access: number; valid: boolean; regAt: number; deregAt: number; words: number[] }
export const MR_WORDS = 16;

/** A shared receive queue: its WQEs, its armed limit (0 = not armed) and the application's refill length (-1 = none). */
export interface SrqRt { host: number; depth: number; wqes: RecvWqe[]; limit: number; refill: number }
/**
 * A CQ ring: unpolled entries, absolute counts written (producer) and polled (consumer), and
 * whether it has overrun. An overrun CQ is in error for good: "the CQ cannot be used"
 * (ibv_poll_cq(3)) [sources: man-poll-cq], so every later entry for it is lost, counted, never
 * silently dropped.
 */
export interface CqRt { depth: number; entries: Cqe[]; written: number; polled: number; overrun: boolean }

export interface HostRt {
  cqs: CqRt[];
  txFree: number;
  txBusy: boolean;
  /** QPs with something to send, round robin: a queue read from readyHead (shift() is O(n)). */
  ready: number[];
  readyHead: number;
  rxFree: number;
  portFree: number;
  pollGen: number;
  pollIntervalNs: number;
  cache: CtxCache;
  /** Packets to drop on this host's egress (fault "drop next N"). */
  dropNext: number;
  /** Cause link: the trace index of the fault that armed dropNext. */
  dropWhy?: number;
  /** Cause link: the trace index of the fault that took this host out of the fabric (port down, crash). */
  downWhy?: number;
  /**
   * Why this host's NIC is out of the fabric (0 = it is not): DOWN_PORT, DOWN_CRASHED,
   * DOWN_DEAD bits. Packets from or to such a host are lost; a crashed host runs nothing.
   */
  down: number;
}

export const DOWN_PORT = 1;
export const DOWN_CRASHED = 2;
export const DOWN_DEAD = 4;

export interface WorkRt { posted: number; on: boolean; gen: number; slot: number; udSlot: number }

export interface Counters {
  posted: number;
  completed: number;
  flushed: number;
  discarded: number;
  cqe: Record<string, number>;
  events: Record<string, number>;
  successSends: number;
  /** CQEs that were never written because their CQ was full or already in error. */
  cqeLost: number;
  /** CQEs written and then removed unpolled by a RESET or destroy (profiles that purge). */
  cqePurged: number;
  packets: number;
  drops: number;
  /** The hardware counters' quantities, folded from every event as it is emitted (core/hw). */
  hw: HwFold;
}

/**
 * The faults model's state as the world holds it. The world layer may not import core/faults,
 * so the shape is declared there: core/faults/state.ts merges StormState into this interface,
 * and every reader of World.storm gets the full type without a cast.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging (faults/state.ts)
export interface StormSlot {}

export interface World {
  readonly cfg: SimConfig;
  now: number;
  seq: number;
  heap: EventHeap<Item>;
  rng: Rng;
  qps: QpStore;
  rt: SlotTable<QpRuntime>;
  hosts: HostRt[];
  work: WorkRt[];
  /** Config QP index → slot (for peers and workloads). */
  cfgSlot: number[];
  /** Slot → receive length the application re-posts after each completed receive. */
  refill: Record<number, number>;
  counters: Counters;
  trace: Trace<SimEvent>;
  pktSeq: number;
  wrSeq: number;
  recvSeq: number;
  commands: TimedCommand[];
  cmdIndex: number;
  /** The time the current runUntil runs to (set by the engine; not part of the fold's state). */
  horizon: number;
  /** Faults-model state (core/faults owns its shape: see StormSlot); null until a storm or a fault needs it. */
  storm: StormSlot | null;
  /**
   * The cause register: the trace index of the event that led to the work now running (-1: a
   * root, i.e. a command or the application's own timer). Every emitted event records it as its
   * cause and then becomes it, so the events of one step form a chain; every scheduled item
   * carries it. Transient: set afresh at the start of every step, so checkpoints need not hold it.
   */
  why: number;
  /** Whose behaviour the model follows where drivers differ (from config.profile). */
  readonly profile: DriverProfile;
  /** Every MR ever registered, in registration order (deregistered ones stay, invalid). */
  mrs: MrRt[];
  srqs: SrqRt[];
}

/**
 * Queue `body` at time `t`. Every caller passes a fresh object literal, so it is stamped in
 * place (no copy per scheduled item: the engine schedules one item per simulated step).
 */
export function schedule(w: World, t: number, body: ItemBody): void {
  const it: ItemBody & { t?: number; seq?: number; why?: number } = body;
  it.t = t;
  it.seq = w.seq++;
  it.why = w.why;
  w.heap.push(it as Item);
}

/**
 * May the running item move the clock straight to `t` and keep working, instead of scheduling a
 * new item at `t`? Only when nothing else — no item, no command — is due at or before `t` and
 * `t` is within the current run: then the outcome is exactly what the scheduled item would have
 * produced (the same events at the same times), minus a heap round trip.
 */
export function canRunAhead(w: World, t: number): boolean {
  if (t > w.horizon || w.heap.peekTime() <= t) return false;
  const c = w.commands[w.cmdIndex];
  return c === undefined || c.t > t;
}

export function emit(w: World, ev: SimEvent): void {
  foldHw(w.counters.hw, ev);
  w.trace.push(ev, w.why);
  w.why = w.trace.count - 1;
}

/** emit() for a hot event kind with its own encoder (hotEvents.ts): the same trace and hash. */
export function emitWith<E extends SimEvent>(w: World, ev: E, encode: (h: EventHasher, e: E) => void): void {
  foldHw(w.counters.hw, ev);
  w.trace.pushWith(ev, encode, w.why);
  w.why = w.trace.count - 1;
}

export function runtime(w: World, slot: number): QpRuntime {
  let r = w.rt.get(slot);
  if (!r) {
    r = {
      sq: [], txIdx: 0, txOff: 0, rq: [], inReady: false, kickPending: false,
      timerGen: 0, timerAt: -1, rnrUntil: 0, flushGen: 0, flushing: false,
      nakSent: false, recvBytes: 0, recvActive: false, writeActive: false, writeBytes: 0, dmaUntil: 0, reads: [], res: [], atomicWord: 0, blackhole: false, commEst: false, drainGen: 0,
      wKeyed: false, wRkey: 0, wAddr: 0, lastWqe: false, destroyGen: 0, why: undefined,
      // The optional fields too, unset: added later one by one, they gave runtimes of one world
      // several hidden classes (polymorphic reads on every hot path) and stored them out of line.
      failNext: undefined, readyWhy: undefined, pktWhy: undefined, lostWhy: undefined, lostPsn: undefined,
      retxWhy: undefined, retxTo: undefined, errWhy: undefined,
    };
    w.rt.set(slot, r);
  }
  return r;
}

/** What a command answers: done (with a detail, or the QPN a create gave), or refused with the errno and, for modify_qp, the attributes named. */
export type CommandResult = { ok: true; detail?: string; qpn?: number; lkey?: number; rkey?: number; addr?: number } | { ok: false; detail: string; errno?: string; reason?: string; missing?: string[]; unexpected?: string[] };
