// Which lanes the wire has: one per QP pair and direction while they fit, else the selected QP's
// pair keeps its own two lanes and every other connection is aggregated into one lane per
// direction between two hosts. Layout only: no model logic.
import type { PacketView, QpGridView } from '../../../worker/transport/types.ts';
import { hostLetter, qpnHex } from '../format.ts';

export interface Endpoint { host: number; qpn: number }
/** A connected pair, `a` the end on the lower host (then the lower QPN). */
export interface PairSpec { a: Endpoint; b: Endpoint }

export interface LaneSpec {
  key: string;
  /** Sending and receiving host. */
  from: number;
  to: number;
  label: string;
  /** Lanes of one pair share a band index (drawn as one background band). */
  band: number;
  /** The lane carries the selected QP's traffic. */
  mine: boolean;
  /** An aggregate: how many connections it stands for. */
  rest?: number;
}

export const laneKey = (src: number, srcQpn: number, dst: number, dstQpn: number): string => `${src}:${srcQpn}>${dst}:${dstQpn}`;
export const packetLane = (p: PacketView): string => laneKey(p.src, p.srcQpn, p.dst, p.dstQpn);
const restKey = (from: number, to: number): string => `rest:${from}>${to}`;
const ALL = 'all';

const end = (e: Endpoint) => `${hostLetter(e.host)}·${qpnHex(e.qpn)}`;

/** Normalise a QP and its peer into a pair (each connection listed once). */
export function pairOf(x: Endpoint, y: Endpoint): PairSpec {
  return x.host < y.host || (x.host === y.host && x.qpn <= y.qpn) ? { a: x, b: y } : { a: y, b: x };
}

/**
 * What the pairs depend on, per slot: host, QPN, peer host (−1 when none or destroyed), peer QPN.
 * Frames arrive 60 times a second and connections change rarely: an equal copy means the same pairs.
 */
function connections(g: QpGridView): Int32Array {
  const c = new Int32Array(4 * g.n);
  for (let s = 0; s < g.n; s++) {
    c[4 * s] = g.host[s];
    c[4 * s + 1] = g.qpn[s];
    c[4 * s + 2] = g.flags[s] & 8 ? -1 : g.peerHost[s];
    c[4 * s + 3] = g.peerQpn[s];
  }
  return c;
}

let lastPairs: { conn: Int32Array; pairs: PairSpec[] } | null = null;

/** Every connected pair among the QPs, once, in slot order (a destroyed QP has no lane). */
export function pairsFromGrid(g: QpGridView): PairSpec[] {
  // The same connections as the previous frame: the same list, with no strings built.
  const conn = connections(g);
  const last = lastPairs;
  if (last && last.conn.length === conn.length && last.conn.every((v, i) => v === conn[i])) return last.pairs;
  const pairs = listPairs(g);
  lastPairs = { conn, pairs };
  return pairs;
}

function listPairs(g: QpGridView): PairSpec[] {
  const seen = new Set<string>();
  const out: PairSpec[] = [];
  for (let s = 0; s < g.n; s++) {
    if (g.peerHost[s] < 0 || g.flags[s] & 8) continue;
    const p = pairOf({ host: g.host[s], qpn: g.qpn[s] }, { host: g.peerHost[s], qpn: g.peerQpn[s] });
    const k = laneKey(p.a.host, p.a.qpn, p.b.host, p.b.qpn);
    if (!seen.has(k)) { seen.add(k); out.push(p); }
  }
  return out;
}

function pairLanes(p: PairSpec, band: number, mine: boolean): LaneSpec[] {
  const { a, b } = p;
  return [
    { key: laneKey(a.host, a.qpn, b.host, b.qpn), from: a.host, to: b.host, label: `${end(a)} → ${end(b)}`, band, mine },
    { key: laneKey(b.host, b.qpn, a.host, a.qpn), from: b.host, to: a.host, label: `${end(a)} ← ${end(b)}`, band, mine },
  ];
}

const isMine = (p: PairSpec, sel: Endpoint | null) => !!sel && ((p.a.host === sel.host && p.a.qpn === sel.qpn) || (p.b.host === sel.host && p.b.qpn === sel.qpn));

/** Every pair's two lane keys, built once per list of pairs (the list is kept while connections stay). */
const pairKeys = new WeakMap<readonly PairSpec[], Set<string>>();
function keysOf(pairs: readonly PairSpec[]): Set<string> {
  let k = pairKeys.get(pairs);
  if (!k) {
    k = new Set();
    for (const { a, b } of pairs) { k.add(laneKey(a.host, a.qpn, b.host, b.qpn)); k.add(laneKey(b.host, b.qpn, a.host, a.qpn)); }
    pairKeys.set(pairs, k);
  }
  return k;
}

/** The lanes, at most `maxLanes` (at least 1), in a stable order: pairs as listed, then loose traffic. */
export function planLanes(pairs: readonly PairSpec[], packets: readonly PacketView[], selected: Endpoint | null, maxLanes: number): LaneSpec[] {
  const known = keysOf(pairs);
  // Traffic of no listed pair (UD, or a pair not connected yet): one lane each, in key order.
  const looseBy = new Map<string, PacketView>();
  for (const p of packets) { const k = packetLane(p); if (!known.has(k) && !looseBy.has(k)) looseBy.set(k, p); }
  const loose: LaneSpec[] = [];
  let band = pairs.length;
  for (const [key, p] of [...looseBy].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    const mine = !!selected && ((p.src === selected.host && p.srcQpn === selected.qpn) || (p.dst === selected.host && p.dstQpn === selected.qpn));
    loose.push({ key, from: p.src, to: p.dst, label: `${end({ host: p.src, qpn: p.srcQpn })} → ${end({ host: p.dst, qpn: p.dstQpn })}`, band: band++, mine });
  }
  const max = Math.max(1, maxLanes);
  const total = 2 * pairs.length + loose.length;
  if (total <= max) return [...pairs.flatMap((p, i) => pairLanes(p, i, isMine(p, selected))), ...loose];
  // Too many: keep the selected pair's lanes (if they leave room), aggregate the rest by direction.
  // Only the kept lanes are built; the others are only counted.
  const at = pairs.findIndex((p) => isMine(p, selected));
  const mine = [...(at >= 0 ? pairLanes(pairs[at], at, true) : []), ...loose.filter((l) => l.mine)].slice(0, 2);
  for (const keep of [mine, []]) {
    const rest = aggregate(pairs, loose, keep.length > 0 && at >= 0 ? at : -1, new Set(keep.map((l) => l.key)), keep.length > 0);
    if (keep.length + rest.length <= max) return [...keep.map((l) => ({ ...l, band: 0 })), ...rest];
  }
  return [{ key: ALL, from: 0, to: 1, label: `all traffic · ${total} lanes`, band: 0, mine: false, rest: total }];
}

/** One lane per direction between two hosts, standing for both lanes of every pair but `skip` and every loose lane not kept. */
function aggregate(pairs: readonly PairSpec[], loose: readonly LaneSpec[], skip: number, kept: ReadonlySet<string>, besides: boolean): LaneSpec[] {
  const dirs = new Map<string, LaneSpec>();
  const count = (from: number, to: number) => {
    const k = restKey(from, to);
    const d = dirs.get(k);
    if (d) d.rest = (d.rest ?? 0) + 1;
    else dirs.set(k, { key: k, from, to, label: '', band: besides ? 1 : 0, mine: false, rest: 1 });
  };
  pairs.forEach(({ a, b }, i) => { if (i !== skip) { count(a.host, b.host); count(b.host, a.host); } });
  for (const l of loose) if (!kept.has(l.key)) count(l.from, l.to);
  const rest = [...dirs.values()].sort((x, y) => Math.min(x.from, x.to) - Math.min(y.from, y.to) || Math.max(x.from, x.to) - Math.max(y.from, y.to) || x.from - y.from);
  for (const d of rest) {
    const n = d.rest ?? 0;
    const [lo, hi] = d.from < d.to ? [d.from, d.to] : [d.to, d.from];
    d.label = `${hostLetter(lo)} ${d.from < d.to ? '→' : '←'} ${hostLetter(hi)} · ${n} ${besides ? 'other ' : ''}connection${n === 1 ? '' : 's'}`;
  }
  return rest;
}

/** The lane a packet is drawn in: its own, else its direction's aggregate, else the one lane. */
export function laneIndex(lanes: readonly LaneSpec[]): (p: PacketView) => number {
  const at = new Map(lanes.map((l, i) => [l.key, i]));
  return (p) => at.get(packetLane(p)) ?? at.get(restKey(p.src, p.dst)) ?? at.get(ALL) ?? -1;
}
