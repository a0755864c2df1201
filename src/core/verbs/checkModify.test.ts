import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import raw from './data/qp_state_table.json' with { type: 'json' };
import { checkModify } from './checkModify.ts';
import { ATTR_NAMES, maskOf, type AttrName } from './attrs.ts';
import { QP_STATES, QP_TYPES, type QpState } from './types.ts';

// Expectations come straight from the copied kernel table (not from the module under test).
type Raw = { from: string; to: string; valid: boolean; req: Record<string, string[]>; opt: Record<string, string[]> };
const cells = raw.transitions as Raw[];
const cellOf = (from: string, to: string) => cells.find((c) => c.from === from && c.to === to)!;
const CUR_OK = ['RTR', 'RTS', 'SQD', 'SQE'];

let covered = 0;
describe('checkModify over every cell of the kernel table (RC, UC, UD)', () => {
  for (const type of QP_TYPES) {
    for (const from of QP_STATES) {
      for (const to of QP_STATES) {
        const c = cellOf(from, to);
        const name = `${type} ${from}→${to}`;
        if (!c.valid) {
          it(`${name} is refused as an invalid transition`, () => {
            covered++;
            expect(checkModify(type, from, ['IBV_QP_STATE'], to)).toEqual({
              ok: false, errno: 'EINVAL', reason: 'invalid-transition', missing: [], unexpected: [],
            });
          });
          continue;
        }
        const req = c.req[type] as AttrName[];
        const opt = c.opt[type] as AttrName[];
        it(`${name}: required set is accepted, each optional too, each removal and foreign bit refused`, () => {
          covered++;
          const base: AttrName[] = ['IBV_QP_STATE', ...req];
          expect(checkModify(type, from, base, to)).toEqual({ ok: true });
          const withOpt = [...base, ...opt];
          const curOk = CUR_OK.includes(from);
          const expectAll = opt.includes('IBV_QP_CUR_STATE') && !curOk ? 'refused' : 'ok';
          expect(checkModify(type, from, withOpt, to).ok).toBe(expectAll === 'ok');
          for (const r of req) {
            const res = checkModify(type, from, base.filter((n) => n !== r), to);
            expect(res).toMatchObject({ ok: false, errno: 'EINVAL', reason: 'missing-attributes', missing: [r] });
          }
          for (const a of ATTR_NAMES) {
            if (a === 'IBV_QP_STATE' || req.includes(a) || opt.includes(a)) continue;
            const res = checkModify(type, from, [...base, a], to);
            expect(res).toMatchObject({ ok: false, errno: 'EINVAL', reason: 'unexpected-attributes', unexpected: [a] });
          }
        });
      }
    }
  }
});

describe('named kernel rules', () => {
  it('RESET→ERR is invalid for every transport', () => {
    for (const t of QP_TYPES) expect(checkModify(t, 'RESET', ['IBV_QP_STATE'], 'ERR')).toMatchObject({ reason: 'invalid-transition' });
  });
  it('RTR→RTR is invalid, so a modify in RTR without IBV_QP_STATE fails', () => {
    expect(checkModify('RC', 'RTR', ['IBV_QP_TIMEOUT'])).toMatchObject({ ok: false, reason: 'invalid-transition' });
  });
  it('modify without IBV_QP_STATE in RTS checks the RTS→RTS cell', () => {
    expect(checkModify('RC', 'RTS', ['IBV_QP_MIN_RNR_TIMER'])).toEqual({ ok: true });
    expect(checkModify('RC', 'RTS', ['IBV_QP_DEST_QPN'])).toMatchObject({ reason: 'unexpected-attributes', unexpected: ['IBV_QP_DEST_QPN'] });
  });
  it('IBV_QP_CUR_STATE is rejected unless the QP is in RTR, RTS, SQD or SQE', () => {
    expect(checkModify('UD', 'INIT', ['IBV_QP_STATE', 'IBV_QP_CUR_STATE'], 'INIT')).toMatchObject({ reason: 'unexpected-attributes', unexpected: ['IBV_QP_CUR_STATE'] });
    expect(checkModify('UD', 'SQE', ['IBV_QP_STATE', 'IBV_QP_CUR_STATE'], 'RTS')).toEqual({ ok: true });
    // CUR_STATE is never optional on a →ERR cell
    expect(checkModify('RC', 'RTS', ['IBV_QP_STATE', 'IBV_QP_CUR_STATE'], 'ERR')).toMatchObject({ reason: 'unexpected-attributes' });
  });
  it('RC INIT→RTR needs exactly the man-page list (ibv_modify_qp.3)', () => {
    const r = checkModify('RC', 'INIT', ['IBV_QP_STATE'], 'RTR');
    expect(r).toMatchObject({ reason: 'missing-attributes' });
    if (!r.ok) expect([...r.missing].sort()).toEqual(['IBV_QP_AV', 'IBV_QP_DEST_QPN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER', 'IBV_QP_PATH_MTU', 'IBV_QP_RQ_PSN']);
  });
  it('RC refuses IBV_QP_QKEY and UC refuses IBV_QP_MIN_RNR_TIMER at INIT→RTR', () => {
    expect(checkModify('UC', 'INIT', ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MIN_RNR_TIMER'], 'RTR'))
      .toMatchObject({ reason: 'unexpected-attributes', unexpected: ['IBV_QP_MIN_RNR_TIMER'] });
  });
  it('numeric masks with bits libibverbs never defined are unexpected, named in hex', () => {
    expect(checkModify('RC', 'RTS', maskOf(['IBV_QP_STATE']) | (1 << 21), 'RTS')).toMatchObject({ unexpected: ['0x200000'] });
  });
  it('a state bit without a target is a usage error', () => {
    expect(() => checkModify('RC', 'RESET', ['IBV_QP_STATE'])).toThrow(/target/);
  });
  it('covered every (type, from, to) cell', () => {
    expect(covered).toBe(QP_TYPES.length * 49);
  });
});

describe('property: the result agrees with ib_modify_qp_is_ok read straight from the table (seed 4242)', () => {
  it('random masks', () => {
    const bits = raw.attr_bits as Record<string, number>;
    fc.assert(fc.property(
      fc.constantFrom(...QP_TYPES), fc.constantFrom(...QP_STATES), fc.constantFrom(...QP_STATES),
      fc.subarray([...ATTR_NAMES]),
      (type, from, to, names) => {
        const mask = maskOf(names);
        const next: QpState = names.includes('IBV_QP_STATE') ? to : from;
        const c = cellOf(from, next);
        let ok = !(mask & bits.IBV_QP_CUR_STATE && !CUR_OK.includes(from)) && c.valid;
        if (ok) {
          const req = c.req[type].reduce((m, n) => m | bits[n], 0);
          const opt = c.opt[type].reduce((m, n) => m | bits[n], 0);
          ok = (mask & req) === req && (mask & ~(req | opt | bits.IBV_QP_STATE)) === 0;
        }
        expect(checkModify(type, from, names, names.includes('IBV_QP_STATE') ? to : undefined).ok).toBe(ok);
      }), { seed: 4242, numRuns: 3000 });
  });
});
