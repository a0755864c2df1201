// Types shared by the QP-context cache and its replacement policies.

/** Replacement policies. '2q' is the scan-resistant one (Johnson & Shasha, VLDB 1994, "2Q"). */
import type { PolicyId } from './ids.ts';
import type { PolicyReason } from './evictionWhy.ts';

export { POLICY_IDS, type PolicyId } from './ids.ts';

/** How a QP marked in flight is treated when it is the would-be victim. */
export type InFlightMode = 'pin' | 'writeback-refetch';

export interface CacheConfig {
  /** Capacity in contexts. */
  entries: number;
  /** 0 = fully associative; else set-associative, sets = entries / ways, set = QPN mod sets (low bits). */
  ways: number;
  policy: PolicyId;
  /** QPNs pinned in cache: once loaded they are never chosen as victims. */
  pinned?: readonly number[];
  /** Default 'pin'. */
  inFlight?: InFlightMode;
}

export const ACCESS_HIT = 0;
export const ACCESS_MISS = 1;
export const ACCESS_MISS_EVICT = 2;
export const ACCESS_MISS_EVICT_DIRTY = 3;
export type AccessCode = 0 | 1 | 2 | 3;

/** Per-slot flag bits (Uint8Array). */
export const F_DIRTY = 1;
export const F_PINNED = 2;
export const F_INFLIGHT = 4;

export const QPN_BITS = 24; // BTH DestQP is 24 bits: rxe_hdr.h BTH_QPN_MASK [sources: bth-widths]
export const QPN_LIMIT = 1 << QPN_BITS;

export interface CacheStats {
  hits: number;
  misses: number;
  evictions: number;
  writebacks: number;
  /** Misses served without installing: every way of the set was pinned or in flight (pin mode). */
  bypasses: number;
  /** Victims that were in flight (writeback-refetch mode): always written back. */
  inFlightEvictions: number;
  /** Misses on a QP that had been evicted while in flight: the visible price of not pinning. */
  refetches: number;
  invalidations: number;
}

/**
 * What the cache lends a policy: geometry and the slot flags, so the policy can skip slots that
 * may not be evicted (pinned, or in flight under 'pin'). `blockMask` selects those flag bits.
 */
export interface SlotInfo {
  readonly sets: number;
  readonly ways: number;
  readonly flags: Uint8Array;
  readonly slotQpn: Int32Array;
  readonly blockMask: number;
}

/** Plain-data view of a policy's own state, per set (QPNs, never slot numbers, unless named). */
export type PolicyView =
  | { kind: 'lru'; sets: Array<{ mruToLru: number[] }> }
  | { kind: 'fifo'; sets: Array<{ oldestFirst: number[] }> }
  | { kind: 'random'; note: string }
  | { kind: 'lfu'; sets: Array<{ victimOrder: Array<{ qpn: number; count: number }> }> }
  | { kind: 'clock'; sets: Array<{ handWay: number; refBits: number[] }> }
  | { kind: '2q'; kin: number; kout: number; sets: Array<{ a1in: number[]; am: number[]; a1out: number[] }> };

export interface Policy {
  readonly id: PolicyId;
  /** A line was filled into `slot` (of `set`) for `qpn` on a miss. */
  onInsert(slot: number, set: number, qpn: number): void;
  onHit(slot: number, set: number): void;
  /** A line leaves: evicted (`evicted` true: 2Q remembers it in its ghost list) or invalidated. */
  onRemove(slot: number, set: number, qpn: number, evicted: boolean): void;
  /** Fused evict + fill of the same slot (the common miss past the knee): same effect as
   *  onRemove(slot, set, oldQpn, true) then onInsert(slot, set, newQpn). */
  onReplace(slot: number, set: number, oldQpn: number, newQpn: number): void;
  /** Choose a victim in a full set. The cache guarantees one evictable slot exists. */
  victim(set: number): number;
  /** Why `victim` (just returned by victim(set), not yet replaced) was chosen, from the policy's own state. */
  reason(set: number, victim: number): PolicyReason;
  /** A QP was destroyed: forget anything remembered about it outside the cache (2Q ghosts). */
  forget(qpn: number): void;
  snapshot(): unknown;
  restore(snap: unknown): void;
  view(firstSet: number, setCount: number): PolicyView;
}

export interface SlotView {
  slot: number;
  set: number;
  way: number;
  qpn: number; // -1 = empty
  dirty: boolean;
  pinned: boolean;
  inFlight: boolean;
}

export interface CacheView {
  entries: number;
  sets: number;
  ways: number;
  policy: PolicyId;
  inFlightMode: InFlightMode;
  /** Slots of the sets in [firstSet, firstSet + setCount). */
  firstSet: number;
  slots: SlotView[];
  policyState: PolicyView;
  stats: CacheStats;
  lastVictim: number;
}
