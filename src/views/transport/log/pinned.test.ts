// A lesson step that moves the clock keeps its evidence in view (issue 17: intro step 5 runs
// 150 µs after two packets are dropped, and the drops scrolled out of the log).
import { describe, expect, it } from 'vitest';
import { Simulation, type ScenarioInput, type SimEvent } from '../../../core/index.ts';
import { PINNED_MAX, nextPinned, type Pinned } from '../../../store/transport.ts';

const scenario = (): ScenarioInput => ({
  version: 1, seed: 3,
  config: {
    durationNs: 400_000,
    hosts: [{ name: 'Host A', pollIntervalNs: 0 }, { name: 'Host B' }],
    qps: [{ host: 0, type: 'RC', peer: 1, recvs: 64, refill: true, attrs: { timeout: 4 } }, { host: 1, type: 'RC', peer: 0, recvs: 64, refill: true }],
  },
  commands: [
    { t: 50_000, cmd: { kind: 'dropPackets', count: 2, from: 0 } },
    ...Array.from({ length: 40 }, (_, i) => ({ t: 50_000 + i * 2000, cmd: { kind: 'postSend' as const, host: 0, qpn: 0x100, wr: { wrId: i, opcode: 'IBV_WR_SEND' as const, length: 512, signaled: true } } })),
  ],
});

const lesson = (step: number) => ({ id: 'intro', step } as never);
const frame = (events: readonly SimEvent[], eventsFrom: number, t: number, step = 4, resetLog = false) => ({ lesson: lesson(step), t, events: [...events], eventsFrom, resetLog, logGap: false });
const EMPTY: Pinned = { key: null, t0: 0, items: [] };

describe('pinned evidence of a lesson step', () => {
  const s = new Simulation(scenario());
  s.runUntil(50_000);
  const before = s.events().length;
  s.runUntil(205_000);
  const all = s.events();

  it('frames of a 150 µs run, one slice at a time: the drop that started it is pinned first, however many lines follow', () => {
    let p = nextPinned(EMPTY, frame(all.slice(0, before), 0, 50_000));
    for (let k = before; k < all.length; k += 7) p = nextPinned(p, frame(all.slice(k, k + 7), k, all[Math.min(all.length, k + 7) - 1].t));
    expect(all.length - before).toBeGreaterThan(60);
    expect(p.items.length).toBeGreaterThan(0);
    expect(p.items.length).toBeLessThanOrEqual(PINNED_MAX);
    expect(p.items[0].e).toMatchObject({ kind: 'fault' });
    expect(p.items.some((x) => x.e.kind === 'pkt' && x.e.drop)).toBe(true);
    expect(p.items.some((x) => x.e.kind === 'retry' || (x.e.kind === 'rx' && x.e.outcome === 'nak'))).toBe(true);
    for (const x of p.items) expect(all[x.i]).toBe(x.e);
  });

  it('nothing before the step began is pinned; a new step starts over; outside a lesson nothing is', () => {
    const p = nextPinned(EMPTY, frame(all, 0, 50_000));
    expect(p.items.every((x) => x.e.t >= 50_000)).toBe(true);
    // A new step starts over; leaving the lesson pins nothing.
    expect(nextPinned(p, frame([], all.length, 205_000, 5)).items).toEqual([]);
    expect(nextPinned(p, { ...frame([], all.length, 205_000), lesson: null }).items).toEqual([]);
  });
});
