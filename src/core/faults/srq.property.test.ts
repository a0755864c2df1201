import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANNEL_PRESETS, FAULT_KINDS, POLICIES, createStorm, type StormConfig } from '../index.ts';
import { stormScenario } from './stormScenario.ts';
import { stormProblems } from '../testkit/storms.ts';
import { F_FAULTED } from './state.ts';
import type { Storm } from './storm.ts';

// SRQ-attached QPs in a storm: each that enters ERR raises IBV_EVENT_QP_LAST_WQE_REACHED (rxe,
// rdmavt rvt_error_qp; mlx5 MLX5_EVENT_TYPE_SRQ_LAST_WQE and hns SRQ_LAST_WQE_REACH as QP events)
// through the same async EQ (claim srq-last-wqe) [sources: srq]; the model writes it after the QP's
// error report (claim last-wqe-order) [sources: model-faults]. The storm's laws, extended:
// reported + lostReports = faulted still; raised = delivered + lost for LAST_WQE_REACHED once drained.
const storm: fc.Arbitrary<StormConfig> = fc.record({
  qps: fc.integer({ min: 1, max: 48 }),
  fault: fc.constantFrom(...FAULT_KINDS),
  hosts: fc.integer({ min: 2, max: 5 }),
  outstanding: fc.integer({ min: 1, max: 5 }),
  classes: fc.integer({ min: 1, max: 3 }),
  policy: fc.constantFrom(...POLICIES),
  preset: fc.constantFrom(...CHANNEL_PRESETS),
  eqDepth: fc.integer({ min: 1, max: 64 }),
  serviceNs: fc.integer({ min: 1, max: 3000 }),
  eqeNs: fc.integer({ min: 0, max: 40_000 }),
  healthNs: fc.integer({ min: 10_000, max: 5_000_000 }),
  idle: fc.constantFrom(0, 0.25),
  srq: fc.constantFrom(0.25, 0.5, 1),
  seed: fc.nat(1000),
});

/** SRQ-attached QPs (on host 0, whichever side posts), and those of them that faulted. */
function srqQps(s: Storm): { on: number; faulted: number } {
  const w = s.sim.world;
  let on = 0, faulted = 0;
  for (const slot of w.storm!.groupSlots) {
    if (w.qps.f.srqn[slot] === 0) continue;
    on++;
    if (w.storm!.flags[slot] & F_FAULTED) faulted++;
  }
  return { on, faulted };
}

describe('SRQ QPs in storms: LAST_WQE_REACHED through the same event queue', () => {
  it('drained; reported + lost = faulted; LAST_WQE_REACHED raised = delivered + lost, at most one per faulted SRQ QP, exactly one while the device lives; replay gives the same hash (seed 20261203)', () => {
    fc.assert(fc.property(storm, (cfg) => {
      const s = createStorm(cfg, { trace: 'full' });
      s.runToDrain();
      expect(stormProblems(s)).toEqual([]);
      const sum = s.summary();
      const q = srqQps(s);
      expect(sum.drained).toBe(true);
      expect(sum.reported + sum.lostReports).toBe(sum.faulted);
      expect(sum.lastWqe.raised).toBe(sum.lastWqe.delivered + sum.lastWqe.lost);
      expect(sum.events.IBV_EVENT_QP_LAST_WQE_REACHED ?? 0).toBe(sum.lastWqe.delivered);
      expect(sum.lastWqe.raised).toBeLessThanOrEqual(q.faulted);
      const died = s.sim.events().some((e) => e.kind === 'storm' && (e.what === 'device dead' || e.what === 'function reset requested'));
      if (!died) expect(sum.lastWqe.raised).toBe(q.faulted);
      const replay = createStorm({ ...stormScenario(cfg), commands: s.sim.commands.map((c) => ({ t: c.t, cmd: c.cmd })) }, { trace: 'full' });
      replay.runUntil(s.now);
      expect(replay.summary().traceHash).toBe(sum.traceHash);
    }), { seed: 20261203, numRuns: 40 });
  });

  it('a QP\'s LAST_WQE_REACHED never reaches software before its report (seed 77)', () => {
    fc.assert(fc.property(storm, (cfg) => {
      const s = createStorm(cfg, { trace: 'full' });
      s.runToDrain();
      const reportAt = new Map<number, number>();
      for (const e of s.sim.events()) {
        if (e.kind === 'report' && e.host === 0) reportAt.set(e.qpn, e.t);
        if (e.kind === 'async' && e.event === 'IBV_EVENT_QP_LAST_WQE_REACHED' && e.host === 0) {
          expect(reportAt.get(e.qpn!), `QP ${e.qpn}`).toBeLessThanOrEqual(e.t);
        }
      }
    }), { seed: 77, numRuns: 30 });
  });
});

describe('SRQ QPs: the setting and the figures', () => {
  it('off by default: no SRQ, the same trace hash as before the setting existed', () => {
    const cfg: StormConfig = { qps: 256, hosts: 4, fault: 'context-read-error' };
    const a = createStorm(cfg); a.runToDrain();
    const b = createStorm({ ...cfg, srq: 0 }); b.runToDrain();
    expect(b.summary().traceHash).toBe(a.summary().traceHash);
    expect(a.summary().lastWqe).toEqual({ raised: 0, delivered: 0, lost: 0 });
    expect(a.sim.world.srqs).toHaveLength(0);
  });

  it.each([['mlx5', 256], ['mlx4', 256], ['hns', 256]] as const)('%s, context read error, half of %d QPs on the SRQ: one LAST_WQE_REACHED each, after its QP_FATAL', (preset, qps) => {
    const s = createStorm({ qps, hosts: 4, fault: 'context-read-error', preset, srq: 0.5, policy: 'fifo' });
    s.runToDrain();
    const m = s.summary();
    expect(srqQps(s)).toEqual({ on: qps / 2, faulted: qps / 2 });
    expect(m.lastWqe).toEqual({ raised: qps / 2, delivered: qps / 2, lost: 0 });
    expect(m.events.IBV_EVENT_QP_FATAL).toBe(qps);
  });

  it('the extra EQEs fill a narrow queue: on mlx4 (logged, the driver continues) the same storm overruns more with its QPs on an SRQ, and every LAST_WQE_REACHED is still delivered or counted lost', () => {
    const cfg: StormConfig = { qps: 512, hosts: 4, fault: 'context-read-error', preset: 'mlx4', eqDepth: 64, eqeNs: 20_000, policy: 'fifo' };
    const plain = createStorm(cfg); plain.runToDrain();
    const srq = createStorm({ ...cfg, srq: 1 }); srq.runToDrain();
    const a = plain.summary(), b = srq.summary();
    expect(b.eqOverruns).toBeGreaterThan(a.eqOverruns);
    expect(b.lastWqe.lost).toBeGreaterThan(0);
    expect(b.lastWqe.raised).toBe(b.lastWqe.delivered + b.lastWqe.lost);
    expect(b.reported + b.lostReports).toBe(b.faulted);
  });

  it('the program reads and acknowledges each LAST_WQE_REACHED too: with every QP on the SRQ its async fd backs up further and destroy waits longer (ibv_get_async_event(3))', () => {
    const cfg: StormConfig = { qps: 256, hosts: 4, fault: 'context-read-error', consumer: 'user', policy: 'fifo' };
    const run = (srq: number) => { const s = createStorm({ ...cfg, srq }); s.runToDrain(); return s.program({ eventNs: 50_000, ackNs: 1_000_000 }); };
    const plain = run(0), srq = run(1);
    expect(srq.asyncBacklogMax).toBeGreaterThan(plain.asyncBacklogMax);
    expect(srq.destroyWait.p50).toBeGreaterThan(plain.destroyWait.p50);
    expect(srq.unlearned).toBe(0);
  });
});
