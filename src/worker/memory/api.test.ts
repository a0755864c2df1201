import { describe, expect, it } from 'vitest';
import { expose, wrap, type Endpoint } from 'comlink';
import { SweepPointRunner } from '../../core/memory/index.ts';
import { createMemoryApi, windowFor, type MemoryApi } from './api.ts';
import { defaultConfig, sweepSpecFor, trafficPattern, validateConfig } from '../../core/memory/index.ts';
import { LiveRunner } from './live.ts';
import { LOG_QPS, SweepJob, sweepList } from './sweepJob.ts';

const small = (over: Partial<ReturnType<typeof defaultConfig>> = {}) => ({ ...defaultConfig('cx3', 200), ...over });

describe('memory worker API: frames', () => {
  it('starts with the default preset, a full cache grid and a sweep list from 1 to 1,000,000 with the measured QP counts', () => {
    const api = createMemoryApi();
    const f = api.frame();
    expect(f.config.preset).toBe('cx3');
    expect(f.live.grid!.qpn.length).toBe(112);
    expect(f.live.grid!.sets * f.live.grid!.ways).toBe(112);
    expect(f.sweep.list[0]).toBe(1);
    expect(f.sweep.list.at(-1)).toBe(1_000_000);
    for (const m of f.preset.published) expect(f.sweep.list).toContain(m.qps);
    expect(f.preset.published.every((p) => p.provenance === 'RAW' && /rdma_bench/.test(p.source))).toBe(true);
  });

  it('plays by wall time × speed, flashes the recent accesses once, and closes series windows', () => {
    const api = createMemoryApi({ initial: small() });
    api.finishBackground();
    api.setSpeed(10_000);
    api.play();
    const f = api.tick(50); // 50 ms at 10,000 packets/s
    expect(f.live.packets).toBe(500);
    expect(f.live.recent.length).toBe(64);
    expect(f.live.recent.at(-1)!.n).toBe(500);
    expect(f.live.series.length).toBe(Math.floor(500 / windowFor(10_000)));
    expect(api.frame().live.recent).toEqual([]); // nothing new since
    expect(api.frame().live.grid).toBeNull(); // unchanged grid is not resent
  });

  it('step(1) runs exactly one packet and reports it', () => {
    const api = createMemoryApi({ initial: small() });
    api.finishBackground();
    const f = api.step(1);
    expect(f.live.packets).toBe(1);
    expect(f.live.recent).toHaveLength(1);
    expect(f.live.recent[0].code).toBe(1); // cold miss into a free way
    expect(f.playing).toBe(false);
  });

  it('the anatomy of a miss adds up to the latency the timer measured', () => {
    const api = createMemoryApi({ initial: small({ qps: 2000, engine: 'programmable', overlap: 4 }) });
    api.finishBackground();
    const f = api.step(5000);
    const m = f.live.lastMiss!;
    expect(m).not.toBeNull();
    const critical = m.parts.filter((p) => p.critical).reduce((a, p) => a + p.ns, 0);
    expect(critical).toBeCloseTo(m.latencyNs, 3);
    expect(m.parts.map((p) => p.id)).toContain('fetch');
    expect(m.parts.map((p) => p.id)).toContain('decision');
    expect(m.hitLatencyNs).toBeCloseTo(4 * (1000 / 11), 0);
  });

  it('walks the QP table for the last miss, or for a chosen QPN', () => {
    const api = createMemoryApi({ initial: small() });
    api.finishBackground();
    let f = api.step(300);
    expect(f.walk!.following).toBe(true);
    expect(f.walk!.walk.qpn).toBe(f.live.lastMiss!.qpn);
    expect(f.walk!.walk.present).toBe(true);
    expect(f.walk!.costNs).toBe(f.walk!.walk.hostReads * 750);
    f = api.setWalk(5).frame;
    expect(f.walk!.walk.qpn).toBe(5);
    expect(f.walk!.walk.present).toBe(false);
    expect(api.setWalk(1 << 24).ok).toBe(false);
  });
});

describe('memory worker API: bounded work per call', () => {
  it('no call exceeds its unit budgets, and the sweep advances to completion', () => {
    const api = createMemoryApi({ initial: small({ qps: 30_000 }), setupUnitsPerTick: 5000, sweepUnitsPerTick: 8000, livePacketsPerTick: 700 });
    api.setSpeed(2_000_000);
    api.play();
    let last = -1;
    let f = api.tick(16);
    let calls = 0;
    while (f.busy && calls < 20_000) {
      f = api.tick(100);
      calls++;
      expect(f.work.setupUnits).toBeLessThanOrEqual(5000);
      expect(f.work.sweepUnits).toBeLessThanOrEqual(8000);
      expect(f.work.livePackets).toBeLessThanOrEqual(700);
      expect(f.sweep.progress).toBeGreaterThanOrEqual(last);
      last = f.sweep.progress;
    }
    expect(f.sweep.done).toBe(true);
    expect(f.sweep.progress).toBe(1);
    expect(f.sweep.points.map((p) => p.qps)).toEqual(f.sweep.list);
    expect(calls).toBeGreaterThan(100); // it really was sliced
  }, 120_000);

  it('computes the current active QPs first, then reports points progressively', () => {
    const api = createMemoryApi({ initial: small({ qps: 300 }), sweepUnitsPerTick: 20_000 });
    const seen: number[][] = [];
    for (let i = 0; i < 40; i++) seen.push(api.tick(0).sweep.points.map((p) => p.qps));
    const first = seen.find((s) => s.length > 0)!;
    expect(first).toEqual([300]);
    expect(seen.at(-1)!.length).toBeGreaterThan(first.length);
  });

  it('moving the active QPs adds one point to a finished sweep instead of starting over', () => {
    const api = createMemoryApi({ initial: small() });
    const done = api.finishBackground();
    expect(done.sweep.done).toBe(true);
    const r = api.setConfig({ qps: 333 });
    expect(r.frame.sweep.list).toContain(333);
    expect(r.frame.sweep.points.length).toBe(done.sweep.points.length);
    const after = api.finishBackground();
    expect(after.sweep.points.length).toBe(done.sweep.points.length + 1);
  }, 60_000);

  it('a slider drag does not leave a trail of unfinished points on the curve', () => {
    const api = createMemoryApi({ initial: small({ qps: 300 }), sweepUnitsPerTick: 1000 });
    for (const q of [301, 302, 303, 304]) api.setConfig({ qps: q });
    const f = api.tick(0);
    expect(f.sweep.list.filter((q) => q > 300 && q < 310)).toEqual([304]);
    expect(f.sweep.computing).toBe(304);
  });
});

describe('memory worker API: determinism and faithfulness', () => {
  it('the same configuration gives the same numbers, however the work is sliced', () => {
    const run = (packetsPerTick: number) => {
      const api = createMemoryApi({ initial: small({ policy: 'clock', pattern: 'zipf', skew: 0.9 }), livePacketsPerTick: packetsPerTick });
      api.finishBackground();
      let f = api.frame();
      for (let done = 0; done < 20_000; done += packetsPerTick) f = api.step(packetsPerTick);
      return { stats: f.live.stats, grid: Array.from(api.selectSet(0).live.grid!.qpn) };
    };
    expect(run(1000)).toEqual(run(5000));
  });

  it("catchUp brings a fresh lab to the packet count played, in bounded calls, with the same numbers (a restart's way back)", () => {
    const cfg = small({ policy: 'lfu', pattern: 'zipf', skew: 1.1 });
    const played = createMemoryApi({ initial: cfg, livePacketsPerTick: 3000 });
    played.finishBackground();
    played.setSpeed(40_000);
    played.play();
    let f = played.frame();
    for (let i = 0; i < 40; i++) f = played.tick(70);
    const count = f.live.packets;
    expect(count).toBeGreaterThan(50_000);
    const back = createMemoryApi({ initial: cfg, livePacketsPerTick: 3000 });
    back.setSpeed(40_000);
    let g = back.frame();
    let calls = 0;
    while (g.live.packets < count && calls < 1000) { g = back.catchUp(count); calls++; expect(g.playing).toBe(false); }
    // Bounded: never more than four ticks' worth of packets per call.
    expect(calls).toBeGreaterThanOrEqual(Math.ceil(count / 12_000));
    expect(g.live.packets).toBe(count);
    expect(g.live.stats).toEqual(f.live.stats);
    expect(g.live.simNs).toBe(f.live.simNs);
  });

  it.each([
    ['nothing in flight', {}],
    ['QPs in flight, pinned', { inFlightWindow: 32, inFlight: 'pin' as const }],
    ['QPs in flight, evicted with write-back', { inFlightWindow: 32, inFlight: 'writeback-refetch' as const }],
  ])('the live runner reproduces the sweep point at the same N packet for packet (%s)', (_name, extra) => {
    const cfg = { ...small({ qps: 150 }), ...extra };
    const spec = sweepSpecFor(cfg, 150);
    const point = new SweepPointRunner(spec, 150);
    while (!point.step(50_000));
    const live = new LiveRunner(spec, 150, true);
    while (!live.ready) live.setup(10_000);
    live.run(point.total, 1000);
    expect(live.stats()).toEqual(point.cacheView.stats);
  });

  it('sweep points do not depend on the slice size', () => {
    const cfg = small({ qps: 100 });
    const a = new SweepJob(cfg);
    const b = new SweepJob(cfg);
    while (!a.done) a.step(3000);
    while (!b.done) b.step(250_000);
    expect([...a.points.values()].sort((x, y) => x.qps - y.qps)).toEqual([...b.points.values()].sort((x, y) => x.qps - y.qps));
  }, 60_000);
});

describe('memory worker API: bad input', () => {
  it('refuses ways that do not divide the entries, naming the field, and keeps the previous configuration', () => {
    const api = createMemoryApi({ initial: small() });
    const r = api.setConfig({ entries: 100, ways: 16 });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/cache\.ways \(16\) must divide cache\.entries \(100\)/);
    expect(r.frame.config.entries).toBe(112);
    expect(r.frame.config.ways).toBe(8);
  });

  it.each([
    [{ qps: 0 }, /active QPs/],
    [{ qps: 2_000_000 }, /active QPs/],
    [{ entries: 100_000 }, /cache\.entries/],
    [{ policy: 'mru' }, /policy must be one of/],
    [{ engine: 'asic' }, /engine must be one of/],
    [{ fetchNs: -1 }, /fetchNs/],
    [{ overlap: 0 }, /overlap/],
    [{ pattern: 'zipf', skew: 7 }, /skew/],
    [{ tableLevels: 3, onChipLevels: 3 }, /onChipLevels/],
    [{ pinned: [1 << 24] }, /pinned/],
  ])('refuses %j', (patch, msg) => {
    const api = createMemoryApi({ initial: small() });
    const before = api.frame().config;
    const r = api.setConfig(patch as never);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(msg);
    expect(r.frame.config).toEqual(before);
  });

  it('a new pattern gets its default skew; hot-set sizes never exceed the active QPs', () => {
    const api = createMemoryApi({ initial: small() });
    expect(api.setConfig({ pattern: 'zipf' }).frame.config.skew).toBe(0.99);
    expect(trafficPattern({ ...small(), pattern: 'hotset', skew: 0.9 }, 3)).toMatchObject({ hotSize: 3 });
    for (const q of [1, 2, 5]) expect(validateConfig({ ...small(), pattern: 'scan', skew: 0.5, qps: q })).toBeNull();
  });
});

describe('memory worker API: compare', () => {
  it('runs both sides in lockstep on identical traffic, and the policy makes a difference under skew', () => {
    const api = createMemoryApi({ initial: small({ qps: 1000, pattern: 'zipf', skew: 1.1 }) });
    const a = { policy: 'lfu' as const, engine: 'fixed' as const, entries: 112, ways: 8 };
    const b = { ...a, policy: 'random' as const };
    expect(api.setCompare({ a, b }).ok).toBe(true);
    api.finishBackground();
    api.setSpeed(2_000_000);
    api.play();
    let f = api.tick(30);
    expect(f.compare!.ready).toBe(true);
    expect(f.compare!.a.recent.map((r) => r.qpn)).toEqual(f.compare!.b.recent.map((r) => r.qpn));
    for (let i = 0; i < 10; i++) f = api.tick(30);
    const c = f.compare!;
    expect(c.a.stats.hits + c.a.stats.misses).toBe(c.b.stats.hits + c.b.stats.misses);
    expect(c.differs).toEqual(['policy']);
    expect(c.a.readout.hitRate).toBeGreaterThan(c.b.readout.hitRate + 0.03);
  });

  it('patches to A then B compose, whatever the frames in between said', () => {
    const api = createMemoryApi({ initial: small() });
    api.showCompare(true);
    expect(api.patchCompare('a', { policy: 'lfu' }).ok).toBe(true);
    const f = api.patchCompare('b', { policy: 'random' });
    expect(f.ok).toBe(true);
    expect(f.frame.sides).toMatchObject({ a: { policy: 'lfu' }, b: { policy: 'random' } });
    expect(api.patchCompare('c' as 'a', {}).ok).toBe(false);
  });
  it('refuses an impossible side with the side and field named', () => {
    const api = createMemoryApi({ initial: small() });
    const r = api.setCompare({ a: { policy: 'lru', engine: 'fixed', entries: 112, ways: 8 }, b: { policy: 'lru', engine: 'fixed', entries: 100, ways: 16 } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/compare side B: cache\.ways/);
    expect(r.frame.compare).toBeNull();
  });
});

describe('memory worker API: link, capacity, race', () => {
  it('a link state reproduces the configuration, compare sides, speed and lesson step; an impossible one is named and changes nothing', () => {
    const a = createMemoryApi({ initial: small() });
    a.setConfig({ qps: 4321, policy: '2q', pattern: 'scan', skew: 0.4 });
    a.setCompare({ a: { policy: '2q', engine: 'fixed', entries: 112, ways: 8 }, b: { policy: 'lru', engine: 'fixed', entries: 112, ways: 8 } });
    const state = a.linkState();
    const b = createMemoryApi();
    const r = b.applyLink({ ...state, speed: 1234, lesson: { id: 'policy', step: 1 } });
    expect(r.ok).toBe(true);
    expect(r.frame.config).toEqual(a.frame().config);
    expect(r.frame.sides).toEqual(a.frame().sides);
    expect(r.frame.speed).toBe(1234);
    expect(r.frame.lesson).toMatchObject({ id: 'policy', step: 1 });
    const bad = b.applyLink({ ...state, overrides: { ...state.overrides, ways: 64 } });
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/cache\.ways \(64\) must divide/);
    expect(bad.frame.config).toEqual(a.frame().config);
    expect(b.applyLink({ ...state, lesson: { id: 'nope', step: 0 } }).error).toMatch(/lesson this page does not have/);
  });

  it('capacity answers or names the bad field', () => {
    const api = createMemoryApi();
    const input = { sramBytes: 131072, contextBytes: 256, table: { levels: 3, entryBytes: 256, pageBytes: 4096, onChipLevels: 2 }, allocatedQps: 10_000, activeQps: 4096, packetRateMpps: 60, fetchNs: 600, overlap: 32 };
    const ok = api.capacity(input);
    expect(ok.result!.cachedQps).toBe(512);
    const bad = api.capacity({ ...input, overlap: 0 });
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/overlap/);
  });

  it('the race tears without protection and not with any protection', () => {
    const api = createMemoryApi();
    const torn = api.race({ readerOffset: 0 }).tornOffsets!;
    expect(torn.length).toBeGreaterThan(0);
    const r = api.race({ readerOffset: torn[0] });
    expect(r.traces!.none.torn).toBe(true);
    // The example is the realistic one: RTS→RTS (access flags, RNR timer) against incoming requests.
    expect(r.traces!.none.fields.map((f) => f.name)).toEqual(['rre/rwe/rae (qp_access_flags)', 'min_rnr_nak (min_rnr_timer)']);
    for (const p of ['busy-bit', 'seqlock', 'dual-port'] as const) expect(r.traces![p].torn).toBe(false);
    expect(api.race({ readerOffset: -1000 }).error).toMatch(/readerOffset/);
  });
});

describe('memory worker API over comlink', () => {
  it('frames survive a real MessageChannel (typed arrays and all)', async () => {
    const { port1, port2 } = new MessageChannel();
    expose(createMemoryApi({ initial: small() }), port1 as unknown as Endpoint);
    const remote = wrap<MemoryApi>(port2 as unknown as Endpoint);
    const f = await remote.step(10);
    expect(f.live.packets).toBe(10);
    expect(f.live.grid!.qpn).toBeInstanceOf(Int32Array);
    port1.close();
    port2.close();
  });
});

describe('sweep list', () => {
  it('is log-spaced over six decades plus the preset and the current N', () => {
    expect(LOG_QPS).toHaveLength(19);
    expect(sweepList(small({ qps: 777 }))).toContain(777);
    expect(sweepList(small())).toContain(112);
  });
});

describe('in-flight QPs in the lab', () => {
  it('pinning in-flight QPs bypasses instead of evicting them; write-back mode evicts and refetches (seed 1)', async () => {
    const { defaultConfig, sweepSpecFor } = await import('../../core/memory/index.ts');
    const { runSweepPoint } = await import('../../core/memory/index.ts');
    const cfg = { ...defaultConfig('cx3', 400), inFlightWindow: 64 };
    const pin = runSweepPoint(sweepSpecFor({ ...cfg, inFlight: 'pin' }, 400), 400);
    const wb = runSweepPoint(sweepSpecFor({ ...cfg, inFlight: 'writeback-refetch' }, 400), 400);
    expect(pin.bypassesPerOp).toBeGreaterThan(0);
    expect(pin.refetchesPerOp).toBe(0);
    expect(wb.refetchesPerOp).toBeGreaterThan(0);
    expect(wb.bypassesPerOp).toBe(0);
  });
});
