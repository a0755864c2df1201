// The C reader against the fixtures (fixtures/c): ten snippets written in the style of common
// connection code, parsed by the real tree-sitter C grammar (its wasm, from node_modules as the
// page's worker loads it), each call extracted and checked; every snippet's verdict is in
// fixtures/c/expected.json. A table-driven test: one row per snippet.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it, beforeAll } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { extractCalls, type CNode } from './cCalls.ts';
import { checkCalls } from './checkCalls.ts';
import type { QpState, QpType } from '../verbs/types.ts';
import type { CheckProfile } from '../verbs/checkValues.ts';

interface Expected {
  file: string;
  type?: QpType;
  profile?: CheckProfile;
  /** The QPs' state before the first call (a recovery path); RESET when absent. */
  start?: QpState;
  calls: number;
  /** Index of the first refused call (-1: every call accepted), its reason and what it lacks or has too many of. */
  firstRefusal: number;
  reason?: string;
  missing?: string[];
  unexpected?: string[];
  attribute?: string;
  symbolic?: boolean;
}

const DIR = 'fixtures/c';
const expected = JSON.parse(readFileSync(`${DIR}/expected.json`, 'utf8')) as Expected[];
let parser: Parser;

beforeAll(async () => {
  await Parser.init();
  parser = new Parser();
  parser.setLanguage(await Language.load('node_modules/tree-sitter-c/tree-sitter-c.wasm'));
});

const calls = (src: string) => {
  const tree = parser.parse(src);
  if (!tree) throw new Error('no tree');
  return extractCalls(tree.rootNode as unknown as CNode);
};

describe('C fixtures: each snippet\'s calls and verdict', () => {
  it('every fixture has a row, and there are ten', () => {
    expect(readdirSync(DIR).filter((f) => f.endsWith('.c')).sort()).toEqual(expected.map((e) => e.file).sort());
    expect(expected).toHaveLength(10);
  });
  it.each(expected)('$file', (e) => {
    const found = calls(readFileSync(`${DIR}/${e.file}`, 'utf8'));
    expect(found).toHaveLength(e.calls);
    const v = checkCalls(found, { type: e.type ?? 'RC', profile: e.profile ?? 'mlx5', start: e.start });
    // A snippet whose values are variables still has its masks checked, and says which values were not.
    if (e.symbolic) expect(v.calls.some((c) => c.result?.ok && 'notes' in c.result && c.result.notes.some((n) => n.includes('symbolic')))).toBe(true);
    expect(v.firstRefusal).toBe(e.firstRefusal);
    const bad = v.calls[v.firstRefusal];
    if (e.firstRefusal < 0) { expect(v.calls.every((c) => c.verdict === 'ok')).toBe(true); return; }
    const r = bad.result;
    if (!r || r.ok) throw new Error('a refusal was expected');
    expect(r.reason).toBe(e.reason);
    if (e.missing) expect(r.missing).toEqual(e.missing);
    if (e.unexpected) expect(r.unexpected).toEqual(e.unexpected);
    if (e.attribute && 'attribute' in r) expect(r.attribute).toBe(e.attribute);
    expect(bad.fix).toBeTruthy();
    // The call as it should be: every refusal but an illegal transition (whose fix is a walk of calls) writes it out.
    if (e.reason !== 'invalid-transition') expect(bad.fixed).toMatch(/ibv_modify_qp\(/);
  });
  it('a refused value\'s call as it should be passes when written into the paste', () => {
    const src = readFileSync(`${DIR}/09-rd-atomic-too-many.c`, 'utf8');
    const v = checkCalls(calls(src), { profile: 'mlx5' });
    const fixed = v.calls[v.firstRefusal].fixed ?? '';
    const m = /^attr\.max_dest_rd_atomic = (\d+); ibv_modify_qp\(qp, &attr, /.exec(fixed);
    expect(m).not.toBeNull();
    const again = checkCalls(calls(src.replace('attr.max_dest_rd_atomic = 64;', `attr.max_dest_rd_atomic = ${m?.[1]};`)), { profile: 'mlx5' });
    expect(again.firstRefusal).toBe(-1);
  });
});

describe('the reader', () => {
  it('a helper\'s writes reach the caller\'s struct, masks built with |= and &= ~ resolve, variables stay symbolic', () => {
    const [c] = calls(`static void fill(struct ibv_qp_attr *a, int q) { a->qp_state = IBV_QPS_INIT; a->port_num = q; }
      void f(void) { struct ibv_qp_attr attr; int m = IBV_QP_STATE | IBV_QP_QKEY; m |= IBV_QP_PORT; m &= ~IBV_QP_QKEY; fill(&attr, 2); ibv_modify_qp(qp, &attr, m | extra_bits); }`);
    expect(c.attrs).toEqual({ qp_state: 1, port_num: 2 });
    expect(c.mask).toEqual({ names: ['IBV_QP_STATE', 'IBV_QP_PORT'], symbolic: ['extra_bits'] });
  });
  it('a fragment without a function is read as written, and a call inside a condition counts', () => {
    const found = calls(`struct ibv_qp_attr attr = { .qp_state = IBV_QPS_RTS, .sq_psn = my_psn };\nif ((rc = ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_SQ_PSN))) return rc;`);
    expect(found).toHaveLength(1);
    expect(found[0].attrs.sq_psn).toEqual({ symbolic: 'my_psn' });
    expect(found[0].line).toBe(2);
  });
});
