// The valibot schema of the predicate language (shapes in predicateTypes.ts): strict objects
// with exactly one key each, bounded strings and lists, paths that name fields and nothing else.
import * as v from 'valibot';
import type { Match, NumExpr, Predicate, Where } from './predicateTypes.ts';

/**
 * How deep a predicate may nest (objects within objects). No check a person writes comes near
 * it, and every reader recurses: a file nesting `not` thousands deep would exhaust the stack
 * before any message could name the problem, so the depth is counted first, without recursing.
 */
export const MAX_PREDICATE_DEPTH = 24;

const SEG = String.raw`(?:[A-Za-z_][A-Za-z0-9_]*(?:\|[A-Za-z_][A-Za-z0-9_]*)*|\d+)`;
const PATH_RE = new RegExp(`^${SEG}(?:\\.${SEG})*$`);
const FORBIDDEN = /(^|[.|])(__proto__|prototype|constructor)($|[.|])/;

/** A dotted path of field names ("compare.a.hitRate"; "outcome|drop": the first present). */
export const PathSchema = v.pipe(
  v.string('must be a text'), v.maxLength(80, 'must be at most 80 characters'),
  v.regex(PATH_RE, 'must be a dotted path of field names, e.g. "compare.a.hitRate"'),
  v.check((s) => !FORBIDDEN.test(s), 'must name fields of the probe'),
);
const Name = v.pipe(v.string('must be a text'), v.minLength(1, 'must not be empty'), v.maxLength(40, 'must be at most 40 characters'));
const Text = v.pipe(v.string('must be a text'), v.maxLength(120, 'must be at most 120 characters'));
const Fin = v.pipe(v.number('must be a number'), v.finite('must be a finite number'));
const Count = v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(0, 'must be at least 0'), v.maxValue(1_000_000, 'must be at most 1,000,000'));
const Id = v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(0, 'must be at least 0'), v.maxValue(0xffffff, 'must be at most 16,777,215'));
const Scalar = v.union([v.string(), Fin, v.boolean(), v.null()], 'must be a text, a number, true, false or null');
const Tol = v.pipe(v.number('must be a number'), v.finite('must be a finite number'), v.minValue(0, 'must be at least 0'));

const validRegex = (s: string) => { try { new RegExp(s); return true; } catch { return false; } };

export const MatchSchema: v.GenericSchema<Match> = v.lazy(() => v.union([
  Scalar,
  v.pipe(v.array(Scalar), v.maxLength(32, 'must list at most 32 values')),
  v.strictObject({ prefix: Text }),
  v.strictObject({ matches: v.pipe(Text, v.check(validRegex, 'must be a valid regular expression')) }),
  v.strictObject({ has: Scalar }),
  v.strictObject({ min: v.optional(Fin), max: v.optional(Fin) }),
  v.strictObject({ not: MatchSchema }),
], 'must be a value, a list of values, or one of {prefix}, {matches}, {has}, {min, max}, {not}'));

export const WhereSchema: v.GenericSchema<Where> = v.pipe(
  v.record(PathSchema, MatchSchema, 'must be an object of field → match'),
  v.check((w) => Object.keys(w).length <= 12, 'must match at most 12 fields'),
);

const Terms = v.pipe(v.array(v.lazy(() => NumSchema)), v.minLength(1, 'must list at least one term'), v.maxLength(8, 'must list at most 8 terms'));
const Pair = v.tuple([v.lazy(() => NumSchema), v.lazy(() => NumSchema)], 'must be a pair [a, b]');

export const NUM_BRANCH = {
  read: v.strictObject({ read: PathSchema }),
  ctx: v.strictObject({ ctx: v.strictObject({ host: Id, qpn: Id, field: Name }) }),
  count: v.strictObject({ count: v.union([
    v.strictObject({ events: Name, where: v.optional(WhereSchema), last: v.optional(v.boolean()) }),
    v.strictObject({ list: PathSchema, where: v.optional(WhereSchema) }),
  ], 'must be {events, where?, last?} or {list, where?}') }),
  add: v.strictObject({ add: Terms }),
  sub: v.strictObject({ sub: Pair }),
  mul: v.strictObject({ mul: Terms }),
  div: v.strictObject({ div: Pair }),
  round: v.strictObject({ round: v.lazy(() => NumSchema), to: v.optional(v.pipe(Fin, v.minValue(1e-9, 'must be positive'))) }),
} as const;
export const NUM_KINDS = Object.keys(NUM_BRANCH) as Array<keyof typeof NUM_BRANCH>;

export const NumSchema: v.GenericSchema<NumExpr> = v.lazy(() => v.union(
  [Fin, ...Object.values(NUM_BRANCH)],
  `must be a number or an object with one of ${NUM_KINDS.join(', ')}`,
));

const Bounds = { atLeast: v.optional(Count), atMost: v.optional(Count) };
const List = v.pipe(v.array(v.lazy(() => PredicateSchema)), v.minLength(1, 'must list at least one predicate'), v.maxLength(16, 'must list at most 16 predicates'));

export const PRED_BRANCH = {
  all: v.strictObject({ all: List }),
  any: v.strictObject({ any: List }),
  not: v.strictObject({ not: v.lazy(() => PredicateSchema) }),
  state: v.strictObject({ state: v.strictObject({ host: Id, qpn: Id, is: v.union([Name, v.pipe(v.array(Name), v.minLength(1), v.maxLength(8))], 'must be a state name or a list of them') }) }),
  selected: v.strictObject({ selected: v.nullable(v.strictObject({ host: Id, qpn: Id })) }),
  events: v.strictObject({ events: v.strictObject({ kind: Name, where: v.optional(WhereSchema), last: v.optional(v.boolean()), ...Bounds }) }),
  items: v.strictObject({ items: v.strictObject({ list: PathSchema, where: v.optional(WhereSchema), every: v.optional(WhereSchema), ...Bounds }) }),
  field: v.strictObject({ field: v.strictObject({ path: PathSchema, is: MatchSchema }) }),
  num: v.strictObject({ num: v.pipe(v.strictObject({
    of: v.lazy(() => NumSchema),
    between: v.optional(v.pipe(v.tuple([Fin, Fin], 'must be [lo, hi]'), v.check(([lo, hi]) => lo <= hi, 'must have lo ≤ hi'))),
    equals: v.optional(v.lazy(() => NumSchema)), atLeast: v.optional(v.lazy(() => NumSchema)), atMost: v.optional(v.lazy(() => NumSchema)),
    above: v.optional(v.lazy(() => NumSchema)), below: v.optional(v.lazy(() => NumSchema)),
    tolerance: v.optional(Tol), relTolerance: v.optional(Tol),
  }), v.check((c) => ['between', 'equals', 'atLeast', 'atMost', 'above', 'below'].some((k) => k in c), 'must give a bound: between, equals, atLeast, atMost, above or below')) }),
} as const;
export const PRED_KINDS = Object.keys(PRED_BRANCH) as Array<keyof typeof PRED_BRANCH>;

export const PredicateSchema: v.GenericSchema<Predicate> = v.lazy(() => v.union(Object.values(PRED_BRANCH), `must be an object with one of ${PRED_KINDS.join(', ')}`));

