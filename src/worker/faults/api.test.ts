import { describe, expect, it } from 'vitest';
import { createFaultsApi } from './api.ts';

describe('faults worker API', () => {
  it('plays a storm by wall time × speed and reports its phases per QP', () => {
    const api = createFaultsApi();
    api.setSettings({ qps: 64 });
    api.setSpeed(100_000_000);
    api.play();
    let f = api.tick(100); // 10 ms simulated
    expect(f.live.t).toBe(10_000_000);
    expect(f.grid).toBeNull(); // per-QP facts were sent with the settings change
    f = api.runToEnd();
    expect(f.live.drained).toBe(true);
    expect(f.live.summary.reported + f.live.summary.lostReports).toBe(f.live.summary.faulted);
    expect(f.live.phase.length).toBe(64);
  });
  it("catchUp brings a fresh storm to the instant played, paused, in bounded calls, with the same numbers (a restart's way back)", () => {
    const played = createFaultsApi({ liveSteps: 2000 });
    played.setSettings({ qps: 256, fault: 'host-crash' });
    played.setSpeed(2_000_000);
    played.play();
    let f = played.frame();
    for (let i = 0; i < 6; i++) f = played.tick(100);
    const t = f.live.t;
    expect(t).toBeGreaterThan(0);
    const back = createFaultsApi({ liveSteps: 2000 });
    back.setSettings({ qps: 256, fault: 'host-crash' });
    let g = back.frame();
    let calls = 0;
    while (g.live.t < t && calls < 10_000) { g = back.catchUp(t); calls++; }
    expect(g.playing).toBe(false);
    expect(g.live.t).toBe(t);
    expect(g.live.summary).toEqual(f.live.summary);
    expect(Array.from(g.live.phase)).toEqual(Array.from(f.live.phase));
  });

  it('refuses impossible settings, naming the field, and keeps the storm', () => {
    const api = createFaultsApi();
    const r = api.setSettings({ qps: 100_000 });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/qps: must be at most 16,384/);
    expect(r.frame.settings.qps).toBe(1024);
    expect(api.setSettings({ fault: 'meteor' as never }).error).toMatch(/fault: must be one of/);
    expect(api.setPolicy('lottery' as never).ok).toBe(false);
  });
  it('runs every policy on the same storm in the background, each to the end', () => {
    const api = createFaultsApi({ jobSteps: 1_000_000 });
    api.setSettings({ qps: 64 });
    let f = api.frame();
    for (let i = 0; i < 50 && f.busy; i++) f = api.tick(0);
    expect(f.policies.results.every((r) => r.done)).toBe(true);
    const fifo = f.policies.results.find((r) => r.policy === 'fifo')!;
    const prio = f.policies.results.find((r) => r.policy === 'priority')!;
    // FIFO interleaves the classes (spread ≈ one service time); strict priority spreads them apart.
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    expect(spread(prio.perClassP99)).toBeGreaterThan(5 * spread(fifo.perClassP99));
    expect(fifo.hist.reduce((a, b) => a + b, 0)).toBe(64);
  });
  it('the reset view answers at once; a link state opens it all, or is refused whole', () => {
    const api = createFaultsApi();
    const r = api.setReset({ situation: 'replay-unacked', resetAtNs: 6_500, reuse: true });
    expect(r.frame.reset!.result.staleAccepted).toBe(true);
    expect(api.setReset({ randomPsn: true }).frame.reset!.result.staleAccepted).toBe(false);
    const state = api.linkState();
    const b = createFaultsApi();
    expect(b.applyLink({ ...state, lesson: { id: 'reset', step: 1 } }).ok).toBe(true);
    expect(b.frame().reset!.settings).toEqual(state.reset);
    expect(b.frame().lesson).toMatchObject({ id: 'reset', step: 1 });
    const bad = b.applyLink({ settings: { ...state.settings, eqDepth: 0 } });
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/eqDepth/);
    expect(b.applyLink({ settings: state.settings, lesson: { id: 'nope', step: 0 } }).error).toMatch(/lesson this page does not have/);
  });
});
