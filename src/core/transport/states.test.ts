import { describe, expect, it } from 'vitest';
import { A, B, QA, QB, conserved, cqes, events, pair, run, stateOf } from '../testkit/builders.ts';

const post = (t: number, wrId: number, opcode: string, length: number, extra: Record<string, unknown> = {}) =>
  ({ t, cmd: { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId, opcode: opcode as 'IBV_WR_SEND', length, ...extra } } });
const modify = (t: number, host: number, qpn: number, mask: string[], attrs: Record<string, unknown>) =>
  ({ t, cmd: { kind: 'modifyQp' as const, host, qpn, mask: mask as ['IBV_QP_STATE'], attrs } });
const ud = { host: B, qpn: QB, qkey: 0x11111111 };

describe('which verbs each state accepts (rxe_post_send, rxe_post_recv, ib_rvt_state_ops) [sources: rxe-post, rdmavt-post, rxe-qp]', () => {
  it('post_send is EINVAL below RTS; post_recv is EINVAL only in RESET', () => {
    const s = pair({ a: { bringUp: 'INIT', peer: undefined }, b: { bringUp: 'RESET', peer: undefined, recvs: 0 }, commands: [
      post(100, 1, 'IBV_WR_SEND', 8),
      { t: 100, cmd: { kind: 'postRecv', host: A, qpn: QA, wr: { wrId: 2, length: 64 } } },
      { t: 100, cmd: { kind: 'postRecv', host: B, qpn: QB, wr: { wrId: 3, length: 64 } } },
    ] });
    s.config.qps[0].recvs = 0;
    const sim = run(s, 1000);
    const refused = events(sim, 'post-refused');
    expect(refused.map((e) => [e.host, e.queue, e.errno])).toEqual([[A, 'sq', 'EINVAL'], [B, 'rq', 'EINVAL']]);
    expect(events(sim, 'post').filter((e) => e.queue === 'rq' && e.host === A)).toHaveLength(1);
  });
  it('a full send queue refuses with ENOMEM', () => {
    const sim = run(pair({ a: { sqDepth: 2 }, commands: [post(100, 1, 'IBV_WR_SEND', 8), post(100, 2, 'IBV_WR_SEND', 8), post(100, 3, 'IBV_WR_SEND', 8)] }), 200);
    expect(events(sim, 'post-refused').map((e) => e.errno)).toEqual(['ENOMEM']);
  });
  it('RDMA READ on UC is refused at post time', () => {
    const sim = run(pair({ type: 'UC', commands: [post(100, 1, 'IBV_WR_RDMA_READ', 64)] }), 200);
    expect(events(sim, 'post-refused')[0].detail).toMatch(/not supported on UC/);
  });
});

describe('UD and UC', () => {
  it('UD send error takes the QP to SQE: sends flush, receives keep working, SQE→RTS with CUR_STATE recovers (qp_state_table, ib_rvt_state_ops) [sources: sqe-state]', () => {
    const s = pair({ type: 'UD', a: { recvs: 4 }, commands: [
      { t: 100, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_LOC_LEN_ERR' } },
      post(200, 1, 'IBV_WR_SEND', 64, { ud }), post(200, 2, 'IBV_WR_SEND', 64, { ud }),
      { t: 5000, cmd: { kind: 'postSend', host: B, qpn: QB, wr: { wrId: 9, opcode: 'IBV_WR_SEND', length: 100, ud: { host: A, qpn: QA, qkey: 0x11111111 } } } },
      modify(20_000, A, QA, ['IBV_QP_STATE', 'IBV_QP_CUR_STATE'], { qp_state: 'RTS', cur_qp_state: 'SQE' }),
      post(21_000, 3, 'IBV_WR_SEND', 64, { ud }),
    ] });
    const sim = run(s, 40_000);
    expect(events(sim, 'state').filter((e) => e.host === A).map((e) => e.to)).toContain('SQE');
    expect(cqes(sim, A, QA, 'sq').map((e) => [e.wrId, e.status])).toEqual([[1, 'IBV_WC_LOC_LEN_ERR'], [2, 'IBV_WC_WR_FLUSH_ERR'], [3, 'IBV_WC_SUCCESS']]);
    expect(cqes(sim, A, QA, 'rq').map((e) => [e.status, e.byteLen])).toEqual([['IBV_WC_SUCCESS', 140]]);
    expect(stateOf(sim, A, QA)).toBe('RTS');
  });
  it('SQE→RTS without IBV_QP_CUR_STATE is still a legal kernel call for UD', () => {
    const s = pair({ type: 'UD', commands: [{ t: 100, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_LOC_PROT_ERR' } }, post(200, 1, 'IBV_WR_SEND', 64, { ud }), modify(9000, A, QA, ['IBV_QP_STATE'], { qp_state: 'RTS' })] });
    expect(stateOf(run(s, 10_000), A, QA)).toBe('RTS');
  });
  it('UD larger than the MTU sends nothing and still succeeds (IBTA C10-93.1.1 as quoted in rxe_req.c) [sources: ibta-in-code, rxe-req]', () => {
    const sim = run(pair({ type: 'UD', commands: [post(100, 1, 'IBV_WR_SEND', 5000, { ud })] }), 5000);
    expect(events(sim, 'pkt')).toHaveLength(0);
    expect(cqes(sim, A, QA, 'sq')[0].status).toBe('IBV_WC_SUCCESS');
  });
  it('UD with the wrong Q_Key is dropped silently', () => {
    const sim = run(pair({ type: 'UD', commands: [post(100, 1, 'IBV_WR_SEND', 64, { ud: { ...ud, qkey: 5 } })] }), 5000);
    expect(events(sim, 'rx')[0].outcome).toBe('dropped-qkey');
    expect(cqes(sim, B, QB)).toHaveLength(0);
  });
  it('UC loses a message silently when a packet is dropped; the next message arrives', () => {
    const s = pair({ type: 'UC', commands: [{ t: 50, cmd: { kind: 'dropPackets', count: 1, from: A } }, post(100, 1, 'IBV_WR_SEND', 2048), post(100, 2, 'IBV_WR_SEND', 512)] });
    const sim = run(s, 20_000);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS', 'IBV_WC_SUCCESS']);
    expect(cqes(sim, B, QB, 'rq').map((e) => e.byteLen)).toEqual([512]);
  });
});

describe('SQD (ib_rvt_state_ops, rxe comp_check_sq_drain_done, rxe_qp.c) [sources: sqd, rxe-qp]', () => {
  it('drains in-flight sends, raises IBV_EVENT_SQ_DRAINED when enabled, refuses SQD→RTS while draining', () => {
    const s = pair({ commands: [
      post(100, 1, 'IBV_WR_SEND', 4096), post(100, 2, 'IBV_WR_SEND', 64),
      modify(400, A, QA, ['IBV_QP_STATE', 'IBV_QP_EN_SQD_ASYNC_NOTIFY'], { qp_state: 'SQD', en_sqd_async_notify: 1 }),
      modify(410, A, QA, ['IBV_QP_STATE'], { qp_state: 'RTS' }),
      modify(30_000, A, QA, ['IBV_QP_STATE'], { qp_state: 'RTS' }),
    ] });
    const sim = run(s, 60_000);
    const refused = events(sim, 'modify-refused');
    expect(refused.map((e) => e.reason)).toEqual(['sq-draining']);
    const st = events(sim, 'state').filter((e) => e.host === A).map((e) => e.to);
    expect(st.slice(-3)).toEqual(['SQD (draining)', 'SQD (drained)', 'RTS']);
    expect(events(sim, 'async').filter((e) => e.event === 'IBV_EVENT_SQ_DRAINED')).toHaveLength(1);
    // The first WR had started and completed during the drain; the second waited for RTS.
    const c = cqes(sim, A, QA, 'sq');
    expect(c.map((e) => e.wrId)).toEqual([1, 2]);
    const drained = events(sim, 'state').find((e) => e.to === 'SQD (drained)')!.t;
    expect(c[0].t).toBeLessThanOrEqual(drained);
    expect(c[1].t).toBeGreaterThan(30_000);
  });
});

describe('CQ overrun (ibv_poll_cq(3), rxe_cq_post) [sources: man-poll-cq, cq-full]', () => {
  it('an overrun raises ONE IBV_EVENT_CQ_ERR per CQ, not one per lost CQE; every refused entry is counted; a lost receive completion takes the QP to ERR (ibv_poll_cq(3); rxe_comp.c flush_send_queue) [sources: man-poll-cq, rxe-comp]', () => {
    const s = pair({ poll: 0, cqDepth: 2, commands: [1, 2, 3, 4].map((i) => post(100 + i, i, 'IBV_WR_SEND', 64)) });
    const sim = run(s, 50_000);
    const sum = sim.summary();
    const lost = events(sim, 'cqe-lost');
    const overrunCqs = new Set(lost.map((e) => `${e.host}/${e.cq}`));
    expect(lost.length).toBeGreaterThan(overrunCqs.size);
    expect(sum.events.IBV_EVENT_CQ_ERR).toBe(overrunCqs.size);
    const errs = events(sim, 'async').filter((e) => e.event === 'IBV_EVENT_CQ_ERR').map((e) => `${e.host}/${e.cq}`);
    expect(errs.sort()).toEqual([...overrunCqs].sort());
    expect(sum.cqeLost).toBe(lost.length);
    expect(stateOf(sim, B, QB)).toBe('ERR');
    expect(conserved(sim)).toBe(true);
  });
  it('an overrun CQ stays in error: polling it empty does not make it accept entries again (ibv_poll_cq.3: "the CQ cannot be used")', () => {
    // Only host A's CQ is small: its third send completion overruns it.
    const s = pair({ poll: 0, cqDepth: 2, commands: [
      ...[1, 2, 3].map((i) => post(100 + i, i, 'IBV_WR_SEND', 64)),
      { t: 20_000, cmd: { kind: 'pollCq', host: A, cq: 0, max: 16 } },
      post(25_000, 9, 'IBV_WR_SEND', 64),
    ] });
    s.config.hosts[1].cqDepths = [256, 256];
    const sim = run(s, 60_000);
    expect(events(sim, 'poll').filter((e) => e.host === A).map((e) => e.n)).toEqual([2]);
    const late = events(sim, 'cqe-lost').filter((e) => e.host === A && e.t > 20_000);
    expect(late.map((e) => [e.wrId, e.status])).toEqual([[9, 'IBV_WC_SUCCESS']]);
    expect(cqes(sim, A, QA).filter((e) => e.t > 20_000)).toHaveLength(0);
    expect(sim.summary().events.IBV_EVENT_CQ_ERR).toBe(1);
  });
});

describe('RDMA READ and atomics: the two limits (rxe check_init_depth, check_resource) [sources: rd-atomic-pair]', () => {
  it('max_rd_atomic caps the reads a requester has outstanding', () => {
    const reads = Array.from({ length: 6 }, (_, i) => post(100, i + 1, 'IBV_WR_RDMA_READ', 4096));
    const sim = run(pair({ a: { attrs: { max_rd_atomic: 2 } }, commands: reads }), 50_000);
    const reqs = events(sim, 'pkt').filter((e) => e.op === 'RDMA_READ_REQUEST');
    const done = cqes(sim, A, QA, 'sq');
    expect(done.map((e) => e.status)).toEqual(Array(6).fill('IBV_WC_SUCCESS'));
    // The third request leaves only after the first read completed.
    expect(reqs[2].t).toBeGreaterThanOrEqual(done[0].t);
    expect(done[0].byteLen).toBe(4096);
  });
  it('a requester allowed more than the responder accepts gets IBV_WC_REM_INV_REQ_ERR', () => {
    const reads = Array.from({ length: 4 }, (_, i) => post(100, i + 1, 'IBV_WR_RDMA_READ', 4096));
    const sim = run(pair({ a: { attrs: { max_rd_atomic: 4 } }, b: { attrs: { max_dest_rd_atomic: 1 } }, commands: reads }), 50_000);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toContain('IBV_WC_REM_INV_REQ_ERR');
    expect(stateOf(sim, B, QB)).toBe('ERR');
  });
  it('an atomic on a QP without IBV_ACCESS_REMOTE_ATOMIC in qp_access_flags is NAKed Invalid Request (rxe check_op_valid; hfi1/qib rc.c nack_inv)', () => {
    const sim = run(pair({ b: { attrs: { qp_access_flags: 1 | 2 | 4 } }, commands: [post(100, 1, 'IBV_WR_ATOMIC_FETCH_AND_ADD', 8)] }), 20_000);
    expect(cqes(sim, A, QA, 'sq')[0].status).toBe('IBV_WC_REM_INV_REQ_ERR');
  });
  it('a real responder NAK is reported as a WR error, never as an injected fault', () => {
    const sim = run(pair({ b: { attrs: { qp_access_flags: 1 | 2 | 4 } }, commands: [post(100, 1, 'IBV_WR_ATOMIC_FETCH_AND_ADD', 8)] }), 20_000);
    expect(events(sim, 'fault')).toEqual([]);
    expect(events(sim, 'wr-error').map((e) => [e.qpn, e.wrId, e.status])).toEqual([[QA, 1, 'IBV_WC_REM_INV_REQ_ERR']]);
  });
  it('an injected failure says so once, and still reports the WR error', () => {
    const sim = run(pair({ commands: [{ t: 50, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_LOC_LEN_ERR' } }, post(100, 1, 'IBV_WR_SEND', 64)] }), 20_000);
    expect(events(sim, 'fault').length).toBeGreaterThanOrEqual(1);
    expect(events(sim, 'wr-error').map((e) => e.status)).toEqual(['IBV_WC_LOC_LEN_ERR']);
  });
});

describe('determinism', () => {
  const s = pair({ workloads: [{ id: 'w', qp: 0, opcode: 'IBV_WR_SEND', length: 3000, intervalNs: 700 }], commands: [{ t: 20_000, cmd: { kind: 'dropPackets', count: 3 } }], durationNs: 80_000 });
  it('the same scenario gives the same trace hash twice', () => {
    expect(run(s).summary().traceHash).toBe(run(s).summary().traceHash);
  });
  it('restore a checkpoint and replay: same hash as a straight run', () => {
    const straight = run(s).summary();
    const sim = run(s, 30_000);
    const cp = sim.checkpoint();
    sim.runUntil(80_000);
    sim.restore(cp);
    expect(sim.now).toBe(30_000);
    sim.runUntil(80_000);
    expect(sim.summary()).toEqual(straight);
  });
});
