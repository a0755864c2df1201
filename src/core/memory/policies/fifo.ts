// FIFO: evict the line that was filled longest ago; hits do not reorder. MODEL: a common cheap
// hardware choice (one pointer per set); the public record does not say any RNIC uses it.
import type { PolicyView } from '../cacheTypes.ts';
import { ListPolicy } from './listPolicy.ts';

export class FifoPolicy extends ListPolicy {
  readonly id = 'fifo' as const;

  onHit(): void {}

  view(firstSet: number, setCount: number): PolicyView {
    const sets = [];
    for (let s = firstSet; s < firstSet + setCount; s++) sets.push({ oldestFirst: this.qpnsOf(s) });
    return { kind: 'fifo', sets };
  }
}
