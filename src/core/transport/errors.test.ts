import { describe, expect, it } from 'vitest';
import { A, B, QA, QB, conserved, cqes, events, pair, run, stateOf } from '../testkit/builders.ts';

// Each test names the driver code or man page of the rule it checks, and its bibliography key.
const sends = (n: number, opts: { signaled?: boolean; length?: number } = {}) =>
  Array.from({ length: n }, (_, i) => ({ t: 1000, cmd: { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId: i + 1, opcode: 'IBV_WR_SEND' as const, length: opts.length ?? 512, signaled: opts.signaled ?? true } } }));

describe('RC traffic without faults', () => {
  it('every send completes once with IBV_WC_SUCCESS, in posting order, and the receiver gets each one', () => {
    const sim = run(pair({ commands: sends(10, { length: 3000 }) }));
    const c = cqes(sim, A, QA, 'sq');
    expect(c.map((e) => e.wrId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(c.every((e) => e.status === 'IBV_WC_SUCCESS')).toBe(true);
    expect(cqes(sim, B, QB, 'rq').filter((e) => e.status === 'IBV_WC_SUCCESS').map((e) => e.byteLen)).toEqual(Array(10).fill(3000));
    expect(conserved(sim)).toBe(true);
  });
  it('an unsignaled success writes no CQE but is still completed (rxe_comp.c do_complete) [sources: rxe-comp]', () => {
    const sim = run(pair({ commands: sends(4, { signaled: false }) }));
    expect(cqes(sim, A, QA, 'sq')).toHaveLength(0);
    expect(events(sim, 'complete-silent')).toHaveLength(4);
    expect(sim.summary().wr.completed).toBeGreaterThanOrEqual(4);
  });
  it('a message is cut into path-MTU packets with consecutive PSNs', () => {
    const sim = run(pair({ commands: sends(1, { length: 2500 }) }));
    const p = events(sim, 'pkt').filter((e) => e.src === A && e.op.startsWith('SEND'));
    expect(p.map((e) => e.op)).toEqual(['SEND_FIRST', 'SEND_MIDDLE', 'SEND_LAST']);
    expect(p[1].psn).toBe((p[0].psn + 1) & 0xffffff);
  });
});

describe('single-QP error handling (rxe_comp.c rxe_completer, flush_send_queue) [sources: rxe-comp]', () => {
  const neighbour = { host: A, type: 'RC' as const, peer: 3, recvs: 8, refill: true };
  const neighbourPeer = { host: B, type: 'RC' as const, peer: 2, recvs: 8, refill: true };
  it('retry exceeded: one RETRY_EXC_ERR CQE, then FLUSH_ERR oldest first, QP in ERR; the neighbour on the same CQ keeps completing', () => {
    const s = pair({
      extra: [neighbour, neighbourPeer],
      a: { attrs: { timeout: 1, retry_cnt: 2 } },
      workloads: [{ id: 'n', qp: 2, opcode: 'IBV_WR_SEND', length: 256, intervalNs: 1000 }],
      commands: [{ t: 500, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_RETRY_EXC_ERR' } }, ...sends(5)],
      durationNs: 300_000,
    });
    const sim = run(s);
    const c = cqes(sim, A, QA, 'sq');
    expect(c.map((e) => e.status)).toEqual(['IBV_WC_RETRY_EXC_ERR', ...Array(4).fill('IBV_WC_WR_FLUSH_ERR')]);
    expect(c.map((e) => e.wrId)).toEqual([1, 2, 3, 4, 5]);
    expect(stateOf(sim, A, QA)).toBe('ERR');
    expect(events(sim, 'retry').filter((e) => e.qpn === QA && e.host === A)).toHaveLength(2);
    // The receives of the failed QP are flushed too (RC goes to ERR: both queues).
    expect(cqes(sim, A, QA, 'rq').every((e) => e.status === 'IBV_WC_WR_FLUSH_ERR')).toBe(true);
    const nq = sim.summary().qps.find((q) => q.host === A && q.qpn === QA + 1)!;
    expect(nq.state).toBe('RTS');
    const n = cqes(sim, A, QA + 1, 'sq');
    const failAt = c[0].t;
    expect(n.filter((e) => e.t > failAt && e.status === 'IBV_WC_SUCCESS').length).toBeGreaterThan(10);
    expect(conserved(sim)).toBe(true);
  });
  it('remote access error: REM_ACCESS_ERR at the requester; the responder goes to ERR with IBV_EVENT_QP_ACCESS_ERR', () => {
    const sim = run(pair({ commands: [{ t: 500, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_REM_ACCESS_ERR' } }, ...sends(3)] }));
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_REM_ACCESS_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR']);
    expect(stateOf(sim, B, QB)).toBe('ERR');
    expect(events(sim, 'async').some((e) => e.host === B && e.event === 'IBV_EVENT_QP_ACCESS_ERR')).toBe(true);
    expect(sim.summary().events.IBV_EVENT_QP_ACCESS_ERR).toBe(1);
  });
  it('unsignaled WRs still complete with FLUSH_ERR (IBTA 10.7.3.1 as quoted in rxe_comp.c) [sources: ibta-in-code, rxe-comp]', () => {
    const s = pair({ commands: [{ t: 500, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_LOC_PROT_ERR' } }, ...sends(4, { signaled: false })] });
    const c = cqes(run(s), A, QA, 'sq');
    expect(c.map((e) => e.status)).toEqual(['IBV_WC_LOC_PROT_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR']);
  });
  it('posting in ERR is accepted and the WR completes with FLUSH_ERR (C10-96 as quoted in rdmavt) [sources: ibta-in-code, kernel-drain]', () => {
    const s = pair({ commands: [
      { t: 500, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } },
      { t: 2000, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 77, opcode: 'IBV_WR_SEND', length: 8 } } },
      { t: 2000, cmd: { kind: 'postRecv', host: A, qpn: QA, wr: { wrId: 78, length: 8 } } },
    ] });
    const sim = run(s);
    expect(cqes(sim, A, QA).find((e) => e.wrId === 77)?.status).toBe('IBV_WC_WR_FLUSH_ERR');
    expect(cqes(sim, A, QA).find((e) => e.wrId === 78)?.status).toBe('IBV_WC_WR_FLUSH_ERR');
    expect(events(sim, 'async')).toHaveLength(0); // a modify to ERR raises no async event
  });
  it('move to RESET discards queued WRs without any completion (rxe_qp_reset) [sources: rxe-qp]', () => {
    const s = pair({ b: { recvs: 0, refill: false }, commands: [...sends(3), { t: 1200, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } } }] });
    const sim = run(s);
    expect(cqes(sim, A, QA)).toHaveLength(0);
    expect(events(sim, 'discard').filter((e) => e.host === A).length).toBe(3 + 16);
    expect(sim.summary().wr.discarded).toBe(19);
    expect(conserved(sim)).toBe(true);
  });
  it('RNR: with no receive posted the requester retries rnr_retry times, then RNR_RETRY_EXC_ERR (rxe_comp.c, hfi1 do_rc_ack) [sources: rnr-retry]', () => {
    const s = pair({ a: { attrs: { rnr_retry: 2 } }, b: { recvs: 0, refill: false, attrs: { min_rnr_timer: 1 } }, commands: sends(2) });
    const sim = run(s);
    expect(events(sim, 'retry').filter((e) => e.reason === 'rnr-nak').map((e) => e.left)).toEqual([1, 0]);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_RNR_RETRY_EXC_ERR', 'IBV_WC_WR_FLUSH_ERR']);
  });
  it('RNR with rnr_retry = 7 retries forever and succeeds once a receive is posted', () => {
    const s = pair({ a: { attrs: { rnr_retry: 7 } }, b: { recvs: 0, refill: false }, commands: [...sends(1), { t: 150_000, cmd: { kind: 'postRecv', host: B, qpn: QB, wr: { wrId: 5, length: 4096 } } }], durationNs: 250_000 });
    const sim = run(s);
    expect(events(sim, 'retry').filter((e) => e.reason === 'rnr-nak').every((e) => e.left === 'infinite')).toBe(true);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS']);
  });
  it('a lost packet is recovered by the ACK timeout and retransmission (rxe_comp.c retry_cnt) [sources: ack-timeout]', () => {
    const s = pair({ a: { attrs: { timeout: 2 } }, commands: [{ t: 900, cmd: { kind: 'dropPackets', count: 1, from: A } }, ...sends(3, { length: 2048 })] });
    const sim = run(s);
    expect(events(sim, 'pkt').filter((e) => e.drop)).toHaveLength(1);
    expect(events(sim, 'retry').length).toBeGreaterThanOrEqual(1);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(Array(3).fill('IBV_WC_SUCCESS'));
  });
});
