import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INJECTABLE, PROFILE_IDS, SEND_OPCODES, type Command } from '../index.ts';
import { A, B, QA, QB, events } from '../testkit/builders.ts';
import { keyed } from '../testkit/keyed.ts';
import { Simulation } from '../sim/engine.ts';

// Random sessions of posts, faults, modifies, resets and polls against two connected RC QPs
// and a neighbour pair sharing their CQs. After every step: nothing lost, nothing twice.
const qp = fc.constantFrom([A, QA], [B, QB], [A, QA + 1], [B, QB + 1]);
const bringUp = (host: number, qpn: number): Command[] => {
  const peerHost = host === A ? B : A;
  const peerQpn = (host === A ? QB : QA) + (qpn & 1);
  return [
    { kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE', 'IBV_QP_PORT', 'IBV_QP_PKEY_INDEX', 'IBV_QP_ACCESS_FLAGS'], attrs: { qp_state: 'INIT', port_num: 1, pkey_index: 0, qp_access_flags: 15 } },
    { kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'], attrs: { qp_state: 'RTR', ah_dlid: peerHost + 1, path_mtu: 3, dest_qp_num: peerQpn, rq_psn: 0, max_dest_rd_atomic: 4, min_rnr_timer: 1 } },
    { kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'], attrs: { qp_state: 'RTS', sq_psn: 0, timeout: 2, retry_cnt: 2, rnr_retry: 2, max_rd_atomic: 4 } },
  ];
};
// Keys the schedule may name: the four MRs of the base scenario, two an action may register
// later, and one that never exists.
const key = fc.constantFrom(0x110, 0x111, 0x211, 0x210, 0x310, 0x311, 0x9999);
const addr = fc.constantFrom(0x10000, 0x10008, 0x12000, 0x11ff8);
const keyedWr = fc.tuple(fc.constantFrom(...SEND_OPCODES), fc.nat(5000), key, key, addr, addr, fc.boolean(), fc.nat(1e6)).map(([opcode, len, lkey, rkey, la, ra, inline, wrId]) => {
  const length = opcode.includes('ATOMIC') ? 8 : len;
  return { wrId, opcode, length, sgl: [{ addr: la, length, lkey }], rdma: opcode === 'IBV_WR_SEND' || opcode === 'IBV_WR_SEND_WITH_IMM' ? undefined : { addr: ra, rkey }, inline: inline && length <= 64 && !opcode.includes('READ') && !opcode.includes('ATOMIC'), imm: 5 };
});
const action: fc.Arbitrary<Command[]> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(qp, fc.constantFrom(...SEND_OPCODES), fc.nat(5000), fc.boolean(), fc.nat(1e6)).map(([[host, qpn], opcode, len, signaled, wrId]) =>
    [{ kind: 'postSend', host, qpn, wr: { wrId, opcode, length: opcode.includes('ATOMIC') ? 8 : len, signaled } } as Command]) },
  { weight: 4, arbitrary: fc.tuple(qp, keyedWr).map(([[host, qpn], wr]) => [{ kind: 'postSend', host, qpn, wr } as Command]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(A, B), fc.subarray(['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE', 'IBV_ACCESS_REMOTE_READ', 'IBV_ACCESS_REMOTE_ATOMIC'] as const)).map(([host, access]) => [{ kind: 'regMr', host, length: 8192, access } as Command]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(A, B), key).map(([host, lkey]) => [{ kind: 'deregMr', host, lkey } as Command]) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(6000), fc.nat(1e6)).map(([length, wrId]) => [{ kind: 'postSrqRecv', host: B, srq: 0, wr: { wrId, length } } as Command]) },
  { weight: 1, arbitrary: fc.nat(4).map((limit) => [{ kind: 'modifySrq', host: B, srq: 0, limit } as Command]) },
  { weight: 1, arbitrary: fc.tuple(qp, fc.boolean()).map(([[host, qpn], drain]) => [{ kind: 'destroyQp', host, qpn, drain } as Command]) },
  { weight: 3, arbitrary: fc.tuple(qp, fc.nat(6000), fc.nat(1e6)).map(([[host, qpn], length, wrId]) => [{ kind: 'postRecv', host, qpn, wr: { wrId, length } } as Command]) },
  { weight: 1, arbitrary: fc.tuple(qp, fc.constantFrom(...Object.keys(INJECTABLE))).map(([[host, qpn], status]) => [{ kind: 'failNextWr', host, qpn, status } as Command]) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 4 }), fc.option(fc.constantFrom(A, B), { nil: undefined })).map(([count, from]) => [{ kind: 'dropPackets', count, from } as Command]) },
  { weight: 1, arbitrary: fc.tuple(qp, fc.constantFrom('ERR', 'RESET', 'SQD', 'RTS')).map(([[host, qpn], to]) => [{ kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE'], attrs: { qp_state: to } } as Command]) },
  { weight: 1, arbitrary: qp.map(([host, qpn]) => bringUp(host, qpn)) },
  { weight: 1, arbitrary: qp.map(([host, qpn]) => [{ kind: 'qpFatal', host, qpn } as Command]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(A, B), fc.nat(1)).map(([host, cq]) => [{ kind: 'pollCq', host, cq, max: 8 } as Command]) },
);
const session = fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), action), { minLength: 1, maxLength: 40 });

/** Two RC pairs sharing CQs; MRs on both hosts; the neighbour's B end takes its receives from an SRQ. */
function base(poll: number, profile: (typeof PROFILE_IDS)[number] = 'ibta') {
  const s = keyed({
    poll, cqDepth: 12, profile, a: { attrs: { timeout: 2, retry_cnt: 2, rnr_retry: 2 }, recvs: 4, refill: poll > 0, maxInlineData: 64 }, b: { recvs: 4, refill: poll > 0 },
    extra: [{ host: A, type: 'RC', peer: 3, recvs: 2, refill: poll > 0, maxInlineData: 64 }, { host: B, type: 'RC', peer: 2, srq: 0 }],
  });
  return { ...s, config: { ...s.config, srqs: [{ host: B, depth: 8, recvs: 3, refill: poll > 0, limit: 2 }] } };
}

function check(sim: Simulation): void {
  const { wr } = sim.summary();
  expect(wr.posted).toBe(wr.completed + wr.discarded + wr.outstanding);
  const done = new Map<number, number>();
  const lastPerQueue = new Map<string, number>();
  for (const e of sim.world.trace.events) {
    if (e.kind !== 'cqe' && e.kind !== 'cqe-lost' && e.kind !== 'complete-silent' && e.kind !== 'discard') continue;
    done.set(e.wr, (done.get(e.wr) ?? 0) + 1);
    if (e.kind === 'discard') continue;
    const key = `${e.host}/${e.qpn}/${'queue' in e ? e.queue : 'sq'}`;
    expect(e.wr, `completion order on ${key}`).toBeGreaterThan(lastPerQueue.get(key) ?? -1);
    lastPerQueue.set(key, e.wr);
  }
  for (const [id, n] of done) expect(n, `WR ${id} retired ${n} times`).toBe(1);
  expect(events(sim, 'post').length + events(sim, 'srq').filter((e) => e.op === 'post').length).toBe(wr.posted);
}

describe('conservation under random faults, modifies and resets', () => {
  it('posted = completed + discarded + outstanding after every step; no WR twice; per-queue order — with keys, SRQ, WRITE_WITH_IMM, destroy, any profile (seed 20261129)', () => {
    fc.assert(fc.property(session, fc.boolean(), fc.constantFrom(...PROFILE_IDS), (steps, autopoll, profile) => {
      const s = base(autopoll ? 800 : 0, profile);
      const sim = new Simulation(s);
      const sorted = [...steps].sort((x, y) => x[0] - y[0]);
      for (const [t, cmds] of sorted) {
        sim.runUntil(Math.max(sim.now, t));
        for (const c of cmds) sim.issue(c);
        check(sim);
      }
      sim.runUntil(sim.now + 400_000);
      check(sim);
    }), { seed: 20261129, numRuns: 120 });
  });

  it('a recorded session replays to the same trace hash, and from a checkpoint too — MRs, SRQ and profiles included (seed 77)', () => {
    fc.assert(fc.property(session, fc.constantFrom(...PROFILE_IDS), (steps, profile) => {
      const live = new Simulation(base(800, profile));
      const sorted = [...steps].sort((x, y) => x[0] - y[0]);
      let cp: ReturnType<Simulation['checkpoint']> | undefined;
      for (const [t, cmds] of sorted) {
        live.runUntil(Math.max(live.now, t));
        if (!cp && t > 5000) cp = live.checkpoint();
        for (const c of cmds) live.issue(c);
      }
      live.runUntil(60_000);
      const recorded = { ...base(800, profile), commands: live.commands.map((c) => ({ t: c.t, cmd: c.cmd })) };
      const replay = new Simulation(recorded);
      replay.runUntil(60_000);
      expect(replay.summary().traceHash).toBe(live.summary().traceHash);
      if (cp) {
        live.restore(cp);
        live.runUntil(60_000);
        expect(live.summary().traceHash).toBe(replay.summary().traceHash);
      }
    }), { seed: 77, numRuns: 60 });
  });
});
