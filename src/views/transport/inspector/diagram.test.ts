// @vitest-environment node
// The state diagram's ERR text is checked against the model it describes: the failing WR's own
// status comes first, the SRQ is not flushed, a full CQ stops the CQEs, and ERR→ERR stays in ERR.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimulation, type SimEvent } from '../../../core/index.ts';
import { referenceData } from '../../../worker/transport/reference.ts';
import { SOURCES } from '../../../lessons/kit/sources.ts';
import { legalTargets, STATE_SOURCES, STATE_TEXT } from './diagram.ts';

const run = (name: string, until?: number): readonly SimEvent[] => {
  const sc = JSON.parse(readFileSync(new URL(`../../../../fixtures/scenarios/${name}.json`, import.meta.url), 'utf8'));
  const sim = createSimulation(sc);
  sim.runUntil(until ?? sc.config.durationNs);
  return sim.events();
};

describe('the state diagram says what the model does in ERR', () => {
  const text = STATE_TEXT.ERR;

  it('the failing WR completes with its real status before the flush', () => {
    expect(text).toMatch(/completes first, with its real status/);
    expect(text).not.toMatch(/every outstanding WR completes with/);
    const ev = run('rc-fault-two-way');
    const toErr = ev.findIndex((e) => e.kind === 'state' && e.host === 0 && e.qpn === 0x100 && e.to === 'ERR');
    expect(toErr).toBeGreaterThan(0);
    const sends = ev.slice(toErr).filter((e): e is Extract<SimEvent, { kind: 'cqe' }> => e.kind === 'cqe' && e.host === 0 && e.qpn === 0x100 && e.queue === 'sq');
    expect(sends[0].status).toBe('IBV_WC_RETRY_EXC_ERR');
    expect(sends.length).toBeGreaterThan(2);
    expect(sends.slice(1).every((e) => e.status === 'IBV_WC_WR_FLUSH_ERR')).toBe(true);
  });

  it('an attached SRQ is not flushed; the QP gets LAST_WQE_REACHED', () => {
    expect(text).toMatch(/SRQ are not flushed/);
    expect(text).toMatch(/IBV_EVENT_QP_LAST_WQE_REACHED/);
    const ev = run('srq-shared');
    expect(ev.some((e) => e.kind === 'state' && e.host === 1 && e.qpn === 0x200 && e.to === 'ERR')).toBe(true);
    expect(ev.some((e) => e.kind === 'cqe' && e.host === 1 && e.qpn === 0x200 && e.queue === 'rq' && e.status === 'IBV_WC_WR_FLUSH_ERR')).toBe(false);
    expect(ev.some((e) => e.kind === 'async' && e.host === 1 && e.qpn === 0x200 && e.event === 'IBV_EVENT_QP_LAST_WQE_REACHED')).toBe(true);
  });

  it('after a CQ overrun (IBV_EVENT_CQ_ERR) no further CQE is written to that CQ', () => {
    expect(text).toMatch(/overrun raises IBV_EVENT_CQ_ERR and the rest is retired with no CQE/);
    const ev = run('cq-overrun');
    const at = ev.findIndex((e) => e.kind === 'async' && e.event === 'IBV_EVENT_CQ_ERR');
    expect(at).toBeGreaterThan(0);
    const { host, cq } = ev[at] as Extract<SimEvent, { kind: 'async' }>;
    const after = ev.slice(at);
    expect(after.some((e) => e.kind === 'cqe' && e.host === host && e.cq === cq)).toBe(false);
    expect(after.filter((e) => e.kind === 'cqe-lost' && e.host === host && e.cq === cq).length).toBeGreaterThan(1);
  });

  it('only RESET leaves ERR; ERR→ERR is legal and stays', () => {
    expect(text).toMatch(/Only →RESET leaves ERR; ERR→ERR is legal and stays in ERR/);
    const ref = referenceData();
    for (const t of ['RC', 'UC', 'UD']) expect(legalTargets(ref, t, 'ERR')).toEqual(['RESET', 'ERR']);
  });

  it('names its sources by bibliography key', () => {
    const keys = [...(STATE_SOURCES.ERR ?? '').matchAll(/\(([a-z][a-z0-9-]*)\)/g)].map((m) => m[1]);
    expect(keys.length).toBe(4);
    for (const k of keys) expect(SOURCES[k], k).toBeDefined();
  });
});
