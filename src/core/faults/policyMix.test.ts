import { describe, expect, it } from 'vitest';
import { createStorm, type StormConfig } from '../index.ts';

// Round-robin and weighted-fair against FIFO on a skewed class mix (10/20/30/40 %), where a queue
// forms in front of the error engine: the policies are the model's design alternatives (claim
// policies-are-alternatives), so these tests check the model against its own definitions.
const mean = (a: Float64Array) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);

function run(policy: StormConfig['policy'], o: Partial<StormConfig> = {}) {
  const s = createStorm({ qps: 1024, hosts: 3, fault: 'host-crash', classMix: 'skewed', serviceNs: 100_000, policy, ...o });
  s.runToDrain();
  return { sum: s.summary(), delay: s.latencies().delayByClass.map(mean) };
}

describe('a skewed class mix with a backlog (1,024 QPs, host crash, 100 µs per report)', () => {
  const fifo = run('fifo');
  const rr = run('round-robin');
  const wf = run('weighted-fair');
  it('every policy reports every faulted QP and drains', () => {
    for (const r of [fifo, rr, wf]) {
      expect(r.sum.drained).toBe(true);
      expect(r.sum.reported).toBe(r.sum.faulted);
      expect(r.sum.faulted).toBe(1024);
    }
  });
  it('FIFO: the classes interleave in proportion, so every class waits the same on average (Jain 1)', () => {
    const lo = Math.min(...fifo.delay), hi = Math.max(...fifo.delay);
    expect(hi / lo).toBeLessThan(1.01);
    expect(fifo.sum.jain).toBeGreaterThan(0.999);
  });
  it('round-robin differs from FIFO: another trace hash, and the small class waits far less, the large one more', () => {
    expect(rr.sum.traceHash).not.toBe(fifo.sum.traceHash);
    expect(rr.delay[0]).toBeLessThan(fifo.delay[0] / 2);
    expect(rr.delay[3]).toBeGreaterThan(fifo.delay[3]);
    // Equal turns per class: delay grows with the class's share of the QPs.
    for (let c = 1; c < 4; c++) expect(rr.delay[c]).toBeGreaterThan(rr.delay[c - 1]);
  });
  it('weighted-fair (weights 4:3:2:1) differs from both: class 0 gets more than its round-robin turn', () => {
    expect(new Set([fifo.sum.traceHash, rr.sum.traceHash, wf.sum.traceHash]).size).toBe(3);
    expect(wf.delay[0]).toBeLessThan(rr.delay[0]);
    expect(wf.delay[3]).toBeGreaterThan(rr.delay[3]);
  });
  it('on an interleaved mix of equal classes round-robin takes the classes in turn, as FIFO nearly does: the same report times within 1 %', () => {
    const a = run('fifo', { classMix: 'interleaved' }).sum;
    const b = run('round-robin', { classMix: 'interleaved' }).sum;
    expect(Math.abs(a.reportNs.p99 - b.reportNs.p99) / a.reportNs.p99).toBeLessThan(0.01);
  });
});
