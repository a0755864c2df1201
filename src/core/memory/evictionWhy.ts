// Why a context left the cache. Captured at the moment the policy chose its victim, before the
// fill changes the policy's state: the policy names its rule and its runners-up from its own
// lists, counters, hand or draw, and the cache adds each line's use stamps. The chain a person
// reads is built from that record alone, so it cannot say anything the model did not do.
import type { PolicyId } from './ids.ts';

/**
 * Use stamps as PacketPath sets them: 2 × the packet number for a packet's lookup, + 1 for the
 * completion write of an earlier packet that lands during it (the in-flight window).
 */
export const lookupStamp = (packet: number): number => 2 * packet;
export const completionStamp = (packet: number): number => 2 * packet + 1;

/** What a policy reports about the victim it just chose, in slots (the cache names the QPs). */
export interface PolicyReason {
  /** The next evictable slots in the policy's own order: who would have gone instead. */
  next: number[];
  /** Lines the policy passed over before the victim because they may not leave (pinned, in flight under pin). */
  skipped: number;
  /** LFU: use counts of the victim and then of each `next` slot. */
  counts?: number[];
  rule: RawRule;
}

export type RawRule =
  | { kind: 'lru' | 'fifo' | 'lfu' }
  | { kind: 'clock'; handFrom: number; secondChances: number[] }
  | { kind: '2q'; list: 'a1in' | 'am'; a1in: number; kin: number; fellBack: boolean; ghost: boolean }
  | { kind: 'random'; drawnWay: number };

/** One line of the set as the record names it: stamps of its fill and of its last use. */
export interface WhyLine { qpn: number; way: number; filledAt: number; lastUse: number; count?: number }

export type EvictionRule =
  | { kind: 'lru' | 'fifo' | 'lfu' }
  | { kind: 'clock'; handFrom: number; secondChances: WhyLine[] }
  | { kind: '2q'; list: 'a1in' | 'am'; a1in: number; kin: number; fellBack: boolean; ghost: boolean }
  | { kind: 'random'; drawnWay: number };

export interface EvictionWhy {
  policy: PolicyId;
  set: number;
  sets: number;
  ways: number;
  /** The miss that needed the slot. */
  incoming: { qpn: number; stamp: number };
  victim: WhyLine & { dirty: boolean; inFlight: boolean };
  next: WhyLine[];
  skipped: number;
  rule: EvictionRule;
}

/** Build the record from a policy's reason and the cache's per-slot columns. */
export function evictionWhy(
  policy: PolicyId, set: number, sets: number, ways: number, victimSlot: number, r: PolicyReason,
  cols: { slotQpn: Int32Array; filledAt: Float64Array; lastUse: Float64Array; dirty: boolean; inFlight: boolean },
  incoming: { qpn: number; stamp: number },
): EvictionWhy {
  const line = (slot: number, count?: number): WhyLine => ({
    qpn: cols.slotQpn[slot], way: slot - set * ways, filledAt: cols.filledAt[slot], lastUse: cols.lastUse[slot], ...(count !== undefined ? { count } : {}),
  });
  const rule: EvictionRule = r.rule.kind === 'clock' ? { kind: 'clock', handFrom: r.rule.handFrom, secondChances: r.rule.secondChances.map((s) => line(s)) } : r.rule;
  return {
    policy, set, sets, ways, incoming,
    victim: { ...line(victimSlot, r.counts?.[0]), dirty: cols.dirty, inFlight: cols.inFlight },
    next: r.next.map((s, i) => line(s, r.counts?.[i + 1])),
    skipped: r.skipped, rule,
  };
}

/** Up to `max` evictable slots of a list from its head, after `from` (exclusive; -1 = the head). */
export function eligibleAfter(head: number, nextOf: Int32Array, from: number, flags: Uint8Array, blockMask: number, max: number): number[] {
  const out: number[] = [];
  for (let s = from < 0 ? head : nextOf[from]; s !== -1 && out.length < max; s = nextOf[s]) if ((flags[s] & blockMask) === 0) out.push(s);
  return out;
}

/** Lines passed over (not evictable) from the head up to `stop`. */
export function blockedBefore(head: number, nextOf: Int32Array, stop: number, flags: Uint8Array, blockMask: number): number {
  let n = 0;
  for (let s = head; s !== -1 && s !== stop; s = nextOf[s]) if ((flags[s] & blockMask) !== 0) n++;
  return n;
}
