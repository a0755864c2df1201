// Which packets the wire shows at an instant: those on the wire, those lost within the lost
// linger, and the latest arrival of each lane within the arrival linger; packets built but still
// waiting for the port are only counted. The result depends on the trace and the instant only.
//
// WHY an index and not a scan per frame: with hundreds of QPs the port queue is a millisecond
// deep, so the packets on the wire were emitted tens of thousands of events ago. A port sends in
// order, so per sending host a packet's start and its arrival only grow along the trace: each host
// keeps a queue of its packets not yet done, fed with each frame's new events and trimmed at the
// front. A new run, or a rewound trace, rebuilds the queues with one look back.
import type { SimEvent } from '../../core/index.ts';
import type { PacketView, WireFeed } from './types.ts';

/** Most packets one frame lists, by phase (flying first); past the caps they are only counted. */
const FLYING_CAP = 400;
const LOST_CAP = 100;
const ARRIVED_CAP = 64;
/** Most trace events a rebuild reads back, and how far before its linger it looks for lost packets. */
const REBUILD_CAP = 400_000;
const LOST_LOOKBACK_NS = 5_000_000;

type Pkt = Extract<SimEvent, { kind: 'pkt' }>;

export interface FeedOptions {
  lostLingerNs: number;
  arriveLingerNs: number;
  /** The selected QP: its packets are listed whatever the caps. */
  focus?: { host: number; qpn: number } | null;
}

/** The trace as the feed reads it. */
export interface TraceView { run: object; events: readonly SimEvent[]; count: number; first: number; hosts: number }

const view = (e: Pkt): PacketView => ({
  id: e.id, src: e.src, dst: e.dst, srcQpn: e.srcQpn, dstQpn: e.dstQpn, op: e.op, psn: e.psn, bytes: e.bytes,
  start: e.start, arrive: e.arrive, drop: e.drop, syndrome: e.syndrome,
});

export class WireFeeder {
  private run: object | null = null;
  private seen = 0;
  private complete = true;
  /** Per sending host, its packets not yet done, in trace order; `head` is the first live one. */
  private q: Pkt[][] = [];
  private head: number[] = [];
  /** Lost packets, kept apart: they linger far longer than arrivals do. */
  private lostQ: Pkt[] = [];

  feed(tr: TraceView, t: number, o: FeedOptions): WireFeed {
    if (tr.run !== this.run || tr.count < this.seen || tr.first > this.seen) this.rebuild(tr, t, o);
    else for (let i = this.seen - tr.first; i < tr.events.length; i++) this.take(tr.events[i]);
    this.seen = tr.count;
    const flying: PacketView[] = [], arrived: PacketView[] = [];
    const queued: number[] = [];
    let omitted = 0;
    const mine = (e: Pkt) => !!o.focus && ((e.src === o.focus.host && e.srcQpn === o.focus.qpn) || (e.dst === o.focus.host && e.dstQpn === o.focus.qpn));
    const latestLane = new Set<string>();
    for (let h = 0; h < this.q.length; h++) {
      let k = this.head[h];
      const q0 = this.q[h];
      while (k < q0.length && q0[k].start <= t && q0[k].arrive + o.arriveLingerNs < t) k++;
      if (k > 4096 && k * 2 > q0.length) { this.q[h] = q0.slice(k); k = 0; }
      this.head[h] = k;
      const q = this.q[h];
      // Starts only grow along a host's queue: the first not yet on the wire, by bisection.
      let lo = k, hi = q.length;
      while (lo < hi) { const m = (lo + hi) >> 1; if (q[m].start <= t) lo = m + 1; else hi = m; }
      const end = lo;
      queued.push(q.length - end);
      // Newest first: the flying ones, then arrivals by falling arrival time (a lane's first is its latest).
      let focusLeft = o.focus ? 2 : 0;
      for (let i = end - 1; i >= k; i--) {
        const e = q[i];
        if (e.drop) continue;
        const focus = mine(e);
        if (t < e.arrive) {
          if (flying.length < FLYING_CAP || focus) flying.push(view(e)); else omitted++;
          continue;
        }
        if (arrived.length >= ARRIVED_CAP && focusLeft === 0) break;
        const lane = `${e.src}:${e.srcQpn}>${e.dst}:${e.dstQpn}`;
        if (latestLane.has(lane) || (arrived.length >= ARRIVED_CAP && !focus)) continue;
        latestLane.add(lane);
        arrived.push(view(e));
        if (focus) focusLeft--;
      }
    }
    this.lostQ = this.lostQ.filter((e) => (e.start + e.arrive) / 2 + o.lostLingerNs >= t);
    const lost: PacketView[] = [];
    for (const e of this.lostQ) {
      if (e.start > t) continue;
      if (t < (e.start + e.arrive) / 2) flying.push(view(e));
      else if (lost.length < LOST_CAP || mine(e)) lost.push(view(e));
    }
    const packets = [...flying, ...lost, ...arrived].sort((a, b) => a.id - b.id);
    return { packets, queued, omitted, complete: this.complete, lostLingerNs: o.lostLingerNs, arriveLingerNs: o.arriveLingerNs };
  }

  private take(e: SimEvent): void {
    if (e.kind !== 'pkt') return;
    this.q[e.src]?.push(e);
    if (e.drop) this.lostQ.push(e);
  }

  /**
   * One look back: every host's packets not done by t (a port sends in order, so a host is
   * finished at its first packet done), and the lost packets still lingering.
   */
  private rebuild(tr: TraceView, t: number, o: FeedOptions): void {
    this.run = tr.run;
    this.q = Array.from({ length: tr.hosts }, () => []);
    this.head = new Array<number>(tr.hosts).fill(0);
    this.lostQ = [];
    const done = new Uint8Array(tr.hosts);
    let doneHosts = 0, n = 0, i = tr.events.length - 1;
    for (; i >= 0 && n < REBUILD_CAP; i--, n++) {
      const e = tr.events[i];
      if (doneHosts >= tr.hosts && e.t + o.lostLingerNs + LOST_LOOKBACK_NS < t) break;
      if (e.kind !== 'pkt') continue;
      if (e.drop && (e.start + e.arrive) / 2 + o.lostLingerNs >= t) this.lostQ.push(e);
      if (done[e.src]) continue;
      if (e.start <= t && e.arrive + o.arriveLingerNs < t) { done[e.src] = 1; doneHosts++; continue; }
      this.q[e.src]?.push(e);
    }
    for (const q of this.q) q.reverse();
    this.lostQ.reverse();
    // Complete when every host was finished, or the look back reached the trace's beginning.
    this.complete = doneHosts >= tr.hosts || (i < 0 && tr.first === 0);
  }
}
