// LRU: evict the least recently used evictable line of the set. The only policy a published
// QPC-cache model states (HanGu/JingZhao gem5 `lruReplaceScheme`): reference/hardware/
// qp-cache-numbers.md (b) "Replacement policy" (QUOTE). Commercial RNICs do not publish theirs.
import type { Policy, PolicyView, SlotInfo } from '../cacheTypes.ts';
import { SlotLists, type SlotListsSnapshot } from './slotLists.ts';

export class LruPolicy implements Policy {
  readonly id = 'lru' as const;
  private lists: SlotLists;

  constructor(private readonly info: SlotInfo) {
    this.lists = new SlotLists(info.sets * info.ways, info.sets);
  }

  onInsert(slot: number, set: number): void {
    this.lists.pushTail(set, slot);
  }

  onHit(slot: number, set: number): void {
    this.lists.moveToTail(set, slot);
  }

  onRemove(slot: number, set: number): void {
    this.lists.remove(set, slot);
  }

  onReplace(slot: number, set: number): void {
    this.lists.moveToTail(set, slot); // the refilled line becomes most recent
  }

  victim(set: number): number {
    return this.lists.firstEligible(set, this.info.flags, this.info.blockMask);
  }

  forget(): void {}

  snapshot(): SlotListsSnapshot {
    return this.lists.snapshot();
  }

  restore(snap: unknown): void {
    this.lists.restore(snap as SlotListsSnapshot);
  }

  view(firstSet: number, setCount: number): PolicyView {
    const sets = [];
    for (let s = firstSet; s < firstSet + setCount; s++) {
      sets.push({ mruToLru: this.lists.toArray(s).reverse().map((slot) => this.info.slotQpn[slot]) });
    }
    return { kind: 'lru', sets };
  }
}
