// The NIC's two pipelines and its port. Each packet costs pipelineNs plus, when its QP's
// context is not on chip, a context fetch (ctxFetchNs): this is where the cache shows up in
// latency and throughput. The egress port serialises packets at link speed; the link adds
// propagation delay. Faults that drop packets act here, on the wire.
import { ACCESS_HIT, ACCESS_MISS_EVICT_DIRTY } from '../memory/cacheTypes.ts';
import { emit, emitWith, runtime, schedule, type Packet, type World } from '../world/world.ts';
import { faultHooks } from '../world/hooks.ts';
import { cacheEvent, hashCache, hashPkt, pktEvent } from '../world/hotEvents.ts';
import { psnDiff, serialiseNs } from './wire.ts';

/** Touch a QP context on `host`'s NIC; returns the extra nanoseconds a miss costs. */
export function ctxTouch(w: World, host: number, qpn: number, write: boolean): number {
  const cache = w.hosts[host].cache;
  const r = cache.access(qpn, write);
  if (r === ACCESS_HIT) return 0;
  const victim = cache.lastVictim;
  emitWith(w, cacheEvent(w.now, host, qpn, victim, r === ACCESS_MISS_EVICT_DIRTY), hashCache);
  // A PCIe read error on the fetch (fault ctxReadError) takes the QP down; the time is spent anyway.
  if (w.storm !== null) faultHooks().ctxFetchFails(w, host, qpn);
  return w.cfg.nic.ctxFetchNs;
}

/** Queue a QP for the transmit engine (round robin among QPs with something to send). */
export function markReady(w: World, slot: number): void {
  const rt = runtime(w, slot);
  if (rt.inReady) return;
  rt.inReady = true;
  rt.readyWhy = w.why;
  const h = w.hosts[w.qps.host[slot]];
  h.ready.push(slot);
  if (!h.txBusy) {
    h.txBusy = true;
    schedule(w, Math.max(w.now, h.txFree), { k: 'tx', host: w.qps.host[slot] });
  }
}

/** Hand a packet to the egress port at `readyAt`; returns the arrival time, or -1 if dropped. */
export function toWire(w: World, p: Packet, readyAt: number, blackhole = false): number {
  const h = w.hosts[p.src];
  const start = Math.max(readyAt, h.portFree);
  const ser = serialiseNs(p.bytes, w.cfg.link.gbps);
  h.portFree = start + ser;
  const arrive = start + ser + w.cfg.link.latencyNs;
  let drop: string | undefined;
  if (h.down !== 0) {
    drop = 'link down: the port is out of the fabric';
    if (h.downWhy !== undefined) w.why = h.downWhy;
  } else if (h.dropNext > 0) {
    h.dropNext--;
    drop = 'fault: dropped on the wire';
    if (h.dropWhy !== undefined) w.why = h.dropWhy;
  } else if (blackhole) {
    drop = 'fault: path lost (retry-exceeded injection)';
  }
  emitWith(w, pktEvent(w.now, p, start, arrive, drop), hashPkt);
  w.counters.packets++;
  if (drop) { w.counters.drops++; noteLoss(w, p); return -1; }
  schedule(w, arrive, { k: 'rx', pkt: p });
  return arrive;
}

/**
 * A packet just lost (the event at w.why says how): remember it on the QP whose retry will answer
 * it, so that retry names the loss rather than the NAK or timer that reported it. A request is
 * its sender's; an ACK or a read/atomic response belongs to the requester it was going to.
 */
function noteLoss(w: World, p: Packet): void {
  const answer = p.op.includes('ACKNOWLEDGE') || p.op.includes('RESPONSE');
  const slot = answer ? w.qps.find(p.dst, p.dstQpn) : w.qps.find(p.src, p.srcQpn);
  const rt = slot < 0 ? undefined : w.rt.get(slot);
  if (!rt) return;
  // An older loss not yet acknowledged past is the one the next retry resends first: keep it.
  const older = rt.lostPsn;
  if (older !== undefined && psnDiff(older, w.qps.f.last_acked_psn[slot]) > 0 && psnDiff(p.psn, older) > 0) return;
  rt.lostWhy = w.why;
  rt.lostPsn = p.psn;
}

/** Packet reached the receiving NIC: it waits for the receive pipeline and its context. */
export function rxArrive(w: World, p: Packet): void {
  if (w.hosts[p.dst].down !== 0) {
    const downWhy = w.hosts[p.dst].downWhy;
    if (downWhy !== undefined) w.why = downWhy;
    emit(w, { t: w.now, kind: 'rx', id: p.id, host: p.dst, qpn: p.dstQpn, op: p.op, psn: p.psn, outcome: 'dropped-link-down' });
    noteLoss(w, p);
    return;
  }
  if (w.qps.find(p.dst, p.dstQpn) < 0) {
    emit(w, { t: w.now, kind: 'rx', id: p.id, host: p.dst, qpn: p.dstQpn, op: p.op, psn: p.psn, outcome: 'dropped-no-qp' });
    return;
  }
  const h = w.hosts[p.dst];
  const start = Math.max(w.now, h.rxFree);
  const cost = w.cfg.nic.pipelineNs + ctxTouch(w, p.dst, p.dstQpn, true);
  h.rxFree = start + cost;
  schedule(w, start + cost, { k: 'rxp', pkt: p });
}

export function newPacketId(w: World): number {
  return w.pktSeq++;
}
