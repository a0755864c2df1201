// LRU: evict the least recently used evictable line of the set. The only policy a published
// QPC-cache model states (HanGu/JingZhao gem5 `lruReplaceScheme`, ncsg-group/csRNA)
// [sources: hangu]. Commercial RNICs do not publish theirs.
import type { PolicyView } from '../cacheTypes.ts';
import { ListPolicy } from './listPolicy.ts';

export class LruPolicy extends ListPolicy {
  readonly id = 'lru' as const;

  /** A hit makes the line the most recently used: the list is least recent first. */
  onHit(slot: number, set: number): void {
    this.lists.moveToTail(set, slot);
  }

  view(firstSet: number, setCount: number): PolicyView {
    const sets = [];
    for (let s = firstSet; s < firstSet + setCount; s++) sets.push({ mruToLru: this.qpnsOf(s).reverse() });
    return { kind: 'lru', sets };
  }
}
