// What an engineer would have seen of a run: the symptoms the desk takes, and a run read for them
// (first and every error status per side, async events, refused modifies, each host's QP state at
// the end, the counters, the whole log). Every reproduction goes through createSimulation, as the
// headless contract promises a reader of its scenario [sources: model-diagnosis].
import { createSimulation } from '../sim/engine.ts';
// The faults model joins the engine through hooks its index installs: port, device and CQ faults need it.
import '../faults/index.ts';
import type { ScenarioInput } from '../model/schema.ts';
import type { AsyncEvent, WcStatus } from '../model/wc.ts';
import type { SimEvent } from '../model/events.ts';

export type Side = 'requester' | 'responder';
export interface Symptoms {
  /** The completion status seen (or `modify` instead: a refused ibv_modify_qp). */
  status?: WcStatus;
  /** ibv_modify_qp returned this errno for a call to `to` (from `from`, when known). */
  modify?: { errno: 'EINVAL'; to: string; from?: string };
  side?: Side;
  events?: readonly AsyncEvent[];
  /** The state the peer QP (of the one that saw the status) is in at the end, as ibv_query_qp names it; 'GONE' once destroyed. */
  peerState?: string;
  /** The state of the QP that saw the status (or whose modify was refused), as ibv_query_qp names it; 'GONE' once destroyed. */
  localState?: string;
  /** A symptom of many connections (engineer cases 3 and 4): answered by core/diag/scale.ts. */
  scale?: 'throughput-collapse' | 'storm';
  /** Hardware counters seen rising (on either host), named as the profile's driver names them. */
  counters?: readonly string[];
}

export interface Observed {
  /** First error status seen per side, and every status seen per side. */
  first: Partial<Record<Side, WcStatus>>;
  statuses: Record<Side, Set<WcStatus>>;
  events: Set<AsyncEvent>;
  /** ibv_modify_qp calls refused: host, from, to, errno. */
  refused: { host: number; from: string; to: string; errno: string }[];
  /** host → the state of that host's first QP at the end ('GONE' if destroyed). */
  states: string[];
  /** Host of the first CQE per side carrying the status asked for (-1: none). */
  hostOf: (side: Side, status: WcStatus) => number;
  /** The hardware counters at the end, per host, as the profile names them. */
  counters: Record<number, Record<string, number>>;
  /** Every event of the run (the trace kept whole: index = the event's trace index). */
  log: readonly SimEvent[];
}

/** Run a scenario to its end and read what an engineer would have seen. */
export function observe(scenario: ScenarioInput): Observed {
  const sim = createSimulation(scenario, { traceKeep: Infinity });
  const summary = sim.run();
  const evs = sim.events() as SimEvent[];
  const first: Observed['first'] = {};
  const statuses: Observed['statuses'] = { requester: new Set(), responder: new Set() };
  const events = new Set<AsyncEvent>();
  const refused: Observed['refused'] = [];
  for (const e of evs) {
    if (e.kind === 'modify-refused') refused.push({ host: e.host, from: e.from, to: e.to, errno: e.errno });
    if (e.kind === 'cqe' && e.status !== 'IBV_WC_SUCCESS') {
      const side: Side = e.queue === 'sq' ? 'requester' : 'responder';
      statuses[side].add(e.status);
      first[side] ??= e.status;
    } else if (e.kind === 'async') events.add(e.event);
  }
  const hosts = scenario.config.hosts.length;
  const states = Array.from({ length: hosts }, (_, h) => summary.qps.find((q) => q.host === h)?.state ?? 'GONE');
  const hostOf = (side: Side, status: WcStatus) => {
    const e = evs.find((x) => x.kind === 'cqe' && x.status === status && (x.queue === 'sq') === (side === 'requester'));
    return (e as { host?: number } | undefined)?.host ?? -1;
  };
  return { first, statuses, events, refused, states, hostOf, counters: summary.counters, log: evs };
}
