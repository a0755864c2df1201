import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACCESS_HIT, ACCESS_MISS, ACCESS_MISS_EVICT } from './cacheTypes.ts';
import { ENGINES, engineCeilingMops, resolveEngine } from './engines.ts';
import { PacketTimer, validateTiming } from './timing.ts';
import { getPreset } from './presets.ts';
import { runSweepPoint, type SweepPoint } from './sweep.ts';

describe('packet timer', () => {
  it('blocking (K=1): elapsed = Σ tHit + Σ misses·(reads·L) + Σ decisions + Σ dirty·wb, exactly (seed 51)', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(0, 1, 2, 3), { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 3 }), (codes, reads) => {
      const t = new PacketTimer({ tHitNs: 91, fetchNs: 750, overlap: 1, engine: 'programmable', writebackNs: 30 }, reads);
      for (const c of codes) t.onPacket(c, c >= ACCESS_MISS_EVICT);
      const n = (k: number) => codes.filter((c) => c === k).length;
      const misses = n(1) + n(2) + n(3);
      const expectedNs = codes.length * 91 + misses * reads * 750 + (n(2) + n(3)) * 120 + n(3) * 30;
      expect(t.result().spanNs).toBeCloseTo(expectedNs, 6);
      expect(t.result().throughputMops).toBeCloseTo((codes.length * 1000) / expectedNs, 9);
    }), { seed: 51, numRuns: 100 });
  });

  it('K overlapping fetches: an all-miss stream runs at K / (K·tHit + L)', () => {
    for (const K of [1, 4, 32]) {
      const t = new PacketTimer({ tHitNs: 20, fetchNs: 750, overlap: K, engine: 'fixed' }, 1);
      for (let i = 0; i < 5000; i++) t.onPacket(ACCESS_MISS, false);
      t.startWindow();
      for (let i = 0; i < 20000; i++) t.onPacket(ACCESS_MISS, false);
      expect(t.result().throughputMops).toBeCloseTo((K * 1000) / (K * 20 + 750), 2);
    }
  });

  it('no misses: peak rate 1/tHit whatever K, and latency = K·tHit', () => {
    const t = new PacketTimer({ tHitNs: 16.7, fetchNs: 600, overlap: 32, engine: 'fixed' }, 1);
    for (let i = 0; i < 10000; i++) t.onPacket(ACCESS_HIT, false);
    expect(t.result().throughputMops).toBeCloseTo(1000 / 16.7, 3);
    expect(t.result().meanLatencyNs).toBeCloseTo(32 * 16.7, 6);
  });

  it('a serialised engine caps evictions per second; a pipelined one does not', () => {
    const run = (engine: 'fixed' | 'programmable' | 'firmware') => {
      const t = new PacketTimer({ tHitNs: 10, fetchNs: 500, overlap: 64, engine }, 1);
      for (let i = 0; i < 5000; i++) t.onPacket(ACCESS_MISS_EVICT, true);
      t.startWindow(); // past the start-up transient (idle engine, empty pipeline)
      for (let i = 0; i < 30000; i++) t.onPacket(ACCESS_MISS_EVICT, true);
      return t.result();
    };
    const fixed = run('fixed');
    const prog = run('programmable');
    const fw = run('firmware');
    // Without an engine limit: 64 / (64·10 + 500 + 4) ns ≈ 56 Mops.
    expect(fixed.throughputMops).toBeGreaterThan(50);
    expect(prog.throughputMops).toBeLessThanOrEqual((1000 / 120) * 1.003); // window edges: ≤ K packets of slack
    expect(prog.throughputMops).toBeGreaterThan(0.98 * (1000 / 120));
    expect(fw.throughputMops).toBeLessThanOrEqual((1000 / 2500) * 1.003);
    expect(fw.engineUtilization).toBeGreaterThan(0.98);
    expect(fw.meanEngineWaitNs).toBeGreaterThan(prog.meanEngineWaitNs);
  });

  it('validates its configuration, naming the field', () => {
    expect(validateTiming({ tHitNs: 0, fetchNs: 1, overlap: 1, engine: 'fixed' })).toMatch(/tHitNs/);
    expect(validateTiming({ tHitNs: 1, fetchNs: 1, overlap: 0, engine: 'fixed' })).toMatch(/overlap/);
    expect(validateTiming({ tHitNs: 1, fetchNs: 1, overlap: 1, engine: 'asic' as never })).toMatch(/engine/);
    expect(() => resolveEngine({ id: 'custom', label: 'x', decisionNs: -1, occupancyNs: 0, note: '' })).toThrow(/decisionNs/);
  });
});

describe('eviction engines in a sweep (CX5-like preset at 4096 QPs, ~89% misses)', () => {
  const p = getPreset('cx5');
  const at = (engine: 'fixed' | 'programmable' | 'firmware') =>
    runSweepPoint({ ...p.spec, packets: 40000, timing: { ...p.spec.timing, engine } }, 4096);
  let fixed: SweepPoint;
  let prog: SweepPoint;
  let fw: SweepPoint;
  beforeAll(() => { fixed = at('fixed'); prog = at('programmable'); fw = at('firmware'); }, 30_000);

  it('decision latency and serialisation show up in throughput: fixed > programmable > firmware', () => {
    expect(fixed.throughputMops).toBeGreaterThan(prog.throughputMops);
    expect(prog.throughputMops).toBeGreaterThan(fw.throughputMops);
    expect(fixed.hitRate).toBeCloseTo(prog.hitRate, 2); // same cache behaviour, only time differs
  });

  it('each serialised engine runs at its ceiling 1 / (evictions per op × occupancy)', () => {
    for (const [r, id] of [[prog, 'programmable'], [fw, 'firmware']] as const) {
      const ceiling = engineCeilingMops(ENGINES[id], r.evictionsPerOp);
      expect(r.throughputMops).toBeLessThanOrEqual(ceiling * 1.01);
      expect(r.throughputMops).toBeGreaterThan(ceiling * 0.95);
      expect(r.engineUtilization).toBeGreaterThan(0.95);
    }
    expect(engineCeilingMops(ENGINES.fixed, fixed.evictionsPerOp)).toBeGreaterThan(5 * fixed.throughputMops);
  });
});
