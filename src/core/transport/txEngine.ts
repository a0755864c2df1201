// The NIC's transmit engine: one packet at a time, round robin over QPs with something to
// send. Responses a QP owes as responder go before its own new requests.
import { schedule, type World } from '../world/world.ts';
import { ctxTouch, toWire } from './nic.ts';
import { buildRequest, canSend, type Built } from './requester.ts';
import { buildResponse } from './respAnswer.ts';
import { LC } from '../qp/lifecycle.ts';
import { psnAdd, psnDiff } from './wire.ts';

export function txStep(w: World, host: number): void {
  const h = w.hosts[host];
  while (h.readyHead < h.ready.length) {
    const slot = h.ready[h.readyHead++];
    if (h.readyHead >= 1024 && h.readyHead * 2 >= h.ready.length) {
      h.ready = h.ready.slice(h.readyHead);
      h.readyHead = 0;
    }
    const rt = w.rt.get(slot);
    if (!rt) continue;
    rt.inReady = false;
    if (!canSend(w, slot)) continue;
    // This packet follows from what made its QP ready (a post, an ACK, a retry), not from
    // whichever QP the engine served before.
    const next = rt.sq[rt.txIdx];
    if (next && next.psn0 < 0 && next.why !== undefined) w.why = next.why;
    else if (rt.readyWhy !== undefined) w.why = rt.readyWhy;
    const lc = w.qps.lc[slot];
    const response = rt.reads.length > 0 && lc !== LC.ERR;
    let built: Built | null;
    if (response) {
      // A keyed READ whose MR vanished mid-stream answers with a NAK instead (built and sent there).
      const pkt = buildResponse(w, slot);
      built = pkt ? { pkt, blackhole: false } : null;
    } else built = buildRequest(w, slot);
    if (canSend(w, slot)) { rt.inReady = true; h.ready.push(slot); }
    if (!built) continue;
    // A resent request follows from the retry that rewound to it, whatever made the QP ready.
    if (!response && rt.retxWhy !== undefined && rt.retxTo !== undefined && psnDiff(built.pkt.psn, rt.retxTo) < 0) w.why = rt.retxWhy;
    const cost = w.cfg.nic.pipelineNs + ctxTouch(w, host, w.qps.qpn[slot], true);
    h.txFree = w.now + cost;
    // The context fetch failed (ctxReadError) and took the QP down: the packet never leaves.
    if (w.qps.lc[slot] !== LC.ERR || lc === LC.ERR) {
      toWire(w, built.pkt, h.txFree, built.blackhole);
      // The ACK timer watches the oldest unacknowledged packet: a timeout is answered by it.
      if (!response && built.pkt.psn === psnAdd(w.qps.f.last_acked_psn[slot], 1)) rt.pktWhy = w.why;
    }
    schedule(w, h.txFree, { k: 'tx', host });
    return;
  }
  h.ready = [];
  h.readyHead = 0;
  h.txBusy = false;
}
