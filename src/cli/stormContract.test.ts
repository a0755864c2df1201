// Issue 18: the page and the CLI share one set of defaults, the page's settings run through the
// CLI to the same figures and trace hash, every line says whether the storm drained, and the new
// flags (--consumer, --idle, --class-mix, --weights, --flap-ms) do what they say.
import { describe, expect, it } from 'vitest';
import { main } from './sim.ts';
import { createStorm } from '../core/index.ts';
import { defaultStormSettings, stormArgsOf, stormConfigOf, type StormSettings } from '../core/faults/labConfig.ts';

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, (l) => out.push(l), (l) => err.push(l));
  return { code, out, err, rows: out.map((l) => { try { return JSON.parse(l) as Record<string, unknown>; } catch { return {}; } }) };
}

function pageRun(s: StormSettings) {
  const st = createStorm(stormConfigOf(s));
  st.runToDrain();
  return st.summary();
}

describe('one set of defaults for the page and the CLI', () => {
  it('--help prints the usage (exit 0), for the scenario runner and for storms', async () => {
    const a = await run('--help');
    expect(a.code).toBe(0);
    expect(a.out.join('\n')).toMatch(/usage: npm run sim/);
    const b = await run('--storm', '--help');
    expect(b.code).toBe(0);
    expect(b.out.join('\n')).toMatch(/--consumer <kernel\|user>/);
    expect(b.out.join('\n')).toMatch(/--idle F/);
  });

  it('a CLI storm with no tuning flags is the page\'s default storm: same figures, same trace hash', async () => {
    const s = { ...defaultStormSettings(), qps: 128 };
    const r = await run('--storm', '--qps', '128', '--fault', s.fault, '--policy', s.policy);
    const page = pageRun(s);
    expect(r.code).toBe(0);
    expect(r.rows[0]).toMatchObject({ serviceNs: 20_000, faulted: page.faulted, reportNs: page.reportNs, traceHash: page.traceHash });
  });

  it.each([
    { qps: 96, fault: 'context-read-error', preset: 'mlx4', eqDepth: 64, eqeNs: 20_000, serviceNs: 500, policy: 'weighted-fair', classes: 3, mix: 'one-heavy', outstanding: 2, seed: 9, consumer: 'kernel', idle: 0.2, classMix: 'skewed' },
    { qps: 64, fault: 'device-fatal', preset: 'mlx5', eqDepth: 256, eqeNs: 100, serviceNs: 20_000, policy: 'fifo', classes: 2, mix: 'equal', outstanding: 4, seed: 3, consumer: 'user', idle: 0, classMix: 'blocks' },
  ] as const)('the page\'s settings through the CLI (flags and --settings) give the page\'s trace hash: $fault on $preset', async (x) => {
    const s: StormSettings = { ...defaultStormSettings(), ...x };
    const page = pageRun(s);
    const flags = await run(...stormArgsOf(s));
    const json = await run('--storm', '--settings', JSON.stringify(s));
    for (const r of [flags, json]) {
      expect(r.code).toBe(0);
      expect(r.rows).toHaveLength(1);
      expect(r.rows[0]).toMatchObject({ faulted: page.faulted, reported: page.reported, lostReports: page.lostReports, eqSlots: page.eqSlots, traceHash: page.traceHash, drained: true });
    }
  });
});

describe('the new storm flags', () => {
  it('--consumer user: device death gives DEVICE_FATAL and no flush CQE; kernel: every WR flushed', async () => {
    const k = await run('--storm', '--qps', '32', '--fault', 'device-fatal', '--policy', 'fifo', '--hosts', '3', '--consumer', 'kernel');
    const u = await run('--storm', '--qps', '32', '--fault', 'device-fatal', '--policy', 'fifo', '--hosts', '3', '--consumer', 'user');
    expect(k.rows[0]).toMatchObject({ consumer: 'kernel', flushCqes: 256, drained: true, pendingReports: 0 });
    expect(u.rows[0]).toMatchObject({ consumer: 'user', flushCqes: 0, drained: true, pendingReports: 0 });
    expect((u.rows[0].wr as { outstanding: number }).outstanding).toBe(256);
  });

  it('--idle 0.25 on a port down: a quarter of the QPs never learn (unaware), the rest fail by retries', async () => {
    const r = await run('--storm', '--qps', '128', '--fault', 'port-down', '--policy', 'fifo', '--hosts', '4', '--idle', '0.25');
    expect(r.rows[0]).toMatchObject({ faulted: 96, unaware: 32, reported: 96, drained: true });
  });

  it('--class-mix: FIFO and weighted-fair differ on blocks and skewed, as the classes no longer interleave', async () => {
    const hashes = async (mix: string) => {
      const r = await run('--storm', '--qps', '256', '--fault', 'context-read-error', '--hosts', '6', '--class-mix', mix);
      return Object.fromEntries(r.rows.map((x) => [x.policy as string, x]));
    };
    const blocks = await hashes('blocks');
    expect(blocks.fifo.traceHash).not.toBe(blocks['weighted-fair'].traceHash);
    expect(blocks['weighted-fair'].jain as number).toBeGreaterThan(blocks.fifo.jain as number);
    const skewed = await hashes('skewed');
    expect(skewed.fifo.traceHash).not.toBe(skewed['weighted-fair'].traceHash);
    expect(skewed.fifo.traceHash).not.toBe(blocks.fifo.traceHash);
  });

  it('--eq-depth and eqSlots: mlx4 rounds 64 + 128 up to 256 (mlx4_create_eq)', async () => {
    const r = await run('--storm', '--qps', '8', '--fault', 'port-down', '--policy', 'fifo', '--hosts', '3', '--preset', 'mlx4', '--eq-depth', '64');
    expect(r.rows[0]).toMatchObject({ eqDepth: 64, eqSlots: 256 });
  });
});
