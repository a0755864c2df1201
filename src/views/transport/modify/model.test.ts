import { describe, expect, it } from 'vitest';
import { referenceData } from '../../../worker/transport/reference.ts';
import type { QpView } from '../../../worker/transport/types.ts';
import { NO_STATE_CHANGE, buildCommand, classify, fillRequired, generateC, peerOf, type Draft } from './model.ts';

const ref = referenceData();
const draft = (target: string, checked: string[] = target ? ['IBV_QP_STATE'] : [], values: Draft['values'] = {}): Draft => ({ target, checked, values });

function qp(over: Omit<Partial<QpView>, 'ctx'> & { ctx?: Partial<QpView['ctx']> } = {}): QpView {
  const ctx = Object.fromEntries(ref.fields.map((f) => [f.name, 0])) as QpView['ctx'];
  return {
    host: 0, qpn: 0x100, type: 'RC', state: 'RESET', verbsState: 'RESET', sq: [], rq: [], flushing: false,
    ...over, ctx: { ...ctx, sq_depth: 64, rq_depth: 64, ...(over.ctx ?? {}) },
  } as QpView;
}

describe('classify (kernel table cells)', () => {
  it('RC RESET→INIT requires STATE, ACCESS_FLAGS, PKEY_INDEX and PORT; nothing else is accepted', () => {
    const c = classify(ref, 'RC', 'RESET', draft('INIT'));
    expect(c.valid).toBe(true);
    const req = Object.entries(c.cls).filter(([, k]) => k === 'required').map(([a]) => a).sort();
    expect(req).toEqual(['IBV_QP_ACCESS_FLAGS', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_STATE']);
    expect(c.cls.IBV_QP_DEST_QPN).toBe('not-allowed');
    expect(c.cls.IBV_QP_QKEY).toBe('not-allowed');
  });

  it('depends on the transport: UD RESET→INIT needs QKEY, not ACCESS_FLAGS', () => {
    const c = classify(ref, 'UD', 'RESET', draft('INIT'));
    expect(c.cls.IBV_QP_QKEY).toBe('required');
    expect(c.cls.IBV_QP_ACCESS_FLAGS).toBe('not-allowed');
  });

  it('RC INIT→RTR requires the connection attributes and allows ACCESS_FLAGS', () => {
    const c = classify(ref, 'RC', 'INIT', draft('RTR'));
    for (const a of ['IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_RQ_PSN', 'IBV_QP_MIN_RNR_TIMER', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_DEST_QPN']) {
      expect(c.cls[a]).toBe('required');
    }
    expect(c.cls.IBV_QP_ACCESS_FLAGS).toBe('optional');
    expect(c.cls.IBV_QP_SQ_PSN).toBe('not-allowed');
  });

  it('marks an absent transition invalid', () => {
    expect(classify(ref, 'RC', 'RTS', draft('RTR')).valid).toBe(false);
    expect(classify(ref, 'RC', 'RESET', draft('RTS')).valid).toBe(false);
  });

  it('"no state change" looks up from→from and makes IBV_QP_STATE optional', () => {
    const c = classify(ref, 'RC', 'RTS', draft(NO_STATE_CHANGE));
    expect(c.to).toBe('RTS');
    expect(c.cls.IBV_QP_STATE).toBe('optional');
    expect(c.cls.IBV_QP_MIN_RNR_TIMER).toBe('optional');
  });

  it('a checked IBV_QP_CUR_STATE moves the lookup to the claimed state', () => {
    const c = classify(ref, 'UD', 'RTS', draft('RTS', ['IBV_QP_STATE', 'IBV_QP_CUR_STATE'], { cur_qp_state: 'SQE' }));
    expect(c.from).toBe('SQE');
    expect(c.cls.IBV_QP_CUR_STATE).toBe('optional');
  });
});

describe('buildCommand', () => {
  it('sends only checked attributes, in libibverbs order, with qp_state from the target', () => {
    const d = draft('INIT', ['IBV_QP_PORT', 'IBV_QP_STATE', 'IBV_QP_PKEY_INDEX'], { port_num: 1, pkey_index: 0, qkey: 5 });
    const { mask, attrs } = buildCommand(ref.attrNames, d);
    expect(mask).toEqual(['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT']);
    expect(attrs).toEqual({ qp_state: 'INIT', pkey_index: 0, port_num: 1 });
  });

  it('leaves out half-typed values instead of sending text for a number', () => {
    const { attrs } = buildCommand(ref.attrNames, draft('RTR', ['IBV_QP_STATE', 'IBV_QP_DEST_QPN'], { dest_qp_num: '0x' }));
    expect(attrs).toEqual({ qp_state: 'RTR' });
  });
});

describe('generateC', () => {
  it('"no GRH" (ah_dlid 0) writes an address vector with no GRH: is_global = 0 and no .grh (issue 17)', () => {
    const c = generateC(ref.attrNames, draft('RTR', ['IBV_QP_STATE', 'IBV_QP_AV'], { ah_dlid: 0 }));
    expect(c).toMatch(/\.ah_attr\s+= \{ \.is_global = 0, \.port_num = 1 \},/);
    expect(c).not.toContain('.grh');
    expect(c).not.toContain('is_global = 1');
  });

  it('writes the struct fields and the ibv_modify_qp mask', () => {
    const d = draft('RTR', ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_DEST_QPN', 'IBV_QP_PATH_MTU'], { ah_dlid: 2, dest_qp_num: 0x200, path_mtu: 3 });
    const c = generateC(ref.attrNames, d);
    expect(c).toContain('struct ibv_qp_attr attr = {');
    expect(c).toMatch(/\.qp_state\s+= IBV_QPS_RTR,/);
    expect(c).toMatch(/\.path_mtu\s+= IBV_MTU_1024,/);
    expect(c).toMatch(/\.dest_qp_num\s+= 0x200,/);
    expect(c).toMatch(/\.ah_attr\s+= \{ \.is_global = 1, \.grh = \{ \.dgid = \/\* ::ffff:10\.0\.0\.2 \*\/ peer_gid, \.sgid_index = 0, \.hop_limit = 64 \}, \.port_num = 1 \},/);
    expect(c).toContain('ibv_modify_qp(qp, &attr,');
    expect(c.replace(/\s+/g, ' ')).toContain('IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN);');
    // Struct order: qp_state before path_mtu before dest_qp_num before ah_attr.
    expect(c.indexOf('.qp_state')).toBeLessThan(c.indexOf('.path_mtu'));
    expect(c.indexOf('.dest_qp_num')).toBeLessThan(c.indexOf('.ah_attr'));
  });

  it('decodes access flags into IBV_ACCESS_* names', () => {
    const c = generateC(ref.attrNames, draft('INIT', ['IBV_QP_STATE', 'IBV_QP_ACCESS_FLAGS'], { qp_access_flags: 2 | 4 }));
    expect(c).toContain('IBV_ACCESS_REMOTE_WRITE |');
    expect(c).toContain('IBV_ACCESS_REMOTE_READ');
    expect(c).not.toContain('IBV_ACCESS_REMOTE_ATOMIC');
  });

  it('a mask without IBV_QP_STATE has no qp_state field', () => {
    const c = generateC(ref.attrNames, draft(NO_STATE_CHANGE, ['IBV_QP_TIMEOUT'], { timeout: 14 }));
    expect(c).not.toContain('.qp_state');
    expect(c).toMatch(/\.timeout\s+= 14,/);
  });
});

describe('fillRequired', () => {
  it('checks every required attribute and points the QP at its peer', () => {
    const a = qp({ verbsState: 'INIT', state: 'INIT' });
    const b = qp({ host: 1, qpn: 0x200, verbsState: 'RTS', state: 'RTS', ctx: { next_send_psn: 777, next_rcv_psn: 555 } });
    const d = draft('RTR');
    const c = classify(ref, 'RC', 'INIT', d);
    const f = fillRequired(d, c, a, [a, b], (h) => h + 1);
    for (const r of c.req) expect(f.checked).toContain(r);
    expect(f.values.dest_qp_num).toBe(0x200);
    expect(f.values.ah_dlid).toBe(2);
    expect(f.values.rq_psn).toBe(777);
    expect(f.values.path_mtu).toBeGreaterThanOrEqual(1);
    const { attrs } = buildCommand(ref.attrNames, f);
    expect(attrs.qp_state).toBe('RTR');
  });

  it('drops checked attributes the transition does not accept', () => {
    const a = qp();
    const d = draft('INIT', ['IBV_QP_STATE', 'IBV_QP_DEST_QPN']);
    const f = fillRequired(d, classify(ref, 'RC', 'RESET', d), a, [a], () => 1);
    expect(f.checked).not.toContain('IBV_QP_DEST_QPN');
  });

  it('peerOf falls back to the other host’s QP at the same index', () => {
    const list = [qp({ qpn: 0x100 }), qp({ qpn: 0x101 }), qp({ host: 1, qpn: 0x200 }), qp({ host: 1, qpn: 0x201 })];
    expect(peerOf(list[1], list)?.qpn).toBe(0x201);
    expect(peerOf({ ...list[0], peer: { host: 1, qpn: 0x201 } }, list)?.qpn).toBe(0x201);
  });
});

describe('what-if: checking a call from any from-state (issue 20)', () => {
  const ref = referenceData();
  it('a QP in RTS, checked as if in INIT → RTR: the INIT→RTR cell of the kernel table, its required attributes', () => {
    const d: Draft = { target: 'RTR', checked: ['IBV_QP_STATE'], values: {}, from: 'INIT' };
    const c = classify(ref, 'RC', 'RTS', d);
    expect(c).toMatchObject({ from: 'INIT', to: 'RTR', valid: true });
    expect(c.req).toEqual(expect.arrayContaining(['IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER']));
    // Without the what-if, the same draft is RTS→RTR: not a transition at all.
    expect(classify(ref, 'RC', 'RTS', { ...d, from: undefined }).valid).toBe(false);
  });
  it('cur_qp_state still claims over the what-if from-state, as it does over the QP\'s own', () => {
    const d: Draft = { target: 'RTS', checked: ['IBV_QP_STATE', 'IBV_QP_CUR_STATE'], values: { cur_qp_state: 'SQD' }, from: 'INIT' };
    expect(classify(ref, 'RC', 'RTS', d).from).toBe('SQD');
  });
});
