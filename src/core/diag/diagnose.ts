// From symptoms to causes: every cause of the catalogue is run under each profile asked for, and
// kept when its run shows the symptoms (the status on the side given, every async event given, the
// peer QP's state). Ranked: the status as the first error the side saw before the status only as
// a later one (a flush after something else), mechanisms before injected faults, then the
// catalogue's prior [sources: model-diagnosis].
import { Simulation } from '../sim/engine.ts';
// The faults model joins the engine through hooks its index installs: port, device and CQ faults need it.
import '../faults/index.ts';
import type { ScenarioInput } from '../model/schema.ts';
import type { ProfileId } from '../model/profiles.ts';
import type { AsyncEvent, WcStatus } from '../model/wc.ts';
import type { SimEvent } from '../model/events.ts';
import { CAUSES, type Cause } from './causes.ts';
import { modifyCauses } from './modifyCauses.ts';
import type { QpState, QpType } from '../verbs/types.ts';

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
  /** A symptom of many connections (engineer cases 3 and 4): answered by core/diag/scale.ts. */
  scale?: 'throughput-collapse' | 'storm';
  /** Hardware counters seen rising (on either host), named as the profile's driver names them. */
  counters?: readonly string[];
}
export interface Diagnosis {
  cause: string;
  rank: number;
  profile: ProfileId;
  scenario: ScenarioInput;
  recovery: readonly string[];
  id: string;
  rule: string;
  /** Every profile under which this cause shows the symptoms (the line's `profile` is the first). */
  profiles: ProfileId[];
  injected: boolean;
}

export interface Observed {
  /** First error status seen per side, and every status seen per side. */
  first: Partial<Record<Side, WcStatus>>;
  statuses: Record<Side, Set<WcStatus>>;
  events: Set<AsyncEvent>;
  /** ibv_modify_qp calls refused: from, to, errno. */
  refused: { from: string; to: string; errno: string }[];
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
  const sim = new Simulation(scenario, { traceKeep: Infinity });
  const summary = sim.run();
  const evs = sim.events() as SimEvent[];
  const first: Observed['first'] = {};
  const statuses: Observed['statuses'] = { requester: new Set(), responder: new Set() };
  const events = new Set<AsyncEvent>();
  const refused: Observed['refused'] = [];
  for (const e of evs) {
    if (e.kind === 'modify-refused') refused.push({ from: e.from, to: e.to, errno: e.errno });
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

/** How well a run matches: -1 no match; else a score (higher first). */
export function matchScore(o: Observed, s: Symptoms): number {
  for (const ev of s.events ?? []) if (!o.events.has(ev)) return -1;
  for (const c of s.counters ?? []) if (!Object.values(o.counters).some((h) => (h[c] ?? 0) > 0)) return -1;
  const m = s.modify;
  // `from` is the state the application believed its QP in; the refusal names the real one, so only `to` must agree.
  if (m) return o.refused.some((r) => r.errno === m.errno && r.to === m.to) ? 1 : -1;
  const status = s.status;
  // Events or counters alone (an engineer who saw no completion) match on those.
  if (status === undefined) return (s.events?.length ?? 0) + (s.counters?.length ?? 0) > 0 ? 1 : -1;
  const sides: Side[] = s.side ? [s.side] : ['requester', 'responder'];
  const side = sides.find((x) => o.statuses[x].has(status));
  if (side === undefined) return -1;
  if (s.peerState !== undefined) {
    const h = o.hostOf(side, status);
    const peer = o.states.find((_, i) => i !== h);
    if (peer !== s.peerState) return -1;
  }
  return o.first[side] === status ? 1 : 0;
}

export const ALL_PROFILES: ProfileId[] = ['ibta', 'rxe', 'mlx5'];

/** The catalogue for these symptoms: the general one, or the kernel-table causes of a refused modify. */
export function catalogueFor(s: Symptoms, type: QpType = 'RC'): readonly Cause[] {
  return s.modify ? modifyCauses(type, s.modify.to as QpState, s.modify.from as QpState | undefined) : CAUSES;
}

/** `look` runs a scenario (the desk passes one that remembers its runs, to read them again). */
export function diagnose(s: Symptoms, profiles: readonly ProfileId[] = ALL_PROFILES, catalogue: readonly Cause[] = catalogueFor(s), look: (sc: ScenarioInput) => Observed = observe): Diagnosis[] {
  const found: (Diagnosis & { score: number; order: number })[] = [];
  catalogue.forEach((c, order) => {
    let best: { profile: ProfileId; scenario: ScenarioInput; score: number } | undefined;
    const under: ProfileId[] = [];
    for (const p of profiles) {
      const scenario = c.build(p);
      const score = matchScore(look(scenario), s);
      if (score < 0) continue;
      under.push(p);
      if (!best || score > best.score) best = { profile: p, scenario, score };
    }
    if (best) found.push({ cause: c.cause, rank: 0, profile: best.profile, scenario: best.scenario, recovery: c.recovery, id: c.id, rule: c.rule, profiles: under, injected: !!c.injected, score: best.score, order });
  });
  found.sort((a, b) => Number(a.injected) - Number(b.injected) || b.score - a.score || a.order - b.order);
  return found.map(({ score: _s, order: _o, ...d }, i) => ({ ...d, rank: i + 1 }));
}
