// The QP states a cause leaves behind, as `ibv_query_qp` would report them on both hosts: the local
// QP (the one that saw the completion, or the refused ibv_modify_qp) and its peer. Nothing here is
// written per cause: each cause's pairs are read from the end of its own reproduction (the run's
// summary, 'GONE' for a destroyed QP), and an engineer's entered states are compared with them
// [sources: model-diagnosis].
import type { Observed, Side, Symptoms } from './observe.ts';

/** A QP state as the desk takes it: an ibv_query_qp state, or 'GONE' once the QP is destroyed. */
export interface StatePair { local: string; peer: string }
/** One pair a cause's run ends in, with the completion (or refusal) that makes one QP "local". */
export interface EndPair extends StatePair { side?: Side; seen?: string }

const other = (states: readonly string[], h: number) => states.find((_, i) => i !== h) ?? 'GONE';
const pairAt = (o: Observed, h: number): StatePair => ({ local: o.states[h] ?? 'GONE', peer: other(o.states, h) });

/**
 * The host whose QP is "local" for these symptoms: the one whose CQE carried the status (on the
 * side given, else the first side that saw it), or the one whose ibv_modify_qp was refused; -1
 * when the symptoms name no completion or call (then either QP may be the local one).
 */
export function localHost(o: Observed, s: Symptoms): number {
  const status = s.status;
  if (status !== undefined) {
    const side = (s.side ? [s.side] : (['requester', 'responder'] as const)).find((x) => o.statuses[x].has(status));
    return side === undefined ? -1 : o.hostOf(side, status);
  }
  if (s.modify) return o.refused.find((r) => r.to === s.modify?.to)?.host ?? -1;
  return -1;
}

/** The (local, peer) pairs a run is consistent with, for these symptoms. */
export function pairsOf(o: Observed, s: Symptoms): StatePair[] {
  const h = localHost(o, s);
  if (h >= 0) return [pairAt(o, h)];
  const all = o.states.map((_, i) => pairAt(o, i));
  return all.filter((p, i) => all.findIndex((q) => q.local === p.local && q.peer === p.peer) === i);
}

/** Every pair a cause's run ends in, one per side that saw an error completion (both orientations when none did). */
export function endPairs(o: Observed): EndPair[] {
  const out: EndPair[] = [];
  for (const side of ['requester', 'responder'] as const) {
    const status = o.first[side];
    if (status !== undefined) out.push({ ...pairAt(o, o.hostOf(side, status)), side, seen: status });
  }
  return out.length ? out : pairsOf(o, {});
}

const named = (state: string) => (state === 'GONE' ? 'destroyed' : state);
const phrase = (state: string) => (state === 'GONE' ? 'gone (destroyed)' : state);

/**
 * Why a run contradicts the states entered: one sentence per QP whose entered state the run does
 * not end in (empty when it agrees, or when no state was entered). With no completion to orient
 * the pair, the orientation closest to the entry is the one explained.
 */
export function stateConflicts(o: Observed, s: Symptoms): string[] {
  if (s.localState === undefined && s.peerState === undefined) return [];
  const reasons = (p: StatePair): string[] => {
    const r: string[] = [];
    if (s.localState !== undefined && p.local !== s.localState) r.push(`your local QP is ${phrase(s.localState)}; this cause leaves it ${p.local === 'GONE' ? 'destroyed' : `in ${named(p.local)}`}`);
    if (s.peerState !== undefined && p.peer !== s.peerState) r.push(`your peer QP is ${phrase(s.peerState)}; this cause leaves it ${p.peer === 'GONE' ? 'destroyed' : `in ${named(p.peer)}`}`);
    return r;
  };
  const all = pairsOf(o, s).map(reasons);
  return all.reduce((a, b) => (b.length < a.length ? b : a), all[0] ?? []);
}
