// What LRU and FIFO share: one ordered list of slots per set, oldest first, the victim the first
// evictable slot of the list. They differ only in whether a hit reorders (and how they show it).
import type { Policy, PolicyId, PolicyView, SlotInfo } from '../cacheTypes.ts';
import { SlotLists, type SlotListsSnapshot } from './slotLists.ts';
import { blockedBefore, eligibleAfter, type PolicyReason } from '../evictionWhy.ts';

export abstract class ListPolicy implements Policy {
  abstract readonly id: PolicyId;
  protected lists: SlotLists;

  constructor(protected readonly info: SlotInfo) {
    this.lists = new SlotLists(info.sets * info.ways, info.sets);
  }

  abstract onHit(slot: number, set: number): void;
  abstract view(firstSet: number, setCount: number): PolicyView;

  onInsert(slot: number, set: number): void {
    this.lists.pushTail(set, slot);
  }

  onRemove(slot: number, set: number): void {
    this.lists.remove(set, slot);
  }

  /** A refilled line becomes the newest (FIFO) or most recent (LRU) either way. */
  onReplace(slot: number, set: number): void {
    this.lists.moveToTail(set, slot);
  }

  victim(set: number): number {
    return this.lists.firstEligible(set, this.info.flags, this.info.blockMask);
  }

  /** LRU: least recent use first; FIFO: oldest fill first. The victim heads its list (after lines that may not leave). */
  reason(set: number, victim: number): PolicyReason {
    const { flags, blockMask } = this.info;
    const l = this.lists;
    return { next: eligibleAfter(l.head[set], l.next, victim, flags, blockMask, 3), skipped: blockedBefore(l.head[set], l.next, victim, flags, blockMask), rule: { kind: this.id as 'lru' | 'fifo' } };
  }

  forget(): void {}

  snapshot(): SlotListsSnapshot {
    return this.lists.snapshot();
  }

  restore(snap: unknown): void {
    this.lists.restore(snap as SlotListsSnapshot);
  }

  /** QPNs of a set's list, oldest first. */
  protected qpnsOf(set: number): number[] {
    return this.lists.toArray(set).map((slot) => this.info.slotQpn[slot]);
  }
}
