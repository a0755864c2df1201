// What crosses the worker boundary: plain, structured-clone data only. Views render these;
// they never compute model state themselves.
import type { AttrName, FieldName, ProfileId, ProfileRow, SimEvent, Summary, WcStatus, CounterDef } from '../../core/index.ts';
import type { KitFrame, Reply } from '../kit/types.ts';

export interface WqeView {
  wr: number;
  wrId: number;
  opcode: string;
  length: number;
  signaled: boolean;
  /** queued → sending → sent (waiting for ACK/response) → failed (completes with `err`). */
  phase: 'queued' | 'sending' | 'sent' | 'failed';
  psn0: number;
  npsn: number;
  err?: WcStatus;
  /** Keyed WRs: the lkey of the first SGE, the rkey; inline. */
  lkey?: number;
  rkey?: number;
  inline?: boolean;
}

export interface RecvView { wr: number; wrId: number; length: number; lkey?: number }

/** A memory region and the bytes of it the model keeps (its first 128, as 8-byte words). */
export interface MrView { host: number; lkey: number; rkey: number; addr: number; length: number; access: string[]; valid: boolean; deregAt: number; words: number[] }

export interface SrqView { srq: number; host: number; depth: number; waiting: number; limit: number; qpns: number[] }

/** Compare mode: the run on screen (left) and the same scenario under another profile (right). */
export interface CompareView {
  left: ProfileId;
  right: ProfileId;
  /** Both runs are compared up to this instant. */
  t: number;
  /** The first event where the traces differ, or null while they agree. */
  firstDiff: { index: number; t: number } | null;
  /** Events side by side around the first difference (or the latest equal ones). */
  rows: { i: number; left?: SimEvent; right?: SimEvent; first: boolean }[];
  leftStates: string[];
  rightStates: string[];
  /** Events that left a trace window before they could be compared (only if one move outran a window). */
  unchecked?: number;
}

export interface QpView {
  host: number;
  qpn: number;
  type: 'RC' | 'UC' | 'UD';
  /** Lifecycle label: RESET, INIT, RTR, RTS, SQD (draining), SQD (drained), SQE, ERR. */
  state: string;
  /** The libibverbs state (SQD for both SQD labels). */
  verbsState: string;
  ctx: Record<FieldName, number>;
  sq: WqeView[];
  rq: RecvView[];
  flushing: boolean;
  /** Why the requester is not sending although work is queued, if it is stalled. */
  stalled?: string;
  fault?: string;
  peer?: { host: number; qpn: number };
  /** The SRQ it takes receives from (index), if any. */
  srq?: number;
  /** Why it stopped (ERR/SQE): the failing WR's status and the check behind it. */
  why?: string;
}

export interface CqeView { wr: number; wrId: number; qpn: number; status: WcStatus; queue: 'sq' | 'rq'; opcode?: string; byteLen?: number; t: number }

export interface CacheSlotView { set: number; way: number; qpn: number; dirty: boolean; pinned: boolean; inFlight: boolean }

export interface HostView {
  name: string;
  lid: number;
  /** `pi`: CQEs written so far; `ci`: CQEs polled so far (absolute counters). */
  cqs: { depth: number; entries: CqeView[]; pi: number; ci: number }[];
  cache: { hits: number; misses: number; evictions: number; writebacks: number; entries: number; slots: CacheSlotView[] };
  pollIntervalNs: number;
  dropNext: number;
  /** Simulated ns of packets queued at the port ahead of a new one (0 when the port is free). */
  backlogNs: number;
}

export interface PacketView {
  id: number;
  src: number;
  dst: number;
  srcQpn: number;
  dstQpn: number;
  op: string;
  psn: number;
  bytes: number;
  start: number;
  arrive: number;
  drop?: string;
  syndrome?: string;
}

/** The wire at an instant (worker/transport/wireFeed.ts). */
export interface WireFeed {
  /** On the wire, lost within the lost linger, and each lane's latest arrival within the arrival linger. */
  packets: PacketView[];
  /** Per sending host: packets emitted but still waiting for the port (not on the wire yet). */
  queued: number[];
  /** Packets on the wire past the list's cap: counted, not listed. */
  omitted: number;
  /** False when the look-back stopped at its cap before reaching every lingering packet. */
  complete: boolean;
  /** How long (simulated ns) a lost packet, and an arrived one, stays listed after its flight. */
  lostLingerNs: number;
  arriveLingerNs: number;
}

/**
 * Every QP in slot order, compactly: a view with hundreds of QPs draws these (typed arrays cross
 * the worker boundary cheaply), while `WorldView.qps` details only a few.
 */
export interface QpGridView {
  n: number;
  host: Uint8Array;
  qpn: Uint32Array;
  /** Lifecycle code; `states[lc]` is its label (RESET … SQD (drained)). */
  lc: Uint8Array;
  states: readonly string[];
  /** 0 RC, 1 UC, 2 UD. */
  type: Uint8Array;
  /** Bits: 1 a fault is armed, 2 stalled, 4 flushing, 8 destroyed. */
  flags: Uint8Array;
  /** The connected peer (RC/UC from RTR on), −1 when none. */
  peerHost: Int16Array;
  peerQpn: Int32Array;
  /** WQEs queued on the SQ and RQ, and their depths. */
  sq: Uint16Array;
  rq: Uint16Array;
  sqDepth: Uint16Array;
  rqDepth: Uint16Array;
}

export interface WorldView {
  t: number;
  hosts: HostView[];
  /**
   * Full views: every QP while there are few (at most 64); beyond that the selected QP and its
   * peer only. `grid` always holds every QP.
   */
  qps: QpView[];
  grid: QpGridView;
  /** Packets whose flight overlaps [t − linger, ∞): the view animates them by time. */
  packets: PacketView[];
  wire: Omit<WireFeed, 'packets'>;
  workloads: { id: string; qp: number; host: number; qpn: number; on: boolean; posted: number; opcode: string; length: number; intervalNs: number }[];
  link: { latencyNs: number; gbps: number };
  summary: Omit<Summary, 'traceHash' | 'qps'>;
  mrs: MrView[];
  srqs: SrqView[];
}

/** "Slow down near events": whether it is on, the speed playing at now, and what slows it (null: not slowed). */
export interface SlowView { on: boolean; speed: number; why: string | null }

export interface Frame extends KitFrame {
  /** Simulated now, and the furthest instant simulated so far (the scrubber's end). */
  t: number;
  maxT: number;
  durationNs: number;
  /** Events since the previous frame; when `resetLog` or `logGap` the list replaces the log. */
  events: SimEvent[];
  /** Absolute trace index of events[0] (why() and the full log speak in these indices). */
  eventsFrom: number;
  /** A new story (another scenario, a seek back, a fork): the old log and what was derived from it go. */
  resetLog: boolean;
  /**
   * The same story, but more happened since the previous frame than one frame carries (top
   * speed): `events` is only the newest of them, so the log restarts from `eventsFrom`. The
   * events in between are still in the worker's trace (the full log reads them).
   */
  logGap: boolean;
  world: WorldView;
  scenarioTitle?: string;
  /** The trace hash at this instant (a challenge attempt shows it; equal runs have equal hashes). */
  traceHash: string;
  /** Set after acting in the past: the old future is kept for undo and compare. */
  fork: ForkInfo | null;
  challenge: ChallengeView | null;
  /** The QP the learner selected, as the worker knows it (lesson checks read it). */
  selected: { host: number; qpn: number } | null;
  /** Whose documented behaviour the model follows (the scenario's driver profile). */
  profile: ProfileId;
  /** Compare mode, when on. */
  compare: CompareView | null;
  /** `speed` stays the person's choice; this says how fast it plays at now, and why slower. */
  slow: SlowView;
  /** Why a work or memory budget stopped the run (one line), or null; the instant reached is kept. */
  stopped: string | null;
}

export interface ForkInfo { at: number; oldMaxT: number; droppedCommands: number }
export interface ChallengeView {
  title: string; text: string;
  /** The predicate goal holds now; its parts (the members of a top-level `all`) as the student sees them ticked off. */
  met: boolean; parts: { text: string; met: boolean }[];
  /** The first instant it held (null: not yet, or a seek went back before it). */
  metAt: number | null;
  limits: { withinNs?: number; maxCommands?: number };
  /** What the score counts (shown with "Check my attempt": only the student's own commands count). */
  scoreLabel?: string;
  /** Events of the goal's kinds it never saw (they left the trace window within one slice of work, or passed the bound). */
  ungraded?: number;
}

/** A command's answer: refused commands carry the errno and, for modify_qp, the attributes named. */
export interface CommandReply extends Reply<Frame> {
  detail?: string;
  /** ibv_reg_mr: the keys and address the MR got. */
  lkey?: number;
  rkey?: number;
  addr?: number;
  errno?: string;
  reason?: string;
  missing?: string[];
  unexpected?: string[];
}

/** Static reference data the views need (sent once): the kernel modify table and field docs. */
export interface ReferenceData {
  states: readonly string[];
  types: readonly string[];
  attrNames: readonly AttrName[];
  /** cells[type][from][to] = { valid, req, opt } */
  cells: Record<string, { valid: boolean; req: string[]; opt: string[] }[][]>;
  fields: { name: string; owner: 'sw' | 'hw' | 'sw+hw'; attr?: string; doc: string; hw?: string }[];
  injectable: Record<string, { transports: readonly string[]; how: string }>;
  opcodes: Record<string, readonly string[]>;
  /** Moves the NIC makes on its own, derived from the QP machine's lifecycle tables. */
  /** The hardware's own moves; `profiles`: only under these profiles (absent: under every one). */
  hwTransitions: { type: string; from: string; to: string; event: 'SEND_ERROR' | 'FATAL' | 'DRAINED'; label: string; profiles?: ProfileId[] }[];
  device: { maxRdAtom: number; pkeyTableLen: number; ports: number };
  profiles: { id: ProfileId; label: string }[];
  /** Every difference between providers the model knows, with its sources. */
  profileTable: readonly ProfileRow[];
  access: readonly string[];
  /** Each profile's hardware counters with their rules and sources (core/hw/counterDefs.ts). */
  counterDefs?: Readonly<Record<ProfileId, readonly CounterDef[]>>;
}
