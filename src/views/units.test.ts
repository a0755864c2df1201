// @vitest-environment node
// One spelling of the microsecond on the page (issue 17: "0 ns … 2.1 us"): every duration
// formatter writes "µs", and no view or lesson source writes "us" as a unit.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dur, durIn, stormSpan } from './faults/format.ts';
import { durationText, usText } from './transport/format.ts';
import { ns as memNs } from './memory/format.ts';

function sources(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)) out.push(p);
  }
  return out;
}

describe('microseconds are "µs"', () => {
  it.each([
    ['faults dur', dur],
    ['transport durationText', durationText],
    ['transport usText', usText],
    ['memory ns', memNs],
  ] as const)('%s writes µs for 55.469 µs and 150 µs', (_n, f) => {
    for (const v of [55_469, 150_000]) {
      expect(f(v)).toMatch(/ µs$/);
      expect(f(v)).not.toMatch(/\bus\b/);
    }
  });

  it('no view, store, app or lesson source writes a number followed by "us"', () => {
    const bad = ['src/views', 'src/lessons', 'src/app', 'src/store', 'src/worker'].flatMap((d) => sources(d))
      .flatMap((p) => readFileSync(p, 'utf8').split('\n').map((l, i) => ({ at: `${p}:${i + 1}`, l })))
      .filter(({ l }) => /\d(\s|&nbsp;)?us\b/.test(l) && !/^\s*(\/\/|\*)/.test(l));
    expect(bad.map((b) => b.at)).toEqual([]);
  });
});

describe('faults durations read as durations', () => {
  it('a raw nanosecond count from the model ("for the next 5000000 ns") reads as 5.00 ms', () => {
    expect(durIn('context fetches over PCIe fail for the next 5000000 ns')).toBe('context fetches over PCIe fail for the next 5.00 ms');
    expect(durIn('500 ns and 2100 ns')).toBe('500 ns and 2.1 µs');
  });

  it('the queue chart spans the storm: samples that stop at 2.1 µs still give an axis to now (274 ms)', () => {
    expect(stormSpan([0, 700, 2_100], 274_000_000)).toEqual([0, 274_000_000]);
    expect(stormSpan([], 5)).toEqual([0, 5]);
    expect(stormSpan([10, 20], 15)).toEqual([10, 20]);
  });
});
