// A question's outcome as data: what the model did, computed from the probe after the reveal
// with predicates and numbers (predicate.ts), never typed into the lesson as the answer.
//   {choose: [{when, then}], else}  one: the first option whose predicate holds
//   {each: [{id, when}]}            several (or order): the ids whose predicate holds, in this order
//   {sortBy: [{id, key}]}           order: the ids sorted by a number each (smallest first)
//   {number: NumExpr}               number: a value, graded with the question's tolerance
import * as v from 'valibot';
import { issueText } from '../../core/kit/valid.ts';
import type { Answer } from '../kit/question.ts';
import { evalNum, evalPredicate, predicateProblem, NumSchema, PredicateSchema, type NumExpr, type Predicate } from './predicate.ts';

export type Outcome =
  | { choose: Array<{ when: Predicate; then: string }>; else: string }
  | { each: Array<{ id: string; when: Predicate }> }
  | { sortBy: Array<{ id: string; key: NumExpr }> }
  | { number: NumExpr };

const Id = v.pipe(v.string('must be a text'), v.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be an option id'));
const Pred = PredicateSchema;
const BRANCH = {
  choose: v.strictObject({ choose: v.pipe(v.array(v.strictObject({ when: Pred, then: Id })), v.minLength(1, 'must list at least one case'), v.maxLength(12, 'must list at most 12 cases')), else: Id }),
  each: v.strictObject({ each: v.pipe(v.array(v.strictObject({ id: Id, when: Pred })), v.minLength(1, 'must list at least one id'), v.maxLength(12, 'must list at most 12 ids')) }),
  sortBy: v.strictObject({ sortBy: v.pipe(v.array(v.strictObject({ id: Id, key: NumSchema })), v.minLength(2, 'must list at least two ids'), v.maxLength(12, 'must list at most 12 ids')) }),
  number: v.strictObject({ number: NumSchema }),
} as const;
const KINDS = Object.keys(BRANCH) as Array<keyof typeof BRANCH>;

/** Which outcome forms grade which kind of question. */
export const OUTCOME_FOR: Readonly<Record<'one' | 'several' | 'order' | 'number', ReadonlyArray<keyof typeof BRANCH>>> = {
  one: ['choose'], several: ['each'], order: ['sortBy', 'each'], number: ['number'],
};

/** Why `x` is not an outcome, named down to the field, or null; `ids`: the option ids it may name. */
export function outcomeProblem(x: unknown, at: string, ids: readonly string[] | null): string | null {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return `${at}: an outcome is an object with one of ${KINDS.join(', ')}`;
  const keys = Object.keys(x).filter((k) => k !== 'else');
  const kind = keys[0] as keyof typeof BRANCH;
  if (keys.length !== 1 || !KINDS.includes(kind)) return `${at}: an outcome has exactly one of ${KINDS.join(', ')} (got ${keys.join(', ') || 'none'})`;
  // The predicates first, each by its own checker: a union's message would not name the field.
  const cases: unknown = (x as Record<string, unknown>)[kind];
  if ((kind === 'choose' || kind === 'each') && Array.isArray(cases)) {
    for (const [i, c] of cases.entries()) {
      const when: unknown = c && typeof c === 'object' ? (c as { when?: unknown }).when : undefined;
      const p = when === undefined ? null : predicateProblem(when, `${at}.${kind}[${i}].when`);
      if (p) return p;
    }
  }
  const r = v.safeParse(BRANCH[kind], x);
  if (!r.success) return issueText(r.issues[0], at);
  const named = namedIds(r.output, at);
  if (ids) for (const [id, where] of named) if (!ids.includes(id)) return `${where}: "${id}" is not one of the options (${ids.join(', ')})`;
  return null;
}

function namedIds(o: Outcome, at: string): Array<[string, string]> {
  if ('choose' in o) return [...o.choose.map((c, i): [string, string] => [c.then, `${at}.choose[${i}].then`]), [o.else, `${at}.else`]];
  if ('each' in o) return o.each.map((c, i) => [c.id, `${at}.each[${i}].id`]);
  if ('sortBy' in o) return o.sortBy.map((c, i) => [c.id, `${at}.sortBy[${i}].id`]);
  return [];
}

const OutcomeSchema = v.union(Object.values(BRANCH));

/** The outcome, parsed (call outcomeProblem first for a message that names the field). */
export function parseOutcome(x: unknown): Outcome {
  return v.parse(OutcomeSchema, x);
}

/** What the model did, read from the probe after the reveal. */
export function evalOutcome(o: Outcome, probe: object): Answer {
  if ('choose' in o) return o.choose.find((c) => evalPredicate(c.when, probe))?.then ?? o.else;
  if ('each' in o) return o.each.filter((c) => evalPredicate(c.when, probe)).map((c) => c.id);
  if ('sortBy' in o) return o.sortBy.map((c, i) => ({ id: c.id, k: evalNum(c.key, probe), i })).sort((a, b) => (a.k - b.k || 0) || (a.i - b.i)).map((c) => c.id);
  return evalNum(o.number, probe);
}
