// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ModifyRefusalReason } from '../../core/index.ts';
import { refusalWords } from './refusal.ts';

describe('a refused modify in words', () => {
  it('names every reason the core gives in words, never its slug', () => {
    const table: ModifyRefusalReason[] = ['invalid-transition', 'missing-attributes', 'unexpected-attributes'];
    for (const r of [...table, 'invalid-value', 'no-such-qp', 'sq-draining', 'driver']) {
      const w = refusalWords(r);
      expect(w, r).not.toContain('-');
      expect(w.split(' ').length, r).toBeGreaterThan(1);
    }
    expect(refusalWords('some-new-reason')).toBe('some new reason');
  });
});
