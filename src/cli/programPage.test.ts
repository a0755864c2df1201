// The page's panel for the program's side and the storm CLI say the same thing: for the same
// settings the worker's frame (`live.program`) equals the CLI's `program` key, figure for figure,
// and the trace hash is the storm's own (the program's side is read from a storm, never in it).
// MODEL (claim program-thread) over ibv_get_async_event(3), rdma_get_cm_event(3) [sources: man-async-event, man-cm-event, model-faults].
import { describe, expect, it } from 'vitest';
import { main } from './sim.ts';
import { createFaultsApi } from '../worker/faults/api.ts';
import { stormArgsOf } from '../core/faults/labConfig.ts';

async function cli(args: string[]) {
  const out: string[] = [];
  const code = await main(args, (l) => out.push(l), () => undefined);
  return { code, line: JSON.parse(out[0] ?? '{}') as Record<string, unknown> };
}

describe('the program panel equals the CLI', () => {
  it.each([
    { qps: 256, fault: 'context-read-error', consumer: 'user', eventNs: 50_000, ackNs: 2_000_000, cm: true },
    { qps: 128, fault: 'device-fatal', consumer: 'user', eventNs: 2_000, ackNs: 0, cm: false },
    { qps: 200, fault: 'port-down', consumer: 'kernel', eventNs: 1_000_000, ackNs: 10_000_000, cm: true },
  ] as const)('$fault, eventNs $eventNs, ackNs $ackNs, cm $cm: fd backlog, CM backlog, destroy-wait and learned percentiles, unlearned', async (patch) => {
    const api = createFaultsApi();
    expect(api.setSettings(patch).ok).toBe(true);
    let f = api.runToEnd();
    for (let i = 0; i < 50 && !f.live!.drained; i++) f = api.runToEnd();
    const r = await cli(stormArgsOf(f.settings));
    expect(r.code).toBe(0);
    expect(r.line.program).toEqual(f.live!.program);
    expect(r.line.traceHash).toBe(f.live!.summary.traceHash);
    const j = await cli(['--storm', '--settings', JSON.stringify(f.settings)]);
    expect(j.line.program).toEqual(f.live!.program);
  });

  it('a slow, late-acknowledging program makes destroy wait longer and the fd back up; the storm itself is unchanged (same trace hash, not restarted)', () => {
    const api = createFaultsApi();
    api.setSettings({ qps: 256, fault: 'context-read-error', consumer: 'user' });
    const fast = api.runToEnd();
    const slow = api.setSettings({ eventNs: 200_000, ackNs: 5_000_000, cm: true });
    expect(slow.ok).toBe(true);
    const f = api.frame();
    expect(f.live!.t).toBe(fast.live!.t);
    expect(f.live!.summary.traceHash).toBe(fast.live!.summary.traceHash);
    expect(f.live!.program.destroyWaitNs.p50).toBeGreaterThan(fast.live!.program.destroyWaitNs.p50);
    expect(f.live!.program.asyncBacklogMax).toBeGreaterThanOrEqual(fast.live!.program.asyncBacklogMax);
    expect(f.live!.program.cmBacklogMax).toBeGreaterThan(0);
  });

  it.each([
    [{ eventNs: 0 }, /eventNs/], [{ ackNs: -1 }, /ackNs/], [{ ackNs: 2e10 }, /ackNs/], [{ cm: 'yes' }, /cm/], [{ eventNs: 1.5 }, /eventNs/],
  ] as const)('a bad value %o is refused naming the field; the settings in force stay', (patch, re) => {
    const api = createFaultsApi();
    api.setSettings({ eventNs: 7_000, ackNs: 3_000, cm: true });
    const r = api.setSettings(patch as never);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(re);
    expect(api.frame().settings).toMatchObject({ eventNs: 7_000, ackNs: 3_000, cm: true });
  });

  it('an old faults link without the program\'s settings opens with the defaults (2 µs per event, acknowledged at once, no rdma_cm)', () => {
    const api = createFaultsApi();
    const old = { qps: 64, fault: 'port-down', preset: 'mlx4', eqDepth: 64, serviceNs: 20000, eqeNs: 100, policy: 'fifo', classes: 3, mix: 'equal', outstanding: 8, seed: 1 };
    expect(api.applyLink({ settings: old }).ok).toBe(true);
    expect(api.frame().settings).toMatchObject({ eventNs: 2_000, ackNs: 0, cm: false });
  });
});
