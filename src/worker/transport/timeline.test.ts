// Checkpoints within a byte budget: a scenario whose every checkpoint is megabytes keeps only
// what fits, the start included (rebuilt from the scenario when a seek needs it), and seeking
// anywhere still equals a fresh run. Counts and hashes, never time.
import { describe, expect, it } from 'vitest';
import { Simulation, type ScenarioInput } from '../../core/index.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { Timeline } from './timeline.ts';

function deep(): ScenarioInput {
  const n = 128;
  const qps: NonNullable<ScenarioInput['config']['qps']> = [];
  for (let i = 0; i < n; i++) qps.push({ host: 0, type: 'RC', peer: n + i, recvs: 512, rqDepth: 1024, refill: true });
  for (let i = 0; i < n; i++) qps.push({ host: 1, type: 'RC', peer: i, recvs: 512, rqDepth: 1024, refill: true });
  return {
    version: 1, seed: 8, title: '256 QPs with 512 receives each',
    config: {
      durationNs: 10_000_000, hosts: [{ name: 'A', cqDepths: [4096] }, { name: 'B', cqDepths: [4096] }], qps,
      workloads: Array.from({ length: 8 }, (_, i) => ({ id: `w${i}`, qp: n + i, opcode: 'IBV_WR_SEND' as const, length: 512, intervalNs: 3000 })),
    },
  };
}
/** A fresh run's trace hash at each instant (one run, in order). */
function fresh(times: number[]): Map<number, string> {
  const s = new Simulation(deep(), { trace: 'hash' });
  const out = new Map<number, string>();
  for (const t of [...times].sort((a, b) => a - b)) { s.runUntil(t); out.set(t, s.summary().traceHash); }
  return out;
}

describe('checkpoints within a byte budget', () => {
  it('a scenario of megabyte checkpoints keeps what fits, rebuilds the start, and every seek equals a fresh run', () => {
    const sim = new Simulation(deep(), { traceKeep: 2_000 });
    const size = sim.checkpoint().bytes;
    expect(size).toBeGreaterThan(4 << 20);
    const budget = Math.floor(size * 2.5);
    const tl = new Timeline(sim, { checkpointBytes: budget });
    // The start alone is more than an eighth of the budget: not kept as a copy.
    expect(tl.checkpointBytes).toBe(0);
    tl.reach(200_000);
    expect(tl.checkpointBytes).toBeLessThanOrEqual(budget);
    expect(tl.checkpointCount).toBeLessThanOrEqual(4);
    const times = [0, 1_500, 120_000, 190_000, 10_000];
    const ref = fresh(times);
    for (const t of times) {
      tl.seek(t);
      expect(sim.now).toBe(t);
      expect(sim.summary().traceHash).toBe(ref.get(t));
    }
  });
});

describe('checkpoints within a count', () => {
  it('once full, the store stays full (no sawtooth), evenly spread, and every seek still equals a fresh run', () => {
    const max = 16;
    const sandbox = (): ScenarioInput => ({ ...sandboxScenario(), config: { ...sandboxScenario().config, durationNs: 10_000_000 } });
    const sim = new Simulation(sandbox(), { traceKeep: 2_000 });
    const tl = new Timeline(sim, { maxCheckpoints: max });
    const counts: number[] = [];
    for (let t = 50_000; t <= 3_000_000; t += 50_000) { tl.reach(t); counts.push(tl.checkpointCount); }
    const full = counts.indexOf(max);
    expect(full).toBeGreaterThanOrEqual(0);
    expect(full).toBeLessThan(counts.length / 2);
    // Halving would drop it to max / 2 + 1 at the next overflow; thinning one at a time never does.
    expect(Math.min(...counts.slice(full))).toBe(max);
    const at = tl.checkpointTimes;
    expect(at[0]).toBe(0);
    const gaps = at.slice(1).map((x, i) => x - at[i]);
    const mean = (at[at.length - 1] - at[0]) / gaps.length;
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3 * mean);
    const times = [0, 33_333, 1_250_000, 2_999_000, 123_456];
    const ref = new Map<number, string>();
    const s = new Simulation(sandbox(), { trace: 'hash' });
    for (const t of [...times].sort((a, b) => a - b)) { s.runUntil(t); ref.set(t, s.summary().traceHash); }
    for (const t of times) {
      tl.seek(t);
      expect(sim.summary().traceHash).toBe(ref.get(t));
    }
  });
});

describe('an instant reached has run everything due at it', () => {
  /** The first `n` instants at which something is due in the sandbox, t = 0 first (several items share most of them). */
  function dueInstants(n: number): number[] {
    const s = new Simulation(sandboxScenario(), { trace: 'hash' });
    const out: number[] = [];
    while (out.length < n) { const d = s.nextDue(); out.push(d); s.runUntil(d); }
    return out;
  }
  it.each([1, 2, 3, 7, 40_000])('with a step budget of %i per call, as a fresh run to each instant', (stepBudget) => {
    const times = dueInstants(40);
    expect(times[0]).toBe(0);
    const ref = new Simulation(sandboxScenario(), { trace: 'hash' });
    const tl = new Timeline(new Simulation(sandboxScenario(), { trace: 'hash' }), { stepBudget });
    for (const t of times) {
      ref.runUntil(t);
      while (!tl.advance(t)) { /* bounded calls, as a tick makes them */ }
      expect(tl.sim.summary().traceHash, `t = ${t}`).toBe(ref.summary().traceHash);
    }
  });
});
