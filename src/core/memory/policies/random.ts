// Random replacement, seeded: draw one way uniformly, then walk forward (wrapping) to the first
// evictable way. One draw per eviction keeps replay cheap; the walk biases towards the way after
// a run of pinned/in-flight ways, which only matters when such ways exist. A 1-way set draws
// nothing. (MODEL, stated here so the reference model in the tests follows the same rule.) HanGu's gem5 model has random
// replacement commented out in favour of LRU (ncsg-group/csRNA) [sources: hangu].
import type { Policy, PolicyView, SlotInfo } from '../cacheTypes.ts';
import type { Rng } from '../../kit/rng.ts';

export class RandomPolicy implements Policy {
  readonly id = 'random' as const;

  constructor(private readonly info: SlotInfo, private readonly rng: Rng) {}

  onInsert(): void {}
  onHit(): void {}
  onRemove(): void {}

  onReplace(): void {}

  victim(set: number): number {
    const { ways, flags, blockMask } = this.info;
    const base = set * ways;
    const start = ways === 1 ? 0 : this.rng.int(0, ways - 1);
    for (let i = 0; i < ways; i++) {
      let w = start + i;
      if (w >= ways) w -= ways;
      if ((flags[base + w] & blockMask) === 0) return base + w;
    }
    return -1;
  }

  forget(): void {}

  /** The only state is the Rng, which the cache's owner snapshots. */
  snapshot(): null {
    return null;
  }

  restore(): void {}

  view(): PolicyView {
    return { kind: 'random', note: 'stateless: victim = first evictable way at or after a seeded uniform draw' };
  }
}
