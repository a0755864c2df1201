// World → WorldView: the plain projection the views render (no model logic in views).
import { CONTEXT_FIELDS, QP_TYPES, LC, LC_NAMES, accessNames, stopWhy, verbsState, type FieldName, type Simulation } from '../../core/index.ts';
import type { CqeView, HostView, MrView, QpGridView, QpView, SrqView, WorldView, WqeView } from './types.ts';
import { WireFeeder } from './wireFeed.ts';

/** The shortest time (ns) a packet stays listed after it arrives, so fast packets are still seen. */
const MIN_LINGER_NS = 60;
/** Up to this many QPs every one gets a full view; past it only the selected QP and its peer do. */
const DETAIL_ALL = 64;

export interface ProjectOptions {
  /** How long (simulated ns) a lost packet, and an arrived one, stays listed after its flight. */
  lostLingerNs?: number;
  arriveLingerNs?: number;
  selected?: { host: number; qpn: number } | null;
  /** Keeps the wire's packets from frame to frame (one per run shown); without it each call looks back afresh. */
  feeder?: WireFeeder;
}

export function project(sim: Simulation, o: ProjectOptions = {}): WorldView {
  const w = sim.world;
  const q = w.qps;
  const grid = qpGrid(sim);
  const qps: QpView[] = [];
  for (const s of detailSlots(sim, grid, o.selected ?? null)) qps.push(qpView(sim, s));
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
      backlogNs: Math.max(0, h.portFree - sim.now),
    };
  });
  const { traceHash: _h, qps: _q, ...summary } = sim.summary();
  const tr = w.trace;
  const { packets, ...wire } = (o.feeder ?? new WireFeeder()).feed({ run: sim, events: tr.events, count: tr.count, first: tr.first, hosts: w.hosts.length }, sim.now, {
    lostLingerNs: Math.max(MIN_LINGER_NS, o.lostLingerNs ?? MIN_LINGER_NS), arriveLingerNs: Math.max(MIN_LINGER_NS, o.arriveLingerNs ?? MIN_LINGER_NS),
    focus: o.selected ?? null,
  });
  return {
    t: sim.now, hosts, qps, grid, packets, wire,
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

/** Slots that get a full view: all of them while few, else the selected QP (or the first) and its peer. */
function detailSlots(sim: Simulation, g: QpGridView, sel: { host: number; qpn: number } | null): number[] {
  if (g.n <= DETAIL_ALL) return Array.from({ length: g.n }, (_, s) => s);
  const q = sim.world.qps;
  const at = sel ? q.find(sel.host, sel.qpn) : -1;
  const s = at >= 0 ? at : 0;
  const out = [s];
  const peer = g.peerHost[s] >= 0 ? q.find(g.peerHost[s], g.peerQpn[s]) : -1;
  if (peer >= 0 && peer !== s) out.push(peer);
  return out;
}

function qpGrid(sim: Simulation): QpGridView {
  const w = sim.world;
  const q = w.qps;
  const n = q.n;
  const g: QpGridView = {
    n, host: q.host.slice(0, n), qpn: q.qpn.slice(0, n), lc: q.lc.slice(0, n), states: LC_NAMES, type: q.type.slice(0, n),
    flags: new Uint8Array(n), peerHost: new Int16Array(n), peerQpn: new Int32Array(n), sq: new Uint16Array(n), rq: new Uint16Array(n),
    sqDepth: Uint16Array.from(q.f.sq_depth.subarray(0, n)), rqDepth: Uint16Array.from(q.f.rq_depth.subarray(0, n)),
  };
  for (let s = 0; s < n; s++) {
    const rt = w.rt.get(s);
    const lc = q.lc[s];
    const peerHost = q.f.ah_dlid[s] - 1;
    const connected = QP_TYPES[q.type[s]] !== 'UD' && peerHost >= 0 && lc >= LC.RTR;
    g.peerHost[s] = connected ? peerHost : -1;
    g.peerQpn[s] = connected ? q.f.dest_qp_num[s] : -1;
    g.flags[s] = (rt?.failNext || rt?.blackhole ? 1 : 0) | (rt && stallReason(sim, s) ? 2 : 0) | (rt?.flushing ? 4 : 0) | (q.gone[s] ? 8 : 0);
    g.sq[s] = Math.min(0xffff, rt?.sq.length ?? 0);
    g.rq[s] = Math.min(0xffff, rt?.rq.length ?? 0);
  }
  return g;
}

function srqQpns(sim: Simulation, srq: number): number[] {
  const q = sim.world.qps;
  const out: number[] = [];
  for (let s = 0; s < q.n; s++) if (q.f.srqn[s] === srq + 1 && !q.gone[s]) out.push(q.qpn[s]);
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
    why: lc === LC.ERR || lc === LC.SQE ? stopWhy(rt?.why) : undefined,
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
