import { describe, expect, it } from 'vitest';
import { A, QA, events, pair, run } from '../testkit/builders.ts';
import type { AttrName } from '../index.ts';

function tryModify(from: 'RESET' | 'INIT', mask: AttrName[], attrs: Record<string, unknown>) {
  const s = pair({ a: { bringUp: from, peer: undefined, recvs: 0 }, b: { bringUp: 'RESET', peer: undefined, recvs: 0 }, commands: [{ t: 10, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask, attrs } }] });
  return events(run(s, 100), 'modify-refused')[0];
}
const INIT_MASK: AttrName[] = ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'];

describe('driver value checks after the kernel table (refusal names the attribute)', () => {
  it.each([
    [{ qp_state: 'INIT', port_num: 2, pkey_index: 0, qp_access_flags: 0 }, 'IBV_QP_PORT', /not a port/],
    [{ qp_state: 'INIT', port_num: 1, pkey_index: 64, qp_access_flags: 0 }, 'IBV_QP_PKEY_INDEX', /P_Key table/],
    [{ qp_state: 'INIT', pkey_index: 0, qp_access_flags: 0 }, 'IBV_QP_PORT', /port_num 0/],
  ])('%j is refused on %s', (attrs, attr, msg) => {
    const r = tryModify('RESET', INIT_MASK, attrs);
    expect(r).toMatchObject({ errno: 'EINVAL', reason: 'invalid-value', unexpected: [attr] });
    expect(r.detail).toMatch(msg);
  });
  it('IBV_QP_STATE without attr.qp_state is refused, not read as a transition to RESET', () => {
    expect(tryModify('RESET', INIT_MASK, { port_num: 1, pkey_index: 0, qp_access_flags: 0 })).toMatchObject({ reason: 'invalid-value', unexpected: ['IBV_QP_STATE'] });
  });
  it('path_mtu outside enum ibv_mtu and retry counts above 3 bits are refused', () => {
    const m: AttrName[] = ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'];
    const r = tryModify('INIT', m, { qp_state: 'RTR', ah_dlid: 2, path_mtu: 6, dest_qp_num: 0x200, rq_psn: 0, max_dest_rd_atomic: 1, min_rnr_timer: 1 });
    expect(r).toMatchObject({ unexpected: ['IBV_QP_PATH_MTU'] });
    const r2 = tryModify('INIT', m, { qp_state: 'RTR', ah_dlid: 9, path_mtu: 3, dest_qp_num: 0x200, rq_psn: 0, max_dest_rd_atomic: 1, min_rnr_timer: 1 });
    expect(r2).toMatchObject({ unexpected: ['IBV_QP_AV'] });
  });
  it('an address vector naming no peer is refused in RoCE terms (GRH, GID), never as a LID', () => {
    const m: AttrName[] = ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'];
    const at = (ah_dlid: number) => tryModify('INIT', m, { qp_state: 'RTR', ah_dlid, path_mtu: 3, dest_qp_num: 0x200, rq_psn: 0, max_dest_rd_atomic: 1, min_rnr_timer: 1 });
    const none = at(0);
    expect(none).toMatchObject({ reason: 'invalid-value', unexpected: ['IBV_QP_AV'] });
    expect(none.detail).toMatch(/GRH \(is_global = 1\).*grh\.dgid is the peer's GID/);
    const far = at(9);
    expect(far.detail).toContain('grh.dgid ::ffff:10.0.0.9 is no host\'s GID');
    for (const r of [none, far]) expect(r.detail).not.toMatch(/\bLIDs?\b|dlid/);
    expect(at(2)).toBeUndefined();
  });
  it('a refused modify changes nothing, including the state (ibv_modify_qp.3 NOTES)', () => {
    const s = pair({ a: { bringUp: 'RESET', peer: undefined }, b: { bringUp: 'RESET', peer: undefined }, commands: [{ t: 10, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: INIT_MASK, attrs: { qp_state: 'INIT', port_num: 3, pkey_index: 5, qp_access_flags: 15 } } }] });
    s.config.qps[0].recvs = 0; s.config.qps[1].recvs = 0;
    const sim = run(s, 100);
    const q = sim.world.qps;
    expect(q.f.pkey_index[0]).toBe(0);
    expect(q.f.qp_access_flags[0]).toBe(0);
    expect(q.lc[0]).toBe(0);
  });
  it('cur_qp_state that disagrees with the QP is refused by the device', () => {
    const s = pair({ commands: [{ t: 10, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE', 'IBV_QP_CUR_STATE'], attrs: { qp_state: 'RTS', cur_qp_state: 'SQD' } } }] });
    expect(events(run(s, 100), 'modify-refused')[0]).toMatchObject({ reason: 'invalid-value', unexpected: ['IBV_QP_CUR_STATE'] });
  });
  it('psn values above 24 bits are masked with a note, not refused', () => {
    const s = pair({ a: { bringUp: 'RTR' }, commands: [{ t: 10, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'], attrs: { qp_state: 'RTS', sq_psn: 0x1000005, timeout: 1, retry_cnt: 1, rnr_retry: 1, max_rd_atomic: 1 } } }] });
    const sim = run(s, 100);
    const m = events(sim, 'modify').find((e) => e.to === 'RTS' && e.t === 10)!;
    expect(m.note).toMatch(/masked to 24 bits/);
    expect(sim.world.qps.f.next_send_psn[0]).toBe(5);
  });
});
