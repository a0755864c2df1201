import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from './rng.ts';

describe('Rng', () => {
  it('same seed, same stream; state round-trips (seed 7)', () => {
    fc.assert(fc.property(fc.integer(), fc.nat(50), (seed, skip) => {
      const a = new Rng(seed);
      const b = new Rng(seed);
      for (let i = 0; i < skip; i++) { a.u32(); b.u32(); }
      const c = new Rng(a.state());
      const xs = [a.u32(), a.int(0, 9), a.float()];
      expect([b.u32(), b.int(0, 9), b.float()]).toEqual(xs);
      expect([c.u32(), c.int(0, 9), c.float()]).toEqual(xs);
    }), { seed: 7, numRuns: 200 });
  });
  it('int stays in range and float in [0,1)', () => {
    const r = new Rng(1);
    for (let i = 0; i < 10000; i++) {
      const v = r.int(3, 5);
      expect(v >= 3 && v <= 5).toBe(true);
      const f = r.float();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });
  it('different seeds differ', () => {
    expect(new Rng(1).u32()).not.toBe(new Rng(2).u32());
  });
});
