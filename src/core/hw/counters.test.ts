// Every modelled counter of every profile against hand-counted events: each crafted run keeps its
// whole trace, and an oracle written counter by counter (plain filters over the events, not the
// fold) says what the driver would show. A table of exact figures pins the small runs by hand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation, type ScenarioInput, type SimEvent } from '../index.ts';
import { pair } from '../testkit/builders.ts';
import { COUNTER_DEFS, countersNotModelled, modelledCounters } from './counterDefs.ts';
import type { ProfileId } from '../model/profiles.ts';

const fixture = (name: string) => JSON.parse(readFileSync(`fixtures/scenarios/${name}.json`, 'utf8')) as ScenarioInput;
const withProfile = (s: ScenarioInput, profile: ProfileId): ScenarioInput => ({ ...s, config: { ...s.config, profile } });

const send = (qp: number, opcode = 'IBV_WR_SEND', extra: object = {}) => ({ id: `w${qp}${opcode}`, qp, opcode: opcode as 'IBV_WR_SEND', length: 1024, intervalNs: 2000, count: 20, ...extra });
/** Crafted runs, each provoking a family of counters. */
const RUNS: Record<string, ScenarioInput> = {
  'retry exceeded, flush (fixture)': fixture('rc-fault-two-way'),
  'rkey gone under writes (fixture)': fixture('keys-dereg-under-write'),
  'packets dropped mid-stream': pair({ workloads: [send(0)], commands: [{ t: 10_000, cmd: { kind: 'dropPackets', count: 3, from: 0 } }] }),
  'no receive posted (RNR)': pair({ a: { attrs: { rnr_retry: 2 } }, b: { recvs: 0, refill: false }, workloads: [send(0, 'IBV_WR_SEND', { count: 1 })] }),
  'message longer than the receive buffer': pair({ b: { recvLength: 512 }, workloads: [send(0, 'IBV_WR_SEND', { count: 1 })] }),
  'reads, writes, atomics, unsignaled sends': pair({ workloads: [send(0, 'IBV_WR_RDMA_READ', { length: 8192 }), send(0, 'IBV_WR_RDMA_WRITE', { length: 8192 }), send(1, 'IBV_WR_ATOMIC_FETCH_AND_ADD', { length: 8 }), send(1, 'IBV_WR_SEND', { signaledEvery: 4 })] }),
  'port down under traffic': pair({ workloads: [send(0)], commands: [{ t: 9_000, cmd: { kind: 'portDown', host: 0 } }] }),
  'ACKs lost (duplicates)': pair({ workloads: [send(0, 'IBV_WR_SEND', { count: 2 })], commands: [{ t: 0, cmd: { kind: 'dropPackets', count: 2, from: 1 } }] }),
  'UC with no receive': pair({ type: 'UC', b: { recvs: 0, refill: false }, workloads: [send(0, 'IBV_WR_SEND', { count: 3 })] }),
  'peer QP destroyed under sends': pair({ a: { attrs: { timeout: 1, retry_cnt: 2 } }, workloads: [send(0)], commands: [{ t: 9_000, cmd: { kind: 'destroyQp', host: 1, qpn: 0x200 } }] }),
  'injected remote invalid request': pair({ workloads: [send(0)], commands: [{ t: 5_000, cmd: { kind: 'failNextWr', host: 0, qpn: 0x100, status: 'IBV_WC_REM_INV_REQ_ERR' } }] }),
};

type Ev = SimEvent;
const at = (h: number) => (e: Ev) => 'host' in e && e.host === h;
const count = (evs: Ev[], f: (e: Ev) => boolean) => evs.filter(f).length;
const rxAt = (h: number, outcome: string) => (e: Ev) => e.kind === 'rx' && e.host === h && e.outcome === outcome;
const isReqOp = (op: string) => op !== 'ACKNOWLEDGE' && op !== 'ATOMIC_ACKNOWLEDGE' && !op.startsWith('RDMA_READ_RESPONSE');
const HEADER = ['dropped-link-down', 'dropped-no-qp', 'dropped-not-ready', 'dropped-in-error', 'dropped-wrong-transport', 'dropped-qkey'];
const cqeAt = (h: number, queue: 'sq' | 'rq', f: (s: string) => boolean) => (e: Ev) => e.kind === 'cqe' && e.host === h && e.queue === queue && f(e.status);
const isErr = (s: string) => s !== 'IBV_WC_SUCCESS' && s !== 'IBV_WC_WR_FLUSH_ERR';
const wrErr = (h: number, status: string) => (e: Ev) => e.kind === 'wr-error' && e.host === h && e.status === status;

/** The oracle: each counter recounted from the trace by its own rule. */
function oracle(evs: Ev[], h: number): Record<string, number> {
  const timeouts = count(evs, (e) => e.kind === 'retry' && e.host === h && e.reason === 'timeout');
  // A RETRY_EXC_ERR that follows a timeout (not a PSN-sequence NAK just received) is one more timer expiry.
  const exhaustedByTimer = evs.filter((e, i) => e.kind === 'wr-error' && e.host === h && e.status === 'IBV_WC_RETRY_EXC_ERR' && !(evs[i - 1]?.kind === 'rx' && (evs[i - 1] as { detail?: string }).detail?.startsWith('PSN sequence'))).length;
  const reqRx = (op: (o: string) => boolean) => count(evs, (e) => e.kind === 'rx' && e.host === h && isReqOp(e.op) && op(e.op) && !HEADER.includes(e.outcome));
  const seqNaks = count(evs, (e) => e.kind === 'rx' && e.host === h && e.outcome === 'nak' && !!e.detail?.startsWith('PSN sequence'));
  // rxe counts the first out-of-sequence packet of a gap: one per PSN-sequence NAK this host sent.
  const naksSent = count(evs, (e) => e.kind === 'pkt' && e.src === h && e.syndrome === 'NAK_PSN');
  const silent = new Set(evs.filter((e) => e.kind === 'post' && e.host === h && e.queue === 'sq' && !e.signaled && e.opcode.startsWith('IBV_WR_SEND')).map((e) => (e as { wr: number }).wr));
  const sends = count(evs, (e) => (e.kind === 'cqe' && e.host === h && e.queue === 'sq' && e.status === 'IBV_WC_SUCCESS' && e.opcode === 'IBV_WC_SEND') || (e.kind === 'complete-silent' && e.host === h && silent.has(e.wr)));
  const txPkts = count(evs, (e) => e.kind === 'pkt' && e.src === h && !e.drop?.startsWith('link down'));
  const rxPkts = count(evs, (e) => e.kind === 'rx' && e.host === h && !HEADER.includes(e.outcome));
  // PortRcvPkts counts every packet the port received, errors included: all but those a down port never took.
  const portRx = count(evs, (e) => e.kind === 'rx' && e.host === h && e.outcome !== 'dropped-link-down');
  const portErr = count(evs, (e) => e.kind === 'async' && e.host === h && e.event === 'IBV_EVENT_PORT_ERR');
  const rnrSent = count(evs, (e) => e.kind === 'rx' && e.host === h && isReqOp(e.op) && e.outcome === 'rnr-nak');
  return {
    // mlx5
    rx_write_requests: reqRx((o) => o.startsWith('RDMA_WRITE_FIRST') || o.startsWith('RDMA_WRITE_ONLY')),
    rx_read_requests: reqRx((o) => o === 'RDMA_READ_REQUEST'),
    rx_atomic_requests: reqRx((o) => o === 'COMPARE_SWAP' || o === 'FETCH_ADD'),
    out_of_buffer: rnrSent + count(evs, rxAt(h, 'dropped-no-recv')),
    out_of_sequence: count(evs, rxAt(h, 'out-of-sequence')),
    duplicate_request: count(evs, rxAt(h, 'duplicate')),
    rnr_nak_retry_err: count(evs, (e) => e.kind === 'retry' && e.host === h && e.reason === 'rnr-nak'),
    packet_seq_err: seqNaks,
    local_ack_timeout_err: timeouts + exhaustedByTimer,
    resp_local_length_error: count(evs, cqeAt(h, 'rq', (s) => s === 'IBV_WC_LOC_LEN_ERR')),
    resp_cqe_error: count(evs, cqeAt(h, 'rq', isErr)),
    req_cqe_error: count(evs, cqeAt(h, 'sq', isErr)),
    req_remote_invalid_request: count(evs, wrErr(h, 'IBV_WC_REM_INV_REQ_ERR')),
    req_remote_access_errors: count(evs, wrErr(h, 'IBV_WC_REM_ACCESS_ERR')),
    resp_remote_access_errors: count(evs, (e) => e.kind === 'pkt' && e.src === h && e.syndrome === 'NAK_REM_ACCESS'),
    resp_cqe_flush_error: count(evs, cqeAt(h, 'rq', (s) => s === 'IBV_WC_WR_FLUSH_ERR')),
    req_cqe_flush_error: count(evs, cqeAt(h, 'sq', (s) => s === 'IBV_WC_WR_FLUSH_ERR')),
    req_transport_retries_exceeded: count(evs, wrErr(h, 'IBV_WC_RETRY_EXC_ERR')),
    req_rnr_retries_exceeded: count(evs, wrErr(h, 'IBV_WC_RNR_RETRY_EXC_ERR')),
    // rxe
    sent_pkts: txPkts, rcvd_pkts: rxPkts,
    out_of_seq_request: naksSent,
    rcvd_rnr_err: count(evs, (e) => e.kind === 'rx' && e.host === h && !isReqOp(e.op) && e.outcome === 'rnr-nak'),
    send_rnr_err: rnrSent,
    rcvd_seq_err: seqNaks,
    retry_exceeded_err: count(evs, wrErr(h, 'IBV_WC_RETRY_EXC_ERR')),
    retry_rnr_exceeded_err: count(evs, wrErr(h, 'IBV_WC_RNR_RETRY_EXC_ERR')),
    completer_retry_err: count(evs, (e) => e.kind === 'retry' && e.host === h && e.reason !== 'rnr-nak'),
    link_downed: portErr,
    rdma_sends: sends,
    rdma_recvs: count(evs, cqeAt(h, 'rq', (s) => s === 'IBV_WC_SUCCESS')),
    // IBTA PortCounters
    port_xmit_packets: txPkts, port_rcv_packets: portRx,
    port_xmit_discards: count(evs, (e) => e.kind === 'pkt' && e.src === h && !!e.drop?.startsWith('link down')),
  };
}

const PROFILES: ProfileId[] = ['ibta', 'rxe', 'mlx5'];

describe('hardware counters, every profile, against hand-counted events', () => {
  for (const profile of PROFILES) {
    const seen = new Set<string>();
    for (const [name, scenario] of Object.entries(RUNS)) {
      it(`${profile}: ${name}`, () => {
        const sim = new Simulation(withProfile(scenario, profile), { traceKeep: Infinity });
        sim.run();
        const s = sim.summary();
        const evs = sim.events() as Ev[];
        for (let h = 0; h < scenario.config.hosts.length; h++) {
          const want = oracle(evs, h);
          for (const c of modelledCounters(profile)) {
            expect(s.counters[h][c.name], `${c.name} on host ${h}`).toBe(want[c.name]);
            if (want[c.name] > 0) seen.add(c.name);
          }
          // A counter the model cannot produce is never reported, not even as 0.
          for (const n of countersNotModelled(profile)) expect(s.counters[h]).not.toHaveProperty(n);
        }
        expect(s.countersNotModelled).toEqual(countersNotModelled(profile));
      });
    }
    it(`${profile}: every modelled counter rises in at least one crafted run`, () => {
      for (const [name, scenario] of Object.entries(RUNS)) {
        const sim = new Simulation(withProfile(scenario, profile));
        const s = sim.run();
        for (const hc of Object.values(s.counters)) for (const [k, n] of Object.entries(hc)) if (n > 0) seen.add(k);
        void name;
      }
      expect(modelledCounters(profile).map((c) => c.name).filter((n) => !seen.has(n))).toEqual([]);
    });
  }

  it('hand-counted: one SEND into no receive, rnr_retry = 2 — three RNR NAKs, two retried, one exhausted (mlx5 and rxe names)', () => {
    const s = new Simulation(withProfile(RUNS['no receive posted (RNR)'], 'mlx5')).run();
    expect(s.counters[0]).toMatchObject({ rnr_nak_retry_err: 2, req_rnr_retries_exceeded: 1, req_cqe_error: 1 });
    expect(s.counters[1]).toMatchObject({ out_of_buffer: 3 });
    const r = new Simulation(withProfile(RUNS['no receive posted (RNR)'], 'rxe')).run();
    expect(r.counters[0]).toMatchObject({ rcvd_rnr_err: 3, retry_rnr_exceeded_err: 1 });
    expect(r.counters[1]).toMatchObject({ send_rnr_err: 3 });
  });

  it('IBTA port_rcv_packets counts packets for a QP that no longer exists (PortRcvPkts counts all a port receives); rxe rcvd_pkts does not (rxe_rcv counts after hdr_check)', () => {
    const run = (p: ProfileId) => {
      const sim = new Simulation(withProfile(RUNS['peer QP destroyed under sends'], p), { traceKeep: Infinity });
      return { s: sim.run(), evs: sim.events() as Ev[] };
    };
    const ib = run('ibta');
    const noQp = count(ib.evs, rxAt(1, 'dropped-no-qp'));
    expect(noQp).toBeGreaterThan(0);
    const rx = run('rxe');
    expect(ib.s.counters[1].port_rcv_packets).toBe(rx.s.counters[1].rcvd_pkts + noQp);
  });

  it('hand-counted: the message longer than its receive buffer — one LOC_LEN_ERR receive CQE at B (mlx5)', () => {
    const s = new Simulation(withProfile(RUNS['message longer than the receive buffer'], 'mlx5')).run();
    expect(s.counters[1]).toMatchObject({ resp_local_length_error: 1, resp_cqe_error: 1 });
    expect(s.counters[0]).toMatchObject({ req_remote_invalid_request: 1 });
  });

  it('every profile lists its counters with a rule and a source; the mlx5 list holds the issue\'s names', () => {
    for (const p of PROFILES) for (const c of COUNTER_DEFS[p]) {
      expect(c.rule.length).toBeGreaterThan(10);
      expect(c.sources.length).toBeGreaterThan(0);
      expect((c.from === undefined) === (c.notModelled !== undefined)).toBe(true);
    }
    const names = COUNTER_DEFS.mlx5.map((c) => c.name);
    for (const n of ['out_of_sequence', 'packet_seq_err', 'implied_nak_seq_err', 'duplicate_request', 'local_ack_timeout_err', 'req_transport_retries_exceeded',
      'rnr_nak_retry_err', 'out_of_buffer', 'req_cqe_error', 'req_cqe_flush_error', 'resp_cqe_error', 'resp_cqe_flush_error', 'req_remote_access_errors',
      'req_remote_invalid_request', 'resp_remote_access_errors', 'resp_local_length_error', 'rx_read_requests', 'rx_write_requests', 'rx_atomic_requests', 'roce_adp_retrans']) expect(names).toContain(n);
  });

  it('counters survive a checkpoint and restore: the replay counts the same', () => {
    const sim = new Simulation(withProfile(RUNS['packets dropped mid-stream'], 'mlx5'));
    sim.runUntil(8_000);
    const c = sim.checkpoint();
    const first = sim.run().counters;
    sim.restore(c);
    expect(sim.run().counters).toEqual(first);
  });
  void at;
});
