// The headless runner's trace modes and budgets: --trace hash keeps no events and prints the
// same traceHash as the full trace; a budget stop prints the summary so far with `stopped`, one
// line on stderr, exit 3; bad flags and impossible totals are refused in one line, exit 2.
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxScenario } from '../scenario/presets.ts';
import { main } from './sim.ts';

const dir = join(import.meta.dirname, '../../test-results/cli');
function file(name: string, json: unknown): string {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(json));
  return p;
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, (s) => out.push(s), (s) => err.push(s));
  return { code, out: out.join('\n'), err };
}

const long = (durationNs: number) => ({ ...sandboxScenario(), config: { ...sandboxScenario().config, durationNs } });

describe('npm run sim: trace modes', () => {
  it('--trace hash prints the same summary and traceHash as the full trace', async () => {
    const f = file('sandbox-2ms.json', long(2_000_000));
    const full = await run([f]);
    const hash = await run(['--trace', 'hash', f]);
    expect(full.code).toBe(0);
    expect(hash.code).toBe(0);
    const a = JSON.parse(full.out), b = JSON.parse(hash.out);
    expect(b.traceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toEqual(a);
    expect(a.traceEvents).toBeGreaterThan(50_000);
  });
  it('--until stops at an instant; bad flag values are named, exit 2', async () => {
    const f = file('sandbox-1ms.json', long(1_000_000));
    const u = await run([f, '--until', '30000']);
    expect(JSON.parse(u.out).simTimeNs).toBe(30_000);
    for (const [args, msg] of [[['--trace', 'all', f], /--trace must be full or hash/], [['--max-steps', '-3', f], /--max-steps must be an integer/], [['--frob', f], /unknown flag --frob/]] as const) {
      const r = await run([...args]);
      expect(r.code).toBe(2);
      expect(r.err[0]).toMatch(msg);
    }
  });
});

describe('npm run sim: budgets', () => {
  it('the sandbox at the schema\'s longest duration stops at its work budget: the summary so far, one line on stderr, exit 3', async () => {
    const f = file('sandbox-10s.json', long(10_000_000_000));
    const r = await run(['--trace', 'hash', '--max-steps', '300000', f]);
    expect(r.code).toBe(3);
    const s = JSON.parse(r.out);
    expect(s.stopped).toMatchObject({ reason: 'work', steps: 300_000 });
    expect(s.simTimeNs).toBe(s.stopped.t);
    expect(s.simTimeNs).toBeLessThan(10_000_000_000);
    expect(s.wr.posted).toBe(s.wr.completed + s.wr.discarded + s.wr.outstanding);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toBe(`${f}: ${s.stopped.message} (--max-steps raises it)`);
    expect(r.err[0]).not.toMatch(/\n|at .*\.ts:/);
  });
  it('a total no machine can run is refused before it starts, naming the field and the limit', async () => {
    const qps = [];
    for (let i = 0; i < 2048; i++) qps.push({ host: 0, type: 'RC', peer: 2048 + i, recvs: 16_384, rqDepth: 16_384 });
    for (let i = 0; i < 2048; i++) qps.push({ host: 1, type: 'RC', peer: i });
    const f = file('recvs.json', { version: 1, seed: 1, config: { hosts: [{ name: 'A' }, { name: 'B' }], qps } });
    const r = await run([f]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toEqual([`${f}: invalid scenario: config.qps[128].recvs: receive WQEs posted at bring-up reach 2,113,536 here, above the limit of 2,097,152 (each is about 77 bytes before the first packet)`]);
  });
});
