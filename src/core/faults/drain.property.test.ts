// Every storm drains, or says why it cannot (issue 18): with idle QPs, class mixes, both
// consumers and every preset, a storm run to its end is drained with nothing pending — or its
// summary names what is still in flight and the run stopped at its time bound. Conservation and
// reported + lost = faulted hold either way; unaware QPs are never counted as faulted.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANNEL_PRESETS, CONSUMERS, FAULT_KINDS, POLICIES, QP_CLASS_MIXES, createStorm, type StormConfig } from '../index.ts';
import { stormProblems } from '../testkit/storms.ts';
import { drainBlocker, isDrained } from './metrics.ts';

const storm: fc.Arbitrary<StormConfig> = fc.record({
  qps: fc.integer({ min: 1, max: 48 }),
  fault: fc.constantFrom(...FAULT_KINDS),
  hosts: fc.integer({ min: 2, max: 5 }),
  outstanding: fc.integer({ min: 1, max: 4 }),
  classes: fc.integer({ min: 1, max: 4 }),
  policy: fc.constantFrom(...POLICIES),
  preset: fc.constantFrom(...CHANNEL_PRESETS),
  consumer: fc.constantFrom(...CONSUMERS),
  idle: fc.constantFrom(0, 0.25, 0.5, 0.9),
  classMix: fc.constantFrom(...QP_CLASS_MIXES),
  eqDepth: fc.integer({ min: 1, max: 64 }),
  serviceNs: fc.integer({ min: 1, max: 3000 }),
  eqeNs: fc.integer({ min: 0, max: 60_000 }),
  healthNs: fc.integer({ min: 10_000, max: 5_000_000 }),
  windowNs: fc.integer({ min: 100, max: 100_000 }),
  flapNs: fc.integer({ min: 1_000, max: 300_000_000 }),
  seed: fc.nat(1000),
});

describe('every storm drains, or says why it cannot', () => {
  it('drained with no pending report, or a named blocker at the time bound; identities hold (seed 18180018)', () => {
    fc.assert(fc.property(storm, (cfg) => {
      const s = createStorm(cfg);
      s.runToDrain();
      const sum = s.summary();
      if (sum.drained) {
        expect(sum.pendingReports).toBe(0);
        expect(sum.notDrained).toBeUndefined();
      } else {
        expect(sum.notDrained).toMatch(/\w/);
        expect(s.sim.now).toBeGreaterThanOrEqual(s.sim.scenario.config.durationNs);
      }
      expect(sum.reported + sum.lostReports + sum.pendingReports).toBe(sum.faulted);
      expect(sum.wr.posted).toBe(sum.wr.completed + sum.wr.discarded + sum.wr.outstanding);
      expect(sum.unaware).toBeLessThanOrEqual(sum.qps);
      expect(stormProblems(s)).toEqual([]);
    }), { seed: 18180018, numRuns: 60 });
  });

  it('the quick drain check (a scan that resumes where it last found work) answers as drainBlocker does, at every step of the way (seed 919191)', () => {
    fc.assert(fc.property(storm, fc.integer({ min: 20_000, max: 2_000_000 }), (cfg, stepNs) => {
      const s = createStorm(cfg);
      const end = s.sim.scenario.config.durationNs;
      for (let k = 0; k < 400 && s.now < end; k++) {
        const done = drainBlocker(s.sim.world) === null;
        expect(s.drained()).toBe(done);
        // Whatever the scan's starting point: the answer never depends on the hint.
        for (const at of [0, 1, cfg.qps, 2 * cfg.qps - 1, 10 ** 6]) expect(isDrained(s.sim.world, { at })).toBe(done);
        if (done) break;
        s.runUntil(s.now + stepNs);
      }
    }), { seed: 919191, numRuns: 40 });
  });

  it('in practice every one of them drains well inside its bound (seed 424242)', () => {
    fc.assert(fc.property(storm, (cfg) => {
      const s = createStorm(cfg);
      s.runToDrain();
      expect(s.summary().notDrained ?? 'drained').toBe('drained');
    }), { seed: 424242, numRuns: 40 });
  });
});
