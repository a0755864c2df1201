import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { transition } from 'xstate';
import { qpMachine, type QpEvent } from './machine.ts';
import { EV_DRAINED, EV_FATAL, EV_SEND_ERROR, LC, LC_COUNT, hwNext, lcOfSnapshot, modifyNext, snapshotOfLc } from './lifecycle.ts';
import { ATTR_NAMES, STATE_BIT, maskOf } from '../verbs/attrs.ts';
import { MODIFY_CELLS } from '../verbs/modifyTable.ts';
import { QP_STATES, QP_TYPES } from '../verbs/types.ts';

/** What XState itself says: next lc, or -1 when no transition is enabled. */
function viaMachine(ti: number, lc: number, ev: QpEvent): number {
  const snap = snapshotOfLc(QP_TYPES[ti], lc);
  const [next] = transition(qpMachine, snap, ev);
  return snap.can(ev) ? lcOfSnapshot(next) : -1;
}

/** Masks worth trying for a cell: legal ones, each required bit removed, each foreign bit added. */
function masksFor(ti: number, lc: number, to: number): number[] {
  const from = lc === LC.SQD_DRAINED ? 4 : lc;
  const cell = MODIFY_CELLS[QP_TYPES[ti]][from][to];
  const base = cell.req | STATE_BIT;
  const out = [STATE_BIT, base, base | cell.opt];
  for (const n of ATTR_NAMES) out.push(base ^ maskOf([n]));
  return out;
}

describe('lifecycle tables equal the XState machine (after changing it: npm run tables)', () => {
  it('every (type, state, hardware event)', () => {
    let n = 0;
    for (let ti = 0; ti < QP_TYPES.length; ti++) for (let lc = 0; lc < LC_COUNT; lc++) {
      const evs: [number, QpEvent][] = [[EV_SEND_ERROR, { type: 'SEND_ERROR' }], [EV_FATAL, { type: 'FATAL' }], [EV_DRAINED, { type: 'DRAINED' }]];
      for (const [code, ev] of evs) { expect(hwNext(ti, lc, code), `${QP_TYPES[ti]} ${lc} ${ev.type}`).toBe(viaMachine(ti, lc, ev)); n++; }
    }
    expect(n).toBe(3 * 8 * 3);
  });
  it('every (type, state, MODIFY target) with legal, short and foreign masks', () => {
    let n = 0;
    for (let ti = 0; ti < QP_TYPES.length; ti++) for (let lc = 0; lc < LC_COUNT; lc++) for (let to = 0; to < 7; to++) {
      for (const mask of masksFor(ti, lc, to)) {
        expect(modifyNext(ti, lc, to, mask), `${QP_TYPES[ti]} lc${lc}→${QP_STATES[to]} mask ${mask}`)
          .toBe(viaMachine(ti, lc, { type: 'MODIFY', target: QP_STATES[to], mask }));
        n++;
      }
    }
    expect(n).toBeGreaterThan(3 * 8 * 7 * 20);
  });
  it('random masks agree too (seed 99)', () => {
    fc.assert(fc.property(fc.nat(2), fc.nat(7), fc.nat(6), fc.subarray([...ATTR_NAMES]), (ti, lc, to, names) => {
      const mask = maskOf(names) | STATE_BIT;
      expect(modifyNext(ti, lc, to, mask)).toBe(viaMachine(ti, lc, { type: 'MODIFY', target: QP_STATES[to], mask }));
    }), { seed: 99, numRuns: 4000 });
  });
});

describe('hardware-entered states', () => {
  const RC = 0, UD = 2;
  it('a send error takes RC to ERR and UC/UD to SQE', () => {
    expect(hwNext(RC, LC.RTS, EV_SEND_ERROR)).toBe(LC.ERR);
    expect(hwNext(1, LC.RTS, EV_SEND_ERROR)).toBe(LC.SQE);
    expect(hwNext(UD, LC.RTS, EV_SEND_ERROR)).toBe(LC.SQE);
  });
  it('SQE is never entered through modify, and is left by SQE→RTS with CUR_STATE for UD', () => {
    for (let lc = 0; lc < LC_COUNT; lc++) expect(modifyNext(UD, lc, 5, 0xffffffff & ~(1 << 31))).toBe(-1);
    expect(modifyNext(UD, LC.SQE, 3, maskOf(['IBV_QP_STATE', 'IBV_QP_CUR_STATE']))).toBe(LC.RTS);
  });
  it('SQD drains, then accepts SQD→SQD and SQD→RTS; while draining only →ERR is allowed', () => {
    expect(modifyNext(RC, LC.RTS, 4, STATE_BIT)).toBe(LC.SQD_DRAINING);
    expect(modifyNext(RC, LC.SQD_DRAINING, 3, STATE_BIT)).toBe(-1);
    expect(modifyNext(RC, LC.SQD_DRAINING, 0, STATE_BIT)).toBe(-1);
    expect(modifyNext(RC, LC.SQD_DRAINING, 6, STATE_BIT)).toBe(LC.ERR);
    expect(hwNext(RC, LC.SQD_DRAINING, EV_DRAINED)).toBe(LC.SQD_DRAINED);
    expect(modifyNext(RC, LC.SQD_DRAINED, 4, maskOf(['IBV_QP_STATE', 'IBV_QP_TIMEOUT']))).toBe(LC.SQD_DRAINED);
    expect(modifyNext(RC, LC.SQD_DRAINED, 3, STATE_BIT)).toBe(LC.RTS);
  });
  it('RESET ignores hardware errors; ERR is left only through RESET', () => {
    expect(hwNext(RC, LC.RESET, EV_FATAL)).toBe(-1);
    for (let to = 1; to < 7; to++) if (to !== 6) expect(modifyNext(RC, LC.ERR, to, 0x7fffffff)).toBe(-1);
    expect(modifyNext(RC, LC.ERR, 0, STATE_BIT)).toBe(LC.RESET);
  });
});
