import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventHeap } from './heap.ts';

describe('EventHeap', () => {
  it('pops in (t, seq) order whatever the push order (seed 3)', () => {
    fc.assert(fc.property(fc.array(fc.nat(20), { maxLength: 200 }), (times) => {
      const h = new EventHeap<{ t: number; seq: number }>();
      times.forEach((t, seq) => h.push({ t, seq }));
      const out: { t: number; seq: number }[] = [];
      for (let x = h.pop(); x; x = h.pop()) out.push(x);
      const sorted = times.map((t, seq) => ({ t, seq })).sort((a, b) => a.t - b.t || a.seq - b.seq);
      expect(out).toEqual(sorted);
    }), { seed: 3, numRuns: 300 });
  });
  it('a copy is independent of the original', () => {
    const h = new EventHeap<{ t: number; seq: number }>();
    h.push({ t: 5, seq: 0 });
    const c = h.copy();
    h.pop();
    expect(h.size).toBe(0);
    expect(c.pop()).toEqual({ t: 5, seq: 0 });
  });
});
