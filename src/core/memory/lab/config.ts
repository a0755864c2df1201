// The NIC-memory lab's configuration as a domain type: every setting a person can change, the
// defaults a preset gives, validation that names the bad field, and the derivation of the core's
// SweepSpec. Pure. Links and the worker only carry or apply it; its meaning is decided here.
import { POLICY_IDS, QPN_LIMIT } from '../cache.ts';
import type { PolicyId } from '../cacheTypes.ts';
import { ENGINE_IDS, type EngineId } from '../engines.ts';
import { getPreset, type Preset, type PresetId } from '../presets.ts';
import type { SweepSpec } from '../sweep.ts';
import { validateSweepSpec } from '../sweepSpec.ts';
import { MAX_OVERLAP } from '../timing.ts';
import type { TrafficPattern } from '../traffic.ts';

import { MAX_ACTIVE_QPS, MAX_PINNED, PATTERN_KINDS, type PatternKind } from '../ids.ts';
import { grouped } from '../../kit/grouped.ts';

export { MAX_ACTIVE_QPS, MAX_PINNED, PATTERN_KINDS, type PatternKind };


/** Every setting of the lab a person can change; a preset gives each a default. */
export interface LabSettings {
  entries: number;
  /** 0 = fully associative. */
  ways: number;
  policy: PolicyId;
  engine: EngineId;
  /** One PCIe read (the miss latency), ns. */
  fetchNs: number;
  /** K: misses that overlap (1 = blocking). */
  overlap: number;
  pattern: PatternKind;
  /** The pattern's one knob: Zipf s, hot share (hotset, scan) or fan-in (incast); unused by uniform. */
  skew: number;
  tableLevels: number;
  onChipLevels: number;
  pinned: number[];
  seed: number;
  /** QPs with work in flight: never evicted ('pin'), or evicted with write-back and refetched. */
  inFlight: 'pin' | 'writeback-refetch';
  /** Packets a QP stays in flight after each packet (0 = nothing is marked in flight). */
  inFlightWindow: number;
}

export interface LabConfig extends LabSettings {
  preset: PresetId;
  /** Active QPs: the QPs with traffic, 1 … 1,000,000. */
  qps: number;
}

/** One side of the compare view: the settings it may change against the main configuration. */
export interface CompareSide { policy: PolicyId; engine: EngineId; entries: number; ways: number }

export type FieldKind = 'int' | 'num' | 'int[]' | readonly string[];
export const SETTING_FIELDS: Readonly<Record<keyof LabSettings, FieldKind>> = {
  entries: 'int', ways: 'int', policy: POLICY_IDS, engine: ENGINE_IDS, fetchNs: 'num', overlap: 'int',
  pattern: PATTERN_KINDS, skew: 'num', tableLevels: 'int', onChipLevels: 'int', pinned: 'int[]', seed: 'int',
  inFlight: ['pin', 'writeback-refetch'], inFlightWindow: 'int',
};
export const SIDE_FIELDS: Readonly<Record<keyof CompareSide, FieldKind>> = { policy: POLICY_IDS, engine: ENGINE_IDS, entries: 'int', ways: 'int' };

/** The settings that differ from `base`, for a short link. */
export function diffSettings(cfg: LabSettings, base: LabSettings): Partial<LabSettings> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(SETTING_FIELDS) as Array<keyof LabSettings>) {
    if (JSON.stringify(cfg[k]) !== JSON.stringify(base[k])) out[k] = cfg[k];
  }
  return out as Partial<LabSettings>;
}

/** Largest cache the lab draws (every slot goes to the main thread each frame). */
export const MAX_LAB_ENTRIES = 16_384;
export const MAX_FETCH_NS = 10_000;

/** The knob's default when a person picks a pattern (and its range). */
export const SKEW: Readonly<Record<PatternKind, { def: number; min: number; max: number; step: number; label: string; unit: string }>> = {
  uniform: { def: 0, min: 0, max: 0, step: 1, label: 'Skew (none for uniform)', unit: '' },
  zipf: { def: 0.99, min: 0, max: 3, step: 0.01, label: 'Zipf exponent s', unit: '' },
  hotset: { def: 0.9, min: 0, max: 1, step: 0.01, label: 'Share of packets to the hot set', unit: '' },
  scan: { def: 0.5, min: 0, max: 0.99, step: 0.01, label: 'Share of packets to the hot set (rest: a scan)', unit: '' },
  incast: { def: 64, min: 1, max: 4096, step: 1, label: 'Fan-in (QPs per incast burst)', unit: 'QPs' },
};

/** Packets a QP may stay in flight in the lab (the core accepts up to 4096). */
export const MAX_IN_FLIGHT_WINDOW = 1024;

export function presetSettings(p: Preset): LabSettings {
  const s = p.spec;
  return {
    entries: s.cache.entries, ways: s.cache.ways, policy: s.cache.policy,
    engine: (typeof s.timing.engine === 'string' ? s.timing.engine : 'fixed') as EngineId,
    fetchNs: s.timing.fetchNs, overlap: s.timing.overlap, pattern: 'uniform', skew: 0,
    tableLevels: s.table.levels, onChipLevels: s.table.onChipLevels ?? 0, pinned: [], seed: s.seed,
    inFlight: s.cache.inFlight ?? 'pin', inFlightWindow: s.inFlightWindow ?? 0,
  };
}

export function defaultConfig(preset: PresetId = 'cx3', qps?: number): LabConfig {
  const p = getPreset(preset);
  return { preset, qps: qps ?? p.defaultQps[0], ...presetSettings(p) };
}

/** The hot-set size, fan-in etc. each pattern derives from the knob, the cache and N. */
export function trafficPattern(cfg: LabSettings, qps: number): TrafficPattern {
  const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));
  switch (cfg.pattern) {
    case 'uniform': return { kind: 'uniform' };
    case 'zipf': return { kind: 'zipf', s: cfg.skew };
    case 'hotset': return { kind: 'hotset', hotSize: clamp(Math.round(cfg.entries / 2), 1, qps), hotFraction: cfg.skew, shiftEvery: Math.max(1000, 20 * cfg.entries) };
    case 'scan': return { kind: 'scan', hotSize: clamp(Math.round(cfg.entries / 2), 1, qps), hotFraction: cfg.skew };
    case 'incast': return { kind: 'incast', fanIn: clamp(Math.round(cfg.skew), 1, qps), burst: 8 };
  }
}

/** What the pattern does, in words, for the controls and the charts' captions. */
export function patternText(cfg: LabSettings, qps: number): string {
  const p = trafficPattern(cfg, qps);
  switch (p.kind) {
    case 'uniform': return 'each packet to a uniformly random active QP (FaSST rc-swarm)';
    case 'zipf': return `Zipf(s = ${p.s}): a few QPs get most packets`;
    case 'hotset': return `${Math.round(p.hotFraction * 100)}% of packets to a hot set of ${p.hotSize} QPs that moves every ${grouped(p.shiftEvery)} packets`;
    case 'scan': return `a cyclic scan over all QPs, ${Math.round((p.hotFraction ?? 0) * 100)}% of packets to a hot set of ${p.hotSize} QPs`;
    case 'incast': return `incast: ${p.fanIn} QPs at a time, bursts of ${p.burst}`;
  }
}

export function sweepSpecFor(cfg: LabConfig, qps: number): SweepSpec {
  const p = getPreset(cfg.preset);
  const s = p.spec;
  return {
    cache: { entries: cfg.entries, ways: cfg.ways, policy: cfg.policy, pinned: cfg.pinned, inFlight: cfg.inFlight },
    timing: { tHitNs: s.timing.tHitNs, fetchNs: cfg.fetchNs, overlap: cfg.overlap, engine: cfg.engine },
    table: { ...s.table, levels: cfg.tableLevels, onChipLevels: cfg.onChipLevels },
    traffic: { ...s.traffic, pattern: trafficPattern(cfg, qps) },
    packets: s.packets, seed: cfg.seed, inFlightWindow: cfg.inFlightWindow,
  };
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/** null when the configuration can run, else a message naming the field. */
export function validateConfig(cfg: LabConfig): string | null {
  if (!cfg || typeof cfg !== 'object') return 'the configuration must be an object';
  try { getPreset(cfg.preset); } catch (e) { return (e as Error).message; }
  for (const k of Object.keys(SETTING_FIELDS) as Array<keyof LabSettings>) {
    const kind = SETTING_FIELDS[k];
    const v: unknown = cfg[k];
    if (kind === 'int' && !isInt(v)) return `${k} must be an integer, got ${String(v)}`;
    if (kind === 'num' && !(typeof v === 'number' && Number.isFinite(v))) return `${k} must be a number, got ${String(v)}`;
    if (Array.isArray(kind) && !kind.includes(v as string)) return `${k} must be one of ${kind.join(', ')}, got ${String(v)}`;
  }
  if (!isInt(cfg.qps) || cfg.qps < 1 || cfg.qps > MAX_ACTIVE_QPS) return `active QPs must be an integer in 1..${grouped(MAX_ACTIVE_QPS)}, got ${cfg.qps}`;
  if (cfg.entries < 1 || cfg.entries > MAX_LAB_ENTRIES) return `cache.entries must be in 1..${MAX_LAB_ENTRIES} in the lab, got ${cfg.entries}`;
  if (cfg.fetchNs < 0 || cfg.fetchNs > MAX_FETCH_NS) return `miss latency (fetchNs) must be in 0..${MAX_FETCH_NS} ns, got ${cfg.fetchNs}`;
  if (cfg.overlap < 1 || cfg.overlap > MAX_OVERLAP) return `overlap must be an integer in 1..${MAX_OVERLAP}, got ${cfg.overlap}`;
  if (!PATTERN_KINDS.includes(cfg.pattern)) return `pattern must be one of ${PATTERN_KINDS.join(', ')}`;
  const k = SKEW[cfg.pattern];
  if (cfg.pattern !== 'uniform' && (cfg.skew < k.min || cfg.skew > k.max)) return `skew (${k.label}) must be in ${k.min}..${k.max} for ${cfg.pattern}, got ${cfg.skew}`;
  if (!Array.isArray(cfg.pinned) || cfg.pinned.length > MAX_PINNED) return `pinned must be a list of at most ${MAX_PINNED} QPNs`;
  for (const q of cfg.pinned) if (!isInt(q) || q < 0 || q >= QPN_LIMIT) return `pinned holds ${String(q)}, not a 24-bit QPN`;
  if (cfg.inFlightWindow < 0 || cfg.inFlightWindow > MAX_IN_FLIGHT_WINDOW) return `inFlightWindow must be an integer in 0..${MAX_IN_FLIGHT_WINDOW}, got ${cfg.inFlightWindow}`;
  if (cfg.seed < 0 || cfg.seed > 0x7fffffff) return `seed must be in 0..2147483647, got ${cfg.seed}`;
  return validateSweepSpec(sweepSpecFor(cfg, cfg.qps), cfg.qps);
}

/** The main configuration with one compare side's settings. */
export function withSide(cfg: LabConfig, side: CompareSide): LabConfig {
  return { ...cfg, policy: side.policy, engine: side.engine, entries: side.entries, ways: side.ways };
}

export function validateSide(cfg: LabConfig, side: CompareSide, name: 'A' | 'B'): string | null {
  if (!side || typeof side !== 'object') return `compare side ${name} must be an object`;
  const e = validateConfig(withSide(cfg, side));
  return e ? `compare side ${name}: ${e}` : null;
}

/** Key of everything a sweep depends on (not the active QPs: each point has its own). */
export function sweepKey(cfg: LabConfig): string {
  const { qps: _q, ...rest } = cfg;
  return JSON.stringify(rest);
}

/** The lab as a share link carries it: a preset, what differs from it, the active QPs and the compare sides. */
export interface LabState {
  preset: PresetId;
  qps: number;
  overrides: Partial<LabSettings>;
  compare?: { a: CompareSide; b: CompareSide };
}

export function labStateOf(cfg: LabConfig, compare?: { a: CompareSide; b: CompareSide }): LabState {
  const s: LabState = { preset: cfg.preset, qps: cfg.qps, overrides: diffSettings(cfg, presetSettings(getPreset(cfg.preset))) };
  if (compare) s.compare = { a: { ...compare.a }, b: { ...compare.b } };
  return s;
}

/** The configuration a LabState describes, or a message naming what makes it impossible. */
export function configOfState(s: LabState): { ok: true; config: LabConfig } | { ok: false; error: string } {
  let config: LabConfig;
  try { config = { ...defaultConfig(s.preset, s.qps), ...s.overrides }; } catch (e) { return { ok: false, error: (e as Error).message }; }
  const err = validateConfig(config);
  if (err) return { ok: false, error: err };
  if (s.compare) {
    const e2 = validateSide(config, s.compare.a, 'A') ?? validateSide(config, s.compare.b, 'B');
    if (e2) return { ok: false, error: e2 };
  }
  return { ok: true, config };
}
