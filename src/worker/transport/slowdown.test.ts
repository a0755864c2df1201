// "Slow down near events", driven through the worker API as the page drives it.
import { describe, expect, it } from 'vitest';
import { createTransportApi } from './api.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { SLOW_SPEED, marksOf } from './slowdown.ts';
import type { Frame } from './types.ts';
import type { SimEvent } from '../../core/index.ts';

const CHOSEN = 1_000_000;
/** The sandbox, with host A's next packet lost at 20 µs: a loss, then a retry, both to slow down for. */
function lossy() {
  const s = sandboxScenario();
  return { ...s, commands: [{ t: 20_000, cmd: { kind: 'dropPackets' as const, count: 1, from: 0 } }] };
}

function play(wallMs: (i: number) => number, until: number, on = true) {
  const api = createTransportApi();
  expect(api.load(lossy()).ok).toBe(true);
  api.setSpeed(CHOSEN);
  api.setSlowDown(on);
  api.play();
  const frames: Frame[] = [];
  for (let i = 0; frames.length < 20_000 && (frames.at(-1)?.t ?? 0) < until; i++) frames.push(api.tick(wallMs(i)));
  return { api, frames };
}

function lossInstant(api: ReturnType<typeof createTransportApi>): number {
  const all = (JSON.parse(api.exportTrace('json')) as { events: SimEvent[] }).events;
  const lost = all.find((e) => e.kind === 'pkt' && e.drop);
  if (!lost || lost.kind !== 'pkt') throw new Error('no lost packet in the trace');
  return Math.floor((lost.start + lost.arrive) / 2);
}

describe('slow down near events', () => {
  it('eases down to the slow pace around a lost packet and its retry, then returns to the chosen speed', () => {
    const { frames } = play(() => 16, 80_000);
    const slowed = frames.filter((f) => f.slow.why !== null);
    expect(slowed.length).toBeGreaterThan(10);
    expect(new Set(slowed.map((f) => f.slow.why))).toContain('a lost packet');
    expect(slowed.some((f) => f.slow.why === 'a retry')).toBe(true);
    expect(Math.min(...slowed.map((f) => f.slow.speed))).toBe(SLOW_SPEED);
    // The speed control keeps showing the person's choice.
    expect(frames.every((f) => f.speed === CHOSEN)).toBe(true);
    // Far from events each tick covers 16 ms × 1 ms/s; at the slow pace 16 ms × 2 µs/s.
    const steps = frames.slice(1).map((f, i) => ({ dt: f.t - frames[i].t, from: frames[i].slow }));
    expect(steps.filter((s) => s.from.why === null).some((s) => s.dt === 16_000)).toBe(true);
    const slowTicks = steps.filter((s) => s.from.speed === SLOW_SPEED);
    expect(slowTicks.length).toBeGreaterThan(10);
    expect(slowTicks.every((s) => s.dt <= 40)).toBe(true);
    expect(frames.at(-1)!.slow).toMatchObject({ on: true, speed: CHOSEN, why: null });
  });

  it('never jumps over a known loss at full speed: the wire reaches it slowly', () => {
    const { api, frames } = play(() => 16, 40_000);
    const L = lossInstant(api);
    const i = frames.findIndex((f) => f.t >= L);
    expect(i).toBeGreaterThan(0);
    expect(frames[i].t - frames[i - 1].t).toBeLessThanOrEqual(40);
    // The lost packet is on the wire (lost, lingering) in the frame that reaches it.
    expect(frames[i].world.packets.some((p) => p.drop)).toBe(true);
  });

  it('is decided in simulated terms: other tick lengths, or a seek, see the same speed at the same instant', () => {
    const a = play(() => 16, 50_000);
    const b = play((i) => [7, 33, 16, 50, 3][i % 5], 50_000);
    const seekTo = createTransportApi();
    seekTo.load(lossy(), 50_000);
    seekTo.setSpeed(CHOSEN);
    seekTo.setSlowDown(true);
    const sample = b.frames.filter((_, i) => i % 97 === 0).concat(b.frames.filter((f) => f.slow.why !== null).slice(0, 30));
    for (const f of sample) {
      seekTo.seek(f.t);
      const g = seekTo.play();
      seekTo.pause();
      expect({ t: f.t, speed: g.slow.speed, why: g.slow.why }).toEqual({ t: f.t, speed: f.slow.speed, why: f.slow.why });
    }
    // Both runs found the same slowed span around the loss.
    const span = (fs: Frame[]) => { const s = fs.filter((f) => f.slow.speed === SLOW_SPEED); return [Math.min(...s.map((f) => f.t)), Math.max(...s.map((f) => f.t))]; };
    const [a0, a1] = span(a.frames), [b0, b1] = span(b.frames);
    expect(Math.abs(a0 - b0)).toBeLessThanOrEqual(800);
    expect(Math.abs(a1 - b1)).toBeLessThanOrEqual(800);
  });

  it('off, playback is wall time × speed as before; on with nothing happening, too', () => {
    const off = play(() => 16, 30_000, false);
    expect(off.frames.slice(1).every((f, i) => f.t - off.frames[i].t === 16_000 || f.t === f.durationNs)).toBe(true);
    expect(off.frames.every((f) => f.slow.why === null && f.slow.speed === CHOSEN)).toBe(true);
    const quiet = createTransportApi();
    quiet.load(sandboxScenario());
    quiet.setSpeed(CHOSEN);
    quiet.setSlowDown(true);
    quiet.play();
    const f0 = quiet.tick(16);
    const f1 = quiet.tick(16);
    expect([f0.t, f1.t - f0.t]).toEqual([16_000, 16_000]);
  });

  it('knows which events matter: losses, NAKs, error completions, ERR/SQE, retries; not ordinary traffic', () => {
    const pkt = { t: 1, kind: 'pkt' as const, id: 1, src: 0, dst: 1, srcQpn: 1, dstQpn: 2, op: 'ACKNOWLEDGE', psn: 1, bytes: 1, start: 10, arrive: 30 };
    expect(marksOf(pkt)).toEqual([]);
    expect(marksOf({ ...pkt, syndrome: 'NAK_PSN' }).map((m) => m.t)).toEqual([10, 30]);
    expect(marksOf({ ...pkt, drop: 'fault' })).toEqual([{ t: 20, why: 'a lost packet' }]);
    expect(marksOf({ t: 5, kind: 'cqe', host: 0, cq: 0, qpn: 1, queue: 'sq', wr: 1, wrId: 1, status: 'IBV_WC_WR_FLUSH_ERR' })).toEqual([]);
    expect(marksOf({ t: 5, kind: 'cqe', host: 0, cq: 0, qpn: 1, queue: 'sq', wr: 1, wrId: 1, status: 'IBV_WC_RETRY_EXC_ERR' })).toHaveLength(1);
    expect(marksOf({ t: 5, kind: 'state', host: 0, qpn: 1, from: 'RTS', to: 'SQE', cause: 'send-error' } as SimEvent)[0].why).toBe('a QP moving to SQE');
  });

  it('keeps the worker within its work budget at scale: 1,000 QPs, top speed, a tick stays bounded', () => {
    const api = createTransportApi();
    const r = api.loadScale();
    expect(r.ok).toBe(true);
    expect(r.frame.world.grid.n).toBe(1000);
    expect(r.frame.world.qps.length).toBeLessThanOrEqual(2);
    api.setSpeed(1e7);
    api.setSlowDown(true);
    api.play();
    const sim = () => (api as unknown as { summary(): { traceEvents: number } }).summary().traceEvents;
    let before = sim();
    for (let i = 0; i < 3; i++) {
      api.tick(16);
      const now = sim();
      // Work per tick is bounded by steps (a few tens of thousands), not by how far the clock would go.
      expect(now - before).toBeLessThan(120_000);
      before = now;
    }
  });
});
