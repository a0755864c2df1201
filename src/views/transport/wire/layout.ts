// Where everything on the wire is drawn at time t: layout only. Each lane has a label row and a
// pill row, so a pill never covers a label; a packet's place along its lane is its progress
// (t − start)/(arrive − start), a lost one stops at mid-wire. Pills that would touch are merged,
// left to right, into counted group pills until none touch: nothing is hidden, nothing overlaps.
import type { PacketView } from '../../../worker/transport/types.ts';
import { hostLetter, monoWidth, opShort, opStyle, qpnHex, type OpStyle } from '../format.ts';
import { psnText } from '../../kit/psn.ts';
import { laneIndex, type LaneSpec } from './lanes.ts';

export const PILL_FONT = 9.5;
export const LABEL_FONT = 9.5;
export const LABEL_H = 12;
export const PILL_H = 23;
/** A group pill's stacked look: the back card sits this far up and right, inside its box. */
export const STACK = 2;
const LANE_GAP = 3;
/** The shortest lane that holds a label row and a pill row. */
export const LANE_MIN_H = LABEL_H + STACK + PILL_H + LANE_GAP;
const LANE_MAX_H = 48;
const PAD_X = 5;
/** The least room between two boxes in a row. */
export const GAP = 3;
const EDGE = 4;

export type Phase = 'flying' | 'arrived' | 'lost';
export interface Box { x: number; y: number; w: number; h: number }

export interface PlacedLane extends LaneSpec { top: number; h: number; lineY: number; labelBox: Box; labelText: string }

interface ItemBase { lane: number; box: Box; line1: string; line2: string; fill: string; text: string; stroke: string; dashed: boolean }
/** `prog`: how far along its lane, 0..1 (in `steps` steps under reduced motion). */
export interface PillItem extends ItemBase { kind: 'pill'; p: PacketView; phase: Phase; style: OpStyle; prog: number }
export interface GroupItem extends ItemBase { kind: 'group'; packets: PacketView[] }
export type WireItem = PillItem | GroupItem;

/** What became of a packet: drawn alone, counted in a group, or gone (an older arrival, or past its linger). */
export type Fate = 'pill' | 'group' | 'gone';

export interface WireLayout { lanes: PlacedLane[]; items: WireItem[]; fate: Map<number, Fate>; phase: Map<number, Phase>; trackL: number; trackR: number }

export interface WireInput {
  lanes: readonly LaneSpec[];
  packets: readonly PacketView[];
  t: number;
  width: number;
  height: number;
  lostLingerNs: number;
  arriveLingerNs: number;
  /** > 0 (prefers-reduced-motion): a packet stands at one of `steps` + 1 stops along its lane instead of flying. */
  steps?: number;
}

/** How many lanes fit in a height. */
export const lanesFitting = (height: number): number => Math.max(1, Math.floor(height / LANE_MIN_H));

const textW = (s: string, px: number) => monoWidth(s, px);

/** The phase of a packet at t, or null when it is not on the wire (not sent yet, or past its linger). */
export function phaseAt(p: PacketView, t: number, lostLingerNs: number, arriveLingerNs: number): { phase: Phase; prog: number } | null {
  if (t < p.start) return null;
  const span = Math.max(1, p.arrive - p.start);
  if (p.drop !== undefined) {
    const mid = (p.start + p.arrive) / 2;
    if (t < mid) return { phase: 'flying', prog: (t - p.start) / span };
    return t - mid <= lostLingerNs ? { phase: 'lost', prog: 0.5 } : null;
  }
  if (t < p.arrive) return { phase: 'flying', prog: (t - p.start) / span };
  return t - p.arrive <= arriveLingerNs ? { phase: 'arrived', prog: 1 } : null;
}

/** A packet's tooltip: the pill shows the PSN's decimal only (room), the tooltip the page's full PSN form. */
export function packetTitle(p: PacketView): string {
  return `${p.op}${p.syndrome && p.syndrome !== 'ACK' ? ` (${p.syndrome})` : ''} PSN ${psnText(p.psn)}, ${p.bytes} bytes, ${hostLetter(p.src)}:${qpnHex(p.srcQpn)} → ${hostLetter(p.dst)}:${qpnHex(p.dstQpn)}${p.drop ? ` — LOST: ${p.drop}` : ''}`;
}

function pillOf(p: PacketView, phase: Phase, lane: number, prog: number): Omit<PillItem, 'box'> & { w: number } {
  const style = opStyle(p.op, p.syndrome);
  const nak = style.key === 'NAK' || style.key === 'RNR';
  const op = opShort(p.op, p.syndrome);
  const line1 = phase === 'lost' ? `✕ ${op}` : nak ? `! ${op}` : op;
  const line2 = String(p.psn);
  const w = Math.max(textW(line1, PILL_FONT), textW(line2, PILL_FONT)) + 2 * PAD_X;
  // Arrived and lost packets are drawn hollow with dark text: readable however they look.
  const look = phase === 'flying' ? { fill: style.fill, text: style.text, stroke: nak ? 'var(--color-red-950)' : 'none', dashed: false }
    : phase === 'arrived' ? { fill: 'var(--color-white)', text: 'var(--color-slate-900)', stroke: style.fill, dashed: false }
    : { fill: 'var(--color-white)', text: 'var(--color-red-900)', stroke: 'var(--color-red-600)', dashed: true };
  return { kind: 'pill', p, phase, style, prog, lane, line1, line2, w, ...look };
}

const FAMILY: Record<string, string> = { SEND: 'SEND', WRITE: 'WRITE', READ_REQ: 'READ REQ', READ_RESP: 'READ RSP', ATOMIC: 'ATOMIC', ACK: 'ACK', RNR: 'RNR NAK', NAK: 'NAK' };

function groupOf(packets: PacketView[], lane: number, cx: number, top: number, trackL: number, trackR: number): GroupItem {
  const styles = new Set(packets.map((p) => opStyle(p.op, p.syndrome).key));
  const uniform = styles.size === 1 ? opStyle(packets[0].op, packets[0].syndrome) : null;
  const sources = new Set(packets.map((p) => `${p.src}:${p.srcQpn}`));
  const families = [...styles].map((k) => FAMILY[k]);
  const line1 = uniform ? `${packets.length} × ${FAMILY[uniform.key]}` : `${packets.length} packets`;
  let line2: string;
  if (uniform && sources.size === 1) {
    const psns = packets.map((p) => p.psn);
    const lo = Math.min(...psns), hi = Math.max(...psns);
    line2 = lo === hi ? String(lo) : `${lo}–${hi}`;
  } else if (sources.size > 1) line2 = `${sources.size} QPs`;
  else line2 = families.length === 2 ? families.join('+') : 'mixed ops';
  const w = Math.min(trackR - trackL, Math.max(textW(line1, PILL_FONT), textW(line2, PILL_FONT)) + 2 * PAD_X + STACK);
  const x = clampX(cx, w, trackL, trackR);
  const look = uniform ? { fill: uniform.fill, text: uniform.text } : { fill: 'var(--color-slate-600)', text: 'var(--color-white)' };
  return { kind: 'group', packets, lane, line1, line2, box: { x: x - w / 2, y: top - STACK, w, h: PILL_H + STACK }, stroke: 'var(--color-slate-900)', dashed: false, ...look };
}

const clampX = (cx: number, w: number, l: number, r: number) => Math.min(Math.max(cx, l + w / 2), Math.max(l + w / 2, r - w / 2));
const centre = (it: WireItem) => it.box.x + it.box.w / 2;
const members = (it: WireItem): PacketView[] => (it.kind === 'pill' ? [it.p] : it.packets);

export function layoutWire(inp: WireInput): WireLayout {
  const { width, height, t } = inp;
  const n = Math.max(1, inp.lanes.length);
  const laneH = Math.max(LANE_MIN_H, Math.min(LANE_MAX_H, height / n));
  const top0 = Math.max(0, (height - n * laneH) / 2);
  const trackL = EDGE;
  const trackR = Math.max(EDGE + 60, width - EDGE);
  const lanes: PlacedLane[] = inp.lanes.map((l, i) => {
    const top = top0 + i * laneH;
    const pillTop = top + LABEL_H + STACK;
    let labelText = l.label;
    while (labelText.length > 4 && textW(labelText, LABEL_FONT) > trackR - trackL) labelText = `${labelText.slice(0, -2)}…`;
    const lw = textW(labelText, LABEL_FONT);
    return { ...l, top, h: laneH, lineY: pillTop + PILL_H / 2, labelText, labelBox: { x: (trackL + trackR - lw) / 2, y: top, w: lw, h: LABEL_H } };
  });
  const fate = new Map<number, Fate>();
  const phase = new Map<number, Phase>();
  const laneOf = laneIndex(inp.lanes);
  const perLane: Array<Array<Omit<PillItem, 'box'> & { w: number }>> = lanes.map(() => []);
  const steps = inp.steps ?? 0;
  const stop = (prog: number) => (steps > 0 ? Math.floor(Math.max(0, Math.min(1, prog)) * steps + 1e-9) / steps : prog);
  // At the receiver only each lane's latest arrival stays: the earlier ones are done and gone.
  const latest = new Map<number, PacketView>();
  const placed: Array<{ p: PacketView; phase: Phase; prog: number; lane: number }> = [];
  for (const p of inp.packets) {
    const at = phaseAt(p, t, inp.lostLingerNs, inp.arriveLingerNs);
    const lane = laneOf(p);
    if (!at || lane < 0) { fate.set(p.id, 'gone'); continue; }
    if (at.phase === 'arrived') {
      const cur = latest.get(lane);
      if (cur && (cur.arrive > p.arrive || (cur.arrive === p.arrive && cur.id > p.id))) { fate.set(p.id, 'gone'); continue; }
      if (cur) fate.set(cur.id, 'gone');
      latest.set(lane, p);
    }
    placed.push({ p, ...at, lane });
    phase.set(p.id, at.phase);
  }
  for (const x of placed) {
    if (x.phase === 'arrived' && latest.get(x.lane) !== x.p) continue;
    perLane[x.lane].push(pillOf(x.p, x.phase, x.lane, stop(x.prog)));
  }
  const items: WireItem[] = [];
  lanes.forEach((lane, li) => {
    const pillTop = lane.lineY - PILL_H / 2;
    const ab = lane.from <= lane.to;
    const row: WireItem[] = perLane[li].map(({ w, ...pill }) => {
      const cx = clampX(trackL + (ab ? pill.prog : 1 - pill.prog) * (trackR - trackL), w, trackL, trackR);
      return { ...pill, box: { x: cx - w / 2, y: pillTop, w, h: PILL_H } };
    }).sort((a, b) => centre(a) - centre(b) || members(a)[0].id - members(b)[0].id);
    // Left to right: while the newest item touches the one before it, merge them.
    const stack: WireItem[] = [];
    for (const it of row) {
      stack.push(it);
      while (stack.length >= 2) {
        const b = stack[stack.length - 1], a = stack[stack.length - 2];
        if (a.box.x + a.box.w + GAP <= b.box.x) break;
        stack.splice(-2, 2);
        const ps = [...members(a), ...members(b)].sort((x, y) => x.id - y.id);
        const wa = members(a).length, wb = members(b).length;
        stack.push(groupOf(ps, li, (centre(a) * wa + centre(b) * wb) / (wa + wb), pillTop, trackL, trackR));
      }
    }
    for (const it of stack) {
      for (const p of members(it)) fate.set(p.id, it.kind);
      items.push(it);
    }
  });
  return { lanes, items, fate, phase, trackL, trackR };
}

/** A one-line summary of what is in flight, for the wire's accessible name. */
export function flightSummary(layout: WireLayout, hostNames: readonly string[]): string {
  const flying = new Map<string, Map<string, number>>();
  let lost = 0;
  for (const it of layout.items) {
    const lane = layout.lanes[it.lane];
    for (const p of members(it)) {
      const ph = layout.phase.get(p.id);
      if (ph === 'lost') { lost++; continue; }
      if (ph !== 'flying') continue;
      const dir = `${hostNames[lane.from] ?? `host ${lane.from}`} to ${hostNames[lane.to] ?? `host ${lane.to}`}`;
      const kinds = flying.get(dir) ?? new Map<string, number>();
      const k = opStyle(p.op, p.syndrome).label;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
      flying.set(dir, kinds);
    }
  }
  if (flying.size === 0 && lost === 0) return 'The wire between the hosts is idle.';
  const parts = [...flying].map(([dir, kinds]) => `${dir}: ${[...kinds].map(([k, c]) => `${c} ${k}`).join(', ')}`);
  return `Packets in flight. ${parts.join('. ')}${parts.length ? '.' : ''}${lost ? ` ${lost} lost on the wire.` : ''}`;
}
