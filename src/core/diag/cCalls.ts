// Each ibv_modify_qp call of pasted connection code, with its attributes and mask, in the order the
// code makes them. The syntax tree comes from a real C parser (tree-sitter's C grammar, run by the
// page's diagnosis worker or by a test); this file only reads the tree, so the core stays free of
// the parser and its WebAssembly. The reading is a small interpreter of the statements connection
// code uses: `struct ibv_qp_attr` declarations with designated initialisers (nested ones too),
// field assignments through `.` and `->`, memset, mask variables built with `=`, `|=` and `&= ~`,
// and helpers defined in the same paste (called with `&attr` or a pointer), whose writes reach the
// caller's struct. A value it cannot resolve (a variable, a call) stays symbolic: its text.
import { ATTR_BIT, ATTR_NAMES, type AttrName } from '../verbs/attrs.ts';
import { QP_STATES, type QpState } from '../verbs/types.ts';

/** The part of a syntax node the reader uses (web-tree-sitter's Node has it). */
export interface CNode {
  readonly type: string;
  readonly text: string;
  readonly namedChildren: readonly (CNode | null)[];
  readonly startPosition: { readonly row: number };
  childForFieldName(name: string): CNode | null;
}

export type CValue = number | { symbolic: string };
export interface CMask { names: AttrName[]; symbolic: string[] }
export interface CCall {
  /** 1-based line of the call in the paste. */
  line: number;
  /** The QP expression (first argument), e.g. `qp` or `conn->qp`. */
  qp: string;
  /** The attributes argument as written, e.g. `&attr`. */
  attr: string;
  text: string;
  /** Fields of struct ibv_qp_attr as set at the call, nested ones flattened (`ah_attr.port_num`). */
  attrs: Record<string, CValue>;
  mask: CMask;
}

const ENUMS: Record<string, number> = {
  IBV_MTU_256: 1, IBV_MTU_512: 2, IBV_MTU_1024: 3, IBV_MTU_2048: 4, IBV_MTU_4096: 5,
  IBV_ACCESS_LOCAL_WRITE: 1, IBV_ACCESS_REMOTE_WRITE: 2, IBV_ACCESS_REMOTE_READ: 4, IBV_ACCESS_REMOTE_ATOMIC: 8,
  IBV_MIG_MIGRATED: 0, IBV_MIG_REARM: 1, IBV_MIG_ARMED: 2, true: 1, false: 0, NULL: 0,
};
QP_STATES.forEach((s, i) => { ENUMS[`IBV_QPS_${s}`] = i; });
/** The QP state an attribute value names (qp_state holds the enum's number). */
export const stateOf = (v: CValue | undefined): QpState | undefined => (typeof v === 'number' ? QP_STATES[v] : undefined);

type Obj = Map<string, CValue>;
type Val = { obj: Obj } | { mask: CMask } | { value: CValue };
type Env = Map<string, Val>;

const sym = (n: CNode): CValue => ({ symbolic: n.text.replace(/\s+/g, ' ') });
const kids = (n: CNode): CNode[] => n.namedChildren.filter((c): c is CNode => c !== null && c.type !== 'comment');

function numberOf(text: string): number | undefined {
  const t = text.replace(/[uUlL]+$/, '');
  const v = /^0x[0-9a-f]+$/i.test(t) ? parseInt(t, 16) : /^\d+$/.test(t) ? parseInt(t, 10) : NaN;
  return Number.isFinite(v) ? v : undefined;
}

/** A scalar value: literals, the verbs enums and their `|`; anything else is symbolic. */
function value(n: CNode, env: Env): CValue {
  switch (n.type) {
    case 'number_literal': return numberOf(n.text) ?? sym(n);
    case 'true': return 1;
    case 'false': return 0;
    case 'parenthesized_expression': { const k = kids(n)[0]; return k ? value(k, env) : sym(n); }
    case 'identifier': {
      if (n.text in ENUMS) return ENUMS[n.text];
      const v = env.get(n.text);
      return v && 'value' in v ? v.value : sym(n);
    }
    case 'binary_expression': {
      const l = n.childForFieldName('left'), r = n.childForFieldName('right');
      if (!l || !r || n.childForFieldName('operator')?.text !== '|') return sym(n);
      const a = value(l, env), b = value(r, env);
      return typeof a === 'number' && typeof b === 'number' ? (a | b) >>> 0 : sym(n);
    }
    default: return sym(n);
  }
}

/** A mask expression: IBV_QP_* names joined by `|`, a mask variable, or a literal; the rest symbolic. */
function mask(n: CNode, env: Env): CMask {
  const out: CMask = { names: [], symbolic: [] };
  const add = (m: CMask) => { for (const x of m.names) if (!out.names.includes(x)) out.names.push(x); out.symbolic.push(...m.symbolic); };
  if (n.type === 'parenthesized_expression') { const k = kids(n)[0]; return k ? mask(k, env) : out; }
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '|') {
    const l = n.childForFieldName('left'), r = n.childForFieldName('right');
    if (l) add(mask(l, env));
    if (r) add(mask(r, env));
    return out;
  }
  if (n.type === 'identifier') {
    if ((ATTR_NAMES as readonly string[]).includes(n.text)) return { names: [n.text as AttrName], symbolic: [] };
    const v = env.get(n.text);
    if (v && 'mask' in v) return { names: [...v.mask.names], symbolic: [...v.mask.symbolic] };
  }
  if (n.type === 'number_literal') {
    const v = numberOf(n.text);
    if (v !== undefined) return { names: ATTR_NAMES.filter((a) => (v & ATTR_BIT[a]) !== 0), symbolic: [] };
  }
  return { names: [], symbolic: [n.text.replace(/\s+/g, ' ')] };
}

/** The struct an expression designates: `attr`, `&attr`, `*p`, `p` (a pointer parameter bound to it). */
function objectOf(n: CNode | null, env: Env): Obj | undefined {
  if (!n) return undefined;
  if (n.type === 'pointer_expression' || n.type === 'parenthesized_expression') return objectOf(kids(n).at(-1) ?? null, env);
  if (n.type === 'identifier') { const v = env.get(n.text); return v && 'obj' in v ? v.obj : undefined; }
  return undefined;
}

/** `a.b.c` / `p->b.c` → the struct and the flattened field path. */
function fieldPath(n: CNode, env: Env): { obj: Obj; path: string } | undefined {
  const parts: string[] = [];
  let cur: CNode | null = n;
  while (cur?.type === 'field_expression') {
    parts.unshift(cur.childForFieldName('field')?.text ?? '?');
    cur = cur.childForFieldName('argument');
  }
  const obj = objectOf(cur, env);
  return obj ? { obj, path: parts.join('.') } : undefined;
}

function initObject(obj: Obj, list: CNode, prefix: string, env: Env): void {
  for (const item of kids(list)) {
    if (item.type !== 'initializer_pair') continue;
    const names = kids(item).filter((k) => k.type === 'field_designator').map((k) => k.text.replace(/^\./, ''));
    const v = item.childForFieldName('value');
    if (!v || !names.length) continue;
    const path = prefix + names.join('.');
    if (v.type === 'initializer_list') initObject(obj, v, `${path}.`, env);
    else obj.set(path, value(v, env));
  }
}

interface Ctx { fns: Map<string, CNode>; calls: CCall[]; depth: number }

function declare(d: CNode, env: Env, ctx: Ctx): void {
  const isAttr = /struct\s+ibv_qp_attr\b/.test(d.childForFieldName('type')?.text ?? '');
  for (const decl of kids(d).filter((k) => k.type === 'init_declarator' || k.type === 'identifier')) {
    const target = decl.type === 'identifier' ? decl : decl.childForFieldName('declarator');
    const init = decl.type === 'identifier' ? null : decl.childForFieldName('value');
    const name = target?.text;
    if (!name || !/^\w+$/.test(name)) { if (init) exprs(init, env, ctx); continue; }
    if (isAttr) {
      const obj: Obj = new Map();
      if (init?.type === 'initializer_list') initObject(obj, init, '', env);
      env.set(name, { obj });
    } else if (init) {
      exprs(init, env, ctx);
      const m = mask(init, env);
      env.set(name, m.names.length && !m.symbolic.length ? { mask: m } : { value: value(init, env) });
    }
  }
}

function assign(n: CNode, env: Env, ctx: Ctx): void {
  const left = n.childForFieldName('left'), right = n.childForFieldName('right');
  if (!left || !right) return;
  exprs(right, env, ctx);
  const op = n.childForFieldName('operator')?.text ?? '=';
  if (left.type === 'field_expression') {
    const f = fieldPath(left, env);
    if (f) f.obj.set(f.path, value(right, env));
    return;
  }
  if (left.type !== 'identifier') return;
  const had = env.get(left.text);
  const before: CMask = had && 'mask' in had ? had.mask : { names: [], symbolic: [] };
  if (op === '|=') {
    const add = mask(right, env);
    env.set(left.text, { mask: { names: [...before.names, ...add.names.filter((x) => !before.names.includes(x))], symbolic: [...before.symbolic, ...add.symbolic] } });
  } else if (op === '&=' && right.type === 'unary_expression' && right.text.trim().startsWith('~')) {
    const drop = mask(kids(right)[0] ?? right, env);
    env.set(left.text, { mask: { names: before.names.filter((x) => !drop.names.includes(x)), symbolic: before.symbolic } });
  } else if (op === '=') {
    const m = mask(right, env);
    env.set(left.text, m.names.length ? { mask: m } : { value: value(right, env) });
  }
}

function call(n: CNode, env: Env, ctx: Ctx): void {
  const fn = n.childForFieldName('function')?.text ?? '';
  const list = n.childForFieldName('arguments');
  const args = list ? kids(list) : [];
  for (const a of args) exprs(a, env, ctx);
  if (fn === 'ibv_modify_qp' && args.length === 3) {
    const obj = objectOf(args[1], env) ?? new Map<string, CValue>();
    // The QP's name as the caller knows it: a helper's `qp` parameter stands for the argument passed.
    const bound = args[0].type === 'identifier' ? env.get(args[0].text) : undefined;
    const qp = bound && 'value' in bound && typeof bound.value !== 'number' ? bound.value.symbolic : args[0].text;
    ctx.calls.push({ line: n.startPosition.row + 1, qp, attr: args[1].text, text: n.text.replace(/\s+/g, ' '), attrs: Object.fromEntries(obj), mask: mask(args[2], env) });
  } else if (fn === 'memset' && args.length >= 1) {
    objectOf(args[0], env)?.clear();
  } else if (ctx.fns.has(fn) && ctx.depth < 8) {
    run(ctx.fns.get(fn) as CNode, args.map((a) => bind(a, env)), { ...ctx, depth: ctx.depth + 1 });
  }
}

/** What an argument passes to a helper: a struct by pointer, a mask, or a value. */
function bind(a: CNode, env: Env): Val {
  const obj = objectOf(a, env);
  if (obj) return { obj };
  const m = a.type === 'number_literal' ? null : mask(a, env);
  return m?.names.length ? { mask: m } : { value: value(a, env) };
}

/** Walk an expression for the calls and assignments inside it, in evaluation order. */
function exprs(n: CNode, env: Env, ctx: Ctx): void {
  if (n.type === 'call_expression') return call(n, env, ctx);
  if (n.type === 'assignment_expression') return assign(n, env, ctx);
  for (const k of kids(n)) exprs(k, env, ctx);
}

function stmts(n: CNode, env: Env, ctx: Ctx): void {
  if (n.type === 'declaration') return declare(n, env, ctx);
  if (n.type === 'function_definition') return;
  if (n.type === 'expression_statement' || n.type === 'return_statement') { for (const k of kids(n)) exprs(k, env, ctx); return; }
  // if / else, loops, blocks: the statements of every branch, once, in source order.
  for (const k of kids(n)) {
    if (/statement$|^declaration$|^compound_statement$|^else_clause$/.test(k.type)) stmts(k, env, ctx);
    else exprs(k, env, ctx);
  }
}

function declaratorOf(fn: CNode): CNode | null {
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return d;
}

function run(fn: CNode, args: Val[], ctx: Ctx): void {
  const env: Env = new Map();
  const list = declaratorOf(fn)?.childForFieldName('parameters');
  (list ? kids(list) : []).forEach((p, i) => {
    const name = p.childForFieldName('declarator')?.text.match(/(\w+)\s*(\[\s*\])?\s*$/)?.[1];
    if (!name) return;
    // A struct ibv_qp_attr parameter of an entry point (no caller here) gets a struct of its own.
    const isAttr = /struct\s+ibv_qp_attr\b/.test(p.childForFieldName('type')?.text ?? '');
    env.set(name, args[i] ?? (isAttr ? { obj: new Map() } : { value: { symbolic: name } }));
  });
  const body = fn.childForFieldName('body');
  if (body) stmts(body, env, ctx);
}

/** Every ibv_modify_qp call of a translation unit (or of bare statements), in execution order. */
export function extractCalls(root: CNode): CCall[] {
  const defs = kids(root).filter((k) => k.type === 'function_definition');
  const fns = new Map<string, CNode>();
  for (const f of defs) {
    const name = declaratorOf(f)?.childForFieldName('declarator')?.text;
    if (name) fns.set(name, f);
  }
  // Entry points: functions no other function of the paste calls; their helpers run when called.
  const called = new Set(defs.flatMap((f) => [...f.text.matchAll(/\b(\w+)\s*\(/g)].map((m) => m[1]).filter((x) => x !== (f.text.match(/\b(\w+)\s*\(/)?.[1]))));
  const ctx: Ctx = { fns, calls: [], depth: 0 };
  // Statements outside any function (a pasted fragment) run first, as written.
  const top: Env = new Map();
  for (const k of kids(root)) if (k.type !== 'function_definition') stmts(k, top, ctx);
  for (const [name, f] of fns) if (!called.has(name)) run(f, [], ctx);
  return ctx.calls;
}
