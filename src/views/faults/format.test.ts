// @vitest-environment node
// A slider must reach every value the lessons set: a lesson that starts a storm at 256 QPs and a
// 4,096-entry event queue is one a person can drag away from and back to. Collected from the
// lessons themselves, so a new lesson value that no slider can reach fails here.
import { describe, expect, it } from 'vitest';
import { FAULTS_LESSONS } from '../../lessons/faults/index.ts';
import { STORM_SLIDERS, logPos, powersOfTwo } from './format.ts';
import { T_MAX } from './ResetLanes.tsx';

/** Every action object anywhere in the lessons (setup, solutions, question reveals). */
function actions(node: unknown, out: Array<{ kind: string; patch?: Record<string, unknown> }> = []) {
  if (Array.isArray(node)) for (const x of node) actions(x, out);
  else if (node && typeof node === 'object') {
    const o = node as { kind?: unknown };
    if (typeof o.kind === 'string' && 'patch' in o) out.push(o as never);
    for (const v of Object.values(node)) actions(v, out);
  }
  return out;
}

const named = actions(FAULTS_LESSONS);

describe('faults sliders reach the values lessons name', () => {
  it('the lessons set storm and reset values at all (the walk finds them)', () => {
    expect(named.filter((a) => a.kind === 'settings').length).toBeGreaterThanOrEqual(2);
    expect(named.filter((a) => a.kind === 'reset').length).toBeGreaterThanOrEqual(2);
  });

  it.each(Object.keys(STORM_SLIDERS) as Array<keyof typeof STORM_SLIDERS>)('%s: every value a lesson sets is a slider position', (key) => {
    const scale = STORM_SLIDERS[key];
    const values = named.filter((a) => a.kind === 'settings').map((a) => a.patch?.[key]).filter((v): v is number => typeof v === 'number');
    for (const v of values) expect(scale.from(scale.to(v)), `${key} = ${v}`).toBe(v);
  });

  it('the reset instant moves in 100 ns steps up to the lanes\' end, and every lesson instant is one', () => {
    const values = named.filter((a) => a.kind === 'reset').map((a) => a.patch?.resetAtNs).filter((v): v is number => typeof v === 'number');
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) {
      expect(v % 100, `resetAtNs = ${v}`).toBe(0);
      expect(v).toBeLessThanOrEqual(T_MAX);
    }
  });

  it('QP counts and queue depths land on every power of two, and two significant digits between them', () => {
    for (const [key, max] of [['qps', 16_384], ['eqDepth', 65_536]] as const) {
      const s = STORM_SLIDERS[key];
      for (const v of powersOfTwo(max)) expect(s.from(s.to(v)), `${key} = ${v}`).toBe(v);
      for (let p = 1; p <= 1000; p++) expect(s.from(p)).toBeGreaterThanOrEqual(s.from(p - 1));
    }
    // Without named values the same scale steps past 1,024 (two significant digits).
    const plain = logPos(1, 16_384);
    expect(plain.from(plain.to(1024))).not.toBe(1024);
    expect(STORM_SLIDERS.qps.from(STORM_SLIDERS.qps.to(1500))).toBe(1500);
  });
});
