import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grouped } from './grouped.ts';

describe('grouped', () => {
  it.each([
    [0, '0'], [7, '7'], [999, '999'], [1000, '1,000'], [65536, '65,536'], [1048576, '1,048,576'],
    [-1234, '-1,234'], [1e15, '1,000,000,000,000,000'], [2.5, '3'], [999.6, '1,000'], [NaN, 'NaN'], [Infinity, 'Infinity'],
  ])('%s → %s', (n, s) => expect(grouped(n)).toBe(s));

  it('writes every safe integer as Intl "en" does (fast-check seed 1202)', () => {
    const intl = new Intl.NumberFormat('en');
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => grouped(n) === intl.format(n)), { seed: 1202, numRuns: 2000 });
  });
});
