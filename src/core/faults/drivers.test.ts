// Issue 18: the model against the driver functions it cites, preset by preset
// [sources: mlx4-eq, mlx5-eq, mlx5-health, mlx5-user-fatal, hns-reset].
import { describe, expect, it } from 'vitest';
import { CHANNEL_PRESETS_INFO, createStorm, eqSlots, resolveChannel, type StormConfig } from '../index.ts';
import { defaultStormSettings, stormConfigOf } from './labConfig.ts';
import { drainBlocker } from './metrics.ts';
import { stormProblems } from '../testkit/storms.ts';

describe('EQ sizes after the driver\'s rounding (mlx5 create_map_eq order_base_2; mlx4_create_eq / mthca_create_eq roundup_pow_of_two(max(nent, 2)))', () => {
  it.each([
    ['mlx5', 4096, 8192], ['mlx5', 64, 256], ['mlx4', 256, 512], ['mlx4', 64, 256], ['mlx4', 1, 256], ['mlx4', 512, 1024], ['hns', 0x1000, 0x1000], ['hns', 64, 64],
  ] as const)('%s asked %i → %i slots', (preset, depth, slots) => {
    expect(resolveChannel({ preset, policy: 'fifo', consumer: 'kernel', eqDepth: depth }, 60).eqSize).toBe(slots);
  });
  it('roundup_pow_of_two(max(n, 2)): never fewer than 2', () => {
    expect(eqSlots(0, 0, true)).toBe(2);
    expect(eqSlots(1, 0, true)).toBe(2);
  });
});

describe('per-preset driver facts', () => {
  it.each([
    ['mlx5', 128, 128, 10_000, 2_000_000_000],
    ['mlx4', Infinity, 128, 0, 5_000_000_000],
    ['hns', Infinity, Infinity, 0, 2_000],
  ] as const)('%s: budget %s, consumer index every %s EQEs, QUERY_QP %i ns, death noticed after %i ns', (preset, budget, ci, query, health) => {
    const ch = resolveChannel({ preset, policy: 'fifo', consumer: 'kernel' }, 60);
    // The handler's budget never exceeds the EQ itself (resolveChannel caps it).
    expect([ch.budget, ch.ciEvery, ch.queryNs, ch.healthNs]).toEqual([Math.min(budget, ch.eqSize), ci, query, health]);
    expect(CHANNEL_PRESETS_INFO[preset].source.length).toBeGreaterThan(20);
  });
});

describe('mlx4_eq_int publishes the consumer index every 128 EQEs: slots free up while one long interrupt runs', () => {
  it('a 300-QP context-read error on mlx4: one interrupt frees slots 128 at a time, without re-arming in between', () => {
    const cfg: StormConfig = { qps: 300, hosts: 3, classes: 1, outstanding: 1, fault: 'context-read-error', preset: 'mlx4', eqDepth: 1, eqeNs: 20_000, serviceNs: 500 };
    const s = createStorm(cfg, { trace: 'full' });
    s.runToDrain();
    const eq = s.sim.events().filter((e) => e.kind === 'eq' && e.host === 0 && (e.op === 'irq' || e.op === 'consume'));
    const consumed = eq.filter((e) => e.kind === 'eq' && e.op === 'consume').map((e) => (e.kind === 'eq' ? e.n ?? 0 : 0));
    expect(Math.max(...consumed)).toBe(128);
    // Two publications in a row inside one interrupt: the batch went on past 128 EQEs.
    expect(eq.some((e, i) => i > 0 && e.kind === 'eq' && e.op === 'consume' && eq[i - 1].kind === 'eq' && (eq[i - 1] as { op: string }).op === 'consume')).toBe(true);
    expect(s.summary().drained).toBe(true);
  });
});

describe('device death: who sees a flush (mlx5_ib_handle_internal_error, sw_comp, libmlx5 mlx5_async_event)', () => {
  const run = (consumer: 'kernel' | 'user') => {
    const s = createStorm({ qps: 64, hosts: 3, classes: 2, outstanding: 4, fault: 'device-fatal', healthNs: 1_000_000, consumer }, { trace: 'full' });
    s.runToDrain();
    return s;
  };
  it('kernel consumer: one DEVICE_FATAL, every WQE flushed by the driver with FLUSH_ERR (the failing one too), nothing outstanding', () => {
    const s = run('kernel');
    const sum = s.summary();
    expect(sum.events.IBV_EVENT_DEVICE_FATAL).toBe(1);
    expect(sum.flushCqes).toBe(64 * 4);
    expect(sum.wr.outstanding).toBe(0);
    expect(s.sim.events().filter((e) => e.kind === 'cqe' && e.host === 0).every((e) => e.kind === 'cqe' && e.status === 'IBV_WC_WR_FLUSH_ERR')).toBe(true);
    expect(stormProblems(s)).toEqual([]);
  });
  it('user-space consumer: DEVICE_FATAL and no flush CQE at all; its WRs stay outstanding; the storm still drains', () => {
    const s = run('user');
    const sum = s.summary();
    expect(sum.events.IBV_EVENT_DEVICE_FATAL).toBe(1);
    expect(sum.flushCqes).toBe(0);
    expect(sum.wr.outstanding).toBe(64 * 4);
    expect(sum.reported).toBe(sum.faulted);
    expect(sum.drained).toBe(true);
  });
});

describe('hns reset: the device is gone and a new one registered (reset_notify_down / uninit / init)', () => {
  it('after the reset every old QP of the host is destroyed; the storm drains only once the new device is registered', () => {
    const s = createStorm({ qps: 40, hosts: 3, classes: 1, outstanding: 2, fault: 'context-read-error', preset: 'hns', eqDepth: 4, eqeNs: 50_000, windowNs: 1_000_000 }, { trace: 'full' });
    s.runToDrain();
    const done = s.sim.events().find((e) => e.kind === 'storm' && e.what === 'function reset done');
    expect(done).toBeDefined();
    expect(s.summary().drained).toBe(true);
    expect(s.sim.now).toBeGreaterThanOrEqual(done!.t);
    const destroyed = s.sim.events().filter((e) => e.kind === 'qp-destroyed' && e.host === 0).length;
    expect(destroyed).toBeGreaterThan(0);
  });
});

describe('an overrun that kills the device drains (eqWrite → overrun → killDevice inside the error engine)', () => {
  it('the page\'s storm that ran forever: context-read error, 63 µs per event, depth 256, 5,000 QPs (page defaults) drains', () => {
    const s = createStorm(stormConfigOf({ ...defaultStormSettings(), qps: 5000, fault: 'context-read-error', eqeNs: 63_000, eqDepth: 256 }));
    s.runToDrain();
    const sum = s.summary();
    expect(drainBlocker(s.sim.world)).toBeNull();
    expect(sum.drained).toBe(true);
    expect(sum.pendingReports).toBe(0);
    expect(sum.reported + sum.lostReports).toBe(sum.faulted);
    expect(s.sim.now).toBeLessThan(s.sim.scenario.config.durationNs);
  });
});

describe('a link flap with a duration: longer than the retry budget faults the QPs with work in flight, shorter does not (rxe_comp.c retry_cnt) [sources: ack-timeout]', () => {
  // timeout 14 ≈ 67.1 ms per try, retry_cnt 3: the last retransmission goes out ≈ 201 ms after the first.
  it.each([
    [100, 0], [190, 0], [220, 48], [400, 48],
  ] as const)('port down for %i ms: %i of 64 QPs (16 idle) fault; the port comes back before the storm drains', (ms, faulted) => {
    const s = createStorm({ qps: 64, hosts: 4, classes: 4, outstanding: 2, fault: 'link-flap', flapNs: ms * 1_000_000, idle: 0.25 });
    s.runToDrain();
    const sum = s.summary();
    expect(sum.faulted).toBe(faulted);
    expect(sum.events).toMatchObject({ IBV_EVENT_PORT_ERR: 1, IBV_EVENT_PORT_ACTIVE: 1 });
    expect(sum.unaware).toBe(0);
    expect(sum.drained).toBe(true);
  });
});

describe('connection-manager timeouts (cma.c / cm.c: exponent 18, retry_cnt 7) beside the storm\'s (14, 3)', () => {
  it('a port down fails QPs after ≈ 8.6 s instead of ≈ 268 ms', () => {
    const base: StormConfig = { qps: 16, hosts: 3, classes: 1, outstanding: 1, fault: 'port-down' };
    const short = createStorm(base); short.runToDrain();
    const cm = createStorm({ ...base, timeouts: 'cm' }); cm.runToDrain();
    expect(short.summary().reportNs.p50).toBeGreaterThan(260_000_000);
    expect(short.summary().reportNs.p50).toBeLessThan(300_000_000);
    // 8 tries × 4.096 µs × 2^18 ≈ 8.59 s.
    expect(cm.summary().reportNs.p50).toBeGreaterThan(8_500_000_000);
    expect(cm.summary().drained).toBe(true);
  });
});

describe('mlx5 EQ overrun: both readings of health.c, labelled (claim overrun-mlx5)', () => {
  const cfg: StormConfig = { qps: 512, hosts: 4, classes: 1, outstanding: 1, fault: 'context-read-error', preset: 'mlx5', eqDepth: 64, eqeNs: 20_000, serviceNs: 500 };
  it('fatal (default): the first overrun kills the device, one DEVICE_FATAL covers every QP', () => {
    const s = createStorm(cfg); s.runToDrain();
    expect(s.summary()).toMatchObject({ eqSlots: 256, eqOverruns: 1, drained: true, lostReports: 0 });
    expect(s.summary().events.IBV_EVENT_DEVICE_FATAL).toBe(1);
  });
  it('report: the syndrome is only reported, the driver goes on and the events that did not fit are lost', () => {
    const s = createStorm({ ...cfg, mlx5Overrun: 'report' }); s.runToDrain();
    const sum = s.summary();
    expect(sum.eqOverruns).toBeGreaterThan(1);
    expect(sum.events.IBV_EVENT_DEVICE_FATAL).toBeUndefined();
    expect(sum.drained).toBe(true);
  });
});
