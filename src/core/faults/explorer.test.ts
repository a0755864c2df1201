import { describe, expect, it } from 'vitest';
import { exploreInterleavings, permutations, stepThrough, type ExplorerInput } from './explorer.ts';

const faults = (n: number, cls: (i: number) => number = () => 0) => Array.from({ length: n }, (_, i) => ({ qpn: 0x100 + i, cls: cls(i) }));
const base = (o: Partial<ExplorerInput>): ExplorerInput => ({ faults: faults(4), policy: 'fifo', eqSize: 64, budget: 128, overrun: 'report-continue', ...o });

describe('interleaving explorer', () => {
  it('enumerates every detection order once (n!)', () => {
    const p = permutations([1, 2, 3, 4]);
    expect(p).toHaveLength(24);
    expect(new Set(p.map((x) => x.join())).size).toBe(24);
  });
  it('FIFO with room to spare: software sees exactly the detection order, so every order is its own outcome', () => {
    const r = exploreInterleavings(base({ faults: faults(5) }));
    expect(r.orders).toBe(120);
    expect(r.groups).toHaveLength(120);
    for (const g of r.groups) { expect(g.reported).toEqual(g.orders[0]); expect(g.lost).toEqual([]); }
  });
  it('strict priority over distinct classes: every order collapses to one outcome, highest priority first', () => {
    const classes = [0, 1, 2, 3].map((i) => ({ name: `c${i}`, weight: 1, priority: i }));
    const r = exploreInterleavings(base({ policy: 'priority', classes, faults: faults(4, (i) => i) }));
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0].reported).toEqual([0x103, 0x102, 0x101, 0x100]);
  });
  it('round-robin by class: one class alone is FIFO (every order its own outcome); two classes alternate', () => {
    const one = exploreInterleavings(base({ policy: 'round-robin', faults: faults(4) }));
    expect(one.groups).toHaveLength(24);
    for (const g of one.groups) expect(g.reported).toEqual(g.orders[0]);
    const classes = [0, 1].map((i) => ({ name: `c${i}`, weight: 1, priority: 0 }));
    const two = exploreInterleavings(base({ policy: 'round-robin', classes, faults: faults(4, (i) => (i < 3 ? 0 : 1)) }));
    // The class-1 QP (0x103) is served second in every order: right after the first class-0 QP.
    for (const g of two.groups) expect(g.reported.indexOf(0x103)).toBe(1);
  });
  it('a 2-slot EQ that reports overruns and continues (mlx4): which QPs are lost depends on the order', () => {
    const r = exploreInterleavings(base({ eqSize: 2, serviceNs: 10, irqNs: 100_000, overrun: 'report-continue' }));
    expect(r.groups.every((g) => g.lost.length === 2 && g.reported.length === 2)).toBe(true);
    const lostSets = new Set(r.groups.map((g) => g.lost.join()));
    expect(lostSets.size).toBe(6); // any 2 of 4 can be the lost ones
  });
  it('the same overrun on mlx5 is fatal: DEVICE_FATAL covers everyone, nothing is lost', () => {
    const r = exploreInterleavings(base({ eqSize: 2, serviceNs: 10, irqNs: 100_000, overrun: 'fatal' }));
    expect(r.groups.every((g) => g.deviceFatal && g.lost.length === 0)).toBe(true);
  });
  it('stepping through one order: detect, service, EQE, interrupt, consume, QUERY_QP, report — in time order', () => {
    const { steps, outcome } = stepThrough(base({ faults: faults(2) }), [0x101, 0x100]);
    expect(steps.map((s) => s.what)).toEqual(['detect', 'detect', 'service', 'service', 'eqe', 'eqe', 'irq', 'consume', 'query', 'report', 'query', 'report']);
    expect(steps.map((s) => s.t)).toEqual([...steps.map((s) => s.t)].sort((a, b) => a - b));
    expect(outcome.reported).toEqual([0x101, 0x100]);
    expect(outcome.reportNs[1] - outcome.reportNs[0]).toBe(10_000); // serialized QUERY_QP
  });
  it('refuses more than 6 simultaneous faults', () => {
    expect(() => exploreInterleavings(base({ faults: faults(7) }))).toThrow(/at most 6/);
  });
});
