import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../index.ts';
import { A, B, QA, QB, conserved, cqes, events, pair, run, stateOf } from '../testkit/builders.ts';

// Shared receive queues: semantics.md items 3, 19, 28–30.
const send = (t: number, wrId: number, qpn = QA) => ({ t, cmd: { kind: 'postSend' as const, host: A, qpn, wr: { wrId, opcode: 'IBV_WR_SEND' as const, length: 64 } } });

/** Two RC connections A→B whose B ends share one SRQ of `recvs` WQEs. */
function shared(recvs: number, o: { limit?: number; refill?: boolean; commands?: ScenarioInput['commands']; rnrRetry?: number } = {}): ScenarioInput {
  const base = pair({
    a: { recvs: 0, refill: false, attrs: { rnr_retry: o.rnrRetry ?? 7 } }, b: { srq: 0, recvs: 0, refill: false },
    extra: [{ host: 0, type: 'RC', peer: 3, recvs: 0, attrs: { rnr_retry: o.rnrRetry ?? 7 } }, { host: 1, type: 'RC', peer: 2, srq: 0 }],
    commands: o.commands,
  });
  return { ...base, config: { ...base.config, srqs: [{ host: 1, depth: 16, recvs, limit: o.limit ?? 0, refill: o.refill ?? false }] } };
}

describe('SRQ', () => {
  it('two QPs take their receives from one SRQ, in arrival order', () => {
    const sim = run(shared(4, { commands: [send(100, 1), send(2000, 2, QA + 1), send(4000, 3)] }), 30_000);
    expect(cqes(sim, B, QB, 'rq').map((e) => e.wrId)).toEqual([9_000_000, 9_000_002]);
    expect(cqes(sim, B, QB + 1, 'rq').map((e) => e.wrId)).toEqual([9_000_001]);
    expect(sim.world.srqs[0].wqes).toHaveLength(1);
  });
  it('an empty SRQ answers RNR NAK; a receive posted to the SRQ lets the retry succeed', () => {
    const sim = run(shared(0, { commands: [send(100, 1), { t: 20_000, cmd: { kind: 'postSrqRecv', host: B, srq: 0, wr: { wrId: 5, length: 4096 } } }] }), 200_000);
    expect(events(sim, 'rx').some((e) => e.host === B && e.outcome === 'rnr-nak' && /SRQ is empty/.test(e.detail ?? ''))).toBe(true);
    expect(cqes(sim, B, QB, 'rq').map((e) => e.wrId)).toEqual([5]);
  });
  it('ibv_post_recv on a QP attached to an SRQ is EINVAL (item 3)', () => {
    const sim = run(shared(1, { commands: [{ t: 100, cmd: { kind: 'postRecv', host: B, qpn: QB, wr: { wrId: 1, length: 64 } } }] }), 1000);
    expect(events(sim, 'post-refused')[0]).toMatchObject({ errno: 'EINVAL', queue: 'rq' });
  });
  it('srq_limit fires IBV_EVENT_SRQ_LIMIT_REACHED once when the count drops below it, then disarms (item 30)', () => {
    const sim = run(shared(4, { limit: 3, commands: [send(100, 1), send(2000, 2), send(4000, 3)] }), 30_000);
    expect(events(sim, 'async').filter((e) => e.event === 'IBV_EVENT_SRQ_LIMIT_REACHED').map((e) => e.srq)).toEqual([0]);
    expect(sim.world.srqs[0].limit).toBe(0);
  });
  it('one QP in ERR: the SRQ\'s WQEs are not flushed, the neighbour keeps receiving, the QP gets LAST_WQE_REACHED (items 28–29)', () => {
    const sim = run(shared(4, { commands: [
      { t: 100, cmd: { kind: 'modifyQp', host: B, qpn: QB, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } },
      send(2000, 1, QA + 1),
    ] }), 30_000);
    expect(events(sim, 'async').filter((e) => e.event === 'IBV_EVENT_QP_LAST_WQE_REACHED').map((e) => e.qpn)).toEqual([QB]);
    expect(cqes(sim, B, QB, 'rq')).toEqual([]);
    expect(cqes(sim, B, QB + 1, 'rq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS']);
    expect(sim.world.srqs[0].wqes).toHaveLength(3);
    expect(conserved(sim)).toBe(true);
  });
  it('a WQE the failed QP had already dequeued is flushed on that QP, then LAST_WQE_REACHED follows', () => {
    // A 3-packet SEND: the first packet takes the WQE; B goes to ERR before the rest arrives.
    const big = { t: 100, cmd: { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND' as const, length: 3000 } } };
    const sim = run(shared(2, { commands: [big] }), 1);
    while (!events(sim, 'srq').some((e) => e.op === 'take')) sim.runUntil(sim.now + 10);
    sim.issue({ kind: 'qpFatal', host: B, qpn: QB });
    sim.runUntil(20_000);
    const lines = sim.world.trace.events.filter((e) => (e.kind === 'cqe' && e.host === B) || (e.kind === 'async' && e.event === 'IBV_EVENT_QP_LAST_WQE_REACHED'));
    expect(lines.map((e) => (e.kind === 'cqe' ? e.status : e.kind === 'async' ? e.event : ''))).toEqual(['IBV_WC_WR_FLUSH_ERR', 'IBV_EVENT_QP_LAST_WQE_REACHED']);
    expect(sim.world.srqs[0].wqes).toHaveLength(1);
    expect(stateOf(sim, B, QB + 1)).toBe('RTS');
  });
  it('drain-destroy of an SRQ QP holding a dequeued WQE waits for its flush, IBV_EVENT_QP_LAST_WQE_REACHED and the poll, then RESET, then destroys (IBTA 10.3.1, item 19)', () => {
    const big = { t: 100, cmd: { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND' as const, length: 3000 } } };
    const base = shared(2, { commands: [big] });
    // The application polls host B's CQs only once, late: the destroy must wait for that too.
    const sim = run({ ...base, config: { ...base.config, hosts: base.config.hosts.map((h, i) => (i === B ? { ...h, pollIntervalNs: 0 } : h)) } }, 1);
    while (!events(sim, 'srq').some((e) => e.op === 'take')) sim.runUntil(sim.now + 10);
    const asked = sim.now;
    expect(sim.issue({ kind: 'destroyQp', host: B, qpn: QB, drain: true })).toMatchObject({ ok: true });
    sim.runUntil(asked + 20_000);
    expect(events(sim, 'qp-destroyed').filter((e) => e.qpn === QB)).toEqual([]);
    sim.issue({ kind: 'pollCq', host: B, cq: 0, max: 16 });
    sim.issue({ kind: 'pollCq', host: B, cq: 1, max: 16 });
    sim.runUntil(asked + 40_000);
    const life = sim.world.trace.events.filter((e) => 'qpn' in e && 'host' in e && e.host === B && e.qpn === QB).flatMap((e) => {
      if (e.kind === 'state') return [`→${e.to}`];
      if (e.kind === 'cqe') return [e.status];
      if (e.kind === 'async') return [e.event];
      if (e.kind === 'destroy-wait' || e.kind === 'qp-destroyed') return [e.kind];
      return [];
    });
    expect(life.slice(life.indexOf('→ERR'))).toEqual(['→ERR', 'destroy-wait', 'IBV_WC_WR_FLUSH_ERR', 'IBV_EVENT_QP_LAST_WQE_REACHED', '→RESET', 'qp-destroyed']);
    const d = events(sim, 'qp-destroyed').find((e) => e.qpn === QB)!;
    expect(d.t).toBeGreaterThanOrEqual(asked + 20_000);
    expect([d.stale, d.purged]).toEqual([undefined, undefined]);
    // The SRQ's own WQE is not flushed, and the neighbour on the same SRQ is untouched.
    expect(sim.world.srqs[0].wqes).toHaveLength(1);
    expect(stateOf(sim, B, QB + 1)).toBe('RTS');
    expect(events(sim, 'reset').find((e) => e.qpn === QB)?.srqLeak).toBeUndefined();
    expect(conserved(sim)).toBe(true);
  });
  it('RESET of an SRQ QP holding a dequeued WQE without waiting for LAST_WQE_REACHED reports the leak (IBTA 10.3.1, item 19)', () => {
    const big = { t: 100, cmd: { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND' as const, length: 3000 } } };
    const sim = run(shared(2, { commands: [big] }), 1);
    while (!events(sim, 'srq').some((e) => e.op === 'take')) sim.runUntil(sim.now + 10);
    sim.issue({ kind: 'modifyQp', host: B, qpn: QB, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } });
    expect(events(sim, 'reset').at(-1)?.srqLeak).toBe(1);
    expect(conserved(sim)).toBe(true);
  });
});
