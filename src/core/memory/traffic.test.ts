import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeQpns } from './qpnLayout.ts';
import { Traffic, type TrafficPattern } from './traffic.ts';
import { ZipfAlias } from './zipf.ts';

const patterns: TrafficPattern[] = [
  { kind: 'uniform' }, { kind: 'zipf', s: 0.99 }, { kind: 'hotset', hotSize: 8, hotFraction: 0.9, shiftEvery: 50 },
  { kind: 'scan', hotSize: 4, hotFraction: 0.3 }, { kind: 'incast', fanIn: 7, burst: 3 },
];

describe('QPN layouts', () => {
  it('dense starts at the first QPN; scattered is distinct, in range, and nested across sizes', () => {
    expect(Array.from(activeQpns(4, 'dense', 16, 1))).toEqual([16, 17, 18, 19]);
    const big = activeQpns(5000, 'scattered', 16, 7);
    expect(new Set(big).size).toBe(5000);
    expect(big.every((q) => q >= 16 && q < 1 << 24)).toBe(true);
    expect(Array.from(activeQpns(300, 'scattered', 16, 7))).toEqual(Array.from(big.subarray(0, 300)));
  });
  it('refuses layouts that do not fit the 24-bit QPN space', () => {
    expect(() => activeQpns((1 << 24) - 10, 'dense', 16, 1)).toThrow(/24-bit/);
    expect(() => activeQpns(0, 'dense', 16, 1)).toThrow(/qps/);
  });
});

describe('Zipf alias table', () => {
  it('the alias table carries exactly the Zipf mass of every rank', () => {
    for (const [n, s] of [[1, 1], [10, 0], [1000, 0.8], [4096, 1.2]] as const) {
      const z = new ZipfAlias(n, s);
      const mass = new Float64Array(n);
      for (let i = 0; i < n; i++) { mass[i] += z.prob[i]; if (z.alias[i] !== i) mass[z.alias[i]] += 1 - z.prob[i]; }
      let total = 0;
      for (let r = 0; r < n; r++) total += Math.pow(r + 1, -s);
      for (let r = 0; r < n; r++) expect(mass[r] / n).toBeCloseTo(Math.pow(r + 1, -s) / total, 9);
    }
  });
});

describe('traffic generators', () => {
  it('same seed → same stream; snapshot + restore continues identically, every pattern (seed 41)', () => {
    fc.assert(fc.property(fc.constantFrom(...patterns), fc.integer(), fc.nat(500), fc.constantFrom('dense' as const, 'scattered' as const), (pattern, seed, cut, layout) => {
      const cfg = { pattern, qps: 64, seed, layout, writeFraction: 0.5 };
      const a = new Traffic(cfg);
      for (let i = 0; i < cut; i++) a.next();
      const b = Traffic.restore(structuredClone(a.snapshot()));
      for (let i = 0; i < 300; i++) { expect(b.next()).toBe(a.next()); expect(b.write).toBe(a.write); }
      const c = new Traffic(cfg);
      const d = new Traffic(cfg);
      for (let i = 0; i < 100; i++) expect(c.next()).toBe(d.next());
    }), { seed: 41, numRuns: 80 });
  });

  it('uniform covers every active QP about equally', () => {
    const t = new Traffic({ pattern: { kind: 'uniform' }, qps: 50, seed: 3 });
    const counts = new Map<number, number>();
    for (let i = 0; i < 100000; i++) { const q = t.next(); counts.set(q, (counts.get(q) ?? 0) + 1); }
    expect(counts.size).toBe(50);
    for (const c of counts.values()) expect(Math.abs(c - 2000)).toBeLessThan(250); // ≈ 5.6 σ
  });

  it('zipf: the most popular QP gets its Zipf share', () => {
    const t = new Traffic({ pattern: { kind: 'zipf', s: 1 }, qps: 1000, seed: 5 });
    const counts = new Map<number, number>();
    for (let i = 0; i < 200000; i++) { const q = t.next(); counts.set(q, (counts.get(q) ?? 0) + 1); }
    const top = Math.max(...counts.values()) / 200000;
    let h = 0;
    for (let r = 1; r <= 1000; r++) h += 1 / r;
    expect(top).toBeCloseTo(1 / h, 2); // 1/H(1000) ≈ 0.1336
  });

  it('hotset: hot QPs take their share, then the hot set moves to other QPs', () => {
    const t = new Traffic({ pattern: { kind: 'hotset', hotSize: 10, hotFraction: 0.9, shiftEvery: 20000 }, qps: 10000, seed: 9 });
    const epoch = () => { const c = new Map<number, number>(); for (let i = 0; i < 20000; i++) { const q = t.next(); c.set(q, (c.get(q) ?? 0) + 1); } return c; };
    const hotOf = (c: Map<number, number>) => [...c.entries()].sort((x, y) => y[1] - x[1]).slice(0, 10);
    const e1 = hotOf(epoch());
    const e2 = hotOf(epoch());
    const share = e1.reduce((a, [, n]) => a + n, 0) / 20000;
    expect(share).toBeGreaterThan(0.88);
    expect(share).toBeLessThan(0.93);
    const set1 = new Set(e1.map(([q]) => q));
    expect(e2.filter(([q]) => set1.has(q)).length).toBe(0);
  });

  it('scan sweeps every QP in order, cyclically', () => {
    const t = new Traffic({ pattern: { kind: 'scan' }, qps: 5, seed: 1 });
    expect(Array.from({ length: 12 }, () => t.next())).toEqual([16, 17, 18, 19, 20, 16, 17, 18, 19, 20, 16, 17]);
  });

  it('incast: each epoch is fanIn distinct QPs, each sending burst packets round-robin (seed 42)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 5 }), fc.integer(), (fanIn, burst, seed) => {
      const t = new Traffic({ pattern: { kind: 'incast', fanIn, burst }, qps: 40, seed });
      for (let e = 0; e < 3; e++) {
        const pk = Array.from({ length: fanIn * burst }, () => t.next());
        const group = pk.slice(0, fanIn);
        expect(new Set(group).size).toBe(fanIn);
        pk.forEach((q, i) => expect(q).toBe(group[i % fanIn]));
      }
    }), { seed: 42, numRuns: 60 });
  });

  it('writeFraction decides how many packets dirty their context', () => {
    const t = new Traffic({ pattern: { kind: 'uniform' }, qps: 10, seed: 1, writeFraction: 0.25 });
    let w = 0;
    for (let i = 0; i < 40000; i++) { t.next(); if (t.write) w++; }
    expect(w / 40000).toBeCloseTo(0.25, 1);
  });

  it('refuses bad patterns, naming the field', () => {
    expect(() => new Traffic({ pattern: { kind: 'zipf', s: -1 }, qps: 10, seed: 1 })).toThrow(/zipf s/);
    expect(() => new Traffic({ pattern: { kind: 'hotset', hotSize: 20, hotFraction: 0.5, shiftEvery: 5 }, qps: 10, seed: 1 })).toThrow(/hotSize/);
    expect(() => new Traffic({ pattern: { kind: 'incast', fanIn: 2, burst: 0 }, qps: 10, seed: 1 })).toThrow(/burst/);
    expect(() => new Traffic({ pattern: { kind: 'bogus' } as never, qps: 10, seed: 1 })).toThrow(/pattern\.kind/);
  });
});
