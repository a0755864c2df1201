// Random replacement, seeded: draw one way uniformly, then walk forward (wrapping) to the first
// evictable way. One draw per eviction keeps replay cheap; the walk biases towards the way after
// a run of pinned/in-flight ways, which only matters when such ways exist. A 1-way set draws
// nothing. (MODEL, stated here so the reference model in the tests follows the same rule.) HanGu's gem5 model has random
// replacement commented out in favour of LRU (ncsg-group/csRNA) [sources: hangu].
import type { Policy, PolicyView, SlotInfo } from '../cacheTypes.ts';
import type { Rng } from '../../kit/rng.ts';
import type { PolicyReason } from '../evictionWhy.ts';

export class RandomPolicy implements Policy {
  readonly id = 'random' as const;

  /** The way the last victim() drew (for reason()). */
  private drawn = 0;

  constructor(private readonly info: SlotInfo, private readonly rng: Rng) {}

  onInsert(): void {}
  onHit(): void {}
  onRemove(): void {}

  onReplace(): void {}

  victim(set: number): number {
    const { ways, flags, blockMask } = this.info;
    const base = set * ways;
    const start = ways === 1 ? 0 : this.rng.int(0, ways - 1);
    this.drawn = start;
    for (let i = 0; i < ways; i++) {
      let w = start + i;
      if (w >= ways) w -= ways;
      if ((flags[base + w] & blockMask) === 0) return base + w;
    }
    return -1;
  }

  reason(set: number, victim: number): PolicyReason {
    const { ways, flags, blockMask } = this.info;
    const base = set * ways;
    let skipped = 0;
    for (let w = this.drawn; base + w !== victim; w = w + 1 === ways ? 0 : w + 1) if ((flags[base + w] & blockMask) !== 0) skipped++;
    return { next: [], skipped, rule: { kind: 'random', drawnWay: this.drawn } };
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
