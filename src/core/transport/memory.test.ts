import { describe, expect, it } from 'vitest';
import { A, B, QA, QB, cqes, events, run, stateOf } from '../testkit/builders.ts';
import { K, keyed } from '../testkit/keyed.ts';
import { Simulation } from '../sim/engine.ts';

// What a learner must be able to see in memory, and the causes that act on a running transfer.
const words = (sim: Simulation, host: number, key: number) => sim.world.mrs.find((m) => m.host === host && m.key === key)!.words;

describe('data in memory regions (MODEL claim mem-window: the first 128 bytes of each MR)', () => {
  it('an RDMA WRITE lands the source bytes in the target MR', () => {
    const sim = run(keyed({ commands: [{ t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 32, sgl: [{ addr: K.BASE, length: 32, lkey: K.A_LOCAL }], rdma: { addr: K.BASE + 16, rkey: K.B_ALL } } } }] }), 20_000);
    expect(words(sim, B, K.B_ALL).slice(0, 8)).toEqual([0xb1, 0xb1, 0xa1, 0xa1, 0xa1, 0xa1, 0xb1, 0xb1]);
    expect(events(sim, 'mem').filter((e) => e.host === B).map((e) => e.why)).toEqual(['RDMA WRITE']);
  });
  it('a FETCH_ADD adds compare_add to the target word and returns the old value into the local buffer', () => {
    const sim = run(keyed({ commands: [{ t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8, sgl: [{ addr: K.BASE, length: 8, lkey: K.A_LOCAL }], rdma: { addr: K.BASE, rkey: K.B_ALL }, atomic: { compareAdd: 5 } } } }] }), 20_000);
    expect(words(sim, B, K.B_ALL)[0]).toBe(0xb1 + 5);
    expect(words(sim, A, K.A_LOCAL)[0]).toBe(0xb1);
  });
  it('a CMP_AND_SWP swaps only when the word equals compare', () => {
    const cas = (t: number, wrId: number, compareAdd: number) => ({ t, cmd: { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId, opcode: 'IBV_WR_ATOMIC_CMP_AND_SWP' as const, length: 8, sgl: [{ addr: K.BASE, length: 8, lkey: K.A_LOCAL }], rdma: { addr: K.BASE, rkey: K.B_ALL }, atomic: { compareAdd, swap: 42 } } } });
    const sim = run(keyed({ commands: [cas(100, 1, 7), cas(5000, 2, 0xb1)] }), 30_000);
    expect(words(sim, B, K.B_ALL)[0]).toBe(42);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_SUCCESS', 'IBV_WC_SUCCESS']);
  });
  it('an RDMA READ brings the remote words into the local buffer', () => {
    const sim = run(keyed({ commands: [{ t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 16, sgl: [{ addr: K.BASE, length: 16, lkey: K.A_LOCAL }], rdma: { addr: K.BASE, rkey: K.B_ALL } } } }] }), 20_000);
    expect(words(sim, A, K.A_LOCAL).slice(0, 3)).toEqual([0xb1, 0xb1, 0xa1]);
  });
  it('a SEND lands in the receive buffer', () => {
    const sim = run(keyed({ commands: [{ t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 16, sgl: [{ addr: K.BASE, length: 16, lkey: K.A_LOCAL }] } } }] }), 20_000);
    expect(words(sim, B, K.B_ALL).slice(0, 3)).toEqual([0xa1, 0xa1, 0xb1]);
  });
});

describe('causes acting on a running transfer', () => {
  const bigWrite = { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE' as const, length: 8192, sgl: [{ addr: K.BASE, length: 8192, lkey: K.A_LOCAL }], rdma: { addr: K.BASE, rkey: K.B_ALL } } };
  it('deregistering the target MR under a running WRITE fails its next packet: NAK, REM_ACCESS_ERR, flush (rxe check_rkey per packet)', () => {
    const sim = new Simulation(keyed({ commands: [{ t: 100, cmd: bigWrite }, { t: 110, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 2, opcode: 'IBV_WR_SEND', length: 64 } } }] }));
    // Run until the first packet of the WRITE was accepted at B, then deregister B's MR.
    while (!events(sim, 'rx').some((e) => e.host === B && e.outcome === 'accepted')) sim.runUntil(sim.now + 50);
    sim.issue({ kind: 'deregMr', host: B, lkey: K.B_ALL });
    sim.runUntil(60_000);
    const rx = events(sim, 'rx').filter((e) => e.host === B && e.op.startsWith('RDMA_WRITE'));
    expect(rx[0].outcome).toBe('accepted');
    expect(rx.find((e) => e.outcome === 'nak')?.detail).toMatch(/deregistered/);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_REM_ACCESS_ERR', 'IBV_WC_WR_FLUSH_ERR']);
    expect([stateOf(sim, A, QA), stateOf(sim, B, QB)]).toEqual(['ERR', 'ERR']);
  });
  it('deregistering the source MR under a running SEND fails it at its next packet with LOC_PROT_ERR (rxe finish_packet per packet)', () => {
    const send = { ...bigWrite, wr: { wrId: 1, opcode: 'IBV_WR_SEND' as const, length: 4096, sgl: [{ addr: K.BASE, length: 4096, lkey: K.A_LOCAL }] } };
    const sim = new Simulation(keyed({ commands: [{ t: 100, cmd: send }] }));
    while (!events(sim, 'pkt').some((e) => e.src === A && e.op === 'SEND_FIRST')) sim.runUntil(sim.now + 10);
    sim.issue({ kind: 'deregMr', host: A, lkey: K.A_LOCAL });
    sim.runUntil(60_000);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_LOC_PROT_ERR']);
    expect(events(sim, 'pkt').filter((e) => e.src === A && e.op.startsWith('SEND')).length).toBeLessThan(4);
  });
  it('deregistering the MR a READ is streaming from ends the stream with NAK Remote Access (rxe read_reply rechecks the MR)', () => {
    const read = { ...bigWrite, wr: { ...bigWrite.wr, opcode: 'IBV_WR_RDMA_READ' as const } };
    const sim = new Simulation(keyed({ commands: [{ t: 100, cmd: read }] }));
    while (!events(sim, 'pkt').some((e) => e.src === B && e.op === 'RDMA_READ_RESPONSE_FIRST')) sim.runUntil(sim.now + 10);
    sim.issue({ kind: 'deregMr', host: B, lkey: K.B_ALL });
    sim.runUntil(60_000);
    expect(cqes(sim, A, QA, 'sq').map((e) => e.status)).toEqual(['IBV_WC_REM_ACCESS_ERR']);
    expect(stateOf(sim, B, QB)).toBe('ERR');
  });
  it('ibv_reg_mr refuses REMOTE_WRITE without LOCAL_WRITE (ibv_reg_mr.3)', () => {
    const sim = run(keyed(), 10);
    expect(sim.issue({ kind: 'regMr', host: A, length: 4096, access: ['IBV_ACCESS_REMOTE_WRITE'] })).toMatchObject({ ok: false, errno: 'EINVAL' });
    expect(sim.issue({ kind: 'regMr', host: A, length: 4096, access: ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE'] })).toMatchObject({ ok: true, lkey: 0x310, rkey: 0x310 });
    expect(sim.issue({ kind: 'deregMr', host: A, lkey: 0x310 })).toMatchObject({ ok: true });
    expect(sim.issue({ kind: 'deregMr', host: A, lkey: 0x310 })).toMatchObject({ ok: false, errno: 'EINVAL' });
  });
  it('a bring-up MR is held to the same ibv_reg_mr.3 rule: REMOTE_WRITE or REMOTE_ATOMIC without LOCAL_WRITE names config.mrs[i].access', () => {
    const s = keyed();
    const withMr = (access: string[]) => ({ ...s, config: { ...s.config, mrs: [...s.config.mrs!, { host: B, length: 4096, access }] } }) as typeof s;
    for (const bad of [['IBV_ACCESS_REMOTE_WRITE'], ['IBV_ACCESS_REMOTE_ATOMIC', 'IBV_ACCESS_REMOTE_READ']]) {
      expect(() => new Simulation(withMr(bad))).toThrow(/^config\.mrs\[4\]\.access: IBV_ACCESS_REMOTE_WRITE and IBV_ACCESS_REMOTE_ATOMIC need IBV_ACCESS_LOCAL_WRITE/);
    }
    // REMOTE_READ alone, or no flag at all, is a valid registration (local read only).
    expect(run(withMr(['IBV_ACCESS_REMOTE_READ']), 10).world.mrs).toHaveLength(5);
    expect(run(withMr([]), 10).world.mrs).toHaveLength(5);
  });
});
