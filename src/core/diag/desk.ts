// The diagnosis desk's answer (the page's side of `npm run diagnose`): the ranked causes, and for
// each the instant its reproduction opens at (the event a "why?" starts from, by its trace index)
// and how each driver profile plays the same scenario — the differences that matter for it, the
// states both QPs end in among them. A cause whose run contradicts the QP states entered is kept,
// ranked after those that agree, with its reasons. All of it is read from runs of the model;
// nothing is written by hand [sources: model-diagnosis].
import type { ProfileId } from '../model/profiles.ts';
import type { AsyncEvent, WcStatus } from '../model/wc.ts';
import type { ScenarioInput } from '../model/schema.ts';
import type { QpType } from '../verbs/types.ts';
import { SCALE_CAUSES, roomyCache, type ScaleCause } from './scale.ts';
import { ALL_PROFILES, catalogueFor, diagnose, matchScore, type Diagnosis } from './diagnose.ts';
import { observe, type Observed, type Symptoms } from './observe.ts';
import { localHost, stateConflicts } from './states.ts';

/** Where a reproduction opens: the event that shows the symptom. */
export interface Instant { t: number; i: number; host: number; qpn?: number; what: string }
export interface ProfileOutcome {
  profile: ProfileId;
  /** This profile's run shows the symptoms entered, the QP states included. */
  shows: boolean;
  /** It shows the status, events and counters entered but ends with the QPs in other states. */
  otherStates?: boolean;
  requester?: WcStatus;
  responder?: WcStatus;
  events: AsyncEvent[];
  refused?: string;
  /** Counters that rose (summed over the hosts), as this profile names them. */
  counters: Record<string, number>;
  /** Each host's QP state at the end of this profile's run ('GONE' once destroyed), and which host is "local" for the symptoms (-1: neither is singled out). */
  states: string[];
  local: number;
}
export interface DeskCause extends Diagnosis {
  at: Instant | null;
  outcomes: ProfileOutcome[];
  /** Cases of many connections: the instrument that shows it at full scale, what rises, and a measured comparison. */
  scale?: { lab: ScaleCause['lab']; look: string; counters: string; measured?: string };
}

/** The first event of a run that shows the symptom: the status, else the refusal, else the first event named. */
export function instantOf(o: Observed, s: Symptoms): Instant | null {
  const pick = (i: number, what: string): Instant | null => {
    const e = o.log[i] as { t: number; host?: number; qpn?: number } | undefined;
    return e ? { t: e.t, i, host: e.host ?? 0, qpn: e.qpn, what } : null;
  };
  const status = s.status;
  if (status) {
    const i = o.log.findIndex((e) => e.kind === 'cqe' && e.status === status && (!s.side || (e.queue === 'sq') === (s.side === 'requester')));
    if (i >= 0) return pick(i, `the first ${status.replace('IBV_WC_', '')} completion`);
  }
  const m = s.modify;
  if (m) {
    const i = o.log.findIndex((e) => e.kind === 'modify-refused' && e.to === m.to);
    if (i >= 0) return pick(i, `the refused ibv_modify_qp → ${m.to}`);
  }
  const ev = s.events?.[0];
  if (ev) {
    const i = o.log.findIndex((e) => e.kind === 'async' && e.event === ev);
    if (i >= 0) return pick(i, `the first ${ev.replace('IBV_EVENT_', '')}`);
  }
  // Counters alone: the first error completion of the run, if any.
  const i = o.log.findIndex((e) => e.kind === 'cqe' && e.status !== 'IBV_WC_SUCCESS');
  return i >= 0 ? pick(i, 'the first error completion') : null;
}

function outcome(profile: ProfileId, o: Observed, s: Symptoms): ProfileOutcome {
  const counters: Record<string, number> = {};
  for (const h of Object.values(o.counters)) for (const [k, n] of Object.entries(h)) if (n > 0) counters[k] = (counters[k] ?? 0) + n;
  const r = o.refused[0];
  const matches = matchScore(o, s) >= 0;
  const conflicts = stateConflicts(o, s).length > 0;
  return {
    profile, shows: matches && !conflicts, otherStates: matches && conflicts ? true : undefined, requester: o.first.requester, responder: o.first.responder,
    events: [...o.events], refused: r ? `${r.errno} ${r.from} → ${r.to}` : undefined, counters,
    states: [...o.states], local: localHost(o, s),
  };
}

const evicts = (o: Observed) => o.log.filter((e) => e.kind === 'cache' && e.result === 'evict').length;
const successes = (o: Observed) => o.log.filter((e) => e.kind === 'cqe' && e.status === 'IBV_WC_SUCCESS').length;

/** Does a run show a symptom of many connections: context evictions; or a port flap failing many QPs. */
function showsScale(o: Observed, s: Symptoms): boolean {
  if (s.scale === 'throughput-collapse') return evicts(o) > 0;
  return o.events.has('IBV_EVENT_PORT_ERR') && o.log.filter((e) => e.kind === 'cqe' && e.status === 'IBV_WC_RETRY_EXC_ERR').length > 1;
}

function scaleDiagnose(s: Symptoms, profiles: readonly ProfileId[], look: (sc: ScenarioInput) => Observed): DeskCause[] {
  const out: DeskCause[] = [];
  for (const c of SCALE_CAUSES.filter((x) => x.symptom === s.scale)) {
    const under = profiles.filter((p) => showsScale(look(c.build(p)), s));
    const profile = under[0];
    if (!profile) continue;
    const scenario = c.build(profile);
    const o = look(scenario);
    const storm = c.symptom === 'storm';
    const i = storm ? o.log.findIndex((e) => e.kind === 'cqe' && e.status === 'IBV_WC_RETRY_EXC_ERR') : o.log.findIndex((e) => e.kind === 'cache' && e.result === 'evict');
    const e = o.log[i] as { t: number; host: number; qpn?: number };
    const roomy = storm ? null : look(roomyCache(profile));
    const measured = roomy ? `in the model: ${successes(o)} writes completed in the run with ${evicts(o)} context evictions, against ${successes(roomy)} with every context on chip` : undefined;
    out.push({
      cause: c.cause, rank: out.length + 1, profile, scenario, recovery: c.recovery, id: c.id, rule: c.rule, profiles: under, injected: false, conflicts: [],
      at: { t: e.t, i, host: e.host, qpn: e.qpn, what: storm ? 'the first RETRY_EXC_ERR completion' : 'the first context eviction' },
      outcomes: ALL_PROFILES.map((p) => ({ ...outcome(p, look(c.build(p)), {}), shows: showsScale(look(c.build(p)), s) })),
      scale: { lab: c.lab, look: c.look, counters: c.counters, measured },
    });
  }
  return out;
}

export function deskDiagnose(s: Symptoms, profiles: readonly ProfileId[] = ALL_PROFILES, type: QpType = 'RC'): DeskCause[] {
  const runs = new Map<string, Observed>();
  const look = (sc: ScenarioInput): Observed => {
    const key = JSON.stringify(sc);
    let o = runs.get(key);
    if (!o) { o = observe(sc); runs.set(key, o); }
    return o;
  };
  if (s.scale) return scaleDiagnose(s, profiles, look);
  const catalogue = catalogueFor(s, type);
  return diagnose(s, profiles, catalogue, look, 'rank').map((d) => {
    const c = catalogue.find((x) => x.id === d.id);
    const outcomes = c ? ALL_PROFILES.map((p) => outcome(p, look(c.build(p)), s)) : [];
    return { ...d, at: instantOf(look(d.scenario), s), outcomes };
  });
}
