// A transport challenge written in the page (Files → Write a challenge), as a link carries it: a
// title, a text, a goal, optional limits and an optional score. The goal is a predicate of the
// lesson language (lessons/data/predicate.ts), the same model as the built-in challenges
// (lessons/challenges.ts); its meaning is checked where that language lives (lessons/authored.ts),
// this layer checks only the shape and the depth. A goal written before that language (the old
// `count`, `time` kinds) is translated to it, so older challenge links keep opening.
import * as v from 'valibot';
import { jsonDepth } from '../core/kit/valid.ts';

/** How deep a goal may nest (all / any / not within each other): every reader of one recurses. */
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

/** Objects and lists in a goal: all / any take two levels each (object, list), and a leaf a few more (events.where.f.not). */
const MAX_GOAL_JSON_DEPTH = 2 * MAX_GOAL_DEPTH + 16;

// Both depths are checked here, before any reader recurses or the goal is cloned to a worker (a
// link nesting a leaf thousands deep overflowed the structured clone's stack: the link fuzzer).
const GoalField = v.pipe(v.unknown(),
  v.check((g) => goalDepth(g, MAX_GOAL_DEPTH) <= MAX_GOAL_DEPTH, `must nest goals at most ${MAX_GOAL_DEPTH} deep`),
  v.check((g) => jsonDepth(g, MAX_GOAL_JSON_DEPTH) <= MAX_GOAL_JSON_DEPTH, `must nest objects and lists at most ${MAX_GOAL_JSON_DEPTH} deep`));
const Where = v.record(v.pipe(v.string(), v.maxLength(40)), v.union([v.string(), v.number(), v.boolean()]));
const Count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

export const ChallengeSchema = v.strictObject({
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
  text: v.pipe(v.string(), v.maxLength(2000)),
  goal: GoalField,
  /** `withinNs`: the attempt is graded at that simulated instant; `maxCommands`: at most that many of the student's commands. */
  limits: v.optional(v.strictObject({ withinNs: v.optional(v.pipe(Count, v.minValue(1), v.maxValue(1e12))), maxCommands: v.optional(v.pipe(Count, v.maxValue(500))) })),
  /** Lower is better: `field` (a number, or a list's length) summed over the student's matching events. */
  score: v.optional(v.strictObject({ label: v.pipe(v.string(), v.maxLength(80)), kind: v.pipe(v.string(), v.maxLength(40)), field: v.pipe(v.string(), v.maxLength(40)), where: v.optional(Where) })),
});
export type ChallengeLink = v.InferOutput<typeof ChallengeSchema>;

type Op = '<' | '<=' | '==' | '>=' | '>';
const OPS: readonly string[] = ['<', '<=', '==', '>=', '>'];

/** A count bound of the old language as the predicate language says it (integers: `> 2` is `atLeast 3`). */
function bounds(op: Op, n: number): Record<string, number> {
  switch (op) {
    case '>=': return { atLeast: n };
    case '>': return { atLeast: Math.floor(n) + 1 };
    case '<=': return { atMost: n };
    case '<': return { atMost: Math.ceil(n) - 1 };
    case '==': return { atLeast: n, atMost: n };
  }
}
/** A number test of the old language in the predicate language. */
function numTest(op: Op, n: number): Record<string, number> {
  return op === '<' ? { below: n } : op === '<=' ? { atMost: n } : op === '==' ? { equals: n } : op === '>=' ? { atLeast: n } : { above: n };
}

/**
 * A goal in the predicate language: an old-language goal (`count`, `time`) translated, any other
 * kept as it is (`state`, `all`, `any`, `not` mean the same in both). An old `span` or `summary`
 * has no counterpart: the error says so, and the link is refused naming it.
 */
export function goalOfLink(g: unknown, at = 'challenge.goal'): { ok: true; goal: unknown } | { ok: false; error: string } {
  if (!g || typeof g !== 'object' || Array.isArray(g)) return { ok: true, goal: g };
  const o = g as Record<string, unknown>;
  const list = (k: 'all' | 'any') => {
    const xs = o[k];
    if (!Array.isArray(xs)) return { ok: true as const, goal: g };
    const out: unknown[] = [];
    for (const [i, x] of xs.entries()) { const r = goalOfLink(x, `${at}.${k}[${i}]`); if (!r.ok) return r; out.push(r.goal); }
    return { ok: true as const, goal: { [k]: out } };
  };
  if ('all' in o && Object.keys(o).length === 1) return list('all');
  if ('any' in o && Object.keys(o).length === 1) return list('any');
  if ('not' in o && Object.keys(o).length === 1) { const r = goalOfLink(o.not, `${at}.not`); return r.ok ? { ok: true, goal: { not: r.goal } } : r; }
  const c = o.count as { kind?: unknown; where?: unknown; op?: unknown; value?: unknown } | undefined;
  if (c && typeof c === 'object' && 'op' in c && OPS.includes(String(c.op)) && typeof c.value === 'number') {
    return { ok: true, goal: { events: { kind: c.kind, ...(c.where ? { where: c.where } : {}), ...bounds(c.op as Op, c.value) } } };
  }
  const t = o.time as { op?: unknown; value?: unknown } | undefined;
  if (t && typeof t === 'object' && OPS.includes(String(t.op)) && typeof t.value === 'number') {
    return { ok: true, goal: { num: { of: { read: 'now' }, ...numTest(t.op as Op, t.value) } } };
  }
  if ('span' in o || 'summary' in o) return { ok: false, error: `${at}: "${'span' in o ? 'span' : 'summary'}" was a kind of goal of the old challenge language, which the goal language (a lesson predicate) has no counterpart for; write the challenge again` };
  return { ok: true, goal: g };
}

/** The example an instructor starts from: a goal only the student's commands meet (Play alone never breaks the neighbour). */
export function exampleChallenge(): ChallengeLink {
  return {
    title: 'Break the neighbour, spare the pair',
    text: 'Put QP A·0x101 in ERR while QP A·0x100 stays in RTS, passing as few attributes to ibv_modify_qp as you can.',
    goal: { all: [{ state: { host: 0, qpn: 0x101, is: 'ERR' } }, { state: { host: 0, qpn: 0x100, is: 'RTS' } }] },
    limits: { maxCommands: 2 },
    score: { label: 'attributes you passed to ibv_modify_qp on host A (lower is better)', kind: 'modify', field: 'mask', where: { host: 0 } },
  };
}
