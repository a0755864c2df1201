// The report "why?" through the worker API a person drives: the record answers for the grid's
// QP with the same instants the QP panel shows, the outlined QPs are the reports it waited
// behind, the finders point at a QP that fits (or say there is none), and nonsense is refused.
import { describe, expect, it } from 'vitest';
import { createFaultsApi } from './api.ts';

describe('faults worker: reportWhy and notableQp', () => {
  it('the last reported QP: its record matches qp(i), the outlined QPs are those served before it', () => {
    const api = createFaultsApi();
    api.setSettings({ qps: 128 });
    api.runToEnd();
    const i = api.notableQp('last-reported');
    expect(i).toBeGreaterThanOrEqual(0);
    const d = api.qp(i)!;
    const r = api.reportWhy(i)!;
    expect(r.why).toMatchObject({ qpn: d.qpn, host: d.host, verdict: 'reported', failed: { ns: d.detectNs }, report: { ns: d.reportNs } });
    expect(r.ahead.length).toBe(128);
    expect(r.ahead[i]).toBe(0);
    expect(r.ahead.reduce((a, x) => a + x, 0)).toBe(r.why.queue!.servedBefore);
    // Nobody was reported after it.
    for (let j = 0; j < 128; j++) expect(api.qp(j)!.reportNs).toBeLessThanOrEqual(d.reportNs);
  });
  it('finds a QP whose event was lost only when one was; says -1 otherwise; refuses a bad index or kind', () => {
    const api = createFaultsApi();
    api.setSettings({ qps: 256 });
    api.runToEnd();
    expect(api.notableQp('event-lost')).toBe(-1);
    expect(api.notableQp('lost')).toBe(-1);
    // mlx4 rounds 1 + 128 up to 256 slots (mlx4_create_eq): 512 events overrun it.
    api.setSettings({ qps: 512, fault: 'context-read-error', preset: 'mlx4', eqDepth: 1, eqeNs: 1_000_000 });
    api.runToEnd();
    const i = api.notableQp('event-lost');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(api.reportWhy(i)!.why.eqe).toMatchObject({ fate: 'overrun', event: 'IBV_EVENT_QP_FATAL' });
    expect(api.reportWhy(-1)).toBeNull();
    expect(api.reportWhy(512)).toBeNull();
    expect(api.reportWhy(1.5)).toBeNull();
    expect(api.notableQp('nonsense' as never)).toBe(-1);
  });
});
