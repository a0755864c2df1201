// The diagnose CLI contract (README "Headless API"): JSON lines, exit 0 / 1 / 2.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../core/index.ts';
import { diagnoseMain } from './diagnose.ts';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = diagnoseMain(args, (s) => out.push(s), (s) => err.push(s));
  return { code, out, err };
}

describe('npm run diagnose', () => {
  it('prints one line per cause, most likely first, each with { cause, rank, profile, scenario, recovery }; exit 0', () => {
    const r = run(['--status', 'IBV_WC_RNR_RETRY_EXC_ERR', '--side', 'requester', '--profile', 'rxe']);
    expect(r.code).toBe(0);
    const lines = r.out.map((l) => JSON.parse(l) as { cause: string; rank: number; profile: string; scenario: unknown; recovery: string[] });
    expect(lines[0]).toMatchObject({ rank: 1, profile: 'rxe' });
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(expect.arrayContaining(['cause', 'rank', 'profile', 'scenario', 'recovery']));
      const sim = createSimulation(l.scenario);
      sim.run();
      expect(sim.events().some((e) => e.kind === 'cqe' && e.status === 'IBV_WC_RNR_RETRY_EXC_ERR')).toBe(true);
    }
  });
  it('with events: every event must show (SQ_DRAINED under mlx5 has no cause: mlx5 refuses RTS→SQD) — exit 1', () => {
    const r = run(['--status', 'IBV_WC_WR_FLUSH_ERR', '--event', 'IBV_EVENT_SQ_DRAINED', '--profile', 'mlx5']);
    expect(r.code).toBe(1);
    expect(r.out).toEqual([]);
  });
  it('EINVAL from a modify to RTR: exit 0 with the kernel-table causes', () => {
    const r = run(['--errno', 'EINVAL', '--to', 'RTR', '--from', 'INIT', '--profile', 'ibta']);
    expect(r.code).toBe(0);
    expect(r.out.length).toBeGreaterThanOrEqual(6);
  });
  it('--state keeps its meaning (the peer QP\'s state); --local-state adds the QP that saw the status: every line\'s scenario ends in both', () => {
    const peerOnly = run(['--status', 'IBV_WC_RETRY_EXC_ERR', '--side', 'requester', '--state', 'GONE', '--profile', 'mlx5']);
    expect(peerOnly.out.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['peer-qp-destroyed']);
    const both = run(['--status', 'IBV_WC_RETRY_EXC_ERR', '--side', 'requester', '--state', 'RTS', '--local-state', 'ERR', '--profile', 'mlx5']);
    expect(both.code).toBe(0);
    for (const l of both.out) {
      const sim = createSimulation((JSON.parse(l) as { scenario: unknown }).scenario);
      const qps = sim.run().qps;
      const retry = sim.events().find((e) => e.kind === 'cqe' && e.status === 'IBV_WC_RETRY_EXC_ERR') as { host: number };
      expect(qps.find((q) => q.host === retry.host)?.state).toBe('ERR');
      expect(qps.find((q) => q.host !== retry.host)?.state).toBe('RTS');
    }
    // No cause leaves the QP that saw REM_ACCESS_ERR in RTS: exit 1.
    expect(run(['--status', 'IBV_WC_REM_ACCESS_ERR', '--local-state', 'RTS', '--profile', 'mlx5']).code).toBe(1);
  });
  it.each([
    [['--status', 'IBV_WC_NOPE'], '--status'],
    [['--status', 'IBV_WC_REM_ACCESS_ERR', '--side', 'both'], '--side'],
    [['--status', 'IBV_WC_REM_ACCESS_ERR', '--event', 'IBV_EVENT_X'], '--event'],
    [['--status', 'IBV_WC_REM_ACCESS_ERR', '--profile', 'mlx4'], '--profile'],
    [['--status', 'IBV_WC_REM_ACCESS_ERR', '--state', 'DEAD'], '--state'],
    [['--status', 'IBV_WC_REM_ACCESS_ERR', '--local-state', 'DEAD'], '--local-state'],
    [['--side', 'requester'], '--status'],
    [['--status'], '--status'],
    [['--bogus', 'x'], '--bogus'],
    [['--errno', 'EINVAL'], '--to'],
  ])('bad flags %j: exit 2, one line naming %s', (args, flag) => {
    const r = run(args);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toContain(flag);
    expect(r.err[0]).not.toContain('\n');
  });
  it('--help prints the usage with both forms on stdout, exit 0', () => {
    const r = run(['--help']);
    expect(r).toMatchObject({ code: 0, err: [] });
    expect(r.out.join('\n')).toMatch(/--status <IBV_WC_\*>[\s\S]*--errno EINVAL/);
  });
});
