import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANNEL_PRESETS, FAULT_KINDS, POLICIES, createStorm, type StormConfig } from '../index.ts';
import { stormScenario } from './stormScenario.ts';
import { stormProblems } from '../testkit/storms.ts';
import type { Storm } from './storm.ts';

const checkStorm = (s: Storm) => expect(stormProblems(s)).toEqual([]);

// Random storms, with random resets and policy switches while they run. After every step and
// at the end: nothing lost or retired twice, per-queue order kept, every faulted QP reported,
// pending or (once drained) lost — and the recorded run replays to the same trace hash.
const storm: fc.Arbitrary<StormConfig> = fc.record({
  qps: fc.integer({ min: 1, max: 40 }),
  fault: fc.constantFrom(...FAULT_KINDS),
  hosts: fc.integer({ min: 2, max: 5 }),
  outstanding: fc.integer({ min: 1, max: 5 }),
  classes: fc.integer({ min: 1, max: 3 }),
  policy: fc.constantFrom(...POLICIES),
  preset: fc.constantFrom(...CHANNEL_PRESETS),
  eqDepth: fc.integer({ min: 1, max: 64 }),
  serviceNs: fc.integer({ min: 1, max: 3000 }),
  eqeNs: fc.integer({ min: 0, max: 20_000 }),
  healthNs: fc.integer({ min: 10_000, max: 5_000_000 }),
  windowNs: fc.integer({ min: 100, max: 100_000 }),
  flapNs: fc.integer({ min: 1_000, max: 300_000_000 }),
  seed: fc.nat(1000),
});
const action = fc.oneof(
  fc.record({ t: fc.integer({ min: 0, max: 300_000_000 }), qp: fc.nat(), to: fc.constantFrom('RESET' as const, 'ERR' as const) }),
  fc.record({ t: fc.integer({ min: 0, max: 300_000_000 }), policy: fc.constantFrom(...POLICIES) }),
);

describe('storms under random faults, resets and policy switches', () => {
  it('conservation, one retirement per WR, per-queue order, reported + lost + pending = faulted; replay gives the same hash (seed 20261201)', () => {
    fc.assert(fc.property(storm, fc.array(action, { maxLength: 6 }), (cfg, acts) => {
      const s = createStorm(cfg, { trace: 'full' });
      const slots = s.grid();
      for (const a of [...acts].sort((x, y) => x.t - y.t)) {
        s.runUntil(Math.max(s.now, a.t));
        if ('policy' in a) s.setPolicy(a.policy);
        else {
          const i = a.qp % slots.slots.length;
          s.sim.issue({ kind: 'modifyQp', host: slots.host[i], qpn: slots.qpn[i], mask: ['IBV_QP_STATE'], attrs: { qp_state: a.to } });
        }
        checkStorm(s);
      }
      s.runToDrain();
      checkStorm(s);
      const sum = s.summary();
      expect(sum.drained).toBe(true);
      expect(sum.reported + sum.lostReports).toBe(sum.faulted);
      const replay = createStorm({ ...stormScenario(cfg), commands: s.sim.commands.map((c) => ({ t: c.t, cmd: c.cmd })) }, { trace: 'full' });
      replay.runUntil(s.now);
      expect(replay.summary().traceHash).toBe(sum.traceHash);
    }), { seed: 20261201, numRuns: 40 });
  });

  it('a storm that keeps its events and one that only hashes them (CQEs hashed from records) give the same hash (seed 20261205)', () => {
    fc.assert(fc.property(storm, (cfg) => {
      const full = createStorm(cfg, { trace: 'full' }), hashed = createStorm(cfg);
      expect(hashed.sim.world.trace.mode).toBe('hash');
      full.runToDrain(); hashed.runToDrain();
      expect(hashed.summary().traceHash).toBe(full.summary().traceHash);
      expect(hashed.sim.world.counters).toEqual(full.sim.world.counters);
    }), { seed: 20261205, numRuns: 25 });
  });

  it('a checkpoint taken mid-storm restores to the same future (seed 4711)', () => {
    fc.assert(fc.property(storm, fc.integer({ min: 1, max: 400 }), (cfg, cut) => {
      const straight = createStorm(cfg);
      straight.runToDrain();
      const s = createStorm(cfg);
      s.runUntil(cut * 1_000_000 % (straight.now + 1));
      const cp = s.checkpoint();
      s.runUntil(s.now + 1_000_000);
      s.restore(cp);
      s.runUntil(straight.now);
      expect(s.summary().traceHash).toBe(straight.summary().traceHash);
    }), { seed: 4711, numRuns: 25 });
  });
});

describe('the same storm', () => {
  it('replays to the same trace hash; switching policy live is recorded and replays too', () => {
    const cfg: StormConfig = { qps: 200, hosts: 5, fault: 'port-down', classes: 3 };
    const a = createStorm(cfg);
    a.runUntil(270_000_000);
    a.setPolicy('priority');
    a.runToDrain();
    const b = createStorm({ ...stormScenario(cfg), commands: a.sim.commands.map((c) => ({ t: c.t, cmd: c.cmd })) });
    b.runUntil(a.now);
    expect(b.summary().traceHash).toBe(a.summary().traceHash);
    const c = createStorm(cfg);
    c.runToDrain();
    expect(c.summary().traceHash).not.toBe(a.summary().traceHash);
  });
});
