// "Fill required" in the sandbox: for every legal transition of every transport, it checks
// exactly the transition's required attributes (and IBV_QP_STATE), whatever the previous call
// left checked — no optional bit from an earlier call reaches the mask or the C.
import { describe, expect, it } from 'vitest';
import { referenceData } from '../../../worker/transport/reference.ts';
import type { QpView } from '../../../worker/transport/types.ts';
import { buildCommand, classify, fillRequired, generateC, type Draft } from './model.ts';

const ref = referenceData();
function qp(type: string, state: string, host = 0, qpn = 0x100): QpView {
  const ctx = Object.fromEntries(ref.fields.map((f) => [f.name, 0])) as QpView['ctx'];
  return { host, qpn, type, state, verbsState: state, sq: [], rq: [], flushing: false, ctx: { ...ctx, sq_depth: 64, rq_depth: 64 } } as unknown as QpView;
}

const cells = ref.types.flatMap((type) => ref.states.flatMap((from, fi) => ref.states
  .filter((_, ti) => ref.cells[type][fi][ti].valid)
  .map((to) => [`${type} ${from}→${to}`, type, from, to] as const)));

describe('Fill required in the sandbox', () => {
  it('covers every legal transition of RC, UC and UD', () => expect(cells.length).toBeGreaterThan(40));
  it.each(cells)('%s: exactly the required attributes, nothing carried over', (_name, type, from, to) => {
    const a = qp(type, from);
    const b = qp(type, 'RTS', 1, 0x200);
    // The previous call left every attribute checked, optional ones included.
    const before: Draft = { target: to, checked: [...ref.attrNames], values: { min_rnr_timer: 14, qp_access_flags: 15, en_sqd_async_notify: 1 } };
    const c = classify(ref, type, from, before);
    const f = fillRequired(before, c, a, [a, b], (h) => h + 1);
    const wanted = ['IBV_QP_STATE', ...ref.cells[type][ref.states.indexOf(from)][ref.states.indexOf(to)].req];
    expect([...f.checked].sort()).toEqual([...new Set(wanted)].sort());
    const opt = ref.cells[type][ref.states.indexOf(from)][ref.states.indexOf(to)].opt;
    const { mask } = buildCommand(ref.attrNames, f);
    for (const o of opt) expect(mask, `${o} is optional here`).not.toContain(o);
    const code = generateC(ref.attrNames, f);
    for (const o of opt) expect(code, `${o} in the C`).not.toMatch(new RegExp(`\\b${o}\\b`));
  });
});
