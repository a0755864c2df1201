// Naive, obviously-correct reference models of the cache and of each replacement policy, written
// with plain arrays and Maps (no typed-array lists, no hashing), plus the property tests that run
// random traces through both and demand identical answers at every step.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../kit/rng.ts';
import { QpcCache } from '../cache.ts';
import { POLICY_IDS, type CacheConfig, type PolicyId } from '../cacheTypes.ts';

interface Line { qpn: number; dirty: boolean; pinned: boolean; inFlight: boolean; ref: number; count: number; stamp: number; inAm: boolean }
interface RefSet { ways: Array<Line | null>; freed: number[]; nextUnused: number; order: number[]; a1in: number[]; am: number[]; a1out: number[]; hand: number }

export class RefCache {
  sets: RefSet[];
  waysPer: number;
  pinned = new Set<number>();
  flight = new Map<number, { active: boolean; evicted: boolean }>();
  stats = { hits: 0, misses: 0, evictions: 0, writebacks: 0, bypasses: 0, inFlightEvictions: 0, refetches: 0, invalidations: 0 };
  lastVictim = -1;
  private clock = 0;
  kin: number;
  kout: number;

  constructor(private cfg: CacheConfig, private rng: Rng) {
    this.waysPer = cfg.ways === 0 ? cfg.entries : cfg.ways;
    const n = cfg.entries / this.waysPer;
    this.sets = Array.from({ length: n }, () => ({ ways: Array(this.waysPer).fill(null), freed: [], nextUnused: 0, order: [], a1in: [], am: [], a1out: [], hand: 0 }));
    for (const q of cfg.pinned ?? []) this.pinned.add(q);
    this.kin = Math.max(1, Math.floor(this.waysPer / 4));
    this.kout = Math.max(1, Math.floor(this.waysPer / 2));
  }

  private setOf(q: number) { return this.sets[q % this.sets.length]; }
  private find(s: RefSet, q: number) { return s.ways.findIndex((l) => l !== null && l.qpn === q); }
  private blocked(l: Line) { return l.pinned || (l.inFlight && (this.cfg.inFlight ?? 'pin') === 'pin'); }

  access(q: number, write: boolean): number {
    const s = this.setOf(q);
    const w = this.find(s, q);
    this.lastVictim = -1;
    if (w >= 0) {
      const l = s.ways[w]!;
      this.stats.hits++;
      if (write) l.dirty = true;
      l.ref = 1; l.count++; l.stamp = ++this.clock;
      if (this.cfg.policy === 'lru') { s.order.splice(s.order.indexOf(q), 1); s.order.push(q); }
      if (this.cfg.policy === '2q' && l.inAm) { s.am.splice(s.am.indexOf(q), 1); s.am.push(q); }
      return 0;
    }
    this.stats.misses++;
    const f = this.flight.get(q);
    if (f?.evicted) { this.stats.refetches++; f.evicted = false; if (!f.active) this.flight.delete(q); }
    const toAm = s.a1out.includes(q);
    let way: number;
    let code = 1;
    if (s.freed.length > 0) way = s.freed.pop()!;
    else if (s.nextUnused < this.waysPer) way = s.nextUnused++;
    else {
      if (s.ways.every((l) => this.blocked(l!))) { this.stats.bypasses++; return 1; }
      way = this.victimWay(s);
      const v = s.ways[way]!;
      const evictInFlight = v.inFlight;
      const dirty = v.dirty || evictInFlight;
      this.stats.evictions++;
      if (dirty) this.stats.writebacks++;
      if (evictInFlight) { this.stats.inFlightEvictions++; this.flight.get(v.qpn)!.evicted = true; }
      if (this.cfg.policy === '2q' && toAm) s.a1out.splice(s.a1out.indexOf(q), 1);
      this.drop(s, way, true);
      this.lastVictim = v.qpn;
      code = dirty ? 3 : 2;
    }
    if (this.cfg.policy === '2q' && s.a1out.includes(q)) s.a1out.splice(s.a1out.indexOf(q), 1);
    s.ways[way] = {
      qpn: q, dirty: write, pinned: this.pinned.has(q), inFlight: this.flight.get(q)?.active ?? false,
      ref: 1, count: 1, stamp: ++this.clock, inAm: this.cfg.policy === '2q' && toAm,
    };
    s.order.push(q);
    if (this.cfg.policy === '2q') (toAm ? s.am : s.a1in).push(q);
    return code;
  }

  private victimWay(s: RefSet): number {
    const ok = (q: number) => !this.blocked(s.ways[this.find(s, q)]!);
    const firstOk = (list: number[]) => { const q = list.find(ok); return q === undefined ? -1 : this.find(s, q); };
    switch (this.cfg.policy) {
      case 'lru': case 'fifo': return firstOk(s.order);
      case 'lfu': {
        let best = -1;
        s.ways.forEach((l, w) => {
          if (this.blocked(l!)) return;
          const b = best < 0 ? null : s.ways[best]!;
          if (!b || l!.count < b.count || (l!.count === b.count && l!.stamp < b.stamp)) best = w;
        });
        return best;
      }
      case 'random': {
        const start = this.waysPer === 1 ? 0 : this.rng.int(0, this.waysPer - 1);
        for (let i = 0; i < this.waysPer; i++) { const w = (start + i) % this.waysPer; if (!this.blocked(s.ways[w]!)) return w; }
        return -1;
      }
      case 'clock': {
        for (;;) {
          const w = s.hand;
          s.hand = (s.hand + 1) % this.waysPer;
          const l = s.ways[w]!;
          if (this.blocked(l)) continue;
          if (l.ref === 1) { l.ref = 0; continue; }
          return w;
        }
      }
      case '2q': {
        if (s.a1in.length > this.kin) { const w = firstOk(s.a1in); return w >= 0 ? w : firstOk(s.am); }
        const w = firstOk(s.am);
        return w >= 0 ? w : firstOk(s.a1in);
      }
    }
  }

  /** Remove the line in `way`; `evicted` lines from A1in become 2Q ghosts. */
  private drop(s: RefSet, way: number, evicted: boolean) {
    const l = s.ways[way]!;
    s.order.splice(s.order.indexOf(l.qpn), 1);
    if (this.cfg.policy === '2q') {
      if (l.inAm) s.am.splice(s.am.indexOf(l.qpn), 1);
      else {
        s.a1in.splice(s.a1in.indexOf(l.qpn), 1);
        if (evicted) { if (s.a1out.length >= this.kout) s.a1out.shift(); s.a1out.push(l.qpn); }
      }
    }
    s.ways[way] = null;
  }

  setInFlight(q: number, on: boolean) {
    const f = this.flight.get(q) ?? { active: false, evicted: false };
    f.active = on;
    if (!f.active && !f.evicted) this.flight.delete(q); else this.flight.set(q, f);
    const s = this.setOf(q); const w = this.find(s, q);
    if (w >= 0) s.ways[w]!.inFlight = on;
  }

  setPinned(q: number, on: boolean) {
    if (on) this.pinned.add(q); else this.pinned.delete(q);
    const s = this.setOf(q); const w = this.find(s, q);
    if (w >= 0) s.ways[w]!.pinned = on;
  }

  invalidate(q: number) {
    this.flight.delete(q);
    const s = this.setOf(q);
    if (s.a1out.includes(q)) s.a1out.splice(s.a1out.indexOf(q), 1);
    const w = this.find(s, q);
    if (w < 0) return;
    this.drop(s, w, false);
    s.freed.push(w);
    this.stats.invalidations++;
  }
}

// ---- property tests ----------------------------------------------------------------------------

type Op = { k: 'a'; q: number; w: boolean } | { k: 'i'; q: number } | { k: 'f'; q: number; on: boolean } | { k: 'p'; q: number; on: boolean };

const opArb = (qpns: number): fc.Arbitrary<Op> => fc.oneof(
  { weight: 20, arbitrary: fc.record({ k: fc.constant('a' as const), q: fc.nat(qpns - 1), w: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('i' as const), q: fc.nat(qpns - 1) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('f' as const), q: fc.nat(qpns - 1), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('p' as const), q: fc.nat(qpns - 1), on: fc.boolean() }) },
);

const geometry = fc.constantFrom(
  { entries: 1, ways: 0 }, { entries: 4, ways: 0 }, { entries: 8, ways: 0 }, { entries: 8, ways: 2 },
  { entries: 12, ways: 4 }, { entries: 16, ways: 4 }, { entries: 6, ways: 1 }, { entries: 9, ways: 3 },
  { entries: 16, ways: 0 }, { entries: 24, ways: 12 },
);

function residentBySet(c: QpcCache) {
  return c.view().slots.filter((s) => s.qpn >= 0).map((s) => `${s.set}:${s.way}:${s.qpn}:${+s.dirty}${+s.pinned}${+s.inFlight}`).sort();
}
function residentRef(r: RefCache) {
  return r.sets.flatMap((s, i) => s.ways.map((l, w) => (l ? `${i}:${w}:${l.qpn}:${+l.dirty}${+l.pinned}${+l.inFlight}` : ''))).filter(Boolean).sort();
}

function check(policy: PolicyId, seed: number) {
  fc.assert(fc.property(
    geometry, fc.constantFrom('pin' as const, 'writeback-refetch' as const), fc.array(fc.nat(39), { maxLength: 2 }),
    fc.array(fc.oneof(opArb(12), opArb(40)), { minLength: 1, maxLength: 300, size: 'max' }), fc.integer(),
    (geo, inFlight, pinned, ops, rngSeed) => {
      const cfg: CacheConfig = { ...geo, policy, inFlight, pinned: pinned.map((q) => q + 16) };
      const cache = new QpcCache(cfg, new Rng(rngSeed));
      const ref = new RefCache(cfg, new Rng(rngSeed));
      for (const op of ops) {
        const q = op.q + 16;
        if (op.k === 'a') {
          const wasResident = cache.has(q);
          const misses = cache.stats.misses;
          const code = cache.access(q, op.w);
          expect(code).toBe(ref.access(q, op.w));
          expect(cache.lastVictim).toBe(ref.lastVictim);
          if (code === 0) { expect(wasResident).toBe(true); expect(cache.stats.misses).toBe(misses); }
        } else if (op.k === 'i') { cache.invalidate(q); ref.invalidate(q); }
        else if (op.k === 'f') { cache.setInFlight(q, op.on); ref.setInFlight(q, op.on); }
        else { cache.setPinned(q, op.on); ref.setPinned(q, op.on); }
        expect(cache.resident).toBeLessThanOrEqual(cfg.entries);
      }
      expect(cache.stats).toEqual(ref.stats);
      const res = residentBySet(cache);
      expect(res).toEqual(residentRef(ref));
      const perSet = new Map<string, number>();
      for (const r of res) perSet.set(r.split(':')[0], (perSet.get(r.split(':')[0]) ?? 0) + 1);
      for (const n of perSet.values()) expect(n).toBeLessThanOrEqual(cache.ways);
    },
  ), { seed, numRuns: 100 });
}

describe('QpcCache matches the naive reference model on random traces', () => {
  POLICY_IDS.forEach((policy, i) => {
    const seed = 101 + i;
    it(`${policy}: same code, victim, stats and contents at every step; never over capacity; a hit never fetches (seed ${seed})`, () => check(policy, seed), 30_000);
  });
});
