// The NIC's on-chip QP-context cache as the transport engine sees it: every packet the NIC
// sends or receives touches its QP's context, and a miss costs a context fetch over PCIe.
// The cache itself (geometry, policies, pinning) is the memory model in core/memory.
import { QpcCache, type CacheConfig } from '../memory/cache.ts';
import type { Rng } from '../kit/rng.ts';

export type CtxCache = QpcCache;

export function makeCtxCache(cfg: CacheConfig, rng: Rng): CtxCache {
  return new QpcCache(cfg, rng);
}
