import { describe, expect, it } from 'vitest';
import { sweepMain } from './sweepCli.ts';

function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = sweepMain(['--sweep', ...args], (l) => out.push(l), (l) => err.push(l));
  return { code, out, err };
}

describe('sweep CLI', () => {
  it('prints one JSON object per QP count with the required keys', () => {
    const r = run('--preset', 'cx3', '--qps', '48,88,176', '--packets', '20000');
    expect(r.code).toBe(0);
    const rows = r.out.map((l) => JSON.parse(l));
    expect(rows.map((x) => x.qps)).toEqual([48, 88, 176]);
    for (const x of rows) for (const k of ['qps', 'throughputMops', 'hitRate', 'meanLatencyNs']) expect(typeof x[k]).toBe('number');
    expect(rows[0].throughputMops).toBeGreaterThan(rows[2].throughputMops); // the cliff
  });

  it('--csv prints a header and one row per point', () => {
    const r = run('--preset=connect-ib', '--qps=84,1386', '--csv', '--packets', '5000');
    expect(r.code).toBe(0);
    expect(r.out[0].split(',').slice(0, 5)).toEqual(['preset', 'qps', 'throughputMops', 'hitRate', 'meanLatencyNs']);
    expect(r.out.length).toBe(3);
    expect(r.out[2].startsWith('connect-ib,1386,')).toBe(true);
  });

  it('flags override the preset (a big enough cache removes the cliff)', () => {
    const r = run('--preset', 'cx3', '--qps', '792', '--entries', '1024', '--ways', '0', '--packets', '5000');
    expect(JSON.parse(r.out[0]).hitRate).toBe(1);
  });

  it('bad arguments: exit 2, a message naming the flag and value, nothing on stdout', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--preset', 'cx9'], /--preset .*'cx9'/],
      [[], /missing --preset/],
      [['--preset', 'cx3', '--qps', '48,abc'], /--qps .*'abc'/],
      [['--preset', 'cx3', '--policy', 'mru'], /--policy .*'mru'/],
      [['--preset', 'cx3', '--bogus', '1'], /unknown flag --bogus/],
      [['--preset', 'cx3', '--packets'], /--packets needs a value/],
      [['--preset', 'cx3', '--ways', '5'], /--ways: cache\.ways \(5\)/],
      [['--preset', 'cx3', '--overlap', '0'], /--overlap .*'0'/],
      [['--preset', 'cx3', '--hot-fraction', '2', '--pattern', 'hotset'], /--hot-fraction .*'2'/],
    ];
    for (const [args, re] of cases) {
      const r = run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err[0]).toMatch(re);
      expect(r.out).toEqual([]);
    }
  });

  it('--calibrate prints each target with its source and whether the model meets it', () => {
    const r = run('--preset', 'srnic', '--calibrate');
    expect(r.code).toBe(0);
    const t = JSON.parse(r.out[0]);
    expect(t).toMatchObject({ preset: 'srnic', target: 'srnic-flat', pass: true });
    expect(t.source).toMatch(/SRNIC/);
  });

  it('--help prints the flags', () => {
    const r = run('--help');
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/--preset/);
  });
});
