// FIFO: evict the line that was filled longest ago; hits do not reorder. MODEL: a common cheap
// hardware choice (one pointer per set); the public record does not say any RNIC uses it.
import type { Policy, PolicyView, SlotInfo } from '../cacheTypes.ts';
import { SlotLists, type SlotListsSnapshot } from './slotLists.ts';

export class FifoPolicy implements Policy {
  readonly id = 'fifo' as const;
  private lists: SlotLists;

  constructor(private readonly info: SlotInfo) {
    this.lists = new SlotLists(info.sets * info.ways, info.sets);
  }

  onInsert(slot: number, set: number): void {
    this.lists.pushTail(set, slot);
  }

  onHit(): void {}

  onRemove(slot: number, set: number): void {
    this.lists.remove(set, slot);
  }

  onReplace(slot: number, set: number): void {
    this.lists.moveToTail(set, slot); // the refilled line becomes newest
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
      sets.push({ oldestFirst: this.lists.toArray(s).map((slot) => this.info.slotQpn[slot]) });
    }
    return { kind: 'fifo', sets };
  }
}
