import { describe, expect, it } from 'vitest';
import { jain, percentile, pct } from './metrics.ts';

describe('storm figures', () => {
  it("Jain's index on known cases: equal shares 1, one of n takes all 1/n, (1, 2) → 0.9", () => {
    expect(jain([5, 5, 5, 5])).toBe(1);
    expect(jain([1, 0, 0, 0])).toBe(0.25);
    expect(jain([1, 2])).toBeCloseTo(0.9, 12);
    expect(jain([3, 1])).toBeCloseTo(16 / 20, 12);
    expect(jain([])).toBe(1);
  });
  it('nearest-rank percentiles', () => {
    const xs = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 0.5)).toBe(50);
    expect(percentile(xs, 0.99)).toBe(99);
    expect(pct(xs)).toEqual({ p50: 50, p99: 99, max: 100 });
    expect(pct(new Float64Array(0))).toEqual({ p50: 0, p99: 0, max: 0 });
    expect(percentile([7], 0.99)).toBe(7);
  });
});
