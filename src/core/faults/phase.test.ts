import { describe, expect, it } from 'vitest';
import { createStorm, PHASE, type StormConfig } from '../index.ts';

// The grid's phases say what the model did to each QP, for the consumer chosen. Device death
// [sources: mlx5-user-fatal, mlx5-health, mlx4-catas]: libmlx5 flags the context
// MLX5_CTX_FLAGS_FATAL_STATE and its CQs yield no flush CQE (mlx5_async_event), a kernel
// consumer's poll_cq flushes (sw_comp); until the poller runs the driver does not know.
// Idle QPs on a cut connection have no timer running and learn nothing [sources: ack-timeout].
const base: StormConfig = { qps: 64, hosts: 3, classes: 2, outstanding: 4, fault: 'device-fatal', policy: 'fifo', idle: 0.25 };
const count = (phase: Uint8Array) => {
  const c: Record<number, number> = {};
  for (const p of phase) c[p] = (c[p] ?? 0) + 1;
  return c;
};

describe('grid phases after device death, per consumer', () => {
  it('user space (libmlx5): every QP, idle or not, is DEVICE_FATAL with no flush, never "flushed"; its WRs stay outstanding', () => {
    const s = createStorm({ ...base, consumer: 'user' });
    s.runToDrain();
    const sum = s.summary();
    expect(count(s.grid().phase)).toEqual({ [PHASE.FATAL_USER]: 64 });
    expect(sum.flushCqes).toBe(0);
    expect(sum.wr.outstanding).toBe(48 * 4);
    expect(sum.devices[0]).toBe('internal-error');
  });
  it('kernel consumer: every QP reported and its WRs flushed by sw_comp (idle ones had none)', () => {
    const s = createStorm({ ...base, consumer: 'kernel' });
    s.runToDrain();
    expect(count(s.grid().phase)).toEqual({ [PHASE.DONE]: 64 });
    expect(s.summary().flushCqes).toBe(48 * 4);
  });
  it.each([['mlx5', 2e9], ['mlx4', 5e9]] as const)('%s: before the poller runs (%d ns) every QP, idle ones too, shows its device dead and unnoticed, never healthy', (preset, pollNs) => {
    const s = createStorm({ ...base, preset, consumer: 'user' });
    s.runUntil(pollNs - 1);
    expect(count(s.grid().phase)).toEqual({ [PHASE.DEAD_UNSEEN]: 64 });
    expect(s.summary().devices[0]).toBe('dead');
    s.runUntil(pollNs + 1);
    expect(s.summary().devices[0]).toBe('internal-error');
  });
  it('an mlx5 devlink reload: the old QPs show as destroyed with the old device; the host has a new device', () => {
    const s = createStorm({ ...base, consumer: 'user', mlx5Recovery: 'devlink' });
    s.runToDrain();
    expect(count(s.grid().phase)).toEqual({ [PHASE.GONE]: 64 });
    expect(s.summary().devices[0]).toBe('new-device');
  });
});

describe('grid phases of idle QPs on a cut connection', () => {
  it('port down, a quarter idle: the idle QPs are unaware (the same count as the summary), not healthy', () => {
    const s = createStorm({ ...base, fault: 'port-down' });
    s.runToDrain();
    const c = count(s.grid().phase);
    expect(c[PHASE.UNAWARE]).toBe(16);
    expect(c[PHASE.UNAWARE]).toBe(s.summary().unaware);
    expect(c[PHASE.HEALTHY]).toBeUndefined();
    expect(s.summary().devices).toEqual(['alive', 'alive', 'alive']);
  });
  it('a context read error: QPs never fetched keep a live connection and stay healthy', () => {
    const s = createStorm({ ...base, fault: 'context-read-error' });
    s.runToDrain();
    expect(count(s.grid().phase)[PHASE.UNAWARE]).toBeUndefined();
  });
});
