// Core lookup + cache + LRU versus the npm lru-cache package on one trace, same process.
// Trace: 1,000,000 packets, Zipf(0.99) over 65,536 QPs (hot QPs scattered over QPNs by a seeded
// permutation), cache of 2,048 contexts - the shape of reference/toolchain.md §9. lru-cache does
// get(k) and set(k) on a miss with numeric keys. Both are exact LRU, so their hit counts must be
// equal: the bench refuses to report a speed for a core that answers differently.
// Also: other policies on the same trace (after the LRU runs, so their code does not disturb
// the LRU call sites being measured), and the time of one sweep point at 1,000,000 active QPs.
import { LRUCache } from 'lru-cache';
import { Rng } from '../src/core/kit/rng.ts';
import {
  POLICY_IDS, QpTable, QpcCache, SweepPointRunner, Traffic, getPreset, lookupTrace, type PolicyId,
} from '../src/core/memory/index.ts';
import { arrayBufferBytes, median } from './stats.ts';

const PACKETS = 1_000_000;
const QPS = 65_536;
const CAPACITY = 2048;
const ZIPF_S = 0.99;
const WARMUP_RUNS = 2;
const RUNS = 9;

function makeTrace(): Int32Array {
  const t = new Traffic({ pattern: { kind: 'zipf', s: ZIPF_S }, qps: QPS, seed: 2024 });
  const trace = new Int32Array(PACKETS);
  for (let i = 0; i < PACKETS; i++) trace[i] = t.next();
  return trace;
}

function makeTable(trace: Int32Array): QpTable {
  const table = new QpTable({ levels: 3, entryBytes: 256, pageBytes: 4096, onChipLevels: 2 });
  for (let q = 16; q < 16 + QPS; q++) table.allocate(q);
  if (trace.some((q) => !table.has(q))) throw new Error('trace holds a QPN that has no table entry');
  return table;
}

function timeCore(trace: Int32Array, table: QpTable, policy: PolicyId, ways = 0): { ms: number; hits: number } {
  const cache = new QpcCache({ entries: CAPACITY, ways, policy }, new Rng(1));
  const t0 = performance.now();
  const r = lookupTrace(trace, cache, table);
  return { ms: performance.now() - t0, hits: r.hits };
}

function timeLruCache(trace: Int32Array): { ms: number; hits: number } {
  const c = new LRUCache<number, number>({ max: CAPACITY });
  let hits = 0;
  const t0 = performance.now();
  for (let i = 0; i < trace.length; i++) {
    const k = trace[i];
    if (c.get(k) === undefined) c.set(k, i);
    else hits++;
  }
  return { ms: performance.now() - t0, hits };
}

const mops = (ms: number) => PACKETS / ms / 1000;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function sweepAtMillion(): { ms: number; maxSliceMs: number; hitRate: number } {
  const p = getPreset('cx5');
  const t0 = performance.now();
  const r = new SweepPointRunner(p.spec, 1_000_000);
  let maxSlice = 0;
  for (;;) {
    const s0 = performance.now();
    const done = r.step(100_000);
    maxSlice = Math.max(maxSlice, performance.now() - s0);
    if (done) break;
  }
  const pt = r.result();
  return { ms: performance.now() - t0, maxSliceMs: maxSlice, hitRate: pt.hitRate };
}

export async function run(): Promise<Record<string, number>> {
  const trace = makeTrace();
  const table = makeTable(trace);
  const core: number[] = [];
  const lru: number[] = [];
  let coreHits = -1;
  let lruHits = -1;
  for (let i = 0; i < WARMUP_RUNS + RUNS; i++) {
    const a = timeCore(trace, table, 'lru');
    const b = timeLruCache(trace);
    coreHits = a.hits;
    lruHits = b.hits;
    if (i >= WARMUP_RUNS) { core.push(a.ms); lru.push(b.ms); }
  }
  if (coreHits !== lruHits) throw new Error(`core LRU hits ${coreHits} differ from lru-cache hits ${lruHits}: not the same policy`);
  const coreMops = mops(median(core));
  const lruMops = mops(median(lru));
  console.log(`# cache bench: ${PACKETS} packets, Zipf(${ZIPF_S}) over ${QPS} QPs, ${CAPACITY} entries, hit rate ${(coreHits / PACKETS).toFixed(4)}`);
  console.log(`# core lookup+cache+LRU ${coreMops.toFixed(1)} M/s, lru-cache ${lruMops.toFixed(1)} M/s (median of ${RUNS} after ${WARMUP_RUNS} warm-up)`);

  const extra: Record<string, number> = {};
  for (const policy of POLICY_IDS) {
    if (policy === 'lru') continue;
    const ms: number[] = [];
    for (let i = 0; i < 3; i++) ms.push(timeCore(trace, table, policy).ms);
    extra[`policy_${policy}_mops`] = r3(mops(median(ms)));
  }
  extra.lru_8way_mops = r3(mops(median([0, 1, 2].map(() => timeCore(trace, table, 'lru', 8).ms))));
  const before = arrayBufferBytes();
  const big = new QpcCache({ entries: 1 << 20, ways: 0, policy: 'lru' }, new Rng(1));
  const bytesPerEntry = (arrayBufferBytes() - before) / big.entries;
  const sw = sweepAtMillion();
  console.log(`# sweep point at 1,000,000 QPs (cx5 preset): ${sw.ms.toFixed(0)} ms, longest 100k-unit slice ${sw.maxSliceMs.toFixed(0)} ms`);

  return {
    core_mops: r3(coreMops),
    lru_cache_mops: r3(lruMops),
    ratio: r3(coreMops / lruMops),
    hit_rate: r3(coreHits / PACKETS),
    ...extra,
    core_bytes_per_entry_1m: r3(bytesPerEntry),
    sweep_1m_ms: Math.round(sw.ms),
    sweep_1m_max_slice_ms: Math.round(sw.maxSliceMs),
  };
}
