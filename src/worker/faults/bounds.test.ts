// Bounded memory in the faults worker, by counts: a storm played to its end keeps its EQ
// occupancy history at its cap and no events (storms hash their trace, they keep none), and
// playing again starts a fresh storm rather than growing the old one.
import { describe, expect, it } from 'vitest';
import { createFaultsApi } from './api.ts';

describe('faults worker bounds', () => {
  it('a storm played through keeps the EQ history at 4,096 samples and no events; play again starts afresh', () => {
    const api = createFaultsApi({ liveSteps: 200_000, jobSteps: 1 });
    // A QP_FATAL per QP into an EQ deep enough for all of them: 4,096 writes and their consumed
    // batches are more samples than the history keeps, so it has been thinned at least once.
    api.setSettings({ qps: 4096, eqDepth: 8192, fault: 'context-read-error' });
    api.setSpeed(1_000_000_000);
    api.play();
    let most = 0;
    for (let i = 0; i < 400 && api.frame().playing; i++) {
      api.tick(100);
      const b = api.bounds();
      expect(b.eqSamples).toBeLessThanOrEqual(4096);
      expect(b.traceKept).toBe(0);
      most = Math.max(most, b.eqSamples);
    }
    expect(api.frame().live.drained).toBe(true);
    expect(most).toBeGreaterThanOrEqual(2048);
    api.play();
    expect(api.bounds()).toMatchObject({ t: 0, traceKept: 0 });
    expect(api.bounds().eqSamples).toBeLessThan(most);
  });
});
