// Pure formatting and the colour system shared by every view. No model logic: these turn the
// numbers a frame carries into text a student can read (and into the colours that always come
// with a text or glyph twin, so colour is never the only signal).
import { psnText } from '../kit/psn.ts';

export const STATE_NAMES = ['RESET', 'INIT', 'RTR', 'RTS', 'SQD', 'SQE', 'ERR'] as const;
/** mlx5 qpc.state numbering (the context field qpc_state). */
const QPC_STATE_NAMES = ['RST', 'INIT', 'RTR', 'RTS', 'SQER', 'SQD', 'ERR', 'SQ_DRAINING'] as const;

/**
 * One colour per verbs state: `fill` for SVG with `ink`, the text drawn on it; `soft`/`text` for
 * a lit outline; Tailwind classes for badges. Fills are palette tokens (both themes) chosen to
 * stay apart under deuteranopia and protanopia, mostly by lightness (src/views/palette.test.ts).
 */
export const STATE_COLOR: Record<string, { fill: string; ink: string; soft: string; text: string; badge: string }> = {
  RESET: { fill: 'var(--color-slate-700)', ink: 'var(--color-white)', soft: 'var(--color-slate-100)', text: 'var(--color-slate-800)', badge: 'bg-slate-100 text-slate-800 border-slate-400' },
  INIT: { fill: 'var(--color-blue-700)', ink: 'var(--color-white)', soft: 'var(--color-sky-100)', text: 'var(--color-sky-900)', badge: 'bg-sky-100 text-sky-900 border-sky-500' },
  RTR: { fill: 'var(--color-indigo-400)', ink: 'var(--color-slate-950)', soft: 'var(--color-indigo-100)', text: 'var(--color-indigo-900)', badge: 'bg-indigo-100 text-indigo-900 border-indigo-500' },
  RTS: { fill: 'var(--color-emerald-600)', ink: 'var(--color-slate-950)', soft: 'var(--color-emerald-100)', text: 'var(--color-emerald-900)', badge: 'bg-emerald-100 text-emerald-900 border-emerald-600' },
  SQD: { fill: 'var(--color-amber-400)', ink: 'var(--color-slate-950)', soft: 'var(--color-amber-100)', text: 'var(--color-amber-900)', badge: 'bg-amber-100 text-amber-900 border-amber-500' },
  SQE: { fill: 'var(--color-orange-600)', ink: 'var(--color-slate-950)', soft: 'var(--color-orange-100)', text: 'var(--color-orange-900)', badge: 'bg-orange-100 text-orange-900 border-orange-500' },
  ERR: { fill: 'var(--color-red-800)', ink: 'var(--color-white)', soft: 'var(--color-red-100)', text: 'var(--color-red-900)', badge: 'bg-red-100 text-red-900 border-red-600' },
};

/** "SQD (draining)" → "SQD"; unknown labels fall back to RESET colours. */
export function baseState(label: string): string {
  const s = label.split(' ')[0];
  return s in STATE_COLOR ? s : 'RESET';
}
export function stateColor(label: string) {
  return STATE_COLOR[baseState(label)];
}

export const hex = (n: number, width = 0): string => `0x${n.toString(16).padStart(width, '0')}`;
export const qpnHex = (qpn: number): string => hex(qpn);
export const hostLetter = (host: number): string => String.fromCharCode(65 + host);

/** 24-bit PSN in decimal and hex, e.g. "16775217 (0xfff831)": the page's one PSN format. */
export { psnText };

/** Simulated nanoseconds as microseconds with ns precision. */
export function usText(ns: number): string {
  return `${(ns / 1000).toFixed(3)} µs`;
}

/** A duration in ns as the friendliest unit. */
export function durationText(ns: number): string {
  if (ns >= 1e9) return `${trim(ns / 1e9)} s`;
  if (ns >= 1e6) return `${trim(ns / 1e6)} ms`;
  if (ns >= 1e3) return `${trim(ns / 1e3)} µs`;
  return `${trim(ns)} ns`;
}
function trim(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1).replace(/\.0$/, '') : v.toFixed(2).replace(/\.?0+$/, '');
}

/** Speed (simulated ns per wall second) as "2 µs/s". */
export function speedText(nsPerSec: number): string {
  return `${durationText(nsPerSec)}/s`;
}

/** Log-scale speed slider: position 0..1000 ↔ 100 ns/s .. 10 ms/s. */
export const SPEED_MIN = 100;
export const SPEED_MAX = 1e7;
export function speedFromSlider(pos: number): number {
  const lo = Math.log10(SPEED_MIN);
  const hi = Math.log10(SPEED_MAX);
  const v = 10 ** (lo + ((hi - lo) * Math.min(1000, Math.max(0, pos))) / 1000);
  // Round to two significant digits so the label reads cleanly.
  const mag = 10 ** Math.floor(Math.log10(v) - 1);
  return Math.round(v / mag) * mag;
}
export function sliderFromSpeed(nsPerSec: number): number {
  const lo = Math.log10(SPEED_MIN);
  const hi = Math.log10(SPEED_MAX);
  const v = Math.min(SPEED_MAX, Math.max(SPEED_MIN, nsPerSec));
  return Math.round(((Math.log10(v) - lo) / (hi - lo)) * 1000);
}

export const MTU_BYTES: Record<number, number> = { 1: 256, 2: 512, 3: 1024, 4: 2048, 5: 4096 };
export function mtuText(code: number): string {
  return MTU_BYTES[code] ? `${MTU_BYTES[code]} B (IBV_MTU_${MTU_BYTES[code]} = ${code})` : `${code} (unset)`;
}

/** Local ACK timeout 4.096 µs × 2^t; 0 = infinite (rxe_qp.c rxe_qp_from_attr) [sources: ack-timeout]. */
export function timeoutText(code: number): string {
  if (code === 0) return '0 (no timer: wait forever)';
  return `${code} (${durationText(4096 * 2 ** Math.min(code, 31))})`;
}

const RNR_US = [655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1280, 1920, 2560,
  3840, 5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920, 122880, 163840, 245760, 327680, 491520];
/** RNR NAK timer code → its duration (include/rdma/ib_verbs.h enum ib_rnr_timeout). */
export function rnrTimerText(code: number): string {
  return `${code} (${durationText(RNR_US[code & 31] * 1000)})`;
}
export function retryText(n: number, infiniteAt7 = false): string {
  return infiniteAt7 && n === 7 ? '7 (infinite)' : String(n);
}

export const ACCESS_FLAGS: { bit: number; name: string; short: string }[] = [
  { bit: 1, name: 'IBV_ACCESS_LOCAL_WRITE', short: 'LOCAL_WRITE' },
  { bit: 2, name: 'IBV_ACCESS_REMOTE_WRITE', short: 'REMOTE_WRITE' },
  { bit: 4, name: 'IBV_ACCESS_REMOTE_READ', short: 'REMOTE_READ' },
  { bit: 8, name: 'IBV_ACCESS_REMOTE_ATOMIC', short: 'REMOTE_ATOMIC' },
];
export function accessText(v: number, compact = false): string {
  const names = ACCESS_FLAGS.filter((f) => v & f.bit).map((f) => (compact ? f.short.replace('REMOTE_', 'R_').replace('LOCAL_', 'L_') : f.short));
  return names.length ? names.join(compact ? '|' : ' | ') : '0 (none)';
}

export const MIG_STATES = ['IBV_MIG_MIGRATED', 'IBV_MIG_REARM', 'IBV_MIG_ARMED'];

/**
 * A context field as the page names it. The model keeps the address vector as the peer's host
 * (its key is `ah_dlid`, for links and scenarios already written); on this RoCE port the real AV
 * is a GRH with the peer's GID, so the page never calls it a dlid.
 */
export function fieldName(name: string): string {
  return name === 'ah_dlid' ? 'ah_attr (AV)' : name;
}

/** Format one context field's value for the inspector. */
export function fieldValueText(name: string, v: number, types: readonly string[] = ['RC', 'UC', 'UD'], hostName?: (lid: number) => string | undefined): string {
  switch (name) {
    case 'state': return `${STATE_NAMES[v] ?? v} (${v})`;
    case 'qpc_state': return `${QPC_STATE_NAMES[v] ?? v} (${v})`;
    case 'qp_type': return `${types[v] ?? v}`;
    case 'qp_access_flags': return accessText(v, true);
    case 'path_mtu': return mtuText(v);
    case 'timeout': return timeoutText(v);
    case 'min_rnr_timer': return rnrTimerText(v);
    case 'rnr_retry': case 'cur_rnr_retry': return retryText(v, true);
    case 'qkey': return hex(v, 8);
    case 'dest_qp_num': return `${hex(v)} (${v})`;
    case 'ah_dlid': { const h = hostName?.(v); return v === 0 ? '0 (unset)' : h ? `GID ::ffff:10.0.0.${v} (${h})` : String(v); }
    case 'next_send_psn': case 'last_acked_psn': case 'next_rcv_psn': return psnText(v);
    case 'path_mig_state': return MIG_STATES[v] ?? String(v);
    case 'send_cq': case 'recv_cq': return `CQ ${v}`;
    case 'en_sqd_async_notify': case 'sq_sig_all': case 'sq_draining': return v ? `${v} (yes)` : '0 (no)';
    case 'rate_limit': return v ? `${v} kbps` : '0 (unlimited)';
    default: return String(v);
  }
}

// ---- work completions -------------------------------------------------------------------------

export function shortStatus(status: string): string {
  return status.replace(/^IBV_WC_/, '');
}
export type StatusClass = 'success' | 'flush' | 'error';
export function statusClass(status: string): StatusClass {
  if (status === 'IBV_WC_SUCCESS') return 'success';
  if (status === 'IBV_WC_WR_FLUSH_ERR') return 'flush';
  return 'error';
}
export const STATUS_STYLE: Record<StatusClass, { glyph: string; fill: string; text: string; label: string }> = {
  success: { glyph: '✓', fill: 'var(--color-green-500)', text: 'var(--color-slate-950)', label: 'success' },
  flush: { glyph: '⤓', fill: 'var(--color-violet-800)', text: 'var(--color-white)', label: 'flushed' },
  error: { glyph: '✕', fill: 'var(--color-red-700)', text: 'var(--color-white)', label: 'error' },
};

/** SQ WQEs by phase. A failed WQE is drawn as the error CQE it will become (the same red ✕). */
export const WQE_PHASE_STYLE: Record<string, { fill: string; text: string; glyph: string; label: string }> = {
  queued: { fill: 'var(--color-slate-300)', text: 'var(--color-slate-950)', glyph: '○', label: 'queued (not started)' },
  sending: { fill: 'var(--color-cyan-600)', text: 'var(--color-slate-950)', glyph: '▶', label: 'sending' },
  sent: { fill: 'var(--color-indigo-500)', text: 'var(--color-white)', glyph: '◔', label: 'sent, waiting for ACK/response' },
  failed: { fill: 'var(--color-red-700)', text: 'var(--color-white)', glyph: '✕', label: 'failed (will complete in error)' },
};

/** A posted receive WQE in the RQ ring. */
export const RQ_STYLE = { fill: 'var(--color-teal-800)', text: 'var(--color-white)', glyph: '▫', label: 'receive posted' };

// ---- packets ----------------------------------------------------------------------------------

export interface OpStyle { key: string; label: string; fill: string; text: string }
/** Packet colour by opcode family; NAK kinds by AETH syndrome. Always paired with a text label. */
export const OP_STYLES: Record<string, OpStyle> = {
  SEND: { key: 'SEND', label: 'SEND', fill: 'var(--color-blue-800)', text: 'var(--color-white)' },
  WRITE: { key: 'WRITE', label: 'RDMA WRITE', fill: 'var(--color-violet-600)', text: 'var(--color-white)' },
  READ_REQ: { key: 'READ_REQ', label: 'READ request', fill: 'var(--color-cyan-700)', text: 'var(--color-white)' },
  READ_RESP: { key: 'READ_RESP', label: 'READ response', fill: 'var(--color-cyan-400)', text: 'var(--color-slate-950)' },
  ATOMIC: { key: 'ATOMIC', label: 'ATOMIC', fill: 'var(--color-amber-400)', text: 'var(--color-slate-950)' },
  ACK: { key: 'ACK', label: 'ACK', fill: 'var(--color-emerald-600)', text: 'var(--color-slate-950)' },
  RNR: { key: 'RNR', label: 'RNR NAK', fill: 'var(--color-orange-600)', text: 'var(--color-slate-950)' },
  NAK: { key: 'NAK', label: 'NAK (error / PSN)', fill: 'var(--color-red-800)', text: 'var(--color-white)' },
};

export function opStyle(op: string, syndrome?: string): OpStyle {
  if (op.startsWith('ACKNOWLEDGE') || op === 'ATOMIC_ACKNOWLEDGE') {
    if (!syndrome || syndrome === 'ACK') return OP_STYLES.ACK;
    if (syndrome.startsWith('RNR')) return OP_STYLES.RNR;
    return OP_STYLES.NAK;
  }
  if (op.startsWith('SEND')) return OP_STYLES.SEND;
  if (op.startsWith('RDMA_WRITE')) return OP_STYLES.WRITE;
  if (op.startsWith('RDMA_READ_REQUEST')) return OP_STYLES.READ_REQ;
  if (op.startsWith('RDMA_READ_RESPONSE')) return OP_STYLES.READ_RESP;
  if (op.includes('COMPARE') || op.includes('FETCH') || op.includes('ATOMIC')) return OP_STYLES.ATOMIC;
  return OP_STYLES.SEND;
}

const POS: Record<string, string> = { FIRST: 'F', MIDDLE: 'M', LAST: 'L', ONLY: '' };
/** Short on-wire label: "SEND F", "WRITE L+imm", "READ REQ", "ACK", "RNR NAK", "NAK PSN". */
export function opShort(op: string, syndrome?: string): string {
  if (op === 'ACKNOWLEDGE' || op === 'ATOMIC_ACKNOWLEDGE') {
    const base = op === 'ATOMIC_ACKNOWLEDGE' ? 'ATOMIC ACK' : 'ACK';
    if (!syndrome || syndrome === 'ACK') return base;
    if (syndrome === 'RNR_NAK') return 'RNR NAK';
    // "NAK PSN" would read twice next to the packet's own "PSN n": name the NAK by its kind.
    if (syndrome === 'NAK_PSN') return 'sequence NAK';
    return syndrome.replace(/^NAK_/, 'NAK ').replace(/_/g, ' ');
  }
  const imm = op.endsWith('_WITH_IMMEDIATE') ? '+imm' : '';
  const core = op.replace(/_WITH_IMMEDIATE$/, '');
  const m = /^(SEND|RDMA_WRITE|RDMA_READ_RESPONSE)_(FIRST|MIDDLE|LAST|ONLY)$/.exec(core);
  if (m) {
    const fam = m[1] === 'SEND' ? 'SEND' : m[1] === 'RDMA_WRITE' ? 'WRITE' : 'READ RSP';
    return `${fam}${POS[m[2]] ? ` ${POS[m[2]]}` : ''}${imm}`;
  }
  if (core === 'RDMA_READ_REQUEST') return 'READ REQ';
  if (core.startsWith('COMPARE')) return 'CMP&SWP';
  if (core.startsWith('FETCH')) return 'FETCH&ADD';
  return core.replace(/_/g, ' ');
}

/** Approximate width (px) of monospace text at a font size, for layout without measuring. */
export function monoWidth(text: string, fontPx: number): number {
  return text.length * fontPx * 0.62;
}

/**
 * A ring index as the context holds it (a free-running counter) and, once it has wrapped, the
 * slot it points at (counter mod depth), which is what the strip's marker shows: "PI 138 (slot 10)".
 */
export function indexText(name: string, counter: number, depth: number): string {
  const slot = depth > 0 ? counter % depth : counter;
  return slot === counter ? `${name} ${counter}` : `${name} ${counter} (slot ${slot})`;
}
