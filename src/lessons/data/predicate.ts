// Declarative predicates over an instrument's probe: what a data lesson's check, a question's
// outcome and a challenge's goal say in JSON instead of a function. Nothing in one is ever
// executed: the schema below admits a closed set of forms, and evalPredicate reads the probe.
// Transport forms (state, selected, events, ctx) read the transport Probe's methods; every other
// form reads plain fields of any probe by a dotted path.
import * as v from 'valibot';
import { issueText } from '../../core/kit/valid.ts';
import type { Scalar, Match, Where, NumExpr, Predicate } from './predicateTypes.ts';
import { MatchSchema, NumSchema, PredicateSchema, WhereSchema, PRED_BRANCH, PRED_KINDS, NUM_KINDS, MAX_PREDICATE_DEPTH } from './predicateSchema.ts';
import { jsonDepth } from '../../core/kit/valid.ts';

export type { Scalar, Match, Where, NumExpr, Predicate };
export { MatchSchema, NumSchema, PredicateSchema, WhereSchema, MAX_PREDICATE_DEPTH, PRED_KINDS, NUM_KINDS };
export { describePredicate, describeNum } from './describe.ts';

/** A predicate that cannot be evaluated over this probe (strict mode): names the field. */
export class PredicateError extends Error {}

/**
 * Why `x` is not a predicate, down to the field ("check.all[1].num.between: …"), or null.
 * A union's own message ("expected Object") would not say which form was meant.
 */
export function predicateProblem(x: unknown, at = 'predicate'): string | null {
  if (jsonDepth(x, MAX_PREDICATE_DEPTH) > MAX_PREDICATE_DEPTH) return `${at}: must nest at most ${MAX_PREDICATE_DEPTH} deep`;
  return problemAt(x, at);
}

function problemAt(x: unknown, at: string): string | null {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return `${at}: a predicate is an object with one of ${PRED_KINDS.join(', ')}`;
  const keys = Object.keys(x);
  const kind = keys[0] as keyof typeof PRED_BRANCH;
  if (keys.length !== 1 || !PRED_KINDS.includes(kind)) return `${at}: a predicate has exactly one of ${PRED_KINDS.join(', ')} (got ${keys.join(', ') || 'none'})`;
  const inner = (x as Record<string, unknown>)[kind];
  if ((kind === 'all' || kind === 'any') && Array.isArray(inner)) {
    for (let i = 0; i < inner.length; i++) { const p = problemAt(inner[i], `${at}.${kind}[${i}]`); if (p) return p; }
  }
  if (kind === 'not') return problemAt(inner, `${at}.not`);
  const r = v.safeParse(PRED_BRANCH[kind], x);
  return r.success ? null : issueText(r.issues[0], at);
}

/** `x` as a predicate, or a PredicateError naming the field. */
export function parsePredicate(x: unknown, at = 'predicate'): Predicate {
  const p = predicateProblem(x, at);
  if (p) throw new PredicateError(p);
  return v.parse(PredicateSchema, x);
}

/** The instrument a predicate needs (transport forms), or null when it reads plain fields only. */
export function predicateNeeds(p: Predicate | NumExpr | unknown): 'transport' | null {
  let needs: 'transport' | null = null;
  walk(p, (node) => {
    const count = node.count;
    if (['state', 'selected', 'events', 'ctx'].some((k) => k in node) || (typeof count === 'object' && count !== null && 'events' in count)) needs = 'transport';
  });
  return needs;
}

function walk(x: unknown, f: (node: Record<string, unknown>) => void): void {
  if (!x || typeof x !== 'object') return;
  if (!Array.isArray(x)) f(x as Record<string, unknown>);
  for (const y of Object.values(x)) walk(y, f);
}

// ---------------------------------------------------------------------------------------------
// Evaluation.

interface TransportLike {
  state(host: number, qpn: number): string;
  ctx(host: number, qpn: number, field: string): number;
  since(kind: string): readonly object[];
  selected: { host: number; qpn: number } | null;
}
const isTransport = (p: object): p is TransportLike => typeof (p as { since?: unknown }).since === 'function' && typeof (p as { state?: unknown }).state === 'function';

/** strict: an unknown field, or a transport form over another probe, throws instead of reading false. */
export interface EvalOptions { strict?: boolean }

/** Read a dotted path ("compare.a.hitRate", "outcome|drop": the first present) of a value. */
export function readPath(root: unknown, path: string, strict = false): unknown {
  let cur: unknown = root;
  for (const seg of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    const alts = seg.split('|');
    let next: unknown;
    let found = false;
    for (const key of alts) {
      if (Array.isArray(cur) && (key === 'length' || /^\d+$/.test(key))) { next = key === 'length' ? cur.length : cur[Number(key)]; found = true; }
      else if (typeof cur === 'object' && Object.hasOwn(cur, key)) { next = (cur as Record<string, unknown>)[key]; found = true; }
      if (found && next !== undefined) break;
    }
    if (!found && strict && typeof cur === 'object') throw new PredicateError(`no field "${seg}" at "${path}" in the probe`);
    cur = next;
  }
  return cur;
}

function matchOne(value: unknown, m: Match): boolean {
  if (m === null || typeof m !== 'object') return value === m;
  if (Array.isArray(m)) return m.some((x) => x === value);
  if ('prefix' in m) return typeof value === 'string' && value.startsWith(m.prefix);
  if ('matches' in m) return typeof value === 'string' && new RegExp(m.matches).test(value);
  if ('has' in m) return Array.isArray(value) && value.includes(m.has);
  if ('not' in m) return !matchOne(value, m.not);
  const x = typeof value === 'number' ? value : NaN;
  return Number.isFinite(x) && (m.min === undefined || x >= m.min) && (m.max === undefined || x <= m.max);
}

function matchesWhere(item: unknown, where: Where | undefined, strict: boolean): boolean {
  if (!where) return true;
  return Object.entries(where).every(([path, m]) => matchOne(readPath(item, path, strict), m));
}

function transport(probe: object, form: string, strict: boolean): TransportLike | null {
  if (isTransport(probe)) return probe;
  if (strict) throw new PredicateError(`"${form}" reads the transport instrument's probe`);
  return null;
}

function eventsOf(probe: object, q: { kind: string; where?: Where; last?: boolean }, strict: boolean): unknown[] {
  const t = transport(probe, 'events', strict);
  if (!t) return [];
  const all = t.since(q.kind);
  const pool = q.last ? all.slice(-1) : all;
  return pool.filter((e) => matchesWhere(e, q.where, strict));
}

function listAt(probe: object, q: { list: string; where?: Where }, strict: boolean): unknown[] {
  const xs = readPath(probe, q.list, strict);
  if (!Array.isArray(xs)) {
    if (strict && xs !== undefined && xs !== null) throw new PredicateError(`"${q.list}" is not a list in the probe`);
    return [];
  }
  return xs.filter((x) => matchesWhere(x, q.where, strict));
}

/** The number a NumExpr stands for over this probe (NaN when it reads nothing). */
export function evalNum(n: NumExpr, probe: object, opts: EvalOptions = {}): number {
  const strict = !!opts.strict;
  const rec = (x: NumExpr) => evalNum(x, probe, opts);
  if (typeof n === 'number') return n;
  if ('read' in n) {
    const x = readPath(probe, n.read, strict);
    if (typeof x === 'boolean') return x ? 1 : 0;
    if (strict && x !== undefined && x !== null && typeof x !== 'number') throw new PredicateError(`"${n.read}" is not a number in the probe`);
    return typeof x === 'number' ? x : NaN;
  }
  if ('ctx' in n) { const t = transport(probe, 'ctx', strict); return t ? t.ctx(n.ctx.host, n.ctx.qpn, n.ctx.field) : NaN; }
  if ('count' in n) return 'events' in n.count ? eventsOf(probe, { kind: n.count.events, where: n.count.where, last: n.count.last }, strict).length : listAt(probe, n.count, strict).length;
  if ('add' in n) return n.add.reduce<number>((s, x) => s + rec(x), 0);
  if ('sub' in n) return rec(n.sub[0]) - rec(n.sub[1]);
  if ('mul' in n) return n.mul.reduce<number>((s, x) => s * rec(x), 1);
  if ('div' in n) return rec(n.div[0]) / rec(n.div[1]);
  const step = n.to ?? 1;
  return Math.round(rec(n.round) / step) * step;
}

/** Does the predicate hold over this probe? (Reads only; never throws unless strict.) */
export function evalPredicate(p: Predicate, probe: object, opts: EvalOptions = {}): boolean {
  const strict = !!opts.strict;
  const rec = (x: Predicate) => evalPredicate(x, probe, opts);
  if ('all' in p) return p.all.every(rec);
  if ('any' in p) return p.any.some(rec);
  if ('not' in p) return !rec(p.not);
  if ('state' in p) {
    const t = transport(probe, 'state', strict);
    if (!t) return false;
    const label = t.state(p.state.host, p.state.qpn);
    const wanted = Array.isArray(p.state.is) ? p.state.is : [p.state.is];
    // "SQD" names both "SQD (draining)" and "SQD (drained)".
    return wanted.some((w) => label === w || label.startsWith(`${w} (`));
  }
  if ('selected' in p) {
    const t = transport(probe, 'selected', strict);
    if (!t) return false;
    const s = t.selected;
    return p.selected === null ? s === null : s !== null && s.host === p.selected.host && s.qpn === p.selected.qpn;
  }
  if ('events' in p) return inCount(eventsOf(probe, p.events, strict).length, p.events);
  if ('items' in p) {
    const xs = listAt(probe, p.items, strict);
    if (p.items.every && !xs.every((x) => matchesWhere(x, p.items.every, strict))) return false;
    return inCount(xs.length, p.items);
  }
  if ('field' in p) return matchOne(readPath(probe, p.field.path, strict), p.field.is);
  const c = p.num;
  const x = evalNum(c.of, probe, opts);
  if (!Number.isFinite(x)) return false;
  const tol = (target: number) => Math.max(c.tolerance ?? 0, Math.abs(target) * (c.relTolerance ?? 0));
  if (c.between && !(x >= c.between[0] - tol(c.between[0]) && x <= c.between[1] + tol(c.between[1]))) return false;
  if (c.equals !== undefined) { const e = evalNum(c.equals, probe, opts); if (!(Math.abs(x - e) <= tol(e))) return false; }
  if (c.atLeast !== undefined) { const e = evalNum(c.atLeast, probe, opts); if (!(x >= e - tol(e))) return false; }
  if (c.atMost !== undefined) { const e = evalNum(c.atMost, probe, opts); if (!(x <= e + tol(e))) return false; }
  if (c.above !== undefined && !(x > evalNum(c.above, probe, opts))) return false;
  if (c.below !== undefined && !(x < evalNum(c.below, probe, opts))) return false;
  return true;
}

function inCount(n: number, q: { atLeast?: number; atMost?: number }): boolean {
  // No bound at all means "at least one"; an upper bound alone means "from none up to it".
  return n >= (q.atLeast ?? (q.atMost === undefined ? 1 : 0)) && (q.atMost === undefined || n <= q.atMost);
}
