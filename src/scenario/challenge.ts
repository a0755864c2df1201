// Challenges: an instructor's scenario, a text and a goal the page grades live. A goal is data
// (a small predicate language, checked by a valibot schema; nothing from a link is ever
// executed): QP states, counts of events, a time span between two events, the simulated time,
// any number in the summary; combined with all / any / not. An optional score (lower is better)
// sums a field over matching events, e.g. the attributes passed to ibv_modify_qp.
import * as v from 'valibot';
import { issueText } from '../core/kit/valid.ts';
import type { SimEvent, Summary } from '../core/index.ts';

const Op = v.picklist(['<', '<=', '==', '>=', '>']);
const Where = v.record(v.pipe(v.string(), v.maxLength(40)), v.union([v.string(), v.number(), v.boolean()]));
const Match = v.strictObject({ kind: v.pipe(v.string(), v.maxLength(40)), where: v.optional(Where) });
const Num = v.pipe(v.number(), v.finite());

type GoalT =
  | { all: GoalT[] } | { any: GoalT[] } | { not: GoalT }
  | { state: { host: number; qpn: number; is: string } }
  | { count: { kind: string; where?: Record<string, string | number | boolean>; op: Op; value: number } }
  | { span: { from: v.InferOutput<typeof Match>; to: v.InferOutput<typeof Match>; op: Op; value: number } }
  | { time: { op: Op; value: number } }
  | { summary: { path: string; op: Op; value: number } };
type Op = v.InferOutput<typeof Op>;

/** One schema per kind of goal: a goal is an object with exactly one of these keys. */
const BRANCH = {
  all: v.strictObject({ all: v.pipe(v.array(v.lazy(() => GoalSchema)), v.minLength(1), v.maxLength(16)) }),
  any: v.strictObject({ any: v.pipe(v.array(v.lazy(() => GoalSchema)), v.minLength(1), v.maxLength(16)) }),
  not: v.strictObject({ not: v.lazy(() => GoalSchema) }),
  state: v.strictObject({ state: v.strictObject({ host: v.pipe(v.number(), v.integer(), v.minValue(0)), qpn: v.pipe(v.number(), v.integer(), v.minValue(0)), is: v.pipe(v.string(), v.maxLength(20)) }) }),
  count: v.strictObject({ count: v.strictObject({ kind: v.pipe(v.string(), v.maxLength(40)), where: v.optional(Where), op: Op, value: Num }) }),
  span: v.strictObject({ span: v.strictObject({ from: Match, to: Match, op: Op, value: Num }) }),
  time: v.strictObject({ time: v.strictObject({ op: Op, value: Num }) }),
  summary: v.strictObject({ summary: v.strictObject({ path: v.pipe(v.string(), v.regex(/^[A-Za-z_]+(\.[A-Za-z_]+)*$/), v.maxLength(60)), op: Op, value: Num }) }),
} as const;
const KINDS = Object.keys(BRANCH) as Array<keyof typeof BRANCH>;

export const GoalSchema: v.GenericSchema<GoalT> = v.lazy(() => v.union([BRANCH.all, BRANCH.any, BRANCH.not, BRANCH.state, BRANCH.count, BRANCH.span, BRANCH.time, BRANCH.summary]));
export type Goal = GoalT;


/**
 * Why a goal is refused, named down to the field: a union's own message ("expected Object")
 * would not say which kind of goal was meant or what in it is wrong.
 */
function goalProblem(g: unknown, at: string): string | null {
  if (!g || typeof g !== 'object' || Array.isArray(g)) return `${at}: a goal is an object with one of ${KINDS.join(', ')}`;
  const keys = Object.keys(g);
  const kind = keys[0] as keyof typeof BRANCH;
  if (keys.length !== 1 || !KINDS.includes(kind)) return `${at}: a goal has exactly one of ${KINDS.join(', ')} (got ${keys.join(', ') || 'none'})`;
  const inner = (g as Record<string, unknown>)[kind];
  if ((kind === 'all' || kind === 'any') && Array.isArray(inner)) {
    for (let i = 0; i < inner.length; i++) { const p = goalProblem(inner[i], `${at}.${kind}[${i}]`); if (p) return p; }
  }
  if (kind === 'not') return goalProblem(inner, `${at}.not`);
  const r = v.safeParse(BRANCH[kind], g);
  return r.success ? null : issueText(r.issues[0], at);
}

/**
 * How deep a goal may nest (all / any / not within each other). No goal a person writes comes
 * near it, and every reader of a goal (this schema, the grader) recurses: a link nesting `not`
 * thousands deep would exhaust the stack before any message could name the problem.
 */
export const MAX_GOAL_DEPTH = 16;

/** How deep `g` nests goals in goals (all, any, not), counted without recursing, up to `limit` + 1. */
function goalDepth(g: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[g, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [x, d] = top;
    if (!x || typeof x !== 'object') continue;
    deepest = Math.max(deepest, d);
    if (deepest > limit) return deepest;
    const o = x as { all?: unknown; any?: unknown; not?: unknown };
    for (const list of [o.all, o.any]) if (Array.isArray(list)) for (const y of list) stack.push([y, d + 1]);
    if ('not' in o) stack.push([o.not, d + 1]);
  }
  return deepest;
}

// The depth is checked first: the schema after it recurses only into a goal known to be shallow.
const GoalField = v.pipe(v.unknown(), v.check((g) => goalDepth(g, MAX_GOAL_DEPTH) <= MAX_GOAL_DEPTH, `must nest goals at most ${MAX_GOAL_DEPTH} deep`), GoalSchema);

export const ChallengeSchema = v.strictObject({
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
  text: v.pipe(v.string(), v.maxLength(2000)),
  goal: GoalField,
  /** Lower is better: the sum of `field` (a number, or an array's length) over matching events. */
  score: v.optional(v.strictObject({ label: v.pipe(v.string(), v.maxLength(80)), kind: v.pipe(v.string(), v.maxLength(40)), field: v.pipe(v.string(), v.maxLength(40)), where: v.optional(Where) })),
});
export type Challenge = v.InferOutput<typeof ChallengeSchema>;

/**
 * What a goal reads of the events, summed over every event of the run (not only those a bounded
 * trace still keeps): per `count` goal its matches, per `span` goal the first `from` and the last
 * `to`, and the score. Fed event by event; its state is a plain array (checkpoints keep it).
 */
export class GoalTally {
  private readonly slot = new Map<object, number>();
  private readonly rules: Array<(e: SimEvent, v: number[]) => void> = [];
  private v: number[] = [];

  constructor(readonly challenge: Challenge) {
    const add = (key: object, init: number[], rule: (e: SimEvent, v: number[], k: number) => void) => {
      const k = this.v.length;
      this.slot.set(key, k);
      this.v.push(...init);
      this.rules.push((e, v) => rule(e, v, k));
    };
    const walk = (g: Goal): void => {
      if ('all' in g) g.all.forEach(walk);
      else if ('any' in g) g.any.forEach(walk);
      else if ('not' in g) walk(g.not);
      else if ('count' in g) add(g.count, [0], (e, v, k) => { if (matches(e, g.count)) v[k]++; });
      else if ('span' in g) {
        add(g.span, [NaN, NaN], (e, v, k) => {
          if (Number.isNaN(v[k]) && matches(e, g.span.from)) v[k] = e.t;
          if (matches(e, g.span.to)) v[k + 1] = e.t;
        });
      }
    };
    walk(challenge.goal);
    const sc = challenge.score;
    if (sc) {
      add(sc, [0], (e, v, k) => {
        if (!matches(e, sc)) return;
        const f = fieldOf(e, sc.field);
        v[k] += Array.isArray(f) ? f.length : typeof f === 'number' ? f : 0;
      });
    }
  }

  feed(e: SimEvent): void {
    for (const r of this.rules) r(e, this.v);
  }

  save(): number[] { return this.v.slice(); }
  load(v: readonly number[]): void { this.v = v.slice(); }

  /** The slot of a goal part the constructor registered (every part of this challenge's goal is). */
  private at(g: object): number {
    const k = this.slot.get(g);
    if (k === undefined) throw new Error('not a part of this challenge');
    return k;
  }

  count(g: object): number { return this.v[this.at(g)]; }
  /** First `from` and last `to` instants (NaN until seen). */
  span(g: object): [number, number] { const k = this.at(g); return [this.v[k], this.v[k + 1]]; }
  score(): number | null { return this.challenge.score ? this.v[this.at(this.challenge.score)] : null; }
}

/** What a goal reads: the tallies over every event, QP states and the summary at the current instant. */
export interface GoalModel {
  now: number;
  tally: GoalTally;
  state(host: number, qpn: number): { label: string; verbs: string } | null;
  summary(): Omit<Summary, 'qps'>;
}

export interface GoalPart { text: string; met: boolean; value?: number }
export interface ChallengeStatus { met: boolean; parts: GoalPart[]; score: number | null }

const cmp = (a: number, op: Op, b: number) => (op === '<' ? a < b : op === '<=' ? a <= b : op === '==' ? a === b : op === '>=' ? a >= b : a > b);
/** An event's field by the name a goal or score gives it (events are plain objects; a name it lacks reads undefined). */
const fieldOf = (e: SimEvent, k: string): unknown => Object.getOwnPropertyDescriptor(e, k)?.value;
const matches = (e: SimEvent, m: { kind: string; where?: Record<string, unknown> }) =>
  e.kind === m.kind && Object.entries(m.where ?? {}).every(([k, x]) => fieldOf(e, k) === x);
const hex = (n: number) => `0x${n.toString(16)}`;
const whereText = (w?: Record<string, unknown>) => (w && Object.keys(w).length ? ` (${Object.entries(w).map(([k, x]) => `${k} ${typeof x === 'number' && k.toLowerCase().includes('qpn') ? hex(x) : String(x)}`).join(', ')})` : '');

function pathValue(o: unknown, path: string): number {
  let x: unknown = o;
  for (const p of path.split('.')) x = x && typeof x === 'object' ? (x as Record<string, unknown>)[p] : undefined;
  // A true/false reads as 1/0 (`drained == 1`), so the probes' flags are goals too.
  return typeof x === 'number' ? x : typeof x === 'boolean' ? Number(x) : 0;
}

/** Evaluate a goal; leaves are reported as parts (what a learner sees ticked off). */
export function evaluateGoal(g: Goal, m: GoalModel, parts: GoalPart[] = []): boolean {
  if ('all' in g) return g.all.map((x) => evaluateGoal(x, m, parts)).every(Boolean);
  if ('any' in g) return g.any.map((x) => evaluateGoal(x, m, parts)).some(Boolean);
  if ('not' in g) { const sub: GoalPart[] = []; const r = !evaluateGoal(g.not, m, sub); parts.push(...sub.map((p) => ({ ...p, text: `not: ${p.text}`, met: !p.met }))); return r; }
  if ('state' in g) {
    const s = m.state(g.state.host, g.state.qpn);
    const met = s !== null && (s.label === g.state.is || s.verbs === g.state.is);
    parts.push({ text: `QP ${String.fromCharCode(65 + g.state.host)}·${hex(g.state.qpn)} is in ${g.state.is}${s ? ` (now ${s.label})` : ' (no such QP)'}`, met });
    return met;
  }
  if ('count' in g) {
    const n = m.tally.count(g.count);
    const met = cmp(n, g.count.op, g.count.value);
    parts.push({ text: `${g.count.kind} events${whereText(g.count.where)} ${g.count.op} ${g.count.value} (now ${n})`, met, value: n });
    return met;
  }
  if ('span' in g) {
    const [a, b] = m.tally.span(g.span);
    const d = b - a;
    const met = Number.isFinite(d) && cmp(d, g.span.op, g.span.value);
    parts.push({ text: `from the first ${g.span.from.kind}${whereText(g.span.from.where)} to the last ${g.span.to.kind}${whereText(g.span.to.where)}: ${g.span.op} ${g.span.value} ns${Number.isFinite(d) ? ` (now ${d} ns)` : ' (not yet)'}`, met, value: Number.isFinite(d) ? d : undefined });
    return met;
  }
  if ('time' in g) {
    const met = cmp(m.now, g.time.op, g.time.value);
    parts.push({ text: `simulated time ${g.time.op} ${g.time.value} ns (now ${m.now})`, met, value: m.now });
    return met;
  }
  const x = pathValue(m.summary(), g.summary.path);
  const met = cmp(x, g.summary.op, g.summary.value);
  parts.push({ text: `${g.summary.path} ${g.summary.op} ${g.summary.value} (now ${x})`, met, value: x });
  return met;
}

export function challengeStatus(c: Challenge, m: GoalModel): ChallengeStatus {
  const parts: GoalPart[] = [];
  const met = evaluateGoal(c.goal, m, parts);
  return { met, parts, score: m.tally.score() };
}

/** Parse a challenge (from a link or the instructor's editor); a refusal names the field. */
export function parseChallenge(x: unknown): { ok: true; value: Challenge } | { ok: false; error: string } {
  const r = v.safeParse(ChallengeSchema, x);
  if (r.success) return { ok: true, value: r.output };
  const i = r.issues[0];
  // goalProblem recurses: only into a goal known to be shallow (a deeper one is named by depth).
  if (i.path?.[0]?.key === 'goal' && goalDepth((x as { goal?: unknown }).goal, MAX_GOAL_DEPTH) <= MAX_GOAL_DEPTH) {
    const p = goalProblem((x as { goal?: unknown }).goal, 'challenge.goal');
    if (p) return { ok: false, error: p };
  }
  return { ok: false, error: issueText(i, 'challenge') };
}

/** The example an instructor starts from: RTS with the fewest attributes passed. */
export function exampleChallenge(): Challenge {
  return {
    title: 'Bring QP 0x100 to RTS with the fewest attributes',
    text: 'QP 0x100 on host A was just created. Take it to RTS so that a send to host B succeeds, passing as few attributes to ibv_modify_qp as the kernel allows.',
    goal: { all: [{ state: { host: 0, qpn: 0x100, is: 'RTS' } }, { count: { kind: 'cqe', where: { host: 0, qpn: 0x100, queue: 'sq', status: 'IBV_WC_SUCCESS' }, op: '>=', value: 1 } }] },
    score: { label: 'attributes passed to ibv_modify_qp (lower is better)', kind: 'modify', field: 'mask', where: { host: 0, qpn: 0x100 } },
  };
}
