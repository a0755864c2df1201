// A lesson step that moves the clock keeps its evidence in view (issue 17: intro step 5 runs
// 150 µs after two packets are dropped, and the drops scrolled out of the log).
import { describe, expect, it } from 'vitest';
import { Simulation, type ScenarioInput } from '../../../core/index.ts';
import { PINNED_MAX, pinnedEvents } from './Pinned.tsx';

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

describe('pinned evidence of a lesson step', () => {
  const s = new Simulation(scenario());
  s.runUntil(205_000);
  const log = s.events();

  it('after a 150 µs run the drops that started it are pinned first, though far more than a screen of lines follows them', () => {
    const pinned = pinnedEvents(log, s.eventsFrom(), 50_000);
    const after = log.filter((e) => e.t >= 50_000);
    expect(after.length).toBeGreaterThan(60);
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.length).toBeLessThanOrEqual(PINNED_MAX);
    expect(pinned[0].e).toMatchObject({ kind: 'fault' });
    expect(pinned.some((p) => p.e.kind === 'pkt' && p.e.drop)).toBe(true);
    expect(pinned.some((p) => p.e.kind === 'retry' || (p.e.kind === 'rx' && p.e.outcome === 'nak'))).toBe(true);
    // Each pinned line keeps its trace index, so its "why?" and the log's agree.
    for (const p of pinned) expect(log[p.i - s.eventsFrom()]).toBe(p.e);
  });

  it('nothing before the step began is pinned, and a quiet step pins nothing', () => {
    expect(pinnedEvents(log, s.eventsFrom(), 50_001).every((p) => p.e.t >= 50_001)).toBe(true);
    expect(pinnedEvents(log.filter((e) => e.t < 50_000), s.eventsFrom(), 0)).toEqual([]);
  });
});
