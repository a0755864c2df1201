// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SweepPoint } from '../../core/memory/sweep.ts';
import { sweepAt, sweepPerformant } from './CapacityVsSim.tsx';

const pt = (qps: number, throughputMops: number, hitRate: number) => ({ qps, throughputMops, hitRate }) as SweepPoint;
const points = [pt(1000, 40, 0.5), pt(10, 60, 1), pt(100, 50, 0.8)];

describe('reading the simulated sweep beside the closed form', () => {
  it('returns a swept point exactly, whatever order the points arrive in', () => {
    expect(sweepAt(points, 100)).toEqual({ mops: 50, hitRate: 0.8 });
  });
  it('interpolates on a log axis between points', () => {
    const r = sweepAt(points, Math.sqrt(10 * 100));
    expect(r?.mops).toBeCloseTo(55, 9);
    expect(r?.hitRate).toBeCloseTo(0.9, 9);
  });
  it('says nothing outside the swept range', () => {
    expect(sweepAt(points, 5)).toBeNull();
    expect(sweepAt(points, 2000)).toBeNull();
    expect(sweepAt([], 10)).toBeNull();
  });
  it('brackets the performant count between the last swept point within the loss target and the next', () => {
    expect(sweepPerformant(points, 60, 0.05)).toEqual({ atLeast: 10, below: 100 });
    expect(sweepPerformant(points, 60, 0.2)).toEqual({ atLeast: 100, below: 1000 });
    expect(sweepPerformant(points, 60, 0.4)).toEqual({ atLeast: 1000, below: null });
    expect(sweepPerformant(points, 100, 0.05)).toBeNull();
  });
});
