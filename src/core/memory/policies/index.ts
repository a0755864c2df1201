// Policy factory.
import type { Policy, PolicyId, SlotInfo } from '../cacheTypes.ts';
import type { Rng } from '../../kit/rng.ts';
import { ClockPolicy } from './clock.ts';
import { FifoPolicy } from './fifo.ts';
import { LfuPolicy } from './lfu.ts';
import { LruPolicy } from './lru.ts';
import { RandomPolicy } from './random.ts';
import { TwoQPolicy } from './twoQ.ts';

export function createPolicy(id: PolicyId, info: SlotInfo, rng: Rng): Policy {
  switch (id) {
    case 'lru': return new LruPolicy(info);
    case 'fifo': return new FifoPolicy(info);
    case 'random': return new RandomPolicy(info, rng);
    case 'lfu': return new LfuPolicy(info);
    case 'clock': return new ClockPolicy(info);
    case '2q': return new TwoQPolicy(info);
  }
}
