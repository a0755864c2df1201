// The per-packet lookup path without timing: QPN → cache (hash lookup, policy update, fill and
// eviction on a miss) → on a miss, the table walk's PCIe reads. This is what `npm run bench`
// races against the npm lru-cache package on the same trace.
import type { QpcCache } from './cache.ts';
import type { QpTable } from './qpTable.ts';

export interface LookupTraceResult {
  packets: number;
  hits: number;
  misses: number;
  writebacks: number;
  pcieReads: number;
}

/** Run `trace` (QPNs) through the cache; `write` marks every access as updating the context. */
export function lookupTrace(trace: Int32Array, cache: QpcCache, table: QpTable, write = false): LookupTraceResult {
  const reads = table.geometry.hostReadsPerMiss;
  const h0 = cache.stats.hits;
  const m0 = cache.stats.misses;
  const w0 = cache.stats.writebacks;
  let pcieReads = 0;
  for (let i = 0; i < trace.length; i++) {
    if (cache.access(trace[i], write) !== 0) pcieReads += reads;
  }
  return { packets: trace.length, hits: cache.stats.hits - h0, misses: cache.stats.misses - m0, writebacks: cache.stats.writebacks - w0, pcieReads };
}
