// Runs one scheduled item or one scenario command against the world.
import type { Command } from '../model/schema.ts';
import { rxArrive } from '../transport/nic.ts';
import { txStep } from '../transport/txEngine.ts';
import { kick, postRecv, postSend } from '../transport/post.ts';
import { modifyQp } from '../transport/modify.ts';
import { allocQp, connectQps } from '../transport/qpLife.ts';
import { destroyQp, destroyStep } from '../transport/destroy.ts';
import { deregisterMr, hex, registerMr } from '../transport/memory.ts';
import { modifySrq, postSrqRecv } from '../transport/srq.ts';
import { accessMask, accessRefusal } from '../model/keysSchema.ts';
import { handleRequest } from '../transport/responder.ts';
import { handleResponse, rnrExpired } from '../transport/requesterRx.ts';
import { onTimer } from '../transport/requester.ts';
import { drainedStep, flushStep, hwEvent, qpAsync } from '../transport/qpState.ts';
import { EV_FATAL } from '../qp/lifecycle.ts';
import { QP_TYPES } from '../verbs/types.ts';
import { pollCq, pollStep, setPoll, setTraffic, workStep, initContext } from './app.ts';
import { DOWN_CRASHED, DOWN_DEAD, emit, runtime, type CommandResult, type Item, type World } from '../world/world.ts';
import { faultHooks } from '../world/hooks.ts';
import { hostName, noSuchQp } from '../model/ids.ts';

/** A crashed host runs nothing; a dead NIC (device fatal) does no NIC work. */
const NIC_OFF = DOWN_CRASHED | DOWN_DEAD;

/**
 * ACKNOWLEDGE, ATOMIC_ACKNOWLEDGE and RDMA_READ_RESPONSE_* go to the requester; every other
 * opcode is a request. Tested by character, not by a RegExp: this runs once per packet.
 */
function isResponse(op: string): boolean {
  const c = op.charCodeAt(0);
  if (c === 65 /* A */) return true;
  return c === 82 /* R */ && op.length > 14 && op.charCodeAt(10) === 82 /* RDMA_READ_R */ && op.charCodeAt(11) === 69 /* E */ && op.charCodeAt(12) === 83 /* S */;
}

export function runItem(w: World, it: Item): void {
  switch (it.k) {
    case 'kick': return nicOff(w, w.qps.host[it.slot]) ? undefined : kick(w, it.slot);
    case 'tx': return nicOff(w, it.host) ? undefined : txStep(w, it.host);
    case 'rx': return rxArrive(w, it.pkt);
    case 'rxp': {
      const slot = w.qps.find(it.pkt.dst, it.pkt.dstQpn);
      if (slot < 0 || nicOff(w, it.pkt.dst)) return;
      return isResponse(it.pkt.op) ? handleResponse(w, slot, it.pkt) : handleRequest(w, slot, it.pkt);
    }
    case 'timer': return nicOff(w, w.qps.host[it.slot]) ? undefined : onTimer(w, it.slot, it.gen);
    case 'rnr': return nicOff(w, w.qps.host[it.slot]) ? undefined : rnrExpired(w, it.slot);
    case 'flush': return nicOff(w, w.qps.host[it.slot]) ? undefined : flushStep(w, it.slot, it.gen);
    // The application's own timers (its polling loop, its posting loop) are roots of causality.
    case 'poll': w.why = -1; return w.hosts[it.host].down & DOWN_CRASHED ? undefined : pollStep(w, it.host, it.gen);
    case 'work': w.why = -1; return w.hosts[w.qps.host[w.work[it.w].slot]].down & DOWN_CRASHED ? undefined : workStep(w, it.w, it.gen);
    case 'drained': return nicOff(w, w.qps.host[it.slot]) ? undefined : drainedStep(w, it.slot, it.gen);
    case 'destroy': return destroyStep(w, it.slot, it.gen);
    case 'storm': return faultHooks().item(w, it);
  }
}

function nicOff(w: World, host: number): boolean {
  return (w.hosts[host].down & NIC_OFF) !== 0;
}

export type { CommandResult } from '../world/world.ts';

export function runCommand(w: World, c: Command): CommandResult {
  switch (c.kind) {
    case 'createQp': {
      if (c.host >= w.hosts.length) return { ok: false, detail: `host ${c.host} does not exist` };
      if (c.sendCq >= w.hosts[c.host].cqs.length || c.recvCq >= w.hosts[c.host].cqs.length) return { ok: false, detail: 'no such CQ on that host' };
      if (c.srq !== undefined && w.srqs[c.srq]?.host !== c.host) return { ok: false, detail: `no SRQ ${c.srq} on ${hostName(c.host)}` };
      const { slot, reused } = allocQp(w, c.host, QP_TYPES.indexOf(c.type));
      initContext(w, slot, c);
      const qpn = w.qps.qpn[slot];
      if (w.trace.mode !== 'off') emit(w, { t: w.now, kind: 'qp-created', host: c.host, qpn, type: c.type, reused: reused || undefined });
      return { ok: true, qpn };
    }
    case 'destroyQp': return destroyQp(w, c.host, c.qpn, c.drain);
    case 'connectQps': {
      const r = connectQps(w, c.a, c.b, c.psn);
      return r.ok ? { ok: true } : { ok: false, detail: r.detail ?? '' };
    }
    case 'modifyQp': {
      const r = modifyQp(w, c.host, c.qpn, c.mask, c.attrs);
      return r.ok ? { ok: true } : { ok: false, errno: 'EINVAL', reason: r.reason, detail: r.detail ?? '', missing: r.missing, unexpected: r.unexpected };
    }
    case 'postSend': {
      const r = postSend(w, c.host, c.qpn, c.wr);
      return r.ok ? { ok: true } : { ok: false, errno: r.errno, detail: r.detail };
    }
    case 'postRecv': {
      const r = postRecv(w, c.host, c.qpn, c.wr.wrId, c.wr.length, c.wr.sgl);
      return r.ok ? { ok: true } : { ok: false, errno: r.errno, detail: r.detail };
    }
    case 'pollCq': return { ok: true, detail: `${pollCq(w, c.host, c.cq, c.max)} CQEs` };
    case 'failNextWr': {
      const slot = w.qps.find(c.host, c.qpn);
      if (slot < 0) return { ok: false, detail: noSuchQp(c.host, c.qpn) };
      runtime(w, slot).failNext = c.status;
      emit(w, { t: w.now, kind: 'fault', host: c.host, qpn: c.qpn, detail: `the next WR this QP starts will fail with ${c.status}` });
      return { ok: true };
    }
    case 'dropPackets': {
      const hosts = c.from === undefined ? w.hosts.map((_, i) => i) : [c.from];
      emit(w, { t: w.now, kind: 'fault', detail: `the next ${c.count} packet(s) leaving ${c.from === undefined ? 'each host' : hostName(c.from)} will be lost` });
      for (const h of hosts) if (w.hosts[h]) { w.hosts[h].dropNext += c.count; w.hosts[h].dropWhy = w.why; }
      return { ok: true };
    }
    case 'qpFatal': {
      const slot = w.qps.find(c.host, c.qpn);
      if (slot < 0) return { ok: false, detail: noSuchQp(c.host, c.qpn) };
      emit(w, { t: w.now, kind: 'fault', host: c.host, qpn: c.qpn, detail: 'catastrophic QP error (WQ_CATAS_ERROR)' });
      // mlx5: WQ_CATAS_ERROR → IB_EVENT_QP_FATAL (mlx5_ib_handle_qp_event) [sources: mlx5-qp].
      if (hwEvent(w, slot, EV_FATAL, 'fatal')) qpAsync(w, slot, 'IBV_EVENT_QP_FATAL');
      return { ok: true };
    }
    case 'traffic': return setTraffic(w, c.id, c.on) ? { ok: true } : { ok: false, detail: `no workload "${c.id}"` };
    case 'setPoll':
      if (!w.hosts[c.host]) return { ok: false, detail: `host ${c.host} does not exist` };
      setPoll(w, c.host, c.intervalNs);
      return { ok: true };
    case 'regMr': {
      if (!w.hosts[c.host]) return { ok: false, detail: `host ${c.host} does not exist` };
      const access = accessMask(c.access);
      const refused = accessRefusal(access);
      if (refused) return { ok: false, errno: 'EINVAL', detail: refused };
      const mr = registerMr(w, c.host, c.length, access, c.addr, c.fill);
      return { ok: true, lkey: mr.key, rkey: mr.key, addr: mr.addr, detail: `lkey ${hex(mr.key)}, rkey ${hex(mr.key)}, at ${hex(mr.addr)}` };
    }
    case 'deregMr': return deregisterMr(w, c.host, c.lkey) ? { ok: true } : { ok: false, errno: 'EINVAL', detail: `host ${c.host} has no registered MR with lkey ${hex(c.lkey)}` };
    case 'postSrqRecv': {
      const r = postSrqRecv(w, c.host, c.srq, c.wr.wrId, c.wr.length, c.wr.sgl);
      return r.ok ? { ok: true } : { ok: false, errno: r.errno, detail: r.detail };
    }
    case 'modifySrq': {
      const r = modifySrq(w, c.host, c.srq, c.limit);
      return r.ok ? { ok: true } : { ok: false, errno: r.errno, detail: r.detail };
    }
    case 'portDown': case 'portUp': case 'hostCrash': case 'cqOverrun': case 'ctxReadError': case 'deviceFatal': case 'setPolicy':
      if ('host' in c && !w.hosts[c.host]) return { ok: false, detail: `host ${c.host} does not exist` };
      return faultHooks().command(w, c);
  }
}
