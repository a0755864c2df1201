// From symptoms to causes: every cause of the catalogue is run under each profile asked for, and
// kept when its run shows the symptoms (the status on the side given, every async event given, the
// counters). The QP states entered (the local QP's and the peer's, as ibv_query_qp reports them)
// are compared with the states the run ends in (states.ts): a cause that contradicts them is left
// out, or ranked after every cause that agrees with its reasons. Ranked: agreeing with the states,
// then the status as the first error the side saw before the status only as a later one (a flush
// after something else), mechanisms before injected faults, then the catalogue's prior
// [sources: model-diagnosis].
import type { ScenarioInput } from '../model/schema.ts';
import type { ProfileId } from '../model/profiles.ts';
import { CAUSES, type Cause } from './causes.ts';
import { modifyCauses } from './modifyCauses.ts';
import { observe, type Observed, type Side, type Symptoms } from './observe.ts';
import { stateConflicts } from './states.ts';
import type { QpState, QpType } from '../verbs/types.ts';

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
  /** Why this cause's run contradicts the QP states entered (empty: it agrees, or none entered). */
  conflicts: string[];
}

/** How well a run matches the status, refusal, events and counters: -1 no match; else a score (higher first). The QP states are weighed apart (states.ts). */
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
  return o.first[side] === status ? 1 : 0;
}

export const ALL_PROFILES: ProfileId[] = ['ibta', 'rxe', 'mlx5'];

/** The catalogue for these symptoms: the general one, or the kernel-table causes of a refused modify. */
export function catalogueFor(s: Symptoms, type: QpType = 'RC'): readonly Cause[] {
  return s.modify ? modifyCauses(type, s.modify.to as QpState, s.modify.from as QpState | undefined) : CAUSES;
}

/**
 * How the QP states entered count: 'filter' keeps only causes whose run ends in them (the headless
 * contract: every line's scenario shows every symptom given); 'rank' keeps the others too, after
 * every cause that agrees, each with its reasons (the desk).
 */
export type StateUse = 'filter' | 'rank';

/** `look` runs a scenario (the desk passes one that remembers its runs, to read them again). */
export function diagnose(s: Symptoms, profiles: readonly ProfileId[] = ALL_PROFILES, catalogue: readonly Cause[] = catalogueFor(s), look: (sc: ScenarioInput) => Observed = observe, states: StateUse = 'filter'): Diagnosis[] {
  const found: (Diagnosis & { score: number; order: number })[] = [];
  catalogue.forEach((c, order) => {
    let best: { profile: ProfileId; scenario: ScenarioInput; score: number; conflicts: string[] } | undefined;
    const under: ProfileId[] = [];
    const matching: ProfileId[] = [];
    for (const p of profiles) {
      const scenario = c.build(p);
      const o = look(scenario);
      const score = matchScore(o, s);
      if (score < 0) continue;
      matching.push(p);
      const conflicts = stateConflicts(o, s);
      if (conflicts.length && states === 'filter') continue;
      if (!conflicts.length) under.push(p);
      // The profile shown is the one that agrees with the most: fewest state conflicts, then the better match.
      if (!best || conflicts.length < best.conflicts.length || (conflicts.length === best.conflicts.length && score > best.score)) best = { profile: p, scenario, score, conflicts };
    }
    if (best) found.push({ cause: c.cause, rank: 0, profile: best.profile, scenario: best.scenario, recovery: c.recovery, id: c.id, rule: c.rule, profiles: under.length ? under : matching, injected: !!c.injected, conflicts: best.conflicts, score: best.score, order });
  });
  // A cause that contradicts the states entered ranks after every cause that agrees, fewer contradictions first.
  found.sort((a, b) => a.conflicts.length - b.conflicts.length || Number(a.injected) - Number(b.injected) || b.score - a.score || a.order - b.order);
  return found.map(({ score: _s, order: _o, ...d }, i) => ({ ...d, rank: i + 1 }));
}
