import { describe, expect, it } from 'vitest';
import type { CommandInput, ScenarioInput } from '../index.ts';
import { A, B, QA, QB, conserved, cqes, events, pair, run, stateOf } from '../testkit/builders.ts';

// Verbs and checks issue 10 adds; each test names its source.
const post = (t: number, wr: Extract<CommandInput, { kind: 'postSend' }>['wr'], host = A, qpn = QA) => ({ t, cmd: { kind: 'postSend' as const, host, qpn, wr } });

describe('immediate data', () => {
  it('RDMA_WRITE_WITH_IMM consumes a receive WQE: IBV_WC_RECV_RDMA_WITH_IMM, byte_len = the RDMA length, imm_data (item 43)', () => {
    const sim = run(pair({ b: { recvs: 1, refill: false }, commands: [post(100, { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE_WITH_IMM', length: 3000, imm: 0xabc })] }), 30_000);
    expect(cqes(sim, B, QB, 'rq').map((e) => [e.status, e.opcode, e.byteLen, e.imm])).toEqual([['IBV_WC_SUCCESS', 'IBV_WC_RECV_RDMA_WITH_IMM', 3000, 0xabc]]);
    expect(cqes(sim, A, QA, 'sq').map((e) => [e.status, e.opcode])).toEqual([['IBV_WC_SUCCESS', 'IBV_WC_RDMA_WRITE']]);
    expect(events(sim, 'pkt').filter((e) => e.src === A).map((e) => e.op)).toEqual(['RDMA_WRITE_FIRST', 'RDMA_WRITE_MIDDLE', 'RDMA_WRITE_LAST_WITH_IMMEDIATE']);
  });
  it('RDMA_WRITE_WITH_IMM with no receive posted gets RNR NAKs at its last packet (rxe check_resource, RXE_RWR_MASK)', () => {
    const sim = run(pair({ a: { attrs: { rnr_retry: 1 } }, b: { recvs: 0, refill: false }, commands: [post(100, { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE_WITH_IMM', length: 3000 })] }), 200_000);
    const rnr = events(sim, 'rx').filter((e) => e.host === B && e.outcome === 'rnr-nak');
    expect(rnr.every((e) => e.op === 'RDMA_WRITE_LAST_WITH_IMMEDIATE')).toBe(true);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_RNR_RETRY_EXC_ERR']);
  });
  it('a plain RDMA WRITE takes no receive WQE even when none is posted', () => {
    const sim = run(pair({ b: { recvs: 0, refill: false }, commands: [post(100, { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 3000 })] }), 30_000);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS']);
  });
  it('SEND_WITH_IMM: the receive CQE carries IBV_WC_WITH_IMM and imm_data', () => {
    const sim = run(pair({ commands: [post(100, { wrId: 1, opcode: 'IBV_WR_SEND_WITH_IMM', length: 100, imm: 77 })] }), 30_000);
    expect(cqes(sim, B, QB, 'rq').map((e) => [e.opcode, e.imm])).toEqual([['IBV_WC_RECV', 77]]);
  });
});

describe('the responder checks the packet\'s transport (rxe_recv.c check_type_state: "bad qp type")', () => {
  const s: ScenarioInput = {
    ...pair(),
    config: { ...pair().config, qps: [...pair().config.qps, { host: 0, type: 'UD', recvs: 4 }, { host: 1, type: 'UD', recvs: 4 }] },
  };
  it('a UD datagram addressed to an RC QP is dropped, whatever its PSN', () => {
    const sim = run({ ...s, commands: [post(100, { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, ud: { host: B, qpn: QB, qkey: 0x11111111 } }, A, QA + 1)] }, 20_000);
    expect(events(sim, 'rx').filter((e) => e.host === B && e.qpn === QB).map((e) => e.outcome)).toEqual(['dropped-wrong-transport']);
    expect(cqes(sim, B, QB, 'rq')).toEqual([]);
    expect(stateOf(sim, B, QB)).toBe('RTS');
  });
  it('an RC packet addressed to a UD QP is dropped too, and the RC sender retries to exhaustion', () => {
    const sim = run({ ...s, config: { ...s.config, qps: [{ ...s.config.qps[0], attrs: { timeout: 1, retry_cnt: 1 } }, ...s.config.qps.slice(1)] }, commands: [
      { t: 50, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RTS' } } },
      post(100, { wrId: 1, opcode: 'IBV_WR_SEND', length: 64 }),
    ] }, 1);
    // Point the RC QP at the UD QP: every packet lands on the wrong transport.
    sim.world.qps.f.dest_qp_num[sim.world.qps.find(A, QA)] = QB + 1;
    sim.runUntil(200_000);
    expect(events(sim, 'rx').filter((e) => e.host === B && e.qpn === QB + 1).every((e) => e.outcome === 'dropped-wrong-transport')).toBe(true);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_RETRY_EXC_ERR']);
  });
});

describe('inline data and a receive-only QP', () => {
  it('IBV_SEND_INLINE within max_inline_data succeeds; beyond it is refused at post', () => {
    const sim = run(pair({ a: { maxInlineData: 64 }, commands: [post(100, { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, inline: true }), post(100, { wrId: 2, opcode: 'IBV_WR_SEND', length: 65, inline: true })] }), 20_000);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.wrId)).toEqual([1]);
    expect(events(sim, 'post-refused').map((e) => [e.wrId, e.errno])).toEqual([[2, 'EINVAL']]);
  });
  it('inline is valid only for sends and writes (ibv_post_send.3)', () => {
    const sim = run(pair({ a: { maxInlineData: 64 }, commands: [post(100, { wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 8, inline: true })] }), 2000);
    expect(events(sim, 'post-refused')[0].detail).toMatch(/valid only for sends and RDMA writes/);
  });
  it('max_send_wr = 0 is a valid receive-only QP: sends are refused ENOMEM, receives work', () => {
    const sim = run(pair({ b: { sqDepth: 0 }, commands: [post(100, { wrId: 1, opcode: 'IBV_WR_SEND', length: 64 }), post(100, { wrId: 2, opcode: 'IBV_WR_SEND', length: 64 }, B, QB)] }), 20_000);
    expect(events(sim, 'post-refused').map((e) => [e.host, e.errno])).toEqual([[B, 'ENOMEM']]);
    expect(cqes(sim, B, QB, 'rq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS']);
    expect(stateOf(sim, B, QB)).toBe('RTS');
  });
});

/** QP 0x100 of host A's lifecycle in the log: destroy, state moves, its CQEs, the destroy itself. */
function lifeOfA(sim: ReturnType<typeof run>): string[] {
  return sim.world.trace.events.filter((e) => 'qpn' in e && e.qpn === QA && e.host === A).flatMap((e) => {
    if (e.kind === 'state') return [`state ${e.from}→${e.to}`];
    if (e.kind === 'cqe') return [`cqe ${e.status}`];
    if (e.kind === 'destroy-wait' || e.kind === 'qp-destroyed') return [e.kind];
    return [];
  });
}

describe('ibv_destroy_qp (faults-at-scale.md §C "Destroy only after the flush has drained")', () => {
  const busy = (extra: Partial<ScenarioInput['config']> = {}, cmds: { t: number; cmd: CommandInput }[] = []) => pair({
    poll: 0, a: { recvs: 0, refill: false }, b: { recvs: 0, refill: false },
    commands: [post(100, { wrId: 1, opcode: 'IBV_WR_SEND', length: 64 }), post(100, { wrId: 2, opcode: 'IBV_WR_SEND', length: 64 }), ...cmds],
    ...extra,
  });
  it('with drain, the QP goes to ERR, waits for its flush and for the application to poll, then is destroyed with nothing stale', () => {
    const sim = run(busy({}, [{ t: 2000, cmd: { kind: 'destroyQp', host: A, qpn: QA, drain: true } }, { t: 50_000, cmd: { kind: 'pollCq', host: A, cq: 0, max: 64 } }]), 80_000);
    expect(events(sim, 'destroy-wait')).toHaveLength(1);
    const d = events(sim, 'qp-destroyed')[0];
    expect(d.t).toBeGreaterThanOrEqual(50_000);
    expect(d.stale ?? 0).toBe(0);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR']);
    expect(lifeOfA(sim).slice(-6)).toEqual(['state RTS→ERR', 'destroy-wait', 'cqe IBV_WC_WR_FLUSH_ERR', 'cqe IBV_WC_WR_FLUSH_ERR', 'state ERR→RESET', 'qp-destroyed']);
    expect(conserved(sim)).toBe(true);
  });
  it('the verb moves the QP to RESET first, whatever the profile or the state (mlx5 destroy_qp_common): state → RESET is the event before qp-destroyed', () => {
    for (const profile of ['ibta', 'rxe', 'mlx5'] as const) {
      for (const cmds of [[], [{ t: 2000, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } }]] as { t: number; cmd: CommandInput }[][]) {
        const s = busy({}, [...cmds, { t: 10_000, cmd: { kind: 'destroyQp', host: A, qpn: QA } }]);
        const sim = run({ ...s, config: { ...s.config, profile } }, 20_000);
        const life = lifeOfA(sim);
        expect(life.slice(-2), `${profile}, ${cmds.length ? 'from ERR' : 'from RTS'}`).toEqual([cmds.length ? 'state ERR→RESET' : 'state RTS→RESET', 'qp-destroyed']);
        expect(events(sim, 'qp-destroyed')[0].t).toBe(10_000);
      }
    }
  });
  it('destroyed at once with flush completions unpolled: rxe leaves them, naming a QPN that no longer exists', () => {
    const sim = run({ ...busy({}, [{ t: 2000, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } }, { t: 10_000, cmd: { kind: 'destroyQp', host: A, qpn: QA } }, { t: 20_000, cmd: { kind: 'pollCq', host: A, cq: 0, max: 64 } }]), config: { ...busy().config, profile: 'rxe' } }, 30_000);
    expect(events(sim, 'qp-destroyed')[0].stale).toBe(2);
    expect(events(sim, 'poll').find((e) => e.host === A)?.stale).toBe(2);
  });
  it('destroyed at once on mlx5: destroy_qp_common cleans the QP\'s CQEs from its CQs (item 18)', () => {
    const sim = run({ ...busy({}, [{ t: 2000, cmd: { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } }, { t: 10_000, cmd: { kind: 'destroyQp', host: A, qpn: QA } }]), config: { ...busy().config, profile: 'mlx5' } }, 30_000);
    expect(events(sim, 'qp-destroyed')[0]).toMatchObject({ purged: 2 });
    expect(sim.summary().cqePurged).toBe(2);
  });
});
