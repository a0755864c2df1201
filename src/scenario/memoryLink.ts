// The NIC-memory lab's share link: `#lab=memory&m=<lz-string JSON>`. It carries the preset, the
// settings that differ from it, the active QPs, the open tab and the compare sides. Decoding
// never trusts the link: every failure names the problem, and nothing from a bad link is used.
// This codec checks shapes and types; the worker (src/worker/memory/config.ts) checks meaning
// (e.g. that the ways divide the entries) with the same style of message.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { ENGINE_IDS, POLICY_IDS, PRESET_IDS, type EngineId, type PolicyId, type PresetId } from '../core/memory/index.ts';

export const MEMORY_LINK_VERSION = 1;
export const MAX_MEMORY_LINK_CHARS = 20_000;
export const MAX_ACTIVE_QPS = 1_000_000;
export const MAX_PINNED = 64;

export type PatternKind = 'uniform' | 'zipf' | 'hotset' | 'scan' | 'incast';
export const PATTERN_KINDS: readonly PatternKind[] = ['uniform', 'zipf', 'hotset', 'scan', 'incast'];
export type MemoryTab = 'cache' | 'walk' | 'timing' | 'cliff' | 'compare' | 'capacity';
export const MEMORY_TABS: readonly MemoryTab[] = ['cache', 'walk', 'timing', 'cliff', 'compare', 'capacity'];

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

export interface MemoryLinkState {
  preset: PresetId;
  qps: number;
  overrides: Partial<LabSettings>;
  tab: MemoryTab;
  compare?: { a: CompareSide; b: CompareSide };
}

export type MemoryLinkResult = { ok: true; value: MemoryLinkState } | { ok: false; error: string };

type FieldKind = 'int' | 'num' | 'int[]' | readonly string[];
export const SETTING_FIELDS: Readonly<Record<keyof LabSettings, FieldKind>> = {
  entries: 'int', ways: 'int', policy: POLICY_IDS, engine: ENGINE_IDS, fetchNs: 'num', overlap: 'int',
  pattern: PATTERN_KINDS, skew: 'num', tableLevels: 'int', onChipLevels: 'int', pinned: 'int[]', seed: 'int',
  inFlight: ['pin', 'writeback-refetch'], inFlightWindow: 'int',
};
const SIDE_FIELDS: Readonly<Record<keyof CompareSide, FieldKind>> = { policy: POLICY_IDS, engine: ENGINE_IDS, entries: 'int', ways: 'int' };

/** The settings that differ from `base`, for a short link. */
export function diffSettings(cfg: LabSettings, base: LabSettings): Partial<LabSettings> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(SETTING_FIELDS) as Array<keyof LabSettings>) {
    if (JSON.stringify(cfg[k]) !== JSON.stringify(base[k])) out[k] = cfg[k];
  }
  return out as Partial<LabSettings>;
}

export function encodeMemoryLink(s: MemoryLinkState): string {
  const body: Record<string, unknown> = { v: MEMORY_LINK_VERSION, p: s.preset, q: s.qps, o: s.overrides, t: s.tab };
  if (s.compare) body.c = s.compare;
  return compressToEncodedURIComponent(JSON.stringify(body));
}

/** The `m=` value of a location hash, or null when the hash has none. */
export function memoryLinkParam(hash: string): string | null {
  const m = /[#&]m=([^&]*)/.exec(hash);
  return m ? m[1] : null;
}

export function decodeMemoryLink(text: string): MemoryLinkResult {
  if (typeof text !== 'string' || text.length === 0) return fail('the link has no lab settings after m=');
  if (text.length > MAX_MEMORY_LINK_CHARS) return fail(`the link is ${text.length.toLocaleString('en')} characters long; a lab link is at most ${MAX_MEMORY_LINK_CHARS.toLocaleString('en')}`);
  if (!/^[A-Za-z0-9+\-$]*$/.test(text)) return fail('the link contains characters a lab link never has (it was cut or edited)');
  let json: string | null;
  try { json = decompressFromEncodedURIComponent(text); } catch { json = null; }
  if (!json) return fail('the link is damaged: its data does not decompress (was it cut short?)');
  let raw: unknown;
  try { raw = JSON.parse(json); } catch { return fail('the link is damaged: its data is not valid JSON'); }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail('the link holds no lab settings');
  const r = raw as Record<string, unknown>;
  if (r.v !== MEMORY_LINK_VERSION) return fail(`the link is version ${String(r.v)}; this page reads version ${MEMORY_LINK_VERSION}`);
  if (typeof r.p !== 'string' || !(PRESET_IDS as readonly string[]).includes(r.p)) return fail(`the link's preset must be one of ${PRESET_IDS.join(', ')}, got ${show(r.p)}`);
  if (!Number.isInteger(r.q) || (r.q as number) < 1 || (r.q as number) > MAX_ACTIVE_QPS) return fail(`the link's active QPs must be an integer in 1..${MAX_ACTIVE_QPS.toLocaleString('en')}, got ${show(r.q)}`);
  const tab = r.t === undefined ? 'cache' : r.t;
  if (typeof tab !== 'string' || !(MEMORY_TABS as readonly string[]).includes(tab)) return fail(`the link's tab must be one of ${MEMORY_TABS.join(', ')}, got ${show(r.t)}`);
  const o = readFields(r.o ?? {}, SETTING_FIELDS, 'settings');
  if (typeof o === 'string') return fail(o);
  let compare: MemoryLinkState['compare'];
  if (r.c !== undefined) {
    if (!r.c || typeof r.c !== 'object') return fail('the link\'s compare part must be an object with sides a and b');
    const c = r.c as Record<string, unknown>;
    const a = readFields(c.a, SIDE_FIELDS, 'compare side a', true);
    if (typeof a === 'string') return fail(a);
    const b = readFields(c.b, SIDE_FIELDS, 'compare side b', true);
    if (typeof b === 'string') return fail(b);
    compare = { a: a as unknown as CompareSide, b: b as unknown as CompareSide };
  }
  return { ok: true, value: { preset: r.p as PresetId, qps: r.q as number, overrides: o as Partial<LabSettings>, tab: tab as MemoryTab, compare } };
}

function readFields(v: unknown, fields: Readonly<Record<string, FieldKind>>, what: string, all = false): Record<string, unknown> | string {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return `the link's ${what} must be an object`;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    const kind = fields[k];
    if (!kind) return `the link's ${what} hold an unknown field "${k.slice(0, 40)}"`;
    const x = o[k];
    const bad = `the link's ${what}: ${k} `;
    if (kind === 'int' && !Number.isSafeInteger(x)) return `${bad}must be an integer, got ${show(x)}`;
    if (kind === 'num' && !(typeof x === 'number' && Number.isFinite(x))) return `${bad}must be a number, got ${show(x)}`;
    if (kind === 'int[]') {
      if (!Array.isArray(x) || x.length > MAX_PINNED || !x.every((e) => Number.isSafeInteger(e))) return `${bad}must be a list of at most ${MAX_PINNED} integers`;
    }
    if (Array.isArray(kind) && !(typeof x === 'string' && kind.includes(x))) return `${bad}must be one of ${kind.join(', ')}, got ${show(x)}`;
    out[k] = Array.isArray(x) ? [...x] : x;
  }
  if (all) {
    const missing = Object.keys(fields).filter((k) => !(k in out));
    if (missing.length) return `the link's ${what} lacks ${missing.join(', ')}`;
  }
  return out;
}

function show(x: unknown): string {
  const s = typeof x === 'string' ? `"${x}"` : JSON.stringify(x);
  return s === undefined ? 'nothing' : s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function fail(error: string): MemoryLinkResult {
  return { ok: false, error };
}
