// The wire feed keeps an index from frame to frame; what it lists must be what one fresh look back
// over the whole trace lists at the same instant, however the instant was reached (small steps,
// big ones, a rewind), and with a bounded trace window as long as each frame's events fit in it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Simulation, type ScenarioInput } from '../../core/index.ts';
import { sandboxScenario, scaleScenario } from '../../scenario/presets.ts';
import { WireFeeder, type FeedOptions } from './wireFeed.ts';

const OPTS: FeedOptions = { lostLingerNs: 4_000, arriveLingerNs: 300 };

/** The sandbox with packets lost both ways, so the lost list is exercised too. */
function lossy(): ScenarioInput {
  const s = sandboxScenario();
  return {
    ...s,
    commands: [
      { t: 8_000, cmd: { kind: 'dropPackets', count: 2, from: 0 } },
      { t: 15_000, cmd: { kind: 'dropPackets', count: 1, from: 1 } },
      { t: 30_000, cmd: { kind: 'dropPackets', count: 3, from: 0 } },
    ],
  };
}

const feedOf = (f: WireFeeder, s: Simulation, o: FeedOptions = OPTS) => {
  const tr = s.world.trace;
  return f.feed({ run: s, events: tr.events, count: tr.count, first: tr.first, hosts: s.world.hosts.length }, s.now, o);
};
const shape = (w: ReturnType<typeof feedOf>) => ({ ids: w.packets.map((p) => p.id), queued: w.queued, omitted: w.omitted });

describe('wire feed', () => {
  it('fed frame by frame, it lists what a fresh look back lists, at every instant (seed 4401)', () => {
    let lost = 0, listed = 0;
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 6_000 }), { minLength: 5, maxLength: 40 }), (steps) => {
      const s = new Simulation(lossy(), { traceKeep: Infinity });
      const kept = new WireFeeder();
      for (const dt of steps) {
        s.runUntil(s.now + dt);
        const a = feedOf(kept, s), b = feedOf(new WireFeeder(), s);
        expect(b.complete).toBe(true);
        expect(shape(a)).toEqual(shape(b));
        lost += a.packets.filter((p) => p.drop).length;
        listed += a.packets.length;
      }
    }), { seed: 4401, numRuns: 25 });
    // The runs did put packets, lost ones among them, on the wire.
    expect(listed).toBeGreaterThan(100);
    expect(lost).toBeGreaterThan(0);
  });

  it('after a rewind (a restored checkpoint) it starts again and agrees with a fresh look back (seed 4402)', () => {
    fc.assert(fc.property(fc.integer({ min: 5_000, max: 40_000 }), fc.integer({ min: 1, max: 30_000 }), (back, fwd) => {
      const s = new Simulation(lossy(), { traceKeep: Infinity });
      const kept = new WireFeeder();
      s.runUntil(back);
      const cp = s.checkpoint();
      for (let t = back; t < back + 30_000; t += 2_500) { s.runUntil(t); feedOf(kept, s); }
      s.restore(cp);
      s.runUntil(back + Math.min(fwd, 2_000));
      expect(shape(feedOf(kept, s))).toEqual(shape(feedOf(new WireFeeder(), s)));
    }), { seed: 4402, numRuns: 15 });
  });

  it('with a bounded trace window, frame by frame it still lists what the unbounded run lists (1,000 QPs, port queue a millisecond deep)', () => {
    // Each frame's events fit in the window, so nothing leaves it unseen; a fresh look back
    // over the same window could not reach the packets emitted a millisecond ago.
    const sc = scaleScenario();
    const small = new Simulation(sc, { traceKeep: 5_000 });
    const full = new Simulation(sc, { traceKeep: Infinity });
    const a = new WireFeeder(), b = new WireFeeder();
    let behind = 0, flying = 0;
    for (let t = 2_000; t <= 1_600_000; t += 4_000) {
      small.runUntil(t);
      full.runUntil(t);
      const wa = feedOf(a, small), wb = feedOf(b, full);
      expect(shape(wa)).toEqual(shape(wb));
      expect(wa.complete).toBe(true);
      if (!feedOf(new WireFeeder(), small).complete) behind++;
      flying += wa.packets.length;
    }
    expect(small.world.trace.first).toBeGreaterThan(0);
    expect(flying).toBeGreaterThan(1_000);
    // The case the index exists for: a fresh look back over the window falls short.
    expect(behind).toBeGreaterThan(0);
  });

  it('the selected QP\'s latest arrival is listed past the cap on arrivals', () => {
    const s = new Simulation(scaleScenario(), { traceKeep: Infinity });
    s.runUntil(900_000);
    // A long arrival linger (top speed): far more lanes have a recent arrival than the list holds.
    const o: FeedOptions = { lostLingerNs: 4_000, arriveLingerNs: 400_000 };
    const capped = feedOf(new WireFeeder(), s, o);
    const lane = (p: { src: number; srcQpn: number; dst: number; dstQpn: number }) => `${p.src}:${p.srcQpn}>${p.dst}:${p.dstQpn}`;
    const listed = new Set(capped.packets.filter((p) => p.arrive <= s.now).map(lane));
    const recent = new Map<string, number>();
    for (const e of s.world.trace.events) {
      if (e.kind === 'pkt' && !e.drop && e.arrive <= s.now && s.now - e.arrive <= o.arriveLingerNs) recent.set(lane(e), e.id);
    }
    expect(recent.size).toBeGreaterThan(listed.size);
    const [key, id] = [...recent].find(([k]) => !listed.has(k))!;
    const [src, srcQpn] = key.split('>')[0].split(':').map(Number);
    const focused = feedOf(new WireFeeder(), s, { ...o, focus: { host: src, qpn: srcQpn } });
    expect(focused.packets.map((p) => p.id)).toContain(id);
  });
});
