// Pure helpers of the NIC-memory lab's views: slider scales, number formatting, and the colour
// system (every colour has a glyph or text twin). No model logic.
import { paint, paintMix } from '../kit/theme.ts';
import { grouped } from '../kit/grouped.ts';

/** Active QPs: a log slider, position 0..1200 ↔ 1 … 1,000,000 QPs (200 positions per decade). */
export const QPS_POS_MAX = 1200;
/**
 * Values the lessons, presets and sources name: a slider position within half a step of one of
 * them lands exactly on it (a log slider's own values step past 4,096: 4,027 → 4,074 → 4,121).
 */
export const NAMED_QPS = [40, 48, 64, 80, 84, 88, 96, 112, 128, 144, 176, 240, 252, 256, 288, 420, 448, 450, 512, 528, 631, 792, 1000, 1024, 1386, 1500, 2048, 2500, 4096, 8192, 10_000, 16_384, 32_768, 65_536, 100_000, 131_072, 262_144, 1_000_000];
export function qpsFromPos(pos: number): number {
  const p = Math.max(0, Math.min(QPS_POS_MAX, pos));
  const named = NAMED_QPS.find((n) => Math.abs(Math.log10(n) * 200 - p) <= 0.5);
  return named ?? Math.max(1, Math.min(1_000_000, Math.round(10 ** (p / 200))));
}
export function posFromQps(qps: number): number {
  return Math.round(Math.log10(Math.max(1, qps)) * 200);
}

/** Speed: packets per wall-clock second, log slider 0..1000 ↔ 1 … 2,000,000. */
export const SPEED_POS_MAX = 1000;
const SPEED_DECADES = Math.log10(2_000_000);
export function speedFromPos(pos: number): number {
  const v = 10 ** ((pos / SPEED_POS_MAX) * SPEED_DECADES);
  if (v < 10) return Math.max(1, Math.round(v));
  const p = 10 ** (Math.floor(Math.log10(v)) - 1); // two significant digits
  return Math.round(v / p) * p;
}
export function posFromSpeed(pps: number): number {
  return Math.round((Math.log10(Math.max(1, pps)) / SPEED_DECADES) * SPEED_POS_MAX);
}

/** Overlap K: log slider 0..80 ↔ 1 … 256. */
export function overlapFromPos(pos: number): number {
  return Math.max(1, Math.round(2 ** (pos / 10)));
}
export function posFromOverlap(k: number): number {
  return Math.round(Math.log2(Math.max(1, k)) * 10);
}

/** Cache sizes the entries slider steps through (with the current value merged in). */
export const ENTRY_STEPS: readonly number[] = [
  8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 288, 320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792,
  2048, 2560, 3072, 3584, 4096, 5120, 6144, 7168, 8192, 10000, 12288, 16384,
];
export function entrySteps(current: number): number[] {
  return ENTRY_STEPS.includes(current) ? [...ENTRY_STEPS] : [...ENTRY_STEPS, current].sort((a, b) => a - b);
}

export const WAY_OPTIONS: readonly number[] = [0, 1, 2, 4, 8, 16, 32, 64];

export const POLICY_LABEL: Record<string, string> = {
  lru: 'LRU (least recently used)', fifo: 'FIFO (oldest fill)', random: 'Random', lfu: 'LFU (least frequently used)',
  clock: 'CLOCK (second chance)', '2q': '2Q (scan-resistant)',
};
export const ENGINE_SHORT: Record<string, string> = { fixed: 'Fixed logic (~4 ns)', programmable: 'Programmable (~120 ns)', firmware: 'Firmware (~2.5 µs)' };
export const POLICY_SHORT: Record<string, string> = { lru: 'LRU', fifo: 'FIFO', random: 'Random', lfu: 'LFU', clock: 'CLOCK', '2q': '2Q' };
export const ENGINE_LABEL: Record<string, string> = {
  fixed: 'Fixed-function logic (~4 ns)', programmable: 'Programmable engine (~120 ns, serial)', firmware: 'Trap to firmware (~2.5 µs, serial)',
};
export const PATTERN_LABEL: Record<string, string> = {
  uniform: 'Uniform (FaSST rc-swarm)', zipf: 'Zipf (skewed)', hotset: 'Shifting hot set', scan: 'Scan + hot set', incast: 'Incast bursts',
};

export function int(n: number): string {
  return grouped(n);
}

/** 1,000,000 → "1M", 46,416 → "46.4k". */
export function compact(n: number): string {
  if (n >= 1e6) return `${trim(n / 1e6)}M`;
  if (n >= 1e3) return `${trim(n / 1e3)}k`;
  return trim(n);
}

export function pct(x: number, digits = 1): string {
  if (!Number.isFinite(x)) return '–';
  const v = x * 100;
  if (v > 99.95 && v < 100) return `${(99.9).toFixed(digits)}%`;
  return `${v.toFixed(v === 0 || v === 100 ? 0 : digits)}%`;
}

export function mops(x: number): string {
  if (!Number.isFinite(x)) return '∞';
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function ns(x: number): string {
  if (!Number.isFinite(x)) return '∞';
  if (x === 0) return '0 ns';
  if (x >= 1e6) return `${trim(x / 1e6)} ms`;
  if (x >= 1e4) return `${trim(x / 1e3)} µs`;
  return `${x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)} ns`;
}

export function bytes(b: number): string {
  if (!Number.isFinite(b)) return '∞';
  const u = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = b;
  while (v >= 1024 && i < u.length - 1) { v /= 1024; i++; }
  return `${i === 0 ? v.toFixed(0) : trim(v)} ${u[i]}`;
}

export function hex(n: number): string {
  return n < 0 ? '—' : `0x${n.toString(16)}`;
}

function trim(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1).replace(/\.0$/, '') : v.toFixed(2).replace(/\.?0+$/, '');
}

/** Access codes as words and glyphs (never colour alone). */
export const ACCESS_TEXT = ['hit', 'miss', 'miss + evict', 'miss + evict dirty (write-back)'] as const;
export const ACCESS_SHORT = ['hit', 'miss', 'evict', 'evict + WB'] as const;
export const COLORS = {
  hit: 'var(--color-emerald-600)',
  miss: 'var(--color-amber-400)',
  evict: 'var(--color-red-800)',
  writeback: 'var(--color-fuchsia-700)',
  fetch: 'var(--color-blue-700)',
  empty: 'var(--color-slate-200)',
  cold: 'var(--color-blue-100)',
  hot: 'var(--color-amber-200)',
  next: 'var(--color-orange-200)',
  ink: 'var(--color-slate-900)',
  muted: 'var(--color-slate-500)',
  a: 'var(--color-blue-600)',
  b: 'var(--color-pink-600)',
  model: 'var(--color-emerald-900)',
  raw: 'var(--color-amber-600)',
  quote: 'var(--color-violet-300)',
};

/** Fill of a resident slot by its place in the victim order: near the victim = warm (a canvas colour). */
export function rankFill(rank: number, ways: number): string {
  if (rank < 0 || ways <= 1) return paint('var(--color-indigo-100)');
  const t = Math.max(0, Math.min(1, 1 - rank / Math.max(1, ways - 1))); // 1 = next victim
  // blue-100 (safe) → orange-200 (next to go), in whichever theme is in force
  return paintMix(COLORS.cold, COLORS.next, t);
}

/** Provenance tags as shown next to every published number. */
export const PROVENANCE_TEXT: Record<string, string> = {
  RAW: 'RAW: computed from a public raw log',
  QUOTE: 'QUOTE: stated in a cited text',
  MODEL: 'MODEL: a fit or derivation of this project, not a measurement',
};

/**
 * The note under the active-QP slider. Below the cache size a set-associative cache still
 * evicts: set = QPN mod sets, so QPs that share a set push each other out before the cache is
 * full (set conflicts; cache.ts setOf). Said where the slider invites "drag past it" — except
 * while a lesson question masks the hit rate or the evictions: then "evict each other" would be
 * the answer to caching/conflicts before the learner locks in (issue 17), and only the shape shows.
 */
export function qpsNote(cfg: { qps: number; entries: number; ways: number }, masked = false): string {
  const ways = cfg.ways === 0 ? cfg.entries : cfg.ways;
  const sets = Math.max(1, Math.floor(cfg.entries / ways));
  if (sets === 1) return `cache holds ${int(cfg.entries)} (amber tick): drag past it`;
  const shape = `${int(cfg.entries)} in ${int(sets)} sets of ${ways}`;
  if (masked) return `cache holds ${shape} (amber tick)`;
  return cfg.qps <= cfg.entries
    ? `cache holds ${shape} (amber tick): QPs sharing a set evict each other before it is full (set conflicts)`
    : `cache holds ${shape} (amber tick): past it, lookups must miss`;
}

/** The eviction engine's queue, named apart from the packet queueing the latency readout adds. */
export function engineWaitText(valid: boolean, waitNs: number): string {
  return valid && waitNs > 0.05 ? `engine wait ${ns(waitNs)}/pkt` : 'no wait for the engine';
}
