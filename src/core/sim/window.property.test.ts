// The trace's bounded window: a run that keeps only its newest events hashes exactly like a run
// that keeps them all, and what it keeps is exactly the full run's tail (events and cause links),
// also after a checkpoint is restored from before the window and the run replays past it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Simulation, type ScenarioInput } from '../index.ts';
import { Trace, type TraceMark } from '../kit/trace.ts';

const scenario = (seed: number, interval: number, fault: boolean): ScenarioInput => ({
  version: 1, seed,
  config: {
    durationNs: 400_000,
    hosts: [{ name: 'A', cqDepths: [64] }, { name: 'B', cqDepths: [64] }],
    qps: [
      { host: 0, type: 'RC', peer: 1, recvs: 8, refill: true, attrs: { timeout: 3 } },
      { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true },
    ],
    workloads: [
      { id: 'a', qp: 0, opcode: 'IBV_WR_SEND', length: 2048, intervalNs: interval },
      { id: 'b', qp: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 4096, intervalNs: interval + 700, startNs: 300 },
    ],
  },
  commands: fault ? [{ t: 60_000, cmd: { kind: 'dropPackets', from: 0, count: 3 } }] : [],
});

/** The full run's events and causes from absolute index `from` on. */
function tail(full: Simulation, from: number) {
  const k = from - full.eventsFrom();
  return { events: full.events().slice(k), causes: full.causes().slice(k) };
}

describe('the trace window', () => {
  it('hashes like the full trace and keeps exactly its tail, before and after restoring past the window (seed 90210)', () => {
    let pastWindow = 0;
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1500, max: 6000 }), fc.boolean(),
      fc.integer({ min: 20, max: 1500 }), fc.integer({ min: 40_000, max: 200_000 }), fc.integer({ min: 0, max: 19 }),
      (seed, interval, fault, keep, end, cpAt) => {
        const sc = scenario(seed, interval, fault);
        const full = new Simulation(sc, { traceKeep: Infinity });
        const ring = new Simulation(sc, { traceKeep: keep });
        // Checkpoints along the way, as the timeline takes them.
        const cps = [];
        for (let k = 1; k <= 20; k++) {
          const t = Math.round((end * k) / 20);
          full.runUntil(t); ring.runUntil(t);
          cps.push(ring.checkpoint());
        }
        expect(ring.summary().traceHash).toBe(full.summary().traceHash);
        expect(ring.events().length).toBeLessThanOrEqual(keep + Math.ceil(keep / 8));
        expect(ring.events().length).toBeGreaterThanOrEqual(Math.min(keep, full.events().length));
        const kept = tail(full, ring.eventsFrom());
        expect(ring.events()).toEqual(kept.events);
        expect(ring.causes()).toEqual(kept.causes);
        // Back to a checkpoint (often before the window's start), then forward past the end again.
        const cp = cps[cpAt];
        if (cp.trace.count < ring.eventsFrom()) pastWindow++;
        ring.restore(cp);
        expect(ring.eventsFrom()).toBeLessThanOrEqual(cp.trace.count);
        ring.runUntil(end + 50_000);
        full.runUntil(end + 50_000);
        expect(ring.summary().traceHash).toBe(full.summary().traceHash);
        const again = tail(full, ring.eventsFrom());
        expect(ring.events()).toEqual(again.events);
        expect(ring.causes()).toEqual(again.causes);
        expect(ring.events().length).toBeLessThanOrEqual(keep + Math.ceil(keep / 8));
      },
    ), { seed: 90210, numRuns: 40 });
    // The interesting case happened, and often: the checkpoint lay before the window's start.
    expect(pastWindow).toBeGreaterThan(10);
  });
});

describe('Trace', () => {
  it('a rewind to before the window (or forward) empties it and starts again at the mark', () => {
    const t = new Trace<{ t: number; kind: string; n: number }>('full', 4);
    const marks: TraceMark[] = [];
    for (let n = 0; n < 20; n++) { marks.push(t.mark()); t.push({ t: n, kind: 'x', n }, n - 1); }
    expect(t.first).toBeGreaterThan(0);
    expect(t.events.length).toBeLessThanOrEqual(5);
    t.rewind(marks[3]);
    expect(t.count).toBe(3);
    expect(t.first).toBe(3);
    expect(t.events).toEqual([]);
    const hashAt3 = t.hash();
    t.push({ t: 3, kind: 'x', n: 3 }, 2);
    expect(t.at(3)).toEqual({ t: 3, kind: 'x', n: 3 });
    expect(t.causeOf(3)).toBe(2);
    expect(t.at(2)).toBeUndefined();
    expect(hashAt3).toBe(marks[3].h.hex());
    t.rewind(marks[10]);
    expect(t).toMatchObject({ count: 10, first: 10, events: [] });
    expect(t.hash()).toBe(marks[10].h.hex());
  });
  it('a rewind inside the window keeps the events before the mark', () => {
    const t = new Trace<{ t: number; kind: string }>('full', 100);
    const marks: TraceMark[] = [];
    for (let n = 0; n < 10; n++) { marks.push(t.mark()); t.push({ t: n, kind: 'x' }); }
    t.rewind(marks[6]);
    expect(t.events.map((e) => e.t)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(t.first).toBe(0);
  });
});
