// `npm run sim -- --storm --qps N --fault KIND [--policy P|all] [...]`: one storm, run to its end
// once per policy, all from the same scenario (same seed, same fault); one JSON line per policy.
// Bad arguments: a message naming the flag and the value, exit code 2, nothing on stdout.
import {
  CHANNEL_PRESETS, FAULT_KINDS, POLICIES, ScenarioError, createStorm,
  type ChannelPresetId, type FaultKind, type PolicyName, type StormConfig,
} from '../core/index.ts';

const USAGE = `usage: npm run sim -- --storm --qps N --fault <${FAULT_KINDS.join('|')}>
       [--policy <${POLICIES.join('|')}|all>] (default all)
       [--eq-depth D] [--service-ns S] [--outstanding W] [--classes K] [--seed X]
       [--hosts H] [--preset <${CHANNEL_PRESETS.join('|')}>] [--query-ns Q] [--budget B] [--irq-ns I] [--eqe-ns E] [--cache C]
Prints one JSON object per line, one per policy, all on the same storm.`;

class ArgError extends Error {}

const VALUE_FLAGS = new Set(['qps', 'fault', 'policy', 'eq-depth', 'service-ns', 'outstanding', 'classes', 'seed', 'hosts', 'preset', 'query-ns', 'budget', 'irq-ns', 'eqe-ns', 'cache']);
const BOOL_FLAGS = new Set(['storm', 'help']);

function parse(args: string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) throw new ArgError(`unexpected argument '${a}' (flags start with --)`);
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (BOOL_FLAGS.has(name)) { m.set(name, 'true'); continue; }
    if (!VALUE_FLAGS.has(name)) throw new ArgError(`unknown flag --${name}`);
    const v = eq >= 0 ? a.slice(eq + 1) : args[++i];
    if (v === undefined || v === '' || (eq < 0 && v.startsWith('--'))) throw new ArgError(`--${name} needs a value`);
    m.set(name, v);
  }
  return m;
}

function int(m: Map<string, string>, name: string, min: number, max: number): number | undefined {
  const raw = m.get(name);
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) throw new ArgError(`--${name} must be an integer in ${min}..${max}, got '${raw}'`);
  return v;
}

function oneOf<T extends string>(m: Map<string, string>, name: string, allowed: readonly T[]): T | undefined {
  const v = m.get(name);
  if (v !== undefined && !allowed.includes(v as T)) throw new ArgError(`--${name} must be one of ${allowed.join(', ')}, got '${v}'`);
  return v as T | undefined;
}

/** The storm the flags describe, and the policies to run it under. */
export function stormFromArgs(m: Map<string, string>): { cfg: StormConfig; policies: PolicyName[] } {
  const qps = int(m, 'qps', 1, 65_536);
  if (qps === undefined) throw new ArgError('missing --qps (1..65536)');
  const fault = oneOf(m, 'fault', FAULT_KINDS);
  if (fault === undefined) throw new ArgError(`missing --fault (one of ${FAULT_KINDS.join(', ')})`);
  const p = m.get('policy') ?? 'all';
  if (p !== 'all' && !POLICIES.includes(p as PolicyName)) throw new ArgError(`--policy must be one of ${POLICIES.join(', ')}, all; got '${p}'`);
  const cfg: StormConfig = {
    qps, fault: fault as FaultKind,
    eqDepth: int(m, 'eq-depth', 1, 1 << 20), serviceNs: int(m, 'service-ns', 1, 100_000_000),
    outstanding: int(m, 'outstanding', 1, 1024), classes: int(m, 'classes', 1, 16), seed: int(m, 'seed', 0, 0xffffffff),
    hosts: int(m, 'hosts', 2, 64), preset: oneOf(m, 'preset', CHANNEL_PRESETS) as ChannelPresetId | undefined,
    queryNs: int(m, 'query-ns', 0, 100_000_000), budget: int(m, 'budget', 1, 65_536), cacheEntries: int(m, 'cache', 1, 1 << 20),
    irqNs: int(m, 'irq-ns', 0, 10_000_000), eqeNs: int(m, 'eqe-ns', 0, 1_000_000),
  };
  return { cfg, policies: p === 'all' ? [...POLICIES] : [p as PolicyName] };
}

export function stormMain(args: string[], write: (line: string) => void, writeErr: (line: string) => void = write): number {
  let job: { cfg: StormConfig; policies: PolicyName[] };
  try {
    const m = parse(args);
    if (m.has('help')) { write(USAGE); return 0; }
    job = stormFromArgs(m);
    createStorm({ ...job.cfg, qps: 1 }); // refuse a bad scenario before printing anything
  } catch (e) {
    if (!(e instanceof ArgError) && !(e instanceof ScenarioError)) throw e;
    writeErr(`error: ${e.message}`);
    writeErr('run with --help for the flags');
    return 2;
  }
  let stopped = false;
  for (const policy of job.policies) {
    const t0 = performance.now();
    let storm: ReturnType<typeof createStorm>;
    try {
      storm = createStorm({ ...job.cfg, policy });
    } catch (e) {
      // The set-up totals (receives, posts) depend on --qps, which the check above left at 1.
      if (!(e instanceof ScenarioError)) throw e;
      writeErr(`error: ${e.message}`);
      return 2;
    }
    storm.runToDrain();
    const s = storm.summary();
    const halt = storm.sim.stopped;
    const wallMs = Math.round(performance.now() - t0);
    write(JSON.stringify({
      qps: s.qps, fault: s.fault, policy: s.policy, eqDepth: s.eqDepth, serviceNs: s.serviceNs,
      faulted: s.faulted, reported: s.reported, lostReports: s.lostReports, events: s.events,
      eqOverruns: s.eqOverruns, cqOverruns: s.cqOverruns, flushCqes: s.flushCqes, wr: s.wr,
      reportNs: s.reportNs, lastFlushNs: s.lastFlushNs,
      perClass: s.perClass.map((c) => ({ class: c.class, reportP99Ns: c.reportP99Ns })),
      jain: s.jain, traceHash: s.traceHash, wallMs, ...(halt ? { stopped: halt } : {}),
    }));
    if (halt) { writeErr(`${policy}: ${halt.message}`); stopped = true; }
  }
  return stopped ? 3 : 0;
}
