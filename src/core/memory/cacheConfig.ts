// Validation of a cache configuration, with messages that name the bad field.
import { POLICY_IDS, QPN_LIMIT, type CacheConfig } from './cacheTypes.ts';

/** Largest cache we build: 4 Mi contexts (≈1 GiB of 256 B contexts - far past any real SRAM). */
export const MAX_CACHE_ENTRIES = 1 << 22;

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** null when valid, else a message naming the field. */
export function validateCacheConfig(cfg: CacheConfig): string | null {
  if (!cfg || typeof cfg !== 'object') return 'cache config must be an object';
  if (!isInt(cfg.entries) || cfg.entries < 1 || cfg.entries > MAX_CACHE_ENTRIES) {
    return `cache.entries must be an integer in 1..${MAX_CACHE_ENTRIES}, got ${String(cfg.entries)}`;
  }
  if (!isInt(cfg.ways) || cfg.ways < 0 || cfg.ways > cfg.entries) {
    return `cache.ways must be 0 (fully associative) or an integer in 1..entries (${cfg.entries}), got ${String(cfg.ways)}`;
  }
  if (cfg.ways > 0 && cfg.entries % cfg.ways !== 0) {
    return `cache.ways (${cfg.ways}) must divide cache.entries (${cfg.entries}) so every set has the same ways`;
  }
  if (!POLICY_IDS.includes(cfg.policy)) {
    return `cache.policy must be one of ${POLICY_IDS.join(', ')}, got ${String(cfg.policy)}`;
  }
  if (cfg.inFlight !== undefined && cfg.inFlight !== 'pin' && cfg.inFlight !== 'writeback-refetch') {
    return `cache.inFlight must be 'pin' or 'writeback-refetch', got ${String(cfg.inFlight)}`;
  }
  if (cfg.pinned !== undefined) {
    if (!Array.isArray(cfg.pinned)) return 'cache.pinned must be an array of QPNs';
    for (const q of cfg.pinned) {
      if (!isInt(q) || q < 0 || q >= QPN_LIMIT) return `cache.pinned holds ${String(q)}, not a 24-bit QPN (0..${QPN_LIMIT - 1})`;
    }
  }
  return null;
}
