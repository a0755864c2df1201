import { describe, expect, it } from 'vitest';
import { createStorm, type StormConfig } from '../index.ts';
import { FAULT_CLAIMS } from './claims.ts';

// mlx5 devlink fw_fatal recovery (health.c mlx5_fw_fatal_reporter_recover → mlx5_recover_device)
// [sources: mlx5-health]: the device is reloaded, the old QPs are gone, the consumer reopens.
const run = (o: Partial<StormConfig>) => {
  const s = createStorm({ qps: 64, hosts: 3, classes: 2, outstanding: 4, fault: 'device-fatal', ...o }, { trace: 'full' });
  s.runToDrain();
  const storm = s.sim.events().filter((e) => e.kind === 'storm').map((e) => ({ what: e.what, t: e.t }));
  const gone = Array.from({ length: s.sim.world.qps.n }, (_, i) => i).filter((i) => s.sim.world.qps.host[i] === 0 && s.sim.world.qps.gone[i]).length;
  return { s, sum: s.summary(), storm, gone };
};

describe('mlx5 device death with devlink recovery', () => {
  it.each([['kernel'], ['user']] as const)('%s consumer: DEVICE_FATAL at the 2 s poll, the device reloaded 1 s later, its 64 QPs gone; drained', (consumer) => {
    const r = run({ consumer, mlx5Recovery: 'devlink' });
    const fatal = r.storm.find((e) => e.what === 'driver in INTERNAL_ERROR');
    const reload = r.storm.find((e) => e.what === 'device reloaded');
    expect(fatal?.t).toBe(2_000_000_000);
    expect(reload?.t).toBe(3_000_000_000);
    expect(r.gone).toBe(64);
    expect(r.sum.drained).toBe(true);
    expect(r.sum.reported).toBe(r.sum.faulted);
    // The kernel consumer had its flush (sw_comp) before the reload; user space had none.
    expect(r.sum.flushCqes).toBe(consumer === 'kernel' ? 64 * 4 : 0);
    expect(r.sum.wr.outstanding).toBe(0);
  });
  it('without recovery (the default) the device stays dead: a user-space consumer\'s WRs stay outstanding', () => {
    const r = run({ consumer: 'user' });
    expect(r.storm.some((e) => e.what === 'device reloaded')).toBe(false);
    expect(r.gone).toBe(0);
    expect(r.sum.wr.outstanding).toBe(64 * 4);
  });
  it('mlx4 has no devlink fw_fatal reporter in the model: the flag changes nothing there', () => {
    const a = run({ preset: 'mlx4', mlx5Recovery: 'devlink' }).sum;
    const b = run({ preset: 'mlx4' }).sum;
    expect(a.traceHash).toBe(b.traceHash);
  });
  it('the rule and its duration are labelled: code for the reload, model for how long it takes', () => {
    expect(FAULT_CLAIMS.find((c) => c.id === 'mlx5-recovery')?.kind).toBe('code');
    expect(FAULT_CLAIMS.find((c) => c.id === 'recovery-time')?.kind).toBe('model');
  });
});

describe('a device that dies while QPs wait for its error engine', () => {
  it('hns AEQ overflow → function reset: no QP is left showing as waiting for the dead engine once drained', () => {
    const s = createStorm({ qps: 1024, hosts: 16, fault: 'context-read-error', preset: 'hns', eqDepth: 1, eqeNs: 1_000_000, serviceNs: 20_000 });
    s.runToDrain();
    const sum = s.summary();
    expect(sum.drained).toBe(true);
    expect(sum.eqOverruns).toBeGreaterThan(0);
    expect(Array.from(s.grid().phase).filter((p) => p === 1)).toEqual([]);
  });
});
