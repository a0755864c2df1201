// A bounded headless core: totals no machine can run are refused with the field and the limit
// named; what validates but outgrows a budget stops cleanly, at a deterministic step, with one
// line saying why. The scenarios are the issue's own examples. Counts, never wall time.
import { describe, expect, it } from 'vitest';
import { MAX_SETUP_RECVS, MAX_WORKLOAD_POSTS } from '../model/schemaLimits.ts';
import { ScenarioError, Simulation, parseScenario, type ScenarioInput } from '../index.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { stormScenario } from '../faults/stormScenario.ts';

type Qps = NonNullable<ScenarioInput['config']['qps']>;

/** `pairs` connected RC pairs between host 0 and host 1. */
function pairs(n: number, extra: Partial<Qps[number]> = {}): Qps {
  const qps: Qps = [];
  for (let i = 0; i < n; i++) qps.push({ host: 0, type: 'RC', peer: n + i, ...extra });
  for (let i = 0; i < n; i++) qps.push({ host: 1, type: 'RC', peer: i, ...extra });
  return qps;
}

function refusal(input: unknown): ScenarioError {
  try { new Simulation(input); } catch (e) { if (e instanceof ScenarioError) return e; throw e; }
  throw new Error('the scenario was accepted');
}

describe('validation refuses totals no machine can run', () => {
  it('4,096 RC QPs with 16,384 receives each: the QP where the total passes the limit, and the limit', () => {
    const e = refusal({ version: 1, seed: 1, config: { hosts: [{ name: 'A' }, { name: 'B' }], qps: pairs(2048, { recvs: 16_384, rqDepth: 16_384 }) } });
    // 128 QPs × 16,384 reach the limit exactly; the 129th passes it.
    expect(MAX_SETUP_RECVS).toBe(128 * 16_384);
    expect(e.field).toBe('config.qps[128].recvs');
    expect(e.message).toMatch(/receive WQEs posted at bring-up reach 2,113,536 here, above the limit of 2,097,152/);
  });
  it('256 workloads posting every nanosecond for 10 s: the workload and the limit', () => {
    const e = refusal({
      version: 1, seed: 1,
      config: {
        durationNs: 10_000_000_000, hosts: [{ name: 'A' }, { name: 'B' }], qps: pairs(128),
        workloads: Array.from({ length: 256 }, (_, i) => ({ id: `w${i}`, qp: i, opcode: 'IBV_WR_RDMA_WRITE', length: 64, intervalNs: 1 })),
      },
    });
    expect(e.field).toBe('config.workloads[0].intervalNs');
    expect(e.message).toContain(`above the limit of ${MAX_WORKLOAD_POSTS.toLocaleString('en-US')}`);
    expect(e.message).toContain('10,000,000,001 WRs');
  });
  it('context caches over all hosts, and group posts at set-up, have limits too', () => {
    const cache = refusal({ version: 1, seed: 1, config: { hosts: Array.from({ length: 64 }, (_, i) => ({ name: `h${i}` })), qps: [], nic: { cache: { entries: 1 << 20, ways: 0 } } } });
    expect(cache.field).toBe('config.nic.cache.entries');
    expect(cache.message).toMatch(/64 hosts × 1,048,576 context-cache entries = 67,108,864, above the limit of 8,388,608/);
    const storm = refusal(stormScenario({ qps: 65_536, fault: 'port-down', outstanding: 1024 }));
    expect(storm.field).toMatch(/^config\.groups\[\d+\]\.post\.count$/);
  });
  it('what the instruments ship stays within every limit', () => {
    expect(() => new Simulation(sandboxScenario())).not.toThrow();
    // The faults lab's largest storm (16,384 QPs × 64 outstanding) and the CLI's default.
    expect(() => parseScenario(stormScenario({ qps: 16_384, fault: 'cq-overrun', outstanding: 64 }))).not.toThrow();
    expect(() => parseScenario(stormScenario({ qps: 65_536, fault: 'port-down' }))).not.toThrow();
  });
});

/** 4 hosts × 16 CQs of 2^20 entries, traffic on every host pair and nobody polling: CQEs pile up. */
function bigCqs(): ScenarioInput {
  const qps: Qps = [];
  for (let h = 0; h < 4; h++) {
    const peer = (h + 1) % 4;
    for (let c = 0; c < 16; c++) {
      qps.push({ host: h, type: 'RC', peer: qps.length + 1, sendCq: c, recvCq: c, recvs: 64, refill: true, sqDepth: 256 });
      qps.push({ host: peer, type: 'RC', peer: qps.length - 1, sendCq: c, recvCq: c, recvs: 64, refill: true, sqDepth: 256 });
    }
  }
  return {
    version: 1, seed: 3, title: '4 hosts × 16 CQs of 2^20 entries, never polled',
    config: {
      durationNs: 10_000_000_000,
      hosts: Array.from({ length: 4 }, (_, i) => ({ name: `h${i}`, cqDepths: Array.from({ length: 16 }, () => 1 << 20), pollIntervalNs: 0 })),
      qps,
      workloads: qps.filter((_, i) => i % 2 === 0).map((_, k) => ({ id: `w${k}`, qp: 2 * k, opcode: 'IBV_WR_SEND' as const, length: 256, intervalNs: 10_000 })),
    },
  };
}

describe('a budget stops a run cleanly', () => {
  it('4 hosts × 16 CQs of 2^20 entries, never polled: the memory budget stops it, naming the unpolled completions', () => {
    const maxBytes = 8 << 20;
    const s = new Simulation(bigCqs(), { trace: 'hash', maxBytes });
    expect(s.runUntil(10_000_000_000)).toBe(false);
    const st = s.stopped!;
    expect(st.reason).toBe('memory');
    expect(st.message).toMatch(/^the run stopped at [\d,]+ ns: the model's state passed its memory budget of 8 MB \(about \d+ MB; the most: [\d,]+ completions waiting unpolled in CQs\)$/);
    const unpolled = s.world.hosts.reduce((n, h) => n + h.cqs.reduce((m, c) => m + c.entries.length, 0), 0);
    // Bounded: checked every 65,536 steps, so the state passes the budget by at most that much work.
    expect(unpolled * 96).toBeGreaterThan(maxBytes / 2);
    expect(unpolled * 96).toBeLessThan(maxBytes * 2);
    const sum = s.summary();
    expect(sum.stopped).toEqual(st);
    expect(sum.wr.posted).toBe(sum.wr.completed + sum.wr.discarded + sum.wr.outstanding);
    // Deterministic: a second run stops at the same step, the same instant, the same hash.
    const again = new Simulation(bigCqs(), { trace: 'hash', maxBytes });
    again.runUntil(10_000_000_000);
    expect(again.stopped).toEqual(st);
    expect(again.summary().traceHash).toBe(sum.traceHash);
  });
  it('the sandbox at the schema\'s longest duration: the work budget stops it; the clock keeps the instant; commands are refused', () => {
    const sc = { ...sandboxScenario(), config: { ...sandboxScenario().config, durationNs: 10_000_000_000 } };
    const maxSteps = 400_000;
    const s = new Simulation(sc, { maxSteps, traceKeep: 5_000 });
    const mid = (() => { s.runUntil(1_000_000); return s.checkpoint(); })();
    expect(s.runUntil(10_000_000_000)).toBe(false);
    const st = s.stopped!;
    expect(st).toMatchObject({ reason: 'work', steps: maxSteps });
    expect(st.message).toBe(`the run stopped at ${st.t.toLocaleString('en-US')} ns: it used its work budget of 400,000 steps`);
    expect(s.now).toBe(st.t);
    expect(s.runUntil(10_000_000_000)).toBe(false);
    expect(s.now).toBe(st.t);
    expect(s.issue({ kind: 'qpFatal', host: 0, qpn: 0x100 })).toEqual({ ok: false, detail: st.message });
    expect(s.events().length).toBeLessThanOrEqual(5_000 + 625);
    const hash = s.summary().traceHash;
    // Back to a checkpoint before the stop: the run goes on, and stops again at the same step.
    s.restore(mid);
    expect(s.stopped).toBeNull();
    s.runUntil(10_000_000_000);
    expect(s.stopped).toEqual(st);
    expect(s.summary().traceHash).toBe(hash);
  });
});
