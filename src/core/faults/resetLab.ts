// Topic 10: a RESET (or ERR then RESET) at any instant of a transfer between two RC QPs, and
// what each part of the machinery holds and does afterwards — as lanes a timeline can draw:
// packets, reassembly at the responder, the requester's replay window, the DMA engine and the
// context cache; plus the reset's own report, the late packets and their fate, and the QPN-reuse
// hazard with its two mitigations (claims in resetClaims.ts). Runs the ordinary engine.
import { Simulation } from '../sim/engine.ts';
import type { ScenarioInput } from '../model/schema.ts';
import type { SimEvent } from '../model/events.ts';
import { MODIFY_CELLS } from '../verbs/modifyTable.ts';
import type { AttrName } from '../verbs/attrs.ts';
import { HDR_BYTES, RETH_BYTES } from '../transport/wire.ts';
import { RESET_CLAIMS } from './resetClaims.ts';
import type { Claim } from './claims.ts';
import type { ResetLabConfig, ResetSituation } from './resetConfig.ts';

export { RESET_SITUATIONS, type ResetLabConfig, type ResetSituation } from './resetConfig.ts';

type Ev<K extends SimEvent['kind']> = Extract<SimEvent, { kind: K }>;
/** One packet: when it left, when it reached the far NIC (`arrive`), when that NIC processed it (`rxAt`, after its receive pipeline and any context fetch), and what it did. */
export interface LanePacket { id: number; op: string; psn: number; src: number; start: number; arrive: number; rxAt?: number; drop?: string; outcome?: string; detail?: string; stale: boolean }
export interface ResetLabResult {
  scenario: ScenarioInput;
  resetAt: number;
  lanes: {
    packets: LanePacket[];
    reassembly: { t: number; op: string; bytes: number; done: boolean }[];
    replay: { t: number; unacked: number }[];
    dma: { start: number; end: number; bytes: number }[];
    cache: { t: number; host: number; qpn: number; result: string }[];
  };
  resets: Ev<'reset'>[];
  late: LanePacket[];
  staleAccepted: boolean;
  /** WRs that were discarded and yet completed (must always be empty). */
  discardedAndCompleted: number[];
  claims: readonly Claim[];
  events: readonly SimEvent[];
}

const A = 0, B = 1, C = 2, QA = 0x100, QB = 0x200;

function traffic(s: ResetSituation): { opcode: 'IBV_WR_SEND' | 'IBV_WR_RDMA_WRITE' | 'IBV_WR_RDMA_READ'; length: number; n: number } {
  switch (s) {
    case 'send-half-arrived': return { opcode: 'IBV_WR_SEND', length: 4096, n: 1 };
    case 'write-half-arrived': case 'dma-mid-burst': return { opcode: 'IBV_WR_RDMA_WRITE', length: 4096, n: 1 };
    case 'replay-unacked': return { opcode: 'IBV_WR_RDMA_WRITE', length: 2048, n: 4 };
    case 'read-streaming': return { opcode: 'IBV_WR_RDMA_READ', length: 8192, n: 1 };
  }
}

export function resetLabScenario(cfg: ResetLabConfig): ScenarioInput {
  const t = traffic(cfg.situation);
  const target = cfg.target ?? (cfg.situation === 'replay-unacked' || cfg.situation === 'read-streaming' ? 'requester' : 'responder');
  const [rh, rq] = target === 'requester' ? [A, QA] : [B, QB];
  const psn = cfg.reuse?.psn ?? 'random';
  const create = (host: number) => ({ kind: 'createQp' as const, host, type: 'RC' as const, sendCq: 0, recvCq: 0, sqDepth: 64, rqDepth: 64 });
  const recvs = (at: number) => Array.from({ length: 8 }, (_, i) => ({ t: at, cmd: { kind: 'postRecv' as const, host: B, qpn: QB, wr: { wrId: 500 + i + at, length: 8192 } } }));
  const commands: NonNullable<ScenarioInput['commands']> = [
    { t: 0, cmd: create(A) }, { t: 0, cmd: create(B) },
    { t: 0, cmd: { kind: 'connectQps', a: { host: A, qpn: QA }, b: { host: B, qpn: QB }, psn } },
    ...recvs(0),
    ...Array.from({ length: t.n }, (_, i) => ({ t: 100, cmd: { kind: 'postSend' as const, host: A, qpn: QA, wr: { wrId: i + 1, opcode: t.opcode, length: t.length } } })),
  ];
  const at = cfg.resetAtNs;
  if (cfg.reuse) {
    commands.push(
      { t: at, cmd: { kind: 'destroyQp', host: A, qpn: QA } }, { t: at, cmd: { kind: 'destroyQp', host: B, qpn: QB } },
      { t: at, cmd: create(cfg.reuse.peer === 'other' ? C : A) }, { t: at, cmd: create(B) },
    );
  } else if (cfg.errFirst) {
    commands.push({ t: at, cmd: { kind: 'modifyQp', host: rh, qpn: rq, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } });
    commands.push({ t: at + (cfg.errGapNs ?? 300), cmd: { kind: 'modifyQp', host: rh, qpn: rq, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } } });
  } else {
    commands.push({ t: at, cmd: { kind: 'modifyQp', host: rh, qpn: rq, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } } });
  }
  return {
    version: 1, seed: cfg.seed ?? 3, title: `reset lab: ${cfg.situation} at ${at} ns`,
    config: {
      durationNs: cfg.durationNs ?? 200_000,
      hosts: [{ name: 'A', pollIntervalNs: 1000 }, { name: 'B', pollIntervalNs: 1000 }, ...(cfg.reuse?.peer === 'other' ? [{ name: 'C', pollIntervalNs: 1000 }] : [])],
      link: { latencyNs: cfg.linkLatencyNs ?? 5000 },
      qps: [],
      qpnReuse: cfg.reuse ? { policy: cfg.reuse.policy, quarantineNs: cfg.reuse.quarantineNs ?? 0 } : { policy: 'fresh' },
    },
    commands,
  };
}

/** The reset QP comes back against its peer: it expects what the peer sends next, and vice versa. */
function rebuild(sim: Simulation, host: number, qpn: number, peerHost: number, peerQpn: number): void {
  const w = sim.world;
  const peer = w.qps.find(peerHost, peerQpn);
  const rqPsn = w.qps.f.next_send_psn[peer];
  const sqPsn = w.qps.f.next_rcv_psn[peer];
  const steps = [['INIT', 1], ['RTR', 2], ['RTS', 3]] as const;
  for (const [state, si] of steps) {
    const cell = MODIFY_CELLS.RC[si - 1][si];
    sim.issue({
      kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE', ...cell.reqNames] as AttrName[],
      attrs: { qp_state: state, port_num: 1, pkey_index: 0, qp_access_flags: 15, path_mtu: 3, ah_dlid: peerHost + 1, dest_qp_num: peerQpn, rq_psn: rqPsn, sq_psn: sqPsn, max_dest_rd_atomic: 4, min_rnr_timer: 1, timeout: 14, retry_cnt: 7, rnr_retry: 7, max_rd_atomic: 4 },
    });
  }
}

export function resetLab(cfg: ResetLabConfig): ResetLabResult {
  const scenario = resetLabScenario(cfg);
  const sim = new Simulation(scenario, { trace: 'full' });
  const end = scenario.config.durationNs ?? 200_000;
  const at = cfg.resetAtNs;
  if (cfg.reuse) {
    sim.runUntil(at);
    const w = sim.world;
    const a = w.qps.qpn[w.qps.n - 2], b = w.qps.qpn[w.qps.n - 1];
    sim.issue({ kind: 'connectQps', a: { host: cfg.reuse.peer === 'other' ? C : A, qpn: a }, b: { host: B, qpn: b }, psn: cfg.reuse.psn });
    for (let i = 0; i < 8; i++) sim.issue({ kind: 'postRecv', host: B, qpn: b, wr: { wrId: 900 + i, length: 8192 } });
  } else if (cfg.rebuildAfterNs !== undefined) {
    sim.runUntil(at + (cfg.errFirst ? (cfg.errGapNs ?? 300) : 0) + cfg.rebuildAfterNs);
    const target = cfg.target ?? (cfg.situation === 'replay-unacked' || cfg.situation === 'read-streaming' ? 'requester' : 'responder');
    if (target === 'requester') rebuild(sim, A, QA, B, QB); else rebuild(sim, B, QB, A, QA);
  }
  sim.runUntil(end);
  return extract(sim, scenario, cfg, at);
}

function extract(sim: Simulation, scenario: ScenarioInput, cfg: ResetLabConfig, at: number): ResetLabResult {
  const events = sim.events();
  const of = <K extends SimEvent['kind']>(k: K) => events.filter((e) => e.kind === k) as Ev<K>[];
  const rx = new Map(of('rx').map((e) => [e.id, e]));
  const packets: LanePacket[] = of('pkt').map((p) => {
    const r = rx.get(p.id);
    return { id: p.id, op: p.op, psn: p.psn, src: p.src, start: p.start, arrive: p.arrive, rxAt: r?.t, drop: p.drop, outcome: r?.outcome, detail: r?.detail, stale: p.t < at };
  });
  const payload = (p: LanePacket, bytes: number) => bytes - HDR_BYTES - (/^RDMA_WRITE_(FIRST|ONLY)/.test(p.op) ? RETH_BYTES : 0) - (p.op.endsWith('IMMEDIATE') ? 4 : 0);
  const bytesOf = new Map(of('pkt').map((p) => [p.id, p.bytes]));
  // Reassembly and DMA at the responder: accepted SEND/WRITE packets, as placeData times them.
  const reassembly: ResetLabResult['lanes']['reassembly'] = [];
  const dma: ResetLabResult['lanes']['dma'] = [];
  const bw = sim.world.cfg.nic.dmaBytesPerNs;
  let inMsg = 0, dmaFree = 0;
  for (const p of packets) {
    if (p.src !== A || p.outcome !== 'accepted' || !/^(SEND|RDMA_WRITE)/.test(p.op)) continue;
    const got = rx.get(p.id), bytes = bytesOf.get(p.id);
    if (!got || bytes === undefined) continue;
    const t = got.t;
    const n = payload(p, bytes);
    inMsg = /_(FIRST|ONLY)/.test(p.op) ? n : inMsg + n;
    const done = /_(LAST|ONLY)/.test(p.op);
    reassembly.push({ t, op: p.op, bytes: inMsg, done });
    const start = Math.max(t, dmaFree);
    dmaFree = start + Math.ceil(n / bw);
    dma.push({ start, end: dmaFree, bytes: n });
  }
  // Replay window at the requester: data PSNs sent and not yet acknowledged.
  const replay: ResetLabResult['lanes']['replay'] = [];
  const out = new Set<number>();
  const marks = [
    ...packets.filter((p) => p.src === A && !p.op.startsWith('ACK')).map((p) => ({ t: p.start, psn: p.psn, sent: true })),
    ...of('rx').filter((e) => e.host === A && (e.outcome === 'ack' || e.outcome === 'response')).map((e) => ({ t: e.t, psn: e.psn, sent: false })),
  ].sort((x, y) => x.t - y.t);
  for (const m of marks) {
    if (m.sent) out.add(m.psn); else for (const p of [...out]) if (((m.psn - p) & 0xffffff) < 0x800000) out.delete(p);
    replay.push({ t: m.t, unacked: out.size });
  }
  const resets = of('reset');
  const firstReset = resets.length ? resets[0].t : at;
  // Late: sent before the reset and processed by the far NIC after it (a packet already on the
  // NIC, waiting in its receive pipeline, counts: what decides its fate is when it is processed).
  const late = packets.filter((p) => (p.rxAt ?? p.arrive) > firstReset && p.start < firstReset);
  const destroyedAt = of('qp-destroyed')[0]?.t;
  const staleAccepted = destroyedAt !== undefined && packets.some((p) => p.start < destroyedAt && (p.rxAt ?? p.arrive) > destroyedAt && p.outcome === 'accepted');
  const discarded = new Set(of('discard').map((e) => e.wr));
  const completed = events.filter((e) => (e.kind === 'cqe' || e.kind === 'cqe-lost' || e.kind === 'complete-silent') && discarded.has(e.wr)).map((e) => (e as Ev<'cqe'>).wr);
  return {
    scenario, resetAt: at, resets, late, staleAccepted, discardedAndCompleted: completed, claims: RESET_CLAIMS, events,
    lanes: { packets, reassembly, replay, dma, cache: of('cache').map((e) => ({ t: e.t, host: e.host, qpn: e.qpn, result: e.result })) },
  };
}
