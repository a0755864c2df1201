// `npm run sim -- <scenario.json>`: runs a scenario headlessly and prints its JSON summary.
// `npm run sim -- --sweep …` runs the cache sweep (see sweepCli.ts), `--storm …` a storm.
//
// Exit codes: 0 the run reached its end; 2 bad flags or an invalid scenario (one line on
// stderr naming the field); 3 a work or memory budget stopped the run (the summary so far on
// stdout, with `stopped`, and one line on stderr saying why).
import { readFileSync } from 'node:fs';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_STEPS, MAX_NS, Simulation, ScenarioError, type SimOptions } from '../core/index.ts';

const USAGE = `usage: npm run sim -- <scenario.json> [--trace full|hash] [--until <ns>] [--max-steps <n>] [--max-mb <n>]
       npm run sim -- --sweep --preset <cx3|connect-ib|cx5|srnic> --qps 48,88,144 [--csv]
       npm run sim -- --storm --qps N --fault <kind> [--policy <p>|all] (npm run sim -- --storm --help for the rest)
       npm run sim -- --help (this text)`;

const VALUE_FLAGS = ['trace', 'until', 'max-steps', 'max-mb'] as const;
type Flags = Partial<Record<(typeof VALUE_FLAGS)[number], string>> & { file?: string };

class ArgError extends Error {}

function parse(args: string[]): Flags {
  const f: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) {
      if (f.file) throw new ArgError(`one scenario file at a time (got ${f.file} and ${a})`);
      f.file = a;
      continue;
    }
    const name = a.slice(2) as (typeof VALUE_FLAGS)[number];
    if (!VALUE_FLAGS.includes(name)) throw new ArgError(`unknown flag ${a}`);
    const value = args[++i];
    if (value === undefined || value.startsWith('--')) throw new ArgError(`${a} needs a value`);
    f[name] = value;
  }
  return f;
}

function count(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const x = Number(text);
  if (!Number.isInteger(x) || x < min || x > max) throw new ArgError(`--${flag} must be an integer from ${min} to ${max} (got ${text.slice(0, 30)})`);
  return x;
}

function options(f: Flags): { opts: SimOptions; until?: number } {
  if (f.trace !== undefined && f.trace !== 'full' && f.trace !== 'hash') throw new ArgError(`--trace must be full or hash (got ${f.trace.slice(0, 30)})`);
  const maxSteps = count('max-steps', f['max-steps'], 1, Number.MAX_SAFE_INTEGER);
  const maxMb = count('max-mb', f['max-mb'], 1, 1 << 20);
  return {
    opts: { trace: f.trace ?? 'full', maxSteps: maxSteps ?? DEFAULT_MAX_STEPS, maxBytes: maxMb === undefined ? DEFAULT_MAX_BYTES : maxMb * (1 << 20) },
    until: count('until', f.until, 0, MAX_NS),
  };
}

export async function main(args: string[], out: (s: string) => void, err: (s: string) => void): Promise<number> {
  if (args.includes('--sweep')) {
    const { sweepMain } = await import('./sweepCli.ts');
    return sweepMain(args, out, err);
  }
  if (args.includes('--storm')) {
    const { stormMain } = await import('./stormCli.ts');
    return stormMain(args, out, err);
  }
  if (args.includes('--help') || args.includes('-h')) {
    out(USAGE);
    return 0;
  }
  let flags: Flags;
  let run: ReturnType<typeof options>;
  try {
    flags = parse(args);
    run = options(flags);
  } catch (e) {
    if (!(e instanceof ArgError)) throw e;
    err(`error: ${e.message}\n${USAGE}`);
    return 2;
  }
  const file = flags.file;
  if (!file) {
    err(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    err(`cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    err(`${file} is not JSON: ${(e as Error).message}`);
    return 2;
  }
  let sim: Simulation;
  try {
    sim = new Simulation(json, run.opts);
  } catch (e) {
    if (e instanceof ScenarioError) { err(`${file}: invalid scenario: ${e.message}`); return 2; }
    throw e;
  }
  const end = sim.scenario.config.durationNs;
  sim.runUntil(run.until === undefined ? end : Math.min(run.until, end));
  const summary = sim.summary();
  out(JSON.stringify(summary, null, 2));
  if (summary.stopped) {
    const raise = summary.stopped.reason === 'work' ? '--max-steps' : '--max-mb';
    err(`${file}: ${summary.stopped.message} (${raise} raises it)`);
    return 3;
  }
  return 0;
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isEntry) {
  main(process.argv.slice(2), (s) => console.log(s), (s) => console.error(s)).then((code) => { process.exitCode = code; });
}
