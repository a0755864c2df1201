// `npm run sim -- --sweep --preset ID [--qps 48,88,144] [--csv] [options]`: the cliff curve of a
// preset, one JSON object per line (or CSV). Any preset field can be overridden by a flag.
// Bad arguments: a message naming the flag and the value, exit code 2.
import {
  ENGINE_IDS, POLICY_IDS, PRESET_IDS, calibratePreset, getPreset, runSweepPoint, validateSweepSpec,
  type PresetId, type SweepPoint, type SweepSpec, type TrafficPattern,
} from '../core/memory/index.ts';
import { ArgError, oneOf, parseFlags } from './flags.ts';

const USAGE = `usage: npm run sim -- --sweep --preset <${PRESET_IDS.join('|')}> [--qps 48,88,144] [--csv]
  cache:   --entries N  --ways N (0 = fully associative)  --policy <${POLICY_IDS.join('|')}>
           --in-flight <pin|writeback-refetch>  --window W (packets a QP stays in flight)
  timing:  --t-hit-ns X  --fetch-ns X  --overlap K (1 = blocking)  --engine <${ENGINE_IDS.join('|')}>  --writeback-ns X
  table:   --levels N  --on-chip-levels N
  traffic: --pattern <uniform|zipf|hotset|scan|incast>  --zipf-s S  --hot-size N  --hot-fraction F
           --shift-every N  --fan-in N  --burst N  --layout <dense|scattered>
  run:     --packets N  --warmup N  --seed N
  --calibrate   print the preset's calibration targets (source, expected, model) instead`;

const VALUE_FLAGS = new Set([
  'preset', 'qps', 'entries', 'ways', 'policy', 'in-flight', 'window', 't-hit-ns', 'fetch-ns', 'overlap', 'engine',
  'writeback-ns', 'levels', 'on-chip-levels', 'pattern', 'zipf-s', 'hot-size', 'hot-fraction', 'shift-every', 'fan-in',
  'burst', 'layout', 'packets', 'warmup', 'seed',
]);
const BOOL_FLAGS = new Set(['sweep', 'csv', 'calibrate', 'help']);

const parse = (args: string[]) => parseFlags(args, VALUE_FLAGS, BOOL_FLAGS);

function num(m: Map<string, string>, name: string, opts: { int?: boolean; min?: number; max?: number } = {}): number | undefined {
  const raw = m.get(name);
  if (raw === undefined) return undefined;
  const v = Number(raw);
  const { int = true, min = 0, max = Number.MAX_SAFE_INTEGER } = opts;
  if (!Number.isFinite(v) || (int && !Number.isInteger(v)) || v < min || v > max) {
    throw new ArgError(`--${name} must be ${int ? 'an integer' : 'a number'} in ${min}..${max}, got '${raw}'`);
  }
  return v;
}


function pattern(m: Map<string, string>, base: TrafficPattern): TrafficPattern {
  const kind = oneOf(m, 'pattern', ['uniform', 'zipf', 'hotset', 'scan', 'incast'] as const) ?? base.kind;
  const hotSize = num(m, 'hot-size', { min: 0 });
  const hotFraction = num(m, 'hot-fraction', { int: false, min: 0, max: 1 });
  switch (kind) {
    case 'uniform': return { kind };
    case 'zipf': return { kind, s: num(m, 'zipf-s', { int: false, min: 0, max: 10 }) ?? 0.99 };
    case 'hotset': return { kind, hotSize: hotSize ?? 64, hotFraction: hotFraction ?? 0.9, shiftEvery: num(m, 'shift-every', { min: 1 }) ?? 100_000 };
    case 'scan': return { kind, hotSize: hotSize ?? 0, hotFraction: hotFraction ?? 0 };
    case 'incast': return { kind, fanIn: num(m, 'fan-in', { min: 1 }) ?? 64, burst: num(m, 'burst', { min: 1 }) ?? 16 };
  }
}

/** The preset's spec with every flag applied. */
export function specFromArgs(m: Map<string, string>, base: SweepSpec): SweepSpec {
  const inFlight = oneOf(m, 'in-flight', ['pin', 'writeback-refetch'] as const);
  const engine = oneOf(m, 'engine', ENGINE_IDS);
  const layout = oneOf(m, 'layout', ['dense', 'scattered'] as const);
  return {
    ...base,
    cache: {
      ...base.cache, entries: num(m, 'entries', { min: 1 }) ?? base.cache.entries, ways: num(m, 'ways') ?? base.cache.ways,
      policy: oneOf(m, 'policy', POLICY_IDS) ?? base.cache.policy, ...(inFlight ? { inFlight } : {}),
    },
    timing: {
      ...base.timing, tHitNs: num(m, 't-hit-ns', { int: false, min: 0.001 }) ?? base.timing.tHitNs,
      fetchNs: num(m, 'fetch-ns', { int: false }) ?? base.timing.fetchNs, overlap: num(m, 'overlap', { min: 1 }) ?? base.timing.overlap,
      engine: engine ?? base.timing.engine, writebackNs: num(m, 'writeback-ns', { int: false }) ?? base.timing.writebackNs,
    },
    table: { ...base.table, levels: num(m, 'levels', { min: 1 }) ?? base.table.levels, onChipLevels: num(m, 'on-chip-levels') ?? base.table.onChipLevels },
    traffic: { ...base.traffic, pattern: pattern(m, base.traffic.pattern), layout: layout ?? base.traffic.layout },
    packets: num(m, 'packets') ?? base.packets, warmup: num(m, 'warmup') ?? base.warmup,
    seed: num(m, 'seed', { min: -(2 ** 31), max: 2 ** 31 - 1 }) ?? base.seed,
    inFlightWindow: num(m, 'window', { max: 4096 }) ?? base.inFlightWindow,
  };
}

// Model field names in validation messages → the flag that sets them.
const FIELD_FLAGS: Array<[RegExp, string]> = [
  [/^cache\.entries/, '--entries'], [/^cache\.ways/, '--ways'], [/^timing\.tHitNs/, '--t-hit-ns'], [/^timing\.fetchNs/, '--fetch-ns'],
  [/^timing\.overlap/, '--overlap'], [/^timing\.writebackNs/, '--writeback-ns'], [/^table\.levels/, '--levels'],
  [/^table\.onChipLevels/, '--on-chip-levels'], [/^hotSize/, '--hot-size'], [/^fanIn/, '--fan-in'], [/^qps/, '--qps'],
  [/^inFlightWindow/, '--window'], [/^packets/, '--packets'], [/^warmup/, '--warmup'],
];
const withFlag = (msg: string) => {
  const hit = FIELD_FLAGS.find(([re]) => re.test(msg));
  return hit ? `${hit[1]}: ${msg}` : msg;
};

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

function row(preset: PresetId, p: SweepPoint): Record<string, number | string> {
  return {
    preset, qps: p.qps, throughputMops: round(p.throughputMops, 3), hitRate: round(p.hitRate, 4), meanLatencyNs: round(p.meanLatencyNs, 1),
    evictionsPerOp: round(p.evictionsPerOp, 4), writebacksPerOp: round(p.writebacksPerOp, 4), pcieReadsPerOp: round(p.pcieReadsPerOp, 4),
    bypassesPerOp: round(p.bypassesPerOp, 4), refetchesPerOp: round(p.refetchesPerOp, 4), meanEngineWaitNs: round(p.meanEngineWaitNs, 1),
    engineUtilization: round(p.engineUtilization, 4), cachedQps: p.cachedQps, hostMemoryBytes: p.hostMemoryBytes, packets: p.packets,
  };
}

export function sweepMain(args: string[], write: (line: string) => void, writeErr: (line: string) => void = write): number {
  try {
    const m = parse(args);
    if (m.has('help')) { write(USAGE); return 0; }
    const id = m.get('preset');
    if (id === undefined) throw new ArgError(`missing --preset (one of ${PRESET_IDS.join(', ')})`);
    if (!PRESET_IDS.includes(id as PresetId)) throw new ArgError(`--preset must be one of ${PRESET_IDS.join(', ')}, got '${id}'`);
    const preset = getPreset(id);
    if (m.has('calibrate')) {
      const cal = calibratePreset(preset.id, { seed: num(m, 'seed') ?? preset.spec.seed });
      for (const t of cal.targets) {
        write(JSON.stringify({ preset: id, target: t.target.id, what: t.target.what, source: t.target.source, expected: t.target.expected, model: round(t.got, 3), lo: t.target.lo, hi: t.target.hi, pass: t.pass }));
      }
      return cal.targets.every((t) => t.pass) ? 0 : 1;
    }
    const qps = (m.get('qps') ?? preset.defaultQps.join(',')).split(',').map((s) => {
      const v = Number(s);
      if (!Number.isInteger(v) || v < 1) throw new ArgError(`--qps must be a comma-separated list of positive integers, got '${s}' in '${m.get('qps')}'`);
      return v;
    });
    const spec = specFromArgs(m, preset.spec);
    for (const q of qps) { // refuse before printing anything
      const err = validateSweepSpec(spec, q);
      if (err) throw new ArgError(withFlag(err));
    }
    const csv = m.has('csv');
    let header = false;
    for (const q of qps) {
      const r = row(preset.id, runSweepPoint(spec, q));
      if (!csv) { write(JSON.stringify(r)); continue; }
      if (!header) { write(Object.keys(r).join(',')); header = true; }
      write(Object.values(r).join(','));
    }
    return 0;
  } catch (e) {
    if (!(e instanceof ArgError)) throw e;
    writeErr(`error: ${e.message}`);
    writeErr('run with --help for the flags');
    return 2;
  }
}
