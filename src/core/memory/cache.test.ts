import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../kit/rng.ts';
import {
  ACCESS_HIT, ACCESS_MISS, ACCESS_MISS_EVICT, ACCESS_MISS_EVICT_DIRTY, POLICY_IDS, QpcCache, type CacheConfig,
} from './cache.ts';
import { validateCacheConfig } from './cacheConfig.ts';

describe('QpcCache basics', () => {
  it('miss, hit, then clean and dirty evictions in a 1-entry cache', () => {
    const c = new QpcCache({ entries: 1, ways: 0, policy: 'lru' }, new Rng(1));
    expect(c.access(100, false)).toBe(ACCESS_MISS);
    expect(c.access(100, false)).toBe(ACCESS_HIT);
    expect(c.access(200, true)).toBe(ACCESS_MISS_EVICT);
    expect(c.lastVictim).toBe(100);
    expect(c.access(300, false)).toBe(ACCESS_MISS_EVICT_DIRTY); // 200 was written by hardware
    expect(c.lastVictim).toBe(200);
    expect(c.stats).toMatchObject({ hits: 1, misses: 3, evictions: 2, writebacks: 1 });
  });

  it('set-associative: a QPN only ever lands in set (QPN mod sets), i.e. its low bits', () => {
    const c = new QpcCache({ entries: 32, ways: 4, policy: 'lru' }, new Rng(1));
    const r = new Rng(9);
    for (let i = 0; i < 2000; i++) c.access(r.int(0, (1 << 24) - 1), false);
    for (const s of c.view().slots) if (s.qpn >= 0) expect(s.set).toBe(s.qpn & 7);
  });

  it('pinned QPs are never evicted; a set full of pinned lines bypasses instead of evicting', () => {
    const c = new QpcCache({ entries: 2, ways: 0, policy: 'lru', pinned: [16, 17] }, new Rng(1));
    c.access(16, false);
    c.access(17, false);
    for (let q = 18; q < 100; q++) expect(c.access(q, false)).toBe(ACCESS_MISS);
    expect(c.has(16) && c.has(17)).toBe(true);
    expect(c.stats.bypasses).toBe(82);
    expect(c.stats.evictions).toBe(0);
  });

  it("in-flight 'pin' keeps the QP; 'writeback-refetch' evicts it with a write-back and counts the refetch", () => {
    const pin = new QpcCache({ entries: 2, ways: 0, policy: 'lru', inFlight: 'pin' }, new Rng(1));
    const wb = new QpcCache({ entries: 2, ways: 0, policy: 'lru', inFlight: 'writeback-refetch' }, new Rng(1));
    for (const c of [pin, wb]) {
      c.access(16, false); // clean, but in flight
      c.setInFlight(16, true);
      c.access(17, false);
      c.access(18, false); // 16 is LRU
    }
    expect(pin.has(16)).toBe(true);
    expect(pin.lastVictim).toBe(17);
    expect(wb.has(16)).toBe(false);
    expect(wb.stats).toMatchObject({ inFlightEvictions: 1, writebacks: 1 }); // clean line still written back
    wb.access(16, false); // the response arrives: context must come back
    expect(wb.stats.refetches).toBe(1);
    expect(wb.view().slots.find((s) => s.qpn === 16)?.inFlight).toBe(true);
  });

  it('invalidate drops without write-back and frees the slot', () => {
    const c = new QpcCache({ entries: 2, ways: 0, policy: 'fifo' }, new Rng(1));
    c.access(16, true);
    c.invalidate(16);
    expect(c.has(16)).toBe(false);
    expect(c.stats.writebacks).toBe(0);
    expect(c.access(17, false)).toBe(ACCESS_MISS);
    expect(c.access(18, false)).toBe(ACCESS_MISS); // two free slots again, no eviction
  });

  it('view exposes each policy\'s own state', () => {
    const kinds = POLICY_IDS.map((policy) => {
      const c = new QpcCache({ entries: 4, ways: 0, policy }, new Rng(1));
      for (const q of [16, 17, 16, 18, 19, 20, 16]) c.access(q, false);
      return c.view().policyState;
    });
    expect(kinds.map((k) => k.kind)).toEqual(POLICY_IDS);
    const lru = kinds[0];
    if (lru.kind === 'lru') expect(lru.sets[0].mruToLru).toEqual([16, 20, 19, 18]);
    const lfu = kinds[3];
    if (lfu.kind === 'lfu') expect(lfu.sets[0].victimOrder[lfu.sets[0].victimOrder.length - 1]).toEqual({ qpn: 16, count: 3 });
  });

  it('rejects bad configs with a message naming the field', () => {
    expect(validateCacheConfig({ entries: 0, ways: 0, policy: 'lru' })).toMatch(/cache\.entries/);
    expect(validateCacheConfig({ entries: 12, ways: 5, policy: 'lru' })).toMatch(/cache\.ways/);
    expect(validateCacheConfig({ entries: 12, ways: 4, policy: 'mru' as never })).toMatch(/cache\.policy/);
    expect(validateCacheConfig({ entries: 12, ways: 4, policy: 'lru', pinned: [1 << 24] })).toMatch(/cache\.pinned/);
    expect(() => new QpcCache({ entries: 12, ways: 5, policy: 'lru' }, new Rng(1))).toThrow(/divide/);
  });
});

describe('QpcCache snapshot / restore', () => {
  it('restore + replay gives identical codes, victims and views, for every policy (seed 21)', () => {
    fc.assert(fc.property(
      fc.constantFrom(...POLICY_IDS), fc.constantFrom(0, 2, 4), fc.integer(), fc.nat(400), (policy, ways, seed, cut) => {
        const cfg: CacheConfig = { entries: 16, ways, policy, inFlight: 'writeback-refetch', pinned: [20] };
        const trace = new Rng(seed);
        const ops = Array.from({ length: 600 }, () => ({ q: 16 + trace.int(0, 47), w: trace.int(0, 1) === 1, f: trace.int(0, 9) }));
        const rng = new Rng(seed ^ 0x5a5a);
        const a = new QpcCache(cfg, rng);
        const run = (c: QpcCache, from: number, to: number) => {
          const out: number[] = [];
          for (let i = from; i < to; i++) {
            const o = ops[i];
            if (o.f === 0) c.setInFlight(o.q, o.w);
            else if (o.f === 1) c.invalidate(o.q);
            else out.push(c.access(o.q, o.w), c.lastVictim);
          }
          return out;
        };
        run(a, 0, cut);
        const snap = structuredClone(a.snapshot());
        const rngCopy = new Rng(rng.state());
        const restOrig = run(a, cut, ops.length);
        const b = QpcCache.restore(snap, rngCopy);
        expect(run(b, cut, ops.length)).toEqual(restOrig);
        expect(b.view()).toEqual(a.view());
      },
    ), { seed: 21, numRuns: 60 });
  });
});
