import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getPreset } from './presets.ts';
import { SweepPointRunner, runSweep, runSweepPoint, sweepSlices, type SweepSpec } from './sweep.ts';

const small: SweepSpec = {
  cache: { entries: 64, ways: 4, policy: 'lru' },
  timing: { tHitNs: 20, fetchNs: 750, overlap: 8, engine: 'programmable' },
  table: { levels: 3, entryBytes: 256, pageBytes: 4096, onChipLevels: 1 },
  traffic: { pattern: { kind: 'zipf', s: 0.9 }, layout: 'scattered' },
  packets: 3000, warmup: 500, seed: 7,
};

describe('sweep points', () => {
  it('any slicing gives the same point as one call (seed 61)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 20, max: 300 }), (slices, qps) => {
      const whole = runSweepPoint(small, qps);
      const r = new SweepPointRunner(small, qps);
      let i = 0;
      let last = -1;
      while (!r.step(slices[i++ % slices.length])) { expect(r.progress()).toBeGreaterThanOrEqual(last); last = r.progress(); }
      expect(r.result()).toEqual(whole);
    }), { seed: 61, numRuns: 40 });
  });

  it('snapshot mid-point, restore, finish: identical to an uninterrupted run (seed 62)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 3800 }), fc.constantFrom(0, 16), (cut, window) => {
      const spec: SweepSpec = { ...small, inFlightWindow: window, cache: { ...small.cache, inFlight: 'writeback-refetch' }, timing: { ...small.timing } };
      const whole = runSweepPoint(spec, 150);
      const r = new SweepPointRunner(spec, 150);
      r.step(cut);
      const s = SweepPointRunner.restore(structuredClone(r.snapshot()));
      while (!s.step(1000));
      expect(s.result()).toEqual(whole);
    }), { seed: 62, numRuns: 25 });
  });

  it('sweepSlices yields rising progress and returns what runSweep returns', () => {
    const qps = [16, 64, 256];
    const it = sweepSlices(small, qps, 700);
    let prev = 0;
    let r = it.next();
    while (!r.done) { expect(r.value.progress).toBeGreaterThanOrEqual(prev); prev = r.value.progress; r = it.next(); }
    expect(prev).toBe(1);
    expect(r.value).toEqual(runSweep(small, qps));
  });

  it('uniform traffic on a fully associative LRU cache hits C/N of the time (IRM)', () => {
    const spec: SweepSpec = { ...small, cache: { entries: 100, ways: 0, policy: 'lru' }, traffic: { pattern: { kind: 'uniform' } }, packets: 100_000, warmup: undefined };
    for (const n of [50, 200, 1000]) expect(runSweepPoint(spec, n).hitRate).toBeCloseTo(Math.min(1, 100 / n), 2);
  });

  it('every miss costs the table walk: PCIe reads per op = miss rate × off-chip levels', () => {
    const p = runSweepPoint(small, 300); // 3 levels, 1 on chip → 2 reads per miss
    expect(p.pcieReadsPerOp).toBeCloseTo(2 * (1 - p.hitRate), 12);
    expect(p.hostMemoryBytes).toBeGreaterThan(0);
  });

  // 150 hot QPs take half the packets, a scan the other half. A hot QP comes back every ~300
  // packets, after ~150 scanned QPs: LRU's reuse distance (~300 distinct QPs) exceeds its 256
  // entries, so the scan flushes the hot set; 2Q remembers the hot QP in A1out (Kin 64 + Kout
  // 128 ≥ 150 insertions), promotes it to Am, and the scan only ever churns A1in.
  it('a scan flushes the hot set from LRU but not from 2Q', () => {
    const spec = (policy: 'lru' | '2q'): SweepSpec => ({
      ...small, cache: { entries: 256, ways: 0, policy }, traffic: { pattern: { kind: 'scan', hotSize: 150, hotFraction: 0.5 } }, packets: 50_000, warmup: 20_000,
    });
    const lru = runSweepPoint(spec('lru'), 5000);
    const twoQ = runSweepPoint(spec('2q'), 5000);
    expect(twoQ.hitRate).toBeGreaterThan(0.45);
    expect(lru.hitRate).toBeLessThan(twoQ.hitRate - 0.12); // LRU keeps only hot QPs that happen to return early
  });

  it("in-flight QPs: 'pin' never evicts them; 'writeback-refetch' does, and pays refetches", () => {
    const base: SweepSpec = { ...small, traffic: { pattern: { kind: 'uniform' } }, inFlightWindow: 48, packets: 20_000 };
    const pin = runSweepPoint({ ...base, cache: { ...base.cache, inFlight: 'pin' } }, 400);
    const wb = runSweepPoint({ ...base, cache: { ...base.cache, inFlight: 'writeback-refetch' } }, 400);
    expect(pin.refetchesPerOp).toBe(0);
    expect(wb.refetchesPerOp).toBeGreaterThan(0);
    expect(wb.writebacksPerOp).toBeGreaterThanOrEqual(wb.evictionsPerOp - 1e-12); // every packet dirties its QP
  });

  it('a 1,000,000-QP point is computable in slices (no timing asserted here: see bench)', () => {
    const p = getPreset('cx5');
    const r = new SweepPointRunner({ ...p.spec, packets: 20_000 }, 1_000_000);
    let slices = 0;
    while (!r.step(250_000)) slices++;
    expect(slices).toBeGreaterThan(3);
    const pt = r.result();
    expect(pt.hitRate).toBeLessThan(0.01);
    expect(pt.hostMemoryBytes).toBeGreaterThan(1_000_000 * 256);
  }, 30_000);

  it('refuses bad specs with a message naming the field', () => {
    expect(() => new SweepPointRunner({ ...small, packets: -1 }, 10)).toThrow(/packets/);
    expect(() => new SweepPointRunner(small, 0)).toThrow(/qps/);
    expect(() => new SweepPointRunner({ ...small, cache: { ...small.cache, ways: 5 } }, 10)).toThrow(/ways/);
    expect(() => new SweepPointRunner({ ...small, table: { ...small.table, levels: 30 } }, 10)).toThrow(/table\.levels/);
  });
});
