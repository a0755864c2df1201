// The two engineer cases that are about many connections, not one (issue 20, cases 3 and 4): a
// throughput collapse as connections grow, and thousands of QPs failing after a port flap while
// the event thread falls behind. Each has a scaled-down transport scenario the desk reproduces
// (the mechanism on a few hundred QPs, read from the run like every other cause) and the
// instrument that shows it at full scale: the NIC-memory cliff, the Faults storm.
import type { ProfileId } from '../model/profiles.ts';
import type { ScenarioInput } from '../model/schema.ts';
import type { Cause } from './causes.ts';
import { FAST_RETRY } from './build.ts';

export const SCALE_SYMPTOMS = ['throughput-collapse', 'storm'] as const;
export type ScaleSymptom = (typeof SCALE_SYMPTOMS)[number];

export interface ScaleCause extends Cause {
  symptom: ScaleSymptom;
  /** The instrument that shows the mechanism at full scale. */
  lab: 'memory' | 'faults';
  /** What to look at there. */
  look: string;
  /** Counters: which rise, which stay flat, and why (the model's reasoning where no public table exists). */
  counters: string;
}

const PAIRS = 96;

function many(title: string, profile: ProfileId, o: { cacheEntries?: number; commands?: ScenarioInput['commands']; attrs?: Record<string, number>; count?: number }): ScenarioInput {
  return {
    version: 1, seed: 20, title,
    config: {
      durationNs: 200_000, profile,
      hosts: [{ name: 'A', cqDepths: [4096], pollIntervalNs: 2_000, pollBatch: 1024 }, { name: 'B', cqDepths: [4096], pollIntervalNs: 2_000, pollBatch: 1024 }],
      nic: { maxUnackedPsns: 16, cache: { entries: o.cacheEntries ?? 1024, ways: 0 } },
      qps: [],
      groups: [{ host: 0, peerHost: 1, count: o.count ?? PAIRS, sqDepth: 16, rqDepth: 16, attrs: { path_mtu: 5, ...o.attrs },
        post: { side: 'local', count: 8, opcode: 'IBV_WR_RDMA_WRITE', length: 4096, atNs: 1_000, spreadNs: 60_000 } }],
    },
    commands: o.commands ?? [],
  };
}

const RECOVER_STORM = [
  'drain every failed QP\'s CQ (the rest of its WRs come back as IBV_WC_WR_FLUSH_ERR), then reset or destroy it',
  'reconnect in batches once IBV_EVENT_PORT_ACTIVE is seen, re-exchanging QPNs and PSNs (rdma_cm per connection)',
  'keep the async event thread doing nothing but ibv_get_async_event / ibv_ack_async_event; hand recovery to workers',
  'size the event queue for every QP that can fail at once, or fewer QPs per port (shared or DC transports)',
];

/** The same traffic with a cache that holds every context: the run the collapse is measured against. */
export const roomyCache = (p: ProfileId): ScenarioInput => many(`A writes on ${PAIRS} RC connections; every context fits the cache`, p, {});

export const SCALE_CAUSES: readonly ScaleCause[] = [
  {
    id: 'context-cache-thrash',
    symptom: 'throughput-collapse',
    cause: 'the active QPs outgrow the NIC\'s QP-context cache: every packet of a QP whose context was evicted waits for a fetch over PCIe',
    rule: 'a packet for a QP whose context is not on chip pays a context fetch (ctxFetchNs) and evicts another; past the cache size the hit rate falls as about C/N [sources: model-cache, fasst, star]',
    build: (p) => many(`A writes on ${PAIRS} RC connections through a 32-entry context cache`, p, { cacheEntries: 32 }),
    recovery: [
      'fewer active connections per NIC: share QPs between threads, or use a connectionless or shared transport (UD, DC, SRD)',
      'keep the traffic on a working set of QPs that fits the cache (batch per peer) rather than spread over every connection',
      'nothing to reset: the QPs are healthy; no error completion and no async event comes',
    ],
    lab: 'memory', look: 'the cliff tab: throughput against active QPs, ConnectX-5-like preset at 5,000 QPs (its knee sits near 450)',
    counters: 'No hw_counters entry counts context-cache misses [sources: mlx5-counters]. In the model\'s run the error counters stay at zero: no packet is lost, retried or NAKed, the QPs only wait; so out_of_buffer (a receive that found no WQE: the application\'s posting, not the NIC\'s cache), out_of_sequence, packet_seq_err, local_ack_timeout_err and every *_cqe_error stay flat. What rises with the misses is the NIC\'s PCIe read traffic, which FaSST measured with the NIC\'s own performance counters (DMA reads per second, extra fetches per miss) [sources: fasst]; on a lossless RoCE fabric the backed-up receive path then shows as pause frames on the port (ethtool, not hw_counters) — the model\'s reasoning, not modelled here.',
  },
  {
    id: 'port-flap-storm',
    symptom: 'storm',
    cause: 'a port flap fails every QP with traffic outstanding at once: each retries on its own, completes RETRY_EXC_ERR, flushes and reports, and the reports queue faster than one event thread consumes them',
    rule: 'a port event moves no QP: each RC QP finds out when its own retries run out (RETRY_EXC_ERR, then ERR and its WRs flush) [sources: port-down, ack-timeout]; the error reports of thousands of QPs queue on the event queues the Faults instrument models [sources: model-faults]',
    build: (p) => many(`B's port goes down at 20 µs and comes back at 60 µs under ${PAIRS} RC connections`, p, {
      attrs: { ...FAST_RETRY },
      commands: [{ t: 20_000, cmd: { kind: 'portDown', host: 1 } }, { t: 60_000, cmd: { kind: 'portUp', host: 1 } }],
    }),
    recovery: RECOVER_STORM,
    lab: 'faults', look: 'the storm tab: 4,096 QPs after a link flap, with a driver that consumes its event queue slowly',
    counters: 'On the side that sent, per failed QP: local_ack_timeout_err once per expiry of its ACK timer (each retry, and in the model the last expiry too), req_transport_retries_exceeded once, req_cqe_error once and req_cqe_flush_error for each WR flushed behind it (mlx5 names; the run lists them under each profile) [sources: mlx5-counters, mlx5-counter-meaning].',
  },
];
