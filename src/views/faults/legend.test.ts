// @vitest-environment node
// The storm grid's legend and the device panel say what the model did for the consumer chosen
// [sources: mlx5-user-fatal, mlx4-catas]: a user-space consumer after device death gets
// DEVICE_FATAL, a context flagged MLX5_CTX_FLAGS_FATAL_STATE and no flush CQE, so neither the
// legend nor the panel says "flushed" then; the driver's INTERNAL_ERROR state is named.
import { describe, expect, it } from 'vitest';
import { createStorm, PHASE, type StormConfig } from '../../core/index.ts';
import { legendOf, PHASES } from './format.ts';
import { deviceLines } from './DeviceState.tsx';

const dead = (consumer: 'kernel' | 'user', preset: 'mlx5' | 'mlx4' = 'mlx5') => {
  const cfg: StormConfig = { qps: 32, hosts: 3, classes: 2, outstanding: 4, fault: 'device-fatal', policy: 'fifo', idle: 0.25, consumer, preset };
  const s = createStorm(cfg);
  s.runToDrain();
  return s;
};

describe('the storm legend', () => {
  it('every phase code of the core has a label, a fill and a glyph (healthy has none)', () => {
    expect(PHASES.map((p) => p.id)).toEqual(Object.values(PHASE).sort((a, b) => a - b));
    for (const p of PHASES) expect(p.id === 0 ? p.glyph === '' : p.glyph.length > 0).toBe(true);
  });
  it('user-space device death: the legend names no flush, only DEVICE_FATAL with the WRs outstanding', () => {
    const text = legendOf(dead('user').grid().phase).filter((p) => p.n > 0).map((p) => p.label).join(' | ');
    expect(text).not.toMatch(/flushed|flushing/);
    expect(text).toMatch(/DEVICE_FATAL in user space: no flush CQE/);
  });
  it('kernel-consumer device death: the legend says completed or flushed', () => {
    const l = legendOf(dead('kernel').grid().phase).filter((p) => p.n > 0);
    expect(l.map((p) => [p.id, p.n])).toEqual([[PHASE.DONE, 32]]);
  });
  it('healthy stays in the legend with 0; phases no QP is in are left out', () => {
    expect(legendOf(new Uint8Array([PHASE.UNAWARE, PHASE.UNAWARE])).map((p) => [p.id, p.n])).toEqual([[0, 0], [PHASE.UNAWARE, 2]]);
  });
});

describe('the device panel', () => {
  it('mlx5, user space: names MLX5_DEVICE_STATE_INTERNAL_ERROR and MLX5_CTX_FLAGS_FATAL_STATE, read in code, and the WRs left outstanding', () => {
    const s = dead('user').summary();
    const l = deviceLines(s.devices[0], 'mlx5', 'user', s.wr.outstanding);
    expect(l.map((x) => x.kind)).toEqual(['code', 'code']);
    expect(l[0].text).toContain('MLX5_DEVICE_STATE_INTERNAL_ERROR');
    expect(l[1].text).toContain('MLX5_CTX_FLAGS_FATAL_STATE');
    expect(l[1].text).toContain(`${s.wr.outstanding} WRs stay outstanding`);
    expect(l[1].key).toBe('mlx5-user-fatal');
  });
  it('mlx5, kernel: the flush is sw_comp in poll_cq', () => {
    const l = deviceLines('internal-error', 'mlx5', 'kernel', 0);
    expect(l[1].text).toMatch(/sw_comp/);
  });
  it('mlx4: MLX4_DEVICE_STATE_INTERNAL_ERROR read in code; the consumer rule is labelled as mlx5\'s applied by the model', () => {
    const l = deviceLines('internal-error', 'mlx4', 'user', 8);
    expect(l[0]).toMatchObject({ kind: 'code', key: 'mlx4-catas' });
    expect(l[0].text).toContain('MLX4_DEVICE_STATE_INTERNAL_ERROR');
    expect(l[1].kind).toBe('model');
  });
  it('dead and not noticed: the poll interval is code, the full-interval wait the model\'s; a live device says nothing', () => {
    expect(deviceLines('dead', 'mlx5', 'user', 0).map((x) => x.kind)).toEqual(['code', 'model']);
    expect(deviceLines('alive', 'mlx5', 'user', 0)).toEqual([]);
  });
});
