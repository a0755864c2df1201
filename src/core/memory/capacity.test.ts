import { describe, expect, it } from 'vitest';
import { capacity, type CapacityInput } from './capacity.ts';
import { runSweepPoint, type SweepSpec } from './sweep.ts';

const table = { levels: 3, entryBytes: 256, pageBytes: 4096, onChipLevels: 2 };
const base: CapacityInput = {
  sramBytes: 128 * 1024, contextBytes: 256, table, allocatedQps: 1_000_000, activeQps: 4096,
  packetRateMpps: 60, fetchNs: 600, overlap: 32, engine: { id: 'custom', label: 'free', decisionNs: 0, occupancyNs: 0, note: '' },
};

describe('capacity calculator', () => {
  it('cached QPs = SRAM ÷ context size', () => {
    expect(capacity(base).cachedQps).toBe(512); // 128 KiB / 256 B
    expect(capacity({ ...base, contextBytes: 512 }).cachedQps).toBe(256);
  });

  it('host memory for 1M dense QPs: 62,500 leaf pages (16 contexts each) + 123 directory pages (8,192 QPs each) + 16 KiB root', () => {
    const r = capacity(base);
    expect(r.hostMemoryBytes).toBe(Math.ceil(1e6 / 16) * 4096 + Math.ceil(1e6 / 8192) * 4096 + 2048 * 8);
    expect(r.flatTableBytes).toBe(2 ** 24 * 256);
    expect(capacity({ ...base, layout: 'scattered' }).hostMemoryBytes).toBeGreaterThan(5 * r.hostMemoryBytes); // a page per scattered QP
  });

  it('no loss while active QPs fit; past that t = tHit + m·L/K', () => {
    expect(capacity({ ...base, activeQps: 512 }).loss).toBe(0);
    const r = capacity(base); // m = 1 - 512/4096 = 0.875; t = 16.667 + 0.875·600/32 = 33.07 ns
    expect(r.missRatio).toBeCloseTo(0.875, 12);
    expect(r.throughputMops).toBeCloseTo(1000 / (1000 / 60 + (0.875 * 600) / 32), 9);
  });

  it('performant QPs: at that many active QPs the loss equals the target', () => {
    for (const lossTarget of [0.05, 0.2, 0.5]) {
      const r = capacity({ ...base, lossTarget });
      const at = capacity({ ...base, lossTarget, activeQps: r.performantQps });
      expect(at.loss).toBeLessThanOrEqual(lossTarget + 1e-12);
      expect(capacity({ ...base, lossTarget, activeQps: r.performantQps + 2 }).loss).toBeGreaterThan(lossTarget);
    }
    expect(capacity({ ...base, lossTarget: 0.9 }).performantQps).toBe(Infinity); // 90% loss is never reached
  });

  it('a serialised eviction engine caps throughput and shrinks the performant range', () => {
    const fw = capacity({ ...base, engine: 'firmware' });
    expect(fw.engineCeilingMops).toBeCloseTo(1000 / (0.875 * 2500), 9);
    expect(fw.throughputMops).toBe(fw.engineCeilingMops);
    expect(fw.performantQps).toBeLessThan(capacity({ ...base, engine: 'fixed' }).performantQps);
  });

  it('agrees with the simulated sweep (fully associative, uniform) within 2%', () => {
    const spec: SweepSpec = {
      cache: { entries: 512, ways: 0, policy: 'lru' }, table, traffic: { pattern: { kind: 'uniform' } }, packets: 60_000, seed: 3,
      timing: { tHitNs: 1000 / 60, fetchNs: 600, overlap: 32, engine: 'fixed' },
    };
    for (const n of [256, 1024, 8192]) {
      const sim = runSweepPoint(spec, n).throughputMops;
      const calc = capacity({ ...base, engine: 'fixed', activeQps: n }).throughputMops;
      expect(Math.abs(sim / calc - 1), `${n} QPs`).toBeLessThan(0.02);
    }
  });

  it('refuses nonsense, naming the field', () => {
    expect(() => capacity({ ...base, overlap: 0 })).toThrow(/capacity\.overlap/);
    expect(() => capacity({ ...base, packetRateMpps: 0 })).toThrow(/capacity\.packetRateMpps/);
    expect(() => capacity({ ...base, lossTarget: 1 })).toThrow(/capacity\.lossTarget/);
  });
});
