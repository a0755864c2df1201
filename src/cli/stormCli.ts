// `npm run sim -- --storm --qps N --fault KIND [--policy P|all] [...]`: one storm, run to its end
// once per policy, all from the same scenario (same seed, same fault); one JSON line per policy.
// Defaults are the page's own (core/faults/labConfig.ts defaultStormSettings): the settings a
// share link carries, given as --settings '<json>' or as flags (stormArgsOf), give the same storm.
// Bad arguments: a message naming the flag and the value, exit code 2, nothing on stdout.
import {
  CHANNEL_PRESETS, CONSUMERS, FAULT_KINDS, POLICIES, QP_CLASS_MIXES, TIMEOUT_PRESETS, ScenarioError, createStorm,
  type PolicyName, type StormConfig, type TimeoutPreset,
} from '../core/index.ts';
import { CLASS_MIXES, defaultStormSettings, parseStormSettings, programOf, stormConfigOf, type StormSettings } from '../core/faults/labConfig.ts';
import { programLine, type ProgramOptions } from '../core/faults/program.ts';
import { ArgError, oneOf, parseFlags } from './flags.ts';

const USAGE = `usage: npm run sim -- --storm --qps N --fault <${FAULT_KINDS.join('|')}>
       [--policy <${POLICIES.join('|')}|all>] (default all)
       [--preset <${CHANNEL_PRESETS.join('|')}>] [--consumer <${CONSUMERS.join('|')}>] [--eq-depth D] [--service-ns S] [--eqe-ns E]
       [--outstanding W] [--classes K] [--weights <${CLASS_MIXES.join('|')}>] [--class-mix <${QP_CLASS_MIXES.join('|')}>]
       [--idle F] (a fraction of idle QPs, 0 <= F < 1) [--srq F] (a fraction of the QPs on an SRQ, 0 <= F <= 1: each raises LAST_WQE_REACHED; adds a "lastWqe" key) [--flap-ms D] (link-flap: how long the port stays down)
       [--mlx5-overrun <fatal|report>] (mlx5: an EQ overrun takes the fatal path, or is only reported: both are readings of health.c)
       [--event-ns E] [--ack-ns A] [--cm] (the program's event thread: E ns per async/CM event read, acknowledged A ns later;
         --cm adds rdma_cm's DISCONNECTED and TIMEWAIT_EXIT per connection; any of them adds a "program" key to each line)
       [--mlx5-recovery <none|devlink>] (mlx5: after death, devlink's fw_fatal recovery reloads the device 1 s later; the old QPs are gone)
       [--timeouts <storm|cm>] (storm: timeout 14, retry 3 ≈ 268 ms; cm: rdma_cm's 18 and 7 ≈ 8.6 s)
       [--seed X] [--hosts H] [--query-ns Q] [--budget B] [--irq-ns I] [--cache C]
       [--settings '<json>'] (the Faults page's storm settings, as its share link carries them; flags override)
Defaults are the page's: ${JSON.stringify(defaultStormSettings())}; --eq-depth defaults to the preset's own.
Prints one JSON object per line, one per policy, all on the same storm.`;

const VALUE_FLAGS = new Set(['qps', 'fault', 'policy', 'eq-depth', 'service-ns', 'outstanding', 'classes', 'seed', 'hosts', 'preset', 'query-ns', 'budget', 'irq-ns', 'eqe-ns', 'cache',
  'consumer', 'idle', 'srq', 'class-mix', 'weights', 'flap-ms', 'timeouts', 'mlx5-overrun', 'mlx5-recovery', 'event-ns', 'ack-ns', 'settings']);
const BOOL_FLAGS = new Set(['storm', 'help', 'cm']);

const parse = (args: string[]) => parseFlags(args, VALUE_FLAGS, BOOL_FLAGS);

function int(m: Map<string, string>, name: string, min: number, max: number): number | undefined {
  const raw = m.get(name);
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) throw new ArgError(`--${name} must be an integer in ${min}..${max}, got '${raw}'`);
  return v;
}


function fraction(m: Map<string, string>, name: string): number | undefined {
  const raw = m.get(name);
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0 || v >= 1 || raw.trim() === '') throw new ArgError(`--${name} must be a fraction with 0 <= F < 1, got '${raw}'`);
  return v;
}

function share(m: Map<string, string>, name: string): number | undefined {
  const raw = m.get(name);
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0 || v > 1 || raw.trim() === '') throw new ArgError(`--${name} must be a fraction with 0 <= F <= 1, got '${raw}'`);
  return v;
}

function baseSettings(m: Map<string, string>): { s: StormSettings; fromSettings: boolean } {
  const raw = m.get('settings');
  if (raw === undefined) return { s: defaultStormSettings(), fromSettings: false };
  let json: unknown;
  try { json = JSON.parse(raw); } catch { throw new ArgError(`--settings must be the storm settings as JSON, got '${raw.slice(0, 40)}'`); }
  const r = parseStormSettings(json);
  if (!r.ok) throw new ArgError(`--settings: ${r.error}`);
  return { s: r.value, fromSettings: true };
}

/** The storm the flags describe, and the policies to run it under. */
export function stormFromArgs(m: Map<string, string>): { cfg: StormConfig; policies: PolicyName[]; program?: ProgramOptions } {
  const { s: base, fromSettings } = baseSettings(m);
  const qps = int(m, 'qps', 1, 65_536) ?? (fromSettings ? base.qps : undefined);
  if (qps === undefined) throw new ArgError('missing --qps (1..65536)');
  const fault = oneOf(m, 'fault', FAULT_KINDS) ?? (fromSettings ? base.fault : undefined);
  if (fault === undefined) throw new ArgError(`missing --fault (one of ${FAULT_KINDS.join(', ')})`);
  const p = m.get('policy') ?? (fromSettings ? base.policy : 'all');
  if (p !== 'all' && !POLICIES.includes(p as PolicyName)) throw new ArgError(`--policy must be one of ${POLICIES.join(', ')}, all; got '${p}'`);
  const eqDepth = int(m, 'eq-depth', 1, 1 << 20);
  const s: StormSettings = {
    ...base, qps, fault,
    preset: oneOf(m, 'preset', CHANNEL_PRESETS) ?? base.preset,
    serviceNs: int(m, 'service-ns', 1, 100_000_000) ?? base.serviceNs,
    eqeNs: int(m, 'eqe-ns', 0, 1_000_000) ?? base.eqeNs,
    outstanding: int(m, 'outstanding', 1, 1024) ?? base.outstanding,
    classes: int(m, 'classes', 1, 16) ?? base.classes,
    mix: oneOf(m, 'weights', CLASS_MIXES) ?? base.mix,
    seed: int(m, 'seed', 0, 0xffffffff) ?? base.seed,
    consumer: oneOf(m, 'consumer', CONSUMERS) ?? base.consumer,
    idle: fraction(m, 'idle') ?? base.idle,
    srq: share(m, 'srq') ?? base.srq,
    classMix: oneOf(m, 'class-mix', QP_CLASS_MIXES) ?? base.classMix,
  };
  const flapMs = int(m, 'flap-ms', 1, 10_000);
  const cfg: StormConfig = {
    ...stormConfigOf(s),
    // Without --eq-depth (or --settings) the preset's own depth: mlx5 4096 (the page's), mlx4 256, hns 4096.
    eqDepth: eqDepth ?? (fromSettings ? base.eqDepth : undefined),
    hosts: int(m, 'hosts', 2, 64), queryNs: int(m, 'query-ns', 0, 100_000_000), budget: int(m, 'budget', 1, 65_536),
    cacheEntries: int(m, 'cache', 1, 1 << 20), irqNs: int(m, 'irq-ns', 0, 10_000_000),
    flapNs: flapMs === undefined ? undefined : flapMs * 1_000_000,
    timeouts: oneOf(m, 'timeouts', Object.keys(TIMEOUT_PRESETS) as TimeoutPreset[]),
    mlx5Overrun: oneOf(m, 'mlx5-overrun', ['fatal', 'report'] as const),
    mlx5Recovery: oneOf(m, 'mlx5-recovery', ['none', 'devlink'] as const),
  };
  const eventNs = int(m, 'event-ns', 1, 1_000_000_000), ackNs = int(m, 'ack-ns', 0, 10_000_000_000);
  // The page's settings carry the program's side: --settings prints it, flags override it.
  const program = fromSettings ? { ...programOf(base), ...(eventNs === undefined ? {} : { eventNs }), ...(ackNs === undefined ? {} : { ackNs }), ...(m.has('cm') ? { cm: true } : {}) }
    : eventNs !== undefined || ackNs !== undefined || m.has('cm') ? { eventNs, ackNs, cm: m.has('cm') } : undefined;
  return { cfg, policies: p === 'all' ? [...POLICIES] : [p as PolicyName], program };
}

export function stormMain(args: string[], write: (line: string) => void, writeErr: (line: string) => void = write): number {
  let job: ReturnType<typeof stormFromArgs>;
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
    const pv = job.program ? storm.program(job.program) : null;
    const program = pv ? programLine(pv) : undefined;
    const wallMs = Math.round(performance.now() - t0);
    write(JSON.stringify({
      qps: s.qps, fault: s.fault, policy: s.policy, consumer: s.consumer, eqDepth: s.eqDepth, eqSlots: s.eqSlots, serviceNs: s.serviceNs,
      faulted: s.faulted, unaware: s.unaware, reported: s.reported, lostReports: s.lostReports, pendingReports: s.pendingReports, events: s.events,
      eqOverruns: s.eqOverruns, cqOverruns: s.cqOverruns, ...(job.cfg.srq ? { lastWqe: s.lastWqe } : {}), flushCqes: s.flushCqes, wr: s.wr,
      reportNs: s.reportNs, lastFlushNs: s.lastFlushNs,
      perClass: s.perClass.map((c) => ({ class: c.class, reportP99Ns: c.reportP99Ns })),
      jain: s.jain, drained: s.drained, ...(s.notDrained ? { notDrained: s.notDrained } : {}), traceHash: s.traceHash, ...(program ? { program } : {}), wallMs, ...(halt ? { stopped: halt } : {}),
    }));
    if (halt) { writeErr(`${policy}: ${halt.message}`); stopped = true; }
  }
  return stopped ? 3 : 0;
}
