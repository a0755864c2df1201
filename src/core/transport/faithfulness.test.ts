import { describe, expect, it } from 'vitest';
import { A, B, QA, QB, cqes, events, pair, run } from '../testkit/builders.ts';
import type { Simulation } from '../sim/engine.ts';

// Fixes found by checking the transport model against driver code and man pages (issue 7); each
// test names its source and its bibliography key.
const send = (t: number, wrId: number, opcode = 'IBV_WR_SEND', length = 64, host = A, qpn = QA) =>
  ({ t, cmd: { kind: 'postSend' as const, host, qpn, wr: { wrId, opcode: opcode as 'IBV_WR_SEND', length } } });
const modify = (t: number, host: number, qpn: number, mask: string[], attrs: Record<string, unknown>) =>
  ({ t, cmd: { kind: 'modifyQp' as const, host, qpn, mask: mask as ['IBV_QP_STATE'], attrs } });
const ctx = (sim: Simulation, host: number, qpn: number, field: 'state' | 'qpc_state' | 'next_send_psn' | 'last_acked_psn' | 'next_rcv_psn' | 'ssn' | 'msn') =>
  sim.world.qps.f[field][sim.world.qps.find(host, qpn)];

describe('context state encodings (mlx5 qp.h) [sources: mlx5-qp-state]', () => {
  it('`state` holds libibverbs numbering and `qpc_state` mlx5 numbering: SQ_DRAINING=7, SQD=5, SQER=4, ERR=6', () => {
    const s = pair({ commands: [send(100, 1, 'IBV_WR_SEND', 4096), modify(400, A, QA, ['IBV_QP_STATE'], { qp_state: 'SQD' })] });
    const sim = run(s, 410);
    expect([ctx(sim, A, QA, 'state'), ctx(sim, A, QA, 'qpc_state')]).toEqual([4, 7]); // SQD, draining
    sim.runUntil(30_000);
    expect([ctx(sim, A, QA, 'state'), ctx(sim, A, QA, 'qpc_state')]).toEqual([4, 5]); // SQD, drained
    sim.issue({ kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } });
    expect([ctx(sim, A, QA, 'state'), ctx(sim, A, QA, 'qpc_state')]).toEqual([6, 6]);
    expect([ctx(sim, B, QB, 'state'), ctx(sim, B, QB, 'qpc_state')]).toEqual([3, 3]);
  });
  it('a UD send error: SQE is 5 to libibverbs and SQER 4 to mlx5', () => {
    const ud = { host: B, qpn: QB, qkey: 0x11111111 };
    const sim = run(pair({ type: 'UD', commands: [
      { t: 50, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_LOC_PROT_ERR' } },
      { t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, ud } } },
    ] }), 5000);
    expect([ctx(sim, A, QA, 'state'), ctx(sim, A, QA, 'qpc_state')]).toEqual([5, 4]);
  });
});

describe('a SEND failing at the responder (rxe_resp.c do_class_ac_error) [sources: rxe-resp]', () => {
  for (const status of ['IBV_WC_REM_INV_REQ_ERR', 'IBV_WC_REM_ACCESS_ERR'] as const) {
    it(`${status}: the receive WQE it took completes with ${status}, then the rest flush; the requester gets the same status`, () => {
      const sim = run(pair({ b: { recvs: 3, refill: false }, commands: [
        { t: 50, cmd: { kind: 'failNextWr', host: A, qpn: QA, status } }, send(100, 1),
      ] }), 20_000);
      expect(cqes(sim, B, QB, 'rq').map((e) => e.status)).toEqual([status, 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR']);
      expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual([status]);
    });
  }
  it('an RDMA WRITE refused at the responder takes no receive WQE: every receive just flushes (QP without REMOTE_WRITE: NAK Invalid Request, rxe check_op_valid)', () => {
    const sim = run(pair({ b: { recvs: 2, refill: false, attrs: { qp_access_flags: 1 } }, commands: [send(100, 1, 'IBV_WR_RDMA_WRITE', 64)] }), 20_000);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_REM_INV_REQ_ERR']);
    expect(cqes(sim, B, QB, 'rq').map((e) => e.status)).toEqual(['IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR']);
  });
});

describe('IBV_EVENT_COMM_EST (IBTA o11-5.1.1, as quoted in the Oracle SIF driver; qib raises it on RC/UC only)', () => {
  it('a connected QP in RTR raises it once on its first request', () => {
    const sim = run(pair({ b: { bringUp: 'RTR' }, commands: [send(100, 1), send(200, 2)] }), 20_000);
    expect(events(sim, 'async').filter((e) => e.event === 'IBV_EVENT_COMM_EST').map((e) => [e.host, e.qpn])).toEqual([[B, QB]]);
  });
  it('a UD QP in RTR receives but raises no COMM_EST', () => {
    const ud = { host: B, qpn: QB, qkey: 0x11111111 };
    const sim = run(pair({ type: 'UD', b: { bringUp: 'RTR' }, commands: [{ t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, ud } } }] }), 20_000);
    expect(cqes(sim, B, QB, 'rq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS']);
    expect(events(sim, 'async')).toEqual([]);
  });
});

describe('duplicates replay, never re-execute (rxe_resp.c duplicate_request) [sources: psn-window, psn-book]', () => {
  it('a duplicate ATOMIC (its response was lost) is answered from the saved original value, and the word changes once', () => {
    const sim = run(pair({ a: { attrs: { timeout: 2 } }, commands: [
      { t: 50, cmd: { kind: 'dropPackets', count: 1, from: B } }, send(100, 1, 'IBV_WR_ATOMIC_FETCH_AND_ADD', 8),
    ] }), 100_000);
    const atB = events(sim, 'rx').filter((e) => e.host === B && e.op === 'FETCH_ADD');
    expect(atB.map((e) => e.outcome)).toEqual(['accepted', 'duplicate']);
    expect(atB[1].detail).toMatch(/replayed from the saved result \(original value 0\); not executed again/);
    expect(sim.world.rt.get(sim.world.qps.find(B, QB))!.atomicWord).toBe(1);
    const responses = events(sim, 'rx').filter((e) => e.host === A && e.op === 'ATOMIC_ACKNOWLEDGE');
    expect(responses.map((e) => e.detail)).toEqual(['atomic returned 0']);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS']);
  });
  it('two atomics in a row each execute once and return consecutive values', () => {
    const sim = run(pair({ commands: [send(100, 1, 'IBV_WR_ATOMIC_FETCH_AND_ADD', 8), send(100, 2, 'IBV_WR_ATOMIC_CMP_AND_SWP', 8)] }), 20_000);
    expect(events(sim, 'rx').filter((e) => e.host === A && e.op === 'ATOMIC_ACKNOWLEDGE').map((e) => e.detail)).toEqual(['atomic returned 0', 'atomic returned 1']);
  });
  it('a duplicate READ is streamed again from the saved resource', () => {
    const sim = run(pair({ a: { attrs: { timeout: 2 } }, commands: [
      { t: 50, cmd: { kind: 'dropPackets', count: 1, from: B } }, send(100, 1, 'IBV_WR_RDMA_READ', 2048),
    ] }), 100_000);
    const atB = events(sim, 'rx').filter((e) => e.host === B && e.op === 'RDMA_READ_REQUEST');
    expect(atB.map((e) => e.outcome)).toEqual(['accepted', 'duplicate']);
    expect(cqes(sim, A, QA, 'sq').map((e) => [e.status, e.byteLen])).toEqual([['IBV_WC_SUCCESS', 2048]]);
  });
});

describe('RESET and PSNs (rxe_qp.c rxe_qp_reset leaves them) [sources: rxe-reset]', () => {
  it('RESET clears SSN, MSN and queues but leaves the PSNs; the mandatory sq_psn/rq_psn overwrite them on the way back up', () => {
    const sim = run(pair({ commands: [send(100, 1), send(100, 2)] }), 20_000);
    const psns = [ctx(sim, A, QA, 'next_send_psn'), ctx(sim, A, QA, 'last_acked_psn'), ctx(sim, A, QA, 'next_rcv_psn')];
    expect(ctx(sim, A, QA, 'ssn')).toBe(2);
    sim.issue({ kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } });
    expect([ctx(sim, A, QA, 'next_send_psn'), ctx(sim, A, QA, 'last_acked_psn'), ctx(sim, A, QA, 'next_rcv_psn')]).toEqual(psns);
    expect([ctx(sim, A, QA, 'ssn'), ctx(sim, A, QA, 'msn')]).toEqual([0, 0]);
    sim.issue({ kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE', 'IBV_QP_PORT', 'IBV_QP_PKEY_INDEX', 'IBV_QP_ACCESS_FLAGS'], attrs: { qp_state: 'INIT', port_num: 1, pkey_index: 0, qp_access_flags: 15 } });
    sim.issue({ kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'], attrs: { qp_state: 'RTR', ah_dlid: 2, path_mtu: 3, dest_qp_num: QB, rq_psn: 77, max_dest_rd_atomic: 4, min_rnr_timer: 1 } });
    expect(ctx(sim, A, QA, 'next_rcv_psn')).toBe(77);
  });
});
