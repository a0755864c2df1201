import { describe, expect, it } from 'vitest';
import { compareStorms, createStorm, type StormConfig, type SimEvent } from '../index.ts';
import { stormScenario } from './stormScenario.ts';
import type { Storm } from './storm.ts';
import { stormProblems } from '../testkit/storms.ts';
import { RUN_AHEAD_ON } from './engine.ts';

// Each shared-cause fault produces what the drivers make of it [sources: port-down, cq-full, mlx5-health], and every
// faulted QP still follows the single-QP rules (rxe_comp.c) [sources: rxe-comp, ibta-in-code].
const small = (fault: StormConfig['fault'], o: Partial<StormConfig> = {}) =>
  createStorm({ qps: 48, hosts: 4, classes: 2, outstanding: 4, fault, ...o }, { trace: 'full' });

const evs = <K extends SimEvent['kind']>(s: Storm, kind: K) => s.sim.events().filter((e) => e.kind === kind) as Extract<SimEvent, { kind: K }>[];

function checkStorm(s: Storm): void {
  expect(stormProblems(s)).toEqual([]);
}

describe('port down (mlx5 handle_port_change, rxe_port_down) [sources: port-down]', () => {
  const s = small('port-down');
  s.runToDrain();
  it('changes no QP state when it happens; raises IBV_EVENT_PORT_ERR once', () => {
    expect(evs(s, 'state').filter((e) => e.t === 0 && e.cause !== 'modify')).toEqual([]);
    expect(s.summary().events.IBV_EVENT_PORT_ERR).toBe(1);
  });
  it('every QP with unacknowledged work fails by RETRY_EXC_ERR, then flushes oldest first', () => {
    const sum = s.summary();
    expect(sum.faulted).toBe(48);
    expect(sum.drained).toBe(true);
    const byQp = new Map<number, string[]>();
    for (const e of evs(s, 'cqe')) if (e.host === 0) byQp.set(e.qpn, [...(byQp.get(e.qpn) ?? []), e.status]);
    for (const st of byQp.values()) expect(st).toEqual(['IBV_WC_RETRY_EXC_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR']);
    // retry_cnt 3: four transmissions of each WR, timeout 14 each: failures ≈ 4 × 67 ms after the fault.
    expect(sum.reportNs.p50).toBeGreaterThan(4 * 67_000_000);
    checkStorm(s);
  });
  it('the peers on the other hosts are untouched', () => {
    expect(evs(s, 'state').filter((e) => e.host !== 0 && e.cause !== 'modify')).toEqual([]);
  });
});

describe('link flap shorter than the retry budget', () => {
  it('no QP fails: the retransmissions after the port comes back are acknowledged', () => {
    const s = small('link-flap', { flapNs: 100_000_000 });
    s.runToDrain();
    const sum = s.summary();
    expect(sum.faulted).toBe(0);
    expect(sum.events).toEqual({ IBV_EVENT_PORT_ERR: 1, IBV_EVENT_PORT_ACTIVE: 1 });
    expect(sum.wr.completed).toBe(sum.wr.posted);
    checkStorm(s);
  });
});

describe('remote host crash', () => {
  it('only the peers with unacknowledged work find out, by retry exhaustion; the crashed host reports nothing', () => {
    const s = small('host-crash');
    s.runToDrain();
    const sum = s.summary();
    expect(sum.faulted).toBe(48);
    expect(evs(s, 'report').every((e) => e.host !== 0 && e.via === 'error-cqe')).toBe(true);
    expect(evs(s, 'cqe').filter((e) => e.host === 0)).toEqual([]);
    checkStorm(s);
  });
});

describe('shared CQ overrun', () => {
  it('one IBV_EVENT_CQ_ERR; each receiver faults at its next receive completion and is covered by the CQ event', () => {
    const s = small('cq-overrun');
    s.runToDrain();
    const sum = s.summary();
    expect(sum.events.IBV_EVENT_CQ_ERR).toBe(1);
    expect(sum.cqOverruns).toBe(1);
    const host0 = evs(s, 'report').filter((e) => e.host === 0);
    expect(host0).toHaveLength(48);
    expect(host0.every((e) => e.via === 'cq-event')).toBe(true);
    expect(evs(s, 'state').filter((e) => e.host === 0 && e.to === 'ERR').every((e) => e.cause === 'cq-overrun')).toBe(true);
    checkStorm(s);
  });
});

describe('context-memory read error', () => {
  it('fails exactly the QPs whose context was fetched in the window, each with IBV_EVENT_QP_FATAL', () => {
    const s = small('context-read-error', { windowNs: 2_000 });
    s.runToDrain();
    const sum = s.summary();
    const hit = evs(s, 'storm').filter((e) => e.what === 'context fetch failed');
    expect(hit.length).toBeGreaterThan(0);
    expect(hit.length).toBeLessThan(48);
    expect(sum.faulted).toBe(hit.length);
    expect(sum.events.IBV_EVENT_QP_FATAL).toBe(hit.length);
    checkStorm(s);
  });
});

describe('device fatal (mlx5)', () => {
  const s = small('device-fatal', { healthNs: 5_000_000 });
  s.runToDrain();
  it('IBV_EVENT_DEVICE_FATAL once, at the health poll; it covers every QP of the device', () => {
    const sum = s.summary();
    expect(sum.events).toEqual({ IBV_EVENT_DEVICE_FATAL: 1 });
    expect(sum.faulted).toBe(48);
    expect(sum.reportNs).toEqual({ p50: 5_000_000, p99: 5_000_000, max: 5_000_000 });
    expect(evs(s, 'eq')).toEqual([]);
    checkStorm(s);
  });
  it('the driver flushes per CQ in attach order, every send queue before any receive queue, oldest WR first', () => {
    const c = evs(s, 'cqe').filter((e) => e.host === 0);
    expect(c.every((e) => e.status === 'IBV_WC_WR_FLUSH_ERR')).toBe(true);
    const byCq = new Map<number, number[]>();
    for (const e of c) byCq.set(e.cq, [...(byCq.get(e.cq) ?? []), e.qpn]);
    for (const qpns of byCq.values()) expect(qpns).toEqual([...qpns].sort((a, b) => a - b));
    expect(byCq.size).toBe(2); // one CQ per class
  });
});

describe('event-queue overrun presets (mlx5 health.c, mlx4 eq.c, hns_roce_hw_v2.c) [sources: mlx5-eq, mlx4-eq, hns-aeq]', () => {
  // A 2-slot event queue (no spare entries) drained slowly: the QP_FATAL EQEs cannot all fit.
  const tiny = (preset: 'mlx4' | 'mlx5' | 'hns') => {
    const sc = stormScenario({ qps: 64, hosts: 3, classes: 1, outstanding: 2, fault: 'context-read-error', windowNs: 1_000_000, preset, eqeNs: 50_000, healthNs: 3_000_000 });
    sc.config.channel = { ...sc.config.channel, eqDepth: 2, spare: 0, pow2: false };
    return createStorm(sc, { trace: 'full' });
  };
  it('mlx4 reports the overrun and continues: EQEs are lost, the QPs are still reported by their error CQEs', () => {
    const s = tiny('mlx4');
    s.runToDrain();
    const sum = s.summary();
    expect(sum.eqOverruns).toBeGreaterThan(0);
    expect(sum.events.IBV_EVENT_QP_FATAL).toBeLessThan(sum.faulted);
    expect(sum.events.IBV_EVENT_DEVICE_FATAL).toBeUndefined();
    expect(sum.reported + sum.lostReports).toBe(sum.faulted);
    checkStorm(s);
  });
  it('mlx5 takes the fatal path: the device dies, IBV_EVENT_DEVICE_FATAL covers every QP', () => {
    const s = tiny('mlx5');
    s.runToDrain();
    const sum = s.summary();
    expect(sum.eqOverruns).toBe(1);
    expect(sum.events.IBV_EVENT_DEVICE_FATAL).toBe(1);
    expect(sum.faulted).toBe(64);
    expect(sum.lostReports).toBe(0);
    checkStorm(s);
  });
  it('hns requests a function reset: the function dies at once and is back after the reset', () => {
    const s = tiny('hns');
    s.runToDrain();
    expect(s.summary().events.IBV_EVENT_DEVICE_FATAL).toBe(1);
    expect(evs(s, 'storm').map((e) => e.what)).toEqual(expect.arrayContaining(['function reset requested', 'function reset done']));
    checkStorm(s);
  });
  it('a lost CQ_ERR leaves the QPs it would have covered as lost reports, counted, never silent', () => {
    const sc = stormScenario({ qps: 16, hosts: 3, classes: 1, outstanding: 2, fault: 'cq-overrun', preset: 'mlx4' });
    sc.config.channel = { ...sc.config.channel, eqDepth: 1, spare: 0, irqNs: 5_000_000 };
    sc.commands = [{ t: 0, cmd: { kind: 'portDown', host: 0 } }, { t: 0, cmd: { kind: 'portUp', host: 0 } }, ...(sc.commands ?? [])];
    const s = createStorm(sc, { trace: 'full' });
    s.runToDrain();
    const sum = s.summary();
    expect(sum.eqOverruns).toBeGreaterThan(0);
    expect(sum.lostReports).toBeGreaterThan(0);
    expect(sum.reported + sum.lostReports).toBe(sum.faulted);
    checkStorm(s);
  });
});

describe('policies on a crafted storm: a slow error engine, so every faulted QP waits (policy order = report order)', () => {
  const run = (policy: StormConfig['policy']) => {
    const s = small('port-down', { qps: 64, classes: 4, policy, serviceNs: 200_000 });
    s.runToDrain();
    const detect = new Map(evs(s, 'state').filter((e) => e.host === 0 && e.to === 'ERR').map((e) => [e.qpn, e.t]));
    const reps = evs(s, 'report').filter((e) => e.host === 0);
    return { reps: reps.map((e) => ({ qpn: e.qpn, cls: e.cls, det: detect.get(e.qpn)! })), s };
  };
  // The engine takes the first QP as soon as it fails; all others queue behind it.
  it('fifo: by detection time, ties by QPN', () => {
    const { reps } = run('fifo');
    const rest = reps.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.det - b.det || a.qpn - b.qpn));
  });
  it('priority: class 0 (priority 3) first, then 1, 2, 3; FIFO inside a class', () => {
    const { reps } = run('priority');
    const waited = reps.filter((r) => r.det < reps[1].det + 1).slice(1);
    expect(waited.map((r) => r.cls)).toEqual([...waited.map((r) => r.cls)].sort((a, b) => a - b));
  });
  it('round-robin: while all four classes wait, they are served in turn, one QP each', () => {
    const { reps } = run('round-robin');
    const window = reps.slice(1, 21).map((r) => r.cls);
    const n = [0, 1, 2, 3].map((c) => window.filter((x) => x === c).length);
    for (const x of n) expect(x).toBe(5);
    for (let i = 1; i < window.length; i++) expect(window[i]).not.toBe(window[i - 1]);
  });
  it('weighted-fair: while all four classes wait, they are served 4 : 3 : 2 : 1', () => {
    const { reps } = run('weighted-fair');
    const window = reps.slice(1, 21).map((r) => r.cls);
    const n = [0, 1, 2, 3].map((c) => window.filter((x) => x === c).length);
    // Shares of 20 by weight 4:3:2:1 are 8, 6, 4, 2; stride scheduling is exact to within one.
    [8, 6, 4, 2].forEach((share, c) => expect(Math.abs(n[c] - share)).toBeLessThanOrEqual(1));
  });
  it('every policy reports every faulted QP; only the order and the per-class latencies differ', () => {
    const sums = (['fifo', 'round-robin', 'priority', 'oldest-first', 'weighted-fair'] as const).map((p) => run(p).s.summary());
    for (const x of sums) { expect(x.faulted).toBe(64); expect(x.reported).toBe(64); }
    const prio = sums[2];
    expect(prio.perClass[0].reportP99Ns).toBeLessThan(prio.perClass[3].reportP99Ns);
    expect(sums[0].jain).toBeGreaterThan(prio.jain);
  });
});

describe('scale and schema', () => {
  it('a 65,536-QP storm across 16 hosts is compact config, typed-array columns, and no per-QP objects before work', () => {
    const s = createStorm({ qps: 65_536, hosts: 16, fault: 'port-down', classes: 8 }, { trace: 'off' });
    const w = s.sim.world;
    expect(w.qps.n).toBe(2 * 65_536);
    expect(w.cfg.groups.length).toBeLessThanOrEqual(256);
    expect(w.rt.size).toBe(0);
    expect(s.grid().slots).toHaveLength(65_536);
    expect(new Set(Array.from(s.grid().host)).size).toBe(1);
  });
  it('a bad group names its field', () => {
    const sc = stormScenario({ qps: 8, hosts: 3, fault: 'port-down' });
    expect(() => createStorm({ ...sc, config: { ...sc.config, groups: [{ ...sc.config.groups![0], peerHost: 9 }] } })).toThrow(/config\.groups\[0\]\.peerHost: host 9 does not exist/);
    expect(() => createStorm({ ...sc, config: { ...sc.config, groups: [{ ...sc.config.groups![0], class: 7 }] } })).toThrow(/config\.groups\[0\]\.class/);
    expect(() => createStorm({ ...sc, config: { ...sc.config, channel: { policy: 'lottery' } } })).toThrow(/config\.channel\.policy/);
  });
});

describe('CQ moderation (per CQ on mlx5; the EQ has none)', () => {
  it('an error CQE is seen when the moderated completion event fires, not when it is written', () => {
    const plain = small('context-read-error', { windowNs: 1_000 });
    plain.runToDrain();
    const mod = small('context-read-error', { windowNs: 1_000, moderation: { periodNs: 50_000, maxCount: 1000 } });
    mod.runToDrain();
    const a = plain.grid(), b = mod.grid();
    for (let i = 0; i < a.slots.length; i++) {
      if (a.reportNs[i] < 0) continue;
      expect(b.reportNs[i]).toBeGreaterThanOrEqual(a.reportNs[i]);
      expect(b.reportNs[i] - a.reportNs[i]).toBeLessThanOrEqual(50_000);
    }
    expect(mod.summary().reportNs.max).toBeGreaterThan(plain.summary().reportNs.max);
    checkStorm(mod);
  });
});

describe('the storm API for a worker', () => {
  it('advances in bounded slices, switches policy live, and two policies run in lockstep on the same storm', () => {
    const cfg: StormConfig = { qps: 64, hosts: 4, fault: 'port-down', classes: 4, serviceNs: 100_000 };
    const s = createStorm(cfg);
    let slices = 0;
    while (!s.runToDrain(1_000)) {
      slices++;
      if (slices === 3) expect(s.setPolicy('weighted-fair').ok).toBe(true);
    }
    expect(slices).toBeGreaterThan(3);
    expect(s.policy).toBe('weighted-fair');
    expect(s.summary().drained).toBe(true);
    const eq = s.eqSeries(0);
    expect(eq.size).toBe(8192);
    const cmp = compareStorms(cfg, ['fifo', 'priority']);
    while (!cmp.drained()) cmp.runUntil(cmp.a.now + 10_000_000);
    expect(cmp.a.now).toBe(cmp.b.now);
    expect(cmp.a.summary().wr.posted).toBe(cmp.b.summary().wr.posted);
    expect(cmp.b.latencies().byClass[0][0]).toBeLessThanOrEqual(cmp.a.latencies().byClass[0].at(-1)!);
  });
});

describe('running ahead is only a speed-up', () => {
  it('the flush engine writing several CQEs per item when nothing else is due gives the same trace hash as one item per CQE', () => {
    for (const fault of ['port-down', 'context-read-error', 'cq-overrun'] as const) {
      const hashes = [true, false].map((on) => {
        RUN_AHEAD_ON.on = on;
        const s = createStorm({ qps: 300, hosts: 5, fault, moderation: { periodNs: 2_000, maxCount: 16 } });
        s.runToDrain();
        return s.summary().traceHash;
      });
      RUN_AHEAD_ON.on = true;
      expect(hashes[0]).toBe(hashes[1]);
    }
  });
});
