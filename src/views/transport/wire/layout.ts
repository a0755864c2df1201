// Where each packet is drawn at time t: layout only. A packet's progress along the wire is
// (t − start)/(arrive − start); a lost packet stops at mid-wire and fades; labels that would
// collide are thinned so what is shown stays readable.
import { scaleLinear } from 'd3-scale';
import type { PacketView } from '../../../worker/transport/types.ts';
import { monoWidth, opShort, opStyle, type OpStyle } from '../format.ts';

export interface PlacedPacket {
  p: PacketView;
  dir: 'ab' | 'ba';
  row: 0 | 1;
  x: number;
  w: number;
  label: string;
  psnLabel: string;
  showPsn: boolean;
  style: OpStyle;
  phase: 'flying' | 'arrived' | 'lost';
  opacity: number;
  /** How far along the wire, 0..1 (in `steps` steps under reduced motion). */
  progress: number;
}

export const PILL_FONT = 10;
export const PILL_H = 17;
const PSN_FONT = 9.5;

export interface WireGeometry { x0: number; x1: number }

/**
 * Place every packet. `lostLingerNs` is how long (simulated) a lost packet's ✕ stays drawn;
 * `arriveLingerNs` how long an arrived packet stays at the receiver before it is gone.
 * `steps` > 0 (prefers-reduced-motion): a packet jumps between that many stops and never fades.
 */
export function placePackets(packets: readonly PacketView[], t: number, g: WireGeometry, lostLingerNs: number, arriveLingerNs: number, steps = 0): PlacedPacket[] {
  const x = scaleLinear().domain([0, 1]).range([g.x0, g.x1]).clamp(true);
  const out: PlacedPacket[] = [];
  for (const p of packets) {
    const span = Math.max(1, p.arrive - p.start);
    const raw = (t - p.start) / span;
    const lost = p.drop !== undefined;
    const smooth = Math.max(0, Math.min(lost ? 0.5 : 1, raw));
    const prog = steps > 0 ? Math.floor(smooth * steps + 1e-9) / steps : smooth;
    const end = lost ? (p.start + p.arrive) / 2 : p.arrive;
    let phase: PlacedPacket['phase'] = 'flying';
    let opacity = 1;
    if (t >= end) {
      phase = lost ? 'lost' : 'arrived';
      const linger = lost ? lostLingerNs : arriveLingerNs;
      opacity = linger > 0 ? Math.max(0, 1 - (t - end) / linger) : 0;
      if (!lost) opacity *= 0.6;
      if (steps > 0 && opacity > 0.02) opacity = lost ? 1 : 0.6;
    }
    if (opacity <= 0.02) continue;
    const dir: 'ab' | 'ba' = p.src <= p.dst ? 'ab' : 'ba';
    const label = opShort(p.op, p.syndrome);
    const w = Math.max(44, monoWidth(label, PILL_FONT) + 12);
    const cx = x(dir === 'ab' ? prog : 1 - prog);
    out.push({
      p, dir, row: (p.id % 2) as 0 | 1, x: cx, w, label, psnLabel: `PSN ${p.psn}`, showPsn: true,
      style: opStyle(p.op, p.syndrome), phase, opacity, progress: prog,
    });
  }
  // At the receiver, show only the latest arrival per lane and row: at high speed many
  // packets arrive within the linger and would otherwise pile up unreadably.
  const latest = new Map<string, PlacedPacket>();
  for (const o of out) {
    if (o.phase !== 'arrived') continue;
    const k = `${o.dir}${o.row}`;
    const cur = latest.get(k);
    if (!cur || o.p.arrive > cur.p.arrive || (o.p.arrive === cur.p.arrive && o.p.id > cur.p.id)) latest.set(k, o);
  }
  const kept = new Set(latest.values());
  for (let i = out.length - 1; i >= 0; i--) if (out[i].phase === 'arrived' && !kept.has(out[i])) out.splice(i, 1);
  // Thin PSN labels that would overlap within the same lane and row.
  for (const dir of ['ab', 'ba'] as const) {
    for (const row of [0, 1] as const) {
      const inRow = out.filter((o) => o.dir === dir && o.row === row).sort((a, b) => a.x - b.x);
      let lastRight = -Infinity;
      for (const o of inRow) {
        const half = Math.max(o.w, monoWidth(o.psnLabel, PSN_FONT)) / 2;
        if (o.x - half < lastRight + 4) { o.showPsn = false; continue; }
        lastRight = o.x + half;
      }
    }
  }
  return out;
}

/** A one-line summary of what is in flight, for the wire's accessible name. */
export function flightSummary(placed: readonly PlacedPacket[], hostNames: readonly string[]): string {
  const flying = placed.filter((o) => o.phase === 'flying');
  const lost = placed.filter((o) => o.phase === 'lost').length;
  if (flying.length === 0 && lost === 0) return 'The wire between the hosts is idle.';
  const by = (dir: 'ab' | 'ba') => {
    const ps = flying.filter((o) => o.dir === dir);
    if (!ps.length) return '';
    const kinds = new Map<string, number>();
    for (const o of ps) kinds.set(o.style.label, (kinds.get(o.style.label) ?? 0) + 1);
    const list = [...kinds].map(([k, n]) => `${n} ${k}`).join(', ');
    const [a, b] = dir === 'ab' ? [hostNames[0], hostNames[1]] : [hostNames[1], hostNames[0]];
    return `${a} to ${b}: ${list}`;
  };
  const parts = [by('ab'), by('ba')].filter(Boolean);
  return `Packets in flight. ${parts.join('. ')}${parts.length ? '.' : ''}${lost ? ` ${lost} lost on the wire.` : ''}`;
}
