// Formatting and colours of the Faults instrument. Every phase has a colour and a glyph (colour is
// never the only signal), chosen to stay apart under red-green colour blindness.
import type { ChannelPresetId, FaultKind, PolicyName, ResetSituation } from '../../core/index.ts';
import { grouped } from '../kit/grouped.ts';

/** Storm phases of a QP (PHASE in core/faults/phase.ts), in order. Each label says what the model
 *  did to the QP, for the consumer chosen (a user-space consumer after device death is never "flushed"). */
export const PHASES = [
  { id: 0, label: 'healthy', fill: 'var(--color-slate-300)', ink: 'var(--color-slate-950)', glyph: '' },
  { id: 1, label: 'failed, waiting for the error engine', fill: 'var(--color-amber-500)', ink: 'var(--color-slate-950)', glyph: '…' },
  { id: 2, label: 'reported, flushing', fill: 'var(--color-violet-600)', ink: 'var(--color-white)', glyph: '↓' },
  { id: 3, label: 'reported, every WR completed or flushed', fill: 'var(--color-teal-700)', ink: 'var(--color-white)', glyph: '✓' },
  { id: 4, label: 'failed, not reported yet', fill: 'var(--color-red-600)', ink: 'var(--color-white)', glyph: '!' },
  { id: 5, label: 'report lost (counted)', fill: 'var(--color-gray-900)', ink: 'var(--color-white)', glyph: '✕' },
  { id: 6, label: 'device dead, its driver has not noticed yet', fill: 'var(--color-red-900)', ink: 'var(--color-white)', glyph: '○' },
  { id: 7, label: 'DEVICE_FATAL in user space: no flush CQE, its WRs stay outstanding', fill: 'var(--color-blue-900)', ink: 'var(--color-white)', glyph: '‖' },
  { id: 8, label: 'connection cut, has not learned (idle QPs never do)', fill: 'var(--color-blue-400)', ink: 'var(--color-slate-950)', glyph: '?' },
  { id: 9, label: 'destroyed with the old device: reopen and rebuild', fill: 'var(--color-lime-50)', ink: 'var(--color-slate-950)', glyph: '/' },
] as const;

/** The legend: the phases some QP is in now (healthy always), so no sentence names what did not happen. */
export function legendOf(phase: ArrayLike<number>): { id: number; label: string; fill: string; ink: string; glyph: string; n: number }[] {
  const n = new Array<number>(PHASES.length).fill(0);
  for (let i = 0; i < phase.length; i++) if (phase[i] < n.length) n[phase[i]]++;
  return PHASES.map((p) => ({ ...p, n: n[p.id] })).filter((p) => p.id === 0 || p.n > 0);
}

export const POLICY_LABEL: Record<PolicyName, string> = {
  fifo: 'FIFO: detection order',
  'round-robin': 'Round-robin by class',
  priority: 'Strict priority by class',
  'oldest-first': 'Oldest outstanding work first',
  'weighted-fair': 'Weighted fair by class',
};

/** FIFO is what every driver examined does; the rest are design alternatives (claims in core). */
export const POLICY_KIND: Record<PolicyName, 'code' | 'model'> = {
  fifo: 'code', 'round-robin': 'model', priority: 'model', 'oldest-first': 'model', 'weighted-fair': 'model',
};


export const FAULT_LABEL: Record<FaultKind, string> = {
  'port-down': 'Port down (link fails)',
  'link-flap': 'Link flap (down, then up)',
  'host-crash': 'Remote host crash',
  'cq-overrun': 'Shared CQ overrun',
  'context-read-error': 'Context-memory read error (PCIe)',
  'device-fatal': 'Device fatal',
};

/** Class stripes and stacked bars: eight colours that stay apart under red-green colour blindness and
 *  stand out from the page (2.5:1 or more) in both themes (src/views/palette.test.ts). */
export const CLASS_COLORS = ['var(--color-blue-600)', 'var(--color-teal-700)', 'var(--color-yellow-900)', 'var(--color-pink-400)', 'var(--color-violet-400)', 'var(--color-sky-900)', 'var(--color-yellow-600)', 'var(--color-slate-900)'];

export const int = (x: number) => grouped(x);

/** A duration in ns, in the unit that reads best. */
export function dur(ns: number): string {
  if (!Number.isFinite(ns) || ns < 0) return '–';
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(ns >= 1e10 ? 1 : 2)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(ns >= 1e8 ? 0 : ns >= 1e7 ? 1 : 2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(ns >= 1e5 ? 0 : 1)} µs`;
  return `${Math.round(ns)} ns`;
}

/** Text from the model with raw nanosecond counts in it ("for the next 5000000 ns"), each read as `dur`. */
export function durIn(text: string): string {
  return text.replace(/\b(\d+) ns\b/g, (_, n: string) => dur(Number(n)));
}

/**
 * The time axis of a chart that runs from the fault to now: the samples may stop early (the
 * queue went quiet, or the device died), and the axis must still span the storm.
 */
export function stormSpan(t: ArrayLike<number>, now: number): [number, number] {
  const from = t.length ? Math.min(t[0], now) : 0;
  const last = t.length ? t[t.length - 1] : from;
  return [from, Math.max(from + 1, last, now)];
}

/** Every power of two from 1 to `max`: the sizes QP counts and queue depths are usually given in. */
export function powersOfTwo(max: number): number[] {
  const out: number[] = [];
  for (let v = 1; v <= max; v *= 2) out.push(v);
  return out;
}

/**
 * Log-scale slider positions (0..1000) for a range. Between them a position reads as two
 * significant digits, which would step past 256, 1,024 or 4,096 (250 → 260); a position within
 * half a step of a `named` value lands exactly on it, so a person can drag back to the values
 * lessons and presets use.
 */
export function logPos(min: number, max: number, named: readonly number[] = []) {
  const lo = Math.log10(min), hi = Math.log10(max);
  const exact = (v: number) => ((Math.log10(v) - lo) / (hi - lo)) * 1000;
  const marks = named.filter((n) => n >= min && n <= max);
  return {
    to: (v: number) => Math.round(exact(Math.max(min, Math.min(max, v)))),
    from: (p: number) => {
      const hit = marks.find((n) => Math.abs(exact(n) - p) <= 0.5);
      if (hit !== undefined) return hit;
      const v = 10 ** (lo + ((hi - lo) * Math.max(0, Math.min(1000, p))) / 1000);
      const mag = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
      let r = Math.round(v / mag) * mag;
      // Rounding must not carry a value past a named one (127.6 → 130 would jump over 128).
      for (const n of marks) if ((v < n && r > n) || (v > n && r < n)) r = n;
      return Math.max(min, Math.min(max, r));
    },
  };
}

/** The storm's log sliders, by the setting each one moves (Controls.tsx draws them). */
export const STORM_SLIDERS = {
  qps: logPos(1, 16_384, powersOfTwo(16_384)),
  eqDepth: logPos(1, 65_536, powersOfTwo(65_536)),
  serviceNs: logPos(1, 1_000_000),
  eqeNs: logPos(1, 1_000_000),
} as const;

/** The program's event thread: time per event read (100 ns to 10 ms), and read → acknowledge
 *  (position 0 is "at once"; the rest 1 µs to 10 s, log). */
const EVENT = logPos(100, 10_000_000, [1_000, 2_000, 5_000, 10_000, 100_000, 1_000_000]);
const ACK = logPos(1_000, 10_000_000_000, [10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]);
export const PROGRAM_SLIDERS = {
  eventNs: EVENT,
  ackNs: { to: (v: number) => (v <= 0 ? 0 : Math.max(1, ACK.to(v))), from: (p: number) => (p <= 0 ? 0 : ACK.from(p)) },
} as const;

export const PRESET_LABEL: Record<ChannelPresetId, string> = {
  mlx5: 'mlx5 (ConnectX-4 and later)',
  mlx4: 'mlx4 / mthca (ConnectX-3 and older)',
  hns: 'hns (HiSilicon hip08+)',
};

export const SITUATION_LABEL: Record<ResetSituation, string> = {
  'send-half-arrived': 'A 4 KiB SEND half-arrived at B (reset B)',
  'write-half-arrived': 'A 4 KiB WRITE half-arrived at B (reset B)',
  'replay-unacked': 'Four WRITEs awaiting ACKs (reset A)',
  'dma-mid-burst': 'A WRITE\'s DMA mid-burst at B (reset B)',
  'read-streaming': 'A READ response streaming to A (reset A)',
};

/** The keys of a label table, in its order (each table is checked exhaustive by its type). */
export const keysOf = <K extends string>(r: Record<K, string>): K[] => Object.keys(r) as K[];
