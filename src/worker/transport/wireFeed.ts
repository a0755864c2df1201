// Which packets the wire shows at an instant: those on the wire, those lost within the lost
// linger, and the latest arrival of each lane within the arrival linger. A pure function of the
// trace and the instant, so the wire looks the same however that instant was reached.
import type { SimEvent } from '../../core/index.ts';
import type { PacketView, WireFeed } from './types.ts';

/** Most packets one frame lists, by phase (flying first); past the caps they are only counted. */
const FLYING_CAP = 400;
const LOST_CAP = 100;
const ARRIVED_CAP = 64;
/** Most trace events one look-back reads (a long port queue puts on-wire packets far back). */
const SCAN_CAP = 60_000;

export interface FeedOptions {
  lostLingerNs: number;
  arriveLingerNs: number;
  /** The selected QP: its packets are listed whatever the caps. */
  focus?: { host: number; qpn: number } | null;
  hosts: number;
}

type Pkt = Extract<SimEvent, { kind: 'pkt' }>;

const view = (e: Pkt): PacketView => ({
  id: e.id, src: e.src, dst: e.dst, srcQpn: e.srcQpn, dstQpn: e.dstQpn, op: e.op, psn: e.psn, bytes: e.bytes,
  start: e.start, arrive: e.arrive, drop: e.drop, syndrome: e.syndrome,
});

/**
 * Reads the trace backwards. WHY it may stop early: a port sends in order, so per sending host
 * both a packet's start and its arrival only grow along the trace; once a host's packet has
 * arrived before every linger, all its earlier packets have too. Packets emitted but still
 * waiting for the port (start > t) are counted per sending host, not listed.
 */
export function wireFeed(events: readonly SimEvent[], t: number, o: FeedOptions): WireFeed {
  const linger = Math.max(o.lostLingerNs, o.arriveLingerNs);
  const done = new Uint8Array(o.hosts);
  let doneHosts = 0;
  const queued = new Array<number>(o.hosts).fill(0);
  const flying: PacketView[] = [];
  const lost: PacketView[] = [];
  const arrived: PacketView[] = [];
  const latestLane = new Set<string>();
  let omitted = 0;
  let scanned = 0;
  const mine = (e: Pkt) => !!o.focus && ((e.src === o.focus.host && e.srcQpn === o.focus.qpn) || (e.dst === o.focus.host && e.dstQpn === o.focus.qpn));
  for (let i = events.length - 1; i >= 0 && scanned < SCAN_CAP && doneHosts < o.hosts; i--, scanned++) {
    const e = events[i];
    if (e.kind !== 'pkt' || e.t > t || done[e.src]) continue;
    if (e.start > t) { queued[e.src]++; continue; }
    if (e.arrive + linger < t) { done[e.src] = 1; doneHosts++; continue; }
    const end = e.drop ? (e.start + e.arrive) / 2 : e.arrive;
    const focus = mine(e);
    if (t < end) {
      if (flying.length < FLYING_CAP || focus) flying.push(view(e)); else omitted++;
    } else if (e.drop) {
      if (t - end <= o.lostLingerNs && (lost.length < LOST_CAP || focus)) lost.push(view(e));
    } else if (t - e.arrive <= o.arriveLingerNs) {
      // Scanning backwards, the first arrival seen in a lane is its latest.
      const lane = `${e.src}:${e.srcQpn}>${e.dst}:${e.dstQpn}`;
      if (!latestLane.has(lane) && (arrived.length < ARRIVED_CAP || focus)) { latestLane.add(lane); arrived.push(view(e)); }
    }
  }
  const packets = [...flying, ...lost, ...arrived].sort((a, b) => a.id - b.id);
  return { packets, queued, omitted, complete: doneHosts >= o.hosts || scanned < SCAN_CAP, lostLingerNs: o.lostLingerNs, arriveLingerNs: o.arriveLingerNs };
}
