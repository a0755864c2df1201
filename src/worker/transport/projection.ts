// World → WorldView: the plain projection the views render (no model logic in views).
import { CONTEXT_FIELDS, QP_TYPES, LC, LC_NAMES, accessNames, verbsState, type FieldName, type Simulation, type SimEvent } from '../../core/index.ts';
import type { CqeView, HostView, MrView, PacketView, QpView, SrqView, WorldView, WqeView } from './types.ts';

/** The shortest time (ns) a packet stays listed after it arrives, so fast packets are still seen. */
const MIN_LINGER_NS = 60;
const MAX_QPS_IN_VIEW = 512;

/** `lingerNs`: how long after its flight ends a packet is still listed (the view fades it out). */
export function project(sim: Simulation, lingerNs = MIN_LINGER_NS): WorldView {
  const w = sim.world;
  const q = w.qps;
  const qps: QpView[] = [];
  const n = Math.min(q.n, MAX_QPS_IN_VIEW);
  for (let s = 0; s < n; s++) qps.push(qpView(sim, s));
  const hosts: HostView[] = w.hosts.map((h, i) => {
    const v = h.cache.view();
    return {
      name: w.cfg.hosts[i].name,
      lid: i + 1,
      cqs: h.cqs.map((c) => ({ depth: c.depth, entries: c.entries.map((e): CqeView => ({ ...e })), pi: c.written, ci: c.polled })),
      cache: {
        hits: h.cache.stats.hits, misses: h.cache.stats.misses, evictions: h.cache.stats.evictions, writebacks: h.cache.stats.writebacks,
        entries: w.cfg.nic.cache.entries,
        slots: v.slots.filter((sl) => sl.qpn >= 0).slice(0, 256).map((sl) => ({ set: sl.set, way: sl.way, qpn: sl.qpn, dirty: sl.dirty, pinned: sl.pinned, inFlight: sl.inFlight })),
      },
      pollIntervalNs: h.pollIntervalNs,
      dropNext: h.dropNext,
    };
  });
  const { traceHash: _h, qps: _q, ...summary } = sim.summary();
  return {
    t: sim.now, hosts, qps, packets: packetsInFlight(w.trace.events, sim.now, Math.max(MIN_LINGER_NS, lingerNs)),
    workloads: w.cfg.workloads.map((wl, i) => {
      const slot = w.cfgSlot[wl.qp];
      return { id: wl.id, qp: wl.qp, host: q.host[slot], qpn: q.qpn[slot], on: w.work[i]?.on ?? false, posted: w.work[i]?.posted ?? 0, opcode: wl.opcode, length: wl.length, intervalNs: wl.intervalNs };
    }),
    link: { latencyNs: w.cfg.link.latencyNs, gbps: w.cfg.link.gbps },
    summary,
    mrs: w.mrs.slice(-64).map((m): MrView => ({ host: m.host, lkey: m.key, rkey: m.key, addr: m.addr, length: m.length, access: accessNames(m.access), valid: m.valid, deregAt: m.deregAt, words: [...m.words] })),
    srqs: w.srqs.map((s, i): SrqView => ({ srq: i, host: s.host, depth: s.depth, waiting: s.wqes.length, limit: s.limit, qpns: srqQpns(sim, i) })),
  };
}

function srqQpns(sim: Simulation, srq: number): number[] {
  const q = sim.world.qps;
  const out: number[] = [];
  for (let s = 0; s < Math.min(q.n, MAX_QPS_IN_VIEW); s++) if (q.f.srqn[s] === srq + 1 && !q.gone[s]) out.push(q.qpn[s]);
  return out;
}

function qpView(sim: Simulation, s: number): QpView {
  const w = sim.world;
  const q = w.qps;
  const rt = w.rt.get(s);
  const ctx = {} as Record<FieldName, number>;
  for (const d of CONTEXT_FIELDS) ctx[d.name] = q.f[d.name][s];
  const sq: WqeView[] = (rt?.sq ?? []).map((e, i) => ({
    wr: e.wr, wrId: e.wrId, opcode: e.opcode, length: e.length, signaled: e.signaled, psn0: e.psn0, npsn: e.npsn, err: e.err,
    lkey: e.sgl?.[0]?.lkey, rkey: e.rdma?.rkey, inline: e.inline || undefined,
    phase: e.err ? 'failed' : e.psn0 < 0 ? 'queued' : i < (rt?.txIdx ?? 0) ? 'sent' : 'sending',
  }));
  const type = QP_TYPES[q.type[s]];
  const lc = q.lc[s];
  const peerHost = q.f.ah_dlid[s] - 1;
  return {
    host: q.host[s], qpn: q.qpn[s], type, state: LC_NAMES[lc], verbsState: verbsState(lc), ctx, sq,
    rq: (rt?.rq ?? []).map((r) => ({ wr: r.wr, wrId: r.wrId, length: r.length, lkey: r.sgl?.[0]?.lkey })),
    flushing: rt?.flushing ?? false,
    stalled: stallReason(sim, s),
    fault: rt?.failNext ? `next WR fails with ${rt.failNext}` : rt?.blackhole ? 'path lost (injected)' : undefined,
    peer: type !== 'UD' && peerHost >= 0 && lc >= LC.RTR ? { host: peerHost, qpn: q.f.dest_qp_num[s] } : undefined,
    srq: q.f.srqn[s] > 0 ? q.f.srqn[s] - 1 : undefined,
    why: lc === LC.ERR || lc === LC.SQE ? rt?.why : undefined,
  };
}

function stallReason(sim: Simulation, s: number): string | undefined {
  const w = sim.world;
  const rt = w.rt.get(s);
  const e = rt?.sq[rt.txIdx];
  if (!rt || !e) return undefined;
  const f = w.qps.f;
  const lc = w.qps.lc[s];
  if (rt.rnrUntil > sim.now) return `waiting out an RNR NAK until ${rt.rnrUntil} ns`;
  if (lc === LC.SQD_DRAINING || lc === LC.SQD_DRAINED) return e.psn0 < 0 ? 'SQD: new WQEs wait until the QP returns to RTS' : undefined;
  if (e.psn0 < 0 && (e.opcode.includes('READ') || e.opcode.includes('ATOMIC')) && f.rd_atomic_out[s] >= f.max_rd_atomic[s]) {
    return `initiator depth: ${f.rd_atomic_out[s]} of max_rd_atomic = ${f.max_rd_atomic[s]} reads/atomics outstanding`;
  }
  return undefined;
}

/** Packets emitted by now whose flight (plus the linger) has not ended. A pure function of the
 *  instant, so the wire looks the same however that instant was reached (play, seek, step). */
export function packetsInFlight(events: readonly SimEvent[], t: number, lingerNs: number): PacketView[] {
  const out: PacketView[] = [];
  for (let i = events.length - 1, seen = 0; i >= 0 && seen < 4000; i--, seen++) {
    const e = events[i];
    if (e.kind !== 'pkt' || e.t > t) continue;
    const end = e.drop ? (e.start + e.arrive) / 2 : e.arrive;
    if (end + lingerNs < t) continue;
    out.push({ id: e.id, src: e.src, dst: e.dst, srcQpn: e.srcQpn, dstQpn: e.dstQpn, op: e.op, psn: e.psn, bytes: e.bytes, start: e.start, arrive: e.arrive, drop: e.drop, syndrome: e.syndrome });
    if (out.length >= 200) break;
  }
  return out.reverse();
}
