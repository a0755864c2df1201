import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { int, issuePath, issueText, num, oneOf } from './valid.ts';

const S = v.strictObject({ config: v.strictObject({ qps: v.array(v.strictObject({ recvs: int(0, 4096) })) }), rate: num(0, 1), kind: oneOf(['a', 'b']) });
const firstIssue = (x: unknown) => { const r = v.safeParse(S, x); if (r.success) throw new Error('expected a refusal'); return r.issues[0]; };
const ok = { config: { qps: [{ recvs: 1 }] }, rate: 0.5, kind: 'a' };

describe('the one issue formatter', () => {
  it.each([
    ['an array index in brackets, fields dotted', { ...ok, config: { qps: [{ recvs: 1 }, { recvs: 5000 }] } }, '', 'config.qps[1].recvs', 'must be at most 4,096'],
    ['below a root', { ...ok, rate: 2 }, 'settings', 'settings.rate', 'must be at most 1'],
    ['a choice', { ...ok, kind: 'c' }, '', 'kind', 'must be one of a, b'],
    ['an integer', { ...ok, config: { qps: [{ recvs: 1.5 }] } }, 'command', 'command.config.qps[0].recvs', 'must be an integer'],
  ])('%s', (_, input, root, path, message) => {
    const i = firstIssue(input);
    expect(issuePath(i, root)).toBe(path);
    expect(issueText(i, root)).toBe(`${path}: ${message}`);
  });
  it('the value itself: the fallback name', () => {
    expect(issueText(firstIssue(7), '', 'data')).toMatch(/^data: /);
    expect(issuePath(firstIssue(7))).toBe('');
  });
});
