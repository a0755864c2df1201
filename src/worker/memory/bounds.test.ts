// Bounded memory in the NIC-memory worker, by counts: however long it plays, the live series,
// the compare pair's series and the sweep jobs stay under their caps.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../core/memory/index.ts';
import { createMemoryApi } from './api.ts';

describe('NIC-memory worker bounds', () => {
  it('playing for many windows keeps the series at its cap and the sweep jobs at four', () => {
    const api = createMemoryApi({ initial: defaultConfig('cx3', 300), livePacketsPerTick: 4_000, sweepUnitsPerTick: 2_000 });
    api.setSpeed(400); // 40 packets a tick, a series window every 50 packets
    api.showCompare(true);
    api.play();
    for (let i = 0; i < 6; i++) api.setConfig({ qps: 100 + i });
    const seen: number[] = [];
    for (let i = 0; i < 400; i++) {
      api.tick(100);
      const b = api.bounds();
      seen.push(b.series);
      expect(b.series).toBeLessThanOrEqual(240);
      expect(b.compareSeries).toBeLessThanOrEqual(240);
      expect(b.sweepJobs).toBeLessThanOrEqual(4);
    }
    const b = api.bounds();
    // Long enough to have filled the series and then kept it at the cap while packets went on.
    expect(seen.filter((n) => n === 240).length).toBeGreaterThan(50);
    expect(b.packets).toBeGreaterThan(240 * 50);
  });
});
