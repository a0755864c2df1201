// Issue 18's storm that ran forever in the page, through the faults worker a person drives:
// context-memory read error, 63 µs per event, event-queue depth 256, 5,000 QPs (the page's
// other defaults). It used to stay "running" with one QP left on a dead device's flush list;
// it drains, every report accounted for, and the frame says so.
import { describe, expect, it } from 'vitest';
import { createFaultsApi } from './api.ts';

describe('faults worker: an overrun that kills the device still drains', () => {
  it('5,000 QPs, context-read error, 63 µs per event, depth 256: drained, nothing pending', () => {
    const api = createFaultsApi();
    expect(api.setSettings({ qps: 5000, fault: 'context-read-error', eqeNs: 63_000, eqDepth: 256 }).ok).toBe(true);
    let f = api.runToEnd();
    for (let i = 0; i < 50 && !f.live!.drained; i++) f = api.runToEnd();
    const m = f.live!.summary;
    expect(f.live!.drained).toBe(true);
    expect(m.pendingReports).toBe(0);
    expect(m.reported + m.lostReports).toBe(m.faulted);
    expect(m.events.IBV_EVENT_DEVICE_FATAL).toBe(1);
  });

  it('the consumer and idle QPs are settings the worker takes, and a bad one is refused by name', () => {
    const api = createFaultsApi();
    expect(api.setSettings({ qps: 64, fault: 'port-down', idle: 0.25, consumer: 'user', classMix: 'skewed' }).ok).toBe(true);
    const f = api.runToEnd();
    const m = f.live!.summary;
    expect(m.consumer).toBe('user');
    // A quarter of each class is idle (rounded per class under the skewed mix): those never learn.
    expect(m.unaware).toBeGreaterThanOrEqual(12);
    expect(m.faulted + m.unaware).toBe(64);
    const bad = api.setSettings({ idle: 1 });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error).toMatch(/idle/);
  });
});
