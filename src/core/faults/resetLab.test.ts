import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RESET_SITUATIONS, Simulation, resetLab, resetLabScenario, type SimEvent } from '../index.ts';

// Topic 10: what a RESET clears, what it lets finish, and what late packets do
// (rxe_qp.c rxe_qp_reset, rxe_resp.c [sources: rxe-reset, psn-window]; claims in resetClaims.ts). With a 5 µs link, the 4 KiB transfer's
// packets are accepted at the responder at about 6577, 6597, 6617 and 6637 ns.
const rx = (r: ReturnType<typeof resetLab>, host: number) => r.events.filter((e): e is Extract<SimEvent, { kind: 'rx' }> => e.kind === 'rx' && e.host === host);
const cqes = (r: ReturnType<typeof resetLab>, host: number) => r.events.filter((e): e is Extract<SimEvent, { kind: 'cqe' }> => e.kind === 'cqe' && e.host === host);

describe('reset in the middle of a transfer', () => {
  it('a half-reassembled SEND: the responder reports the partial message, its receives are discarded, the rest of the message is dropped', () => {
    const r = resetLab({ situation: 'send-half-arrived', resetAtNs: 6605 });
    const [reset] = r.resets;
    expect(reset).toMatchObject({ host: 1, from: 'RTS', rq: 8, partial: { op: 'SEND', bytes: 2048 } });
    // Drain-then-reset: the DMA of the packets already accepted runs on (claim reset-drain).
    expect(reset.dmaFencedNs).toBeGreaterThan(0);
    expect(rx(r, 1).filter((e) => e.t > 6605).map((e) => e.outcome)).toEqual(['dropped-not-ready', 'dropped-not-ready']);
    expect(cqes(r, 1)).toEqual([]);
    expect(r.discardedAndCompleted).toEqual([]);
  });
  it('a half-arrived RDMA WRITE: the same, with the WRITE\'s bytes placed so far', () => {
    const r = resetLab({ situation: 'write-half-arrived', resetAtNs: 6625 });
    expect(r.resets[0].partial).toEqual({ op: 'RDMA_WRITE', bytes: 3072 });
  });
  it('a DMA write mid-burst: the burst is fenced (finished) before the QP is cleared', () => {
    const r = resetLab({ situation: 'dma-mid-burst', resetAtNs: 6640 });
    const burst = r.lanes.dma.find((d) => d.start <= 6640 && d.end > 6640)!;
    expect(burst).toBeDefined();
    expect(r.resets[0].dmaFencedNs).toBe(r.lanes.dma.at(-1)!.end - 6640);
  });
  it('the requester\'s replay state: unacknowledged PSNs and an armed timer are forgotten; the late ACKs are dropped', () => {
    const r = resetLab({ situation: 'replay-unacked', resetAtNs: 8000 });
    expect(r.resets[0]).toMatchObject({ host: 0, sq: 4, unackedPsns: 8, timerArmed: true, cachedCtx: true });
    expect(rx(r, 0).map((e) => e.outcome)).toEqual(Array(4).fill('dropped-not-ready'));
    expect(cqes(r, 0)).toEqual([]);
    expect(r.lanes.replay.some((p) => p.unacked === 8)).toBe(true);
  });
  it('a READ response still streaming: the requester drops the rest; reset at the responder stops the stream', () => {
    const atRequester = resetLab({ situation: 'read-streaming', resetAtNs: 11_800 });
    expect(atRequester.resets[0]).toMatchObject({ host: 0, readsWaiting: 1 });
    expect(rx(atRequester, 0).filter((e) => e.t > 11_800).every((e) => e.outcome === 'dropped-not-ready')).toBe(true);
    // Response packets already handed to the port still leave (rxe_qp_reset does not reach packets already handed to the IP stack, the model's reading) [sources: rxe-reset, model-faults].
    const atResponder = resetLab({ situation: 'read-streaming', target: 'responder', resetAtNs: 6560 });
    expect(atResponder.resets[0].responsesLeft).toBeGreaterThan(0);
    const sent = atResponder.lanes.packets.filter((p) => p.op.startsWith('RDMA_READ_RESPONSE'));
    expect(sent.length).toBeLessThan(8);
  });
  it('ERR then RESET: the flush completes what it reached, RESET discards the rest — no WR both', () => {
    const r = resetLab({ situation: 'replay-unacked', resetAtNs: 1300, errFirst: true, errGapNs: 100 });
    expect(r.resets[0].from).toBe('ERR');
    const flushed = cqes(r, 0).map((e) => e.wr);
    const discarded = r.events.filter((e) => e.kind === 'discard').map((e) => (e as { wr: number }).wr);
    expect(flushed.length).toBeGreaterThan(0);
    expect(flushed.filter((x) => discarded.includes(x))).toEqual([]);
    expect(r.discardedAndCompleted).toEqual([]);
  });
  it('back up again, late packets meet the PSN check: the responder expects what the requester sends next, so the old ones are duplicates', () => {
    const r = resetLab({ situation: 'send-half-arrived', resetAtNs: 2000, rebuildAfterNs: 1000 });
    expect(rx(r, 1).map((e) => e.outcome)).toEqual(Array(4).fill('duplicate'));
    expect(cqes(r, 1)).toEqual([]);
  });
});

describe('the QPN-reuse hazard (rxe_pool.c, rdma-core PR #1731) [sources: qpn-reuse]', () => {
  const at = 1000; // destroy and recreate both ends while the old SEND's first packets are in flight
  it('without mitigations (QPN reused at once, initial PSN 0 both times) the stale packet is accepted by the new connection', () => {
    const r = resetLab({ situation: 'send-half-arrived', resetAtNs: at, reuse: { policy: 'lowest-free', psn: 'zero' } });
    expect(r.events.filter((e) => e.kind === 'qp-created' && e.reused)).toHaveLength(2);
    expect(r.staleAccepted).toBe(true);
  });
  it('rxe check_addr: reused by a QP connected to another peer, the stale packets are dropped (not from the address vector); by the same peer pair, accepted', () => {
    const same = resetLab({ situation: 'send-half-arrived', resetAtNs: at, reuse: { policy: 'lowest-free', psn: 'zero', peer: 'same' } });
    const other = resetLab({ situation: 'send-half-arrived', resetAtNs: at, reuse: { policy: 'lowest-free', psn: 'zero', peer: 'other' } });
    expect(same.staleAccepted).toBe(true);
    expect(other.staleAccepted).toBe(false);
    expect(other.late.length).toBeGreaterThan(0);
    expect(other.late.every((p) => p.outcome === 'dropped-address')).toBe(true);
  });
  it('with a random initial PSN the stale packet no longer fits the window', () => {
    const r = resetLab({ situation: 'send-half-arrived', resetAtNs: at, reuse: { policy: 'lowest-free', psn: 'random' } });
    expect(r.staleAccepted).toBe(false);
    expect(r.late.every((p) => p.outcome !== 'accepted')).toBe(true);
  });
  it('with QPN quarantine the QPN leads nowhere while stale packets drain: they are dropped', () => {
    const r = resetLab({ situation: 'send-half-arrived', resetAtNs: at, reuse: { policy: 'lowest-free', psn: 'zero', quarantineNs: 1_000_000 } });
    expect(r.staleAccepted).toBe(false);
    expect(r.late.map((p) => p.outcome)).toEqual(r.late.map(() => 'dropped-no-qp'));
    expect(r.events.filter((e) => e.kind === 'qp-created' && e.reused)).toHaveLength(0);
  });
});

describe('a reset mid-transfer never completes a discarded WR', () => {
  it('over random situations, instants, ERR-first, rebuilds and QPN reuse (seed 1010)', () => {
    fc.assert(fc.property(
      fc.constantFrom(...RESET_SITUATIONS), fc.integer({ min: 0, max: 14_000 }), fc.boolean(), fc.constantFrom('requester' as const, 'responder' as const),
      fc.option(fc.integer({ min: 0, max: 8000 }), { nil: undefined }),
      fc.option(fc.record({ policy: fc.constantFrom('lowest-free' as const, 'fresh' as const), psn: fc.constantFrom('random' as const, 'zero' as const), quarantineNs: fc.integer({ min: 0, max: 20_000 }) }), { nil: undefined }),
      (situation, resetAtNs, errFirst, target, rebuildAfterNs, reuse) => {
        const r = resetLab({ situation, resetAtNs, errFirst, target, rebuildAfterNs, reuse, durationNs: 120_000 });
        expect(r.discardedAndCompleted).toEqual([]);
        const retired = new Map<number, number>();
        for (const e of r.events) if (e.kind === 'cqe' || e.kind === 'cqe-lost' || e.kind === 'complete-silent' || e.kind === 'discard') retired.set(e.wr, (retired.get(e.wr) ?? 0) + 1);
        for (const n of retired.values()) expect(n).toBe(1);
      },
    ), { seed: 1010, numRuns: 150 });
  });
});

describe('destroy and QPN reuse are part of the fold', () => {
  it('a checkpoint after a destroy restores the free QPNs: the replay reuses the same QPN at the same instant', () => {
    const sc = resetLabScenario({ situation: 'send-half-arrived', resetAtNs: 1000, reuse: { policy: 'lowest-free', psn: 'zero', quarantineNs: 3000 } });
    sc.commands = [...(sc.commands ?? []), { t: 5000, cmd: { kind: 'createQp', host: 1, type: 'RC', sendCq: 0, recvCq: 0, sqDepth: 8, rqDepth: 8 } }];
    const straight = new Simulation(sc);
    straight.runUntil(20_000);
    const s = new Simulation(sc);
    s.runUntil(1500);
    const cp = s.checkpoint();
    s.runUntil(20_000);
    s.restore(cp);
    s.runUntil(20_000);
    expect(s.summary().traceHash).toBe(straight.summary().traceHash);
    const created = s.events().filter((e) => e.kind === 'qp-created' && e.host === 1);
    expect(created.map((e) => (e as { reused?: boolean }).reused ?? false)).toEqual([false, false, true]);
  });
});

describe('late packets are judged by when the far NIC processes them', () => {
  it('a packet already on B\'s NIC but not yet processed when B is reset counts as late, and is dropped', () => {
    // The SEND's packets reach B's port near 6.0 µs and are processed ~0.6 µs later (receive
    // pipeline and the context fetch): a reset at 6.5 µs falls between the two.
    const r = resetLab({ situation: 'send-half-arrived', resetAtNs: 6_500 });
    const sends = r.late.filter((p) => p.op.startsWith('SEND'));
    expect(sends.length).toBeGreaterThan(0);
    for (const p of sends) {
      expect(p.arrive).toBeLessThan(6_500);
      expect(p.rxAt!).toBeGreaterThan(6_500);
      expect(p.outcome).toBe('dropped-not-ready');
    }
  });
});
