// A keyed scenario for tests: host A and host B, one RC (or other) QP each, and four memory
// regions whose keys follow from their registration order (transport/memory.ts nextKey).
import type { ScenarioInput } from '../index.ts';
import { pair, type PairOptions } from './builders.ts';

/** Keys and addresses the four MRs of `keyed()` get. */
export const K = {
  /** A's buffer with LOCAL_WRITE only, at 0x10000. */
  A_LOCAL: 0x110,
  /** B's buffer with every access, at 0x10000. */
  B_ALL: 0x111,
  /** B's buffer with LOCAL_WRITE only, at 0x12000. */
  B_LOCAL: 0x211,
  /** A's buffer registered with no access flag at all (local read only), at 0x12000. */
  A_READONLY: 0x210,
  BASE: 0x10000,
  SECOND: 0x12000,
} as const;

export const ALL = ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE', 'IBV_ACCESS_REMOTE_READ', 'IBV_ACCESS_REMOTE_ATOMIC'] as const;

export function keyed(o: PairOptions & { profile?: 'ibta' | 'rxe' | 'mlx5' } = {}): ScenarioInput {
  const s = pair({ ...o, b: { recvMr: 1, ...o.b } });
  return {
    ...s,
    config: {
      ...s.config,
      profile: o.profile,
      mrs: [
        { host: 0, length: 8192, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0xa1 },
        { host: 1, length: 8192, access: [...ALL], fill: 0xb1 },
        { host: 1, length: 8192, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0xb2 },
        { host: 0, length: 8192, access: [], fill: 0xa2 },
      ],
    },
  };
}
