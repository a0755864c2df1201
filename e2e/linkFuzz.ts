// Link fuzzing: valid links of every instrument, and deterministic mutations of them from a seed
// (mulberry32): cut short, bits flipped, characters inserted, deleted, doubled, the version or
// the instrument changed, parameters added, repeated or renamed, the data inflated past every
// cap or into a decompression bomb, and, inside the payload, values of the wrong type or size,
// keys unknown or inherited, arrays grown absurdly, nesting thousands deep, and script in every
// text field. Shared by e2e/fuzz.spec.ts and the report's fuzz probe.
import { readFileSync } from 'node:fs';
import { exampleChallenge } from '../src/scenario/challenge.ts';
import { MAX_JSON_CHARS, MAX_LINK_CHARS } from '../src/scenario/link/envelope.ts';
import { bombData } from '../src/scenario/link/bomb.ts';
import { inflate } from '../src/scenario/link/inflate.ts';
import { pack } from '../src/scenario/link/pack.ts';
import { INSTRUMENTS, writeLink, type FaultsPayload, type LabId, type MemoryPayload, type TransportPayload } from '../src/scenario/link/index.ts';
import { sandboxScenario } from '../src/scenario/presets.ts';
import { parseScenario } from '../src/core/model/schema.ts';

// Every instrument, from the one id list the registry is checked against (a new one needs its links below: a type error otherwise).
export const LABS: readonly LabId[] = INSTRUMENTS;
/** The fixed seeds: the in-page runs (e2e/fuzz.spec.ts and the report's fuzz probe) and the smaller run through location.hash. */
export const SEEDS: Record<LabId, { inPage: number; viaHash: number }> = {
  transport: { inPage: 9101, viaHash: 9151 },
  memory: { inPage: 9102, viaHash: 9152 },
  faults: { inPage: 9103, viaHash: 9153 },
};
const VERSION: Record<LabId, number> = { transport: 2, memory: 2, faults: 1 };

/** What text-field mutations write: markup and script that must only ever show as text. */
export const SCRIPTS = [
  '<script>window.__qpXss=1</script>',
  '<img src=x onerror="window.__qpXss=1">',
  '"><svg onload="window.__qpXss=1">',
  "javascript:window.__qpXss=1",
  '</code><b>bold?</b>`<i>',
  '{{constructor.constructor("window.__qpXss=1")()}}',
  '\u202eevil\u0000nul',
];

/** Valid links, as hashes, for each instrument: the current version in several states, and golden older ones. */
export function baseLinks(): Record<LabId, string[]> {
  const golden = JSON.parse(readFileSync('fixtures/links/golden-v1.json', 'utf8')) as Record<string, Array<{ hash: string }>>;
  const sc = parseScenario(sandboxScenario());
  const transport: TransportPayload[] = [
    // Early instants: a valid link replays the scenario to its instant, and 10,000 of them add up.
    { scenario: sc, t: 2345 },
    { scenario: sc, t: 6000, sel: { host: 1, qpn: 0x201 }, tab: 'post', speed: 2000, lesson: { id: 'errors', step: 2 } },
    { scenario: { ...sc, title: 'A challenge' }, t: 0, challenge: exampleChallenge() },
    { scenario: { ...sc, config: { ...sc.config, profile: 'mlx5' } }, t: 3000, compare: 'rxe', tab: 'modify' },
  ];
  const memory: MemoryPayload[] = [
    { preset: 'cx3', qps: 48, overrides: {} },
    { preset: 'cx5', qps: 4096, overrides: { policy: '2q', pattern: 'zipf', skew: 1.2, pinned: [16, 17] }, tab: 'capacity', race: { offset: -2, protection: 'seqlock' }, speed: 40_000, lesson: { id: 'capacity', step: 1 } },
    { preset: 'connect-ib', qps: 600, overrides: { entries: 256, ways: 4, engine: 'firmware' }, compare: { a: { policy: 'lru', engine: 'fixed', entries: 512, ways: 8 }, b: { policy: 'lfu', engine: 'firmware', entries: 1024, ways: 0 } }, tab: 'compare' },
  ];
  const settings = { qps: 500, fault: 'port-down', preset: 'mlx4', eqDepth: 64, serviceNs: 20_000, eqeNs: 100, policy: 'priority', classes: 3, mix: 'equal', outstanding: 8, seed: 1, consumer: 'kernel', idle: 0, classMix: 'interleaved', srq: 0, eventNs: 2_000, ackNs: 0, cm: false } as const;
  const faults: FaultsPayload[] = [
    { settings: { ...settings, qps: 64 } },
    { settings, reset: { situation: 'read-streaming', resetAtNs: 8000, errFirst: true, reuse: false, quarantine: false, randomPsn: true, reusePeer: 'same', allocator: 'rxe' }, compare: 'fifo', tab: 'reset', speed: 1e6, lesson: { id: 'storm', step: 2 } },
  ];
  return {
    transport: [...transport.map((p) => `#${writeLink('transport', p)}`), ...golden.transport.map((g) => g.hash)],
    memory: [...memory.map((p) => `#${writeLink('memory', p)}`), ...golden.memory.map((g) => g.hash)],
    faults: faults.map((p) => `#${writeLink('faults', p)}`),
  };
}

/** A small seeded generator (mulberry32): the same seed gives the same mutations everywhere. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

export interface Mutation { kind: string; hash: string }

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const JUNK = `${ALPHABET}&=#%?/ <>"'\`\\{}[]:;,.~!@^*()_|é€\u0000\u202e😀`;

function split(hash: string): { params: Array<[string, string]> } {
  return { params: hash.replace(/^#/, '').split('&').map((p) => { const i = p.indexOf('='); return i < 0 ? [p, ''] as [string, string] : [p.slice(0, i), p.slice(i + 1)] as [string, string]; }) };
}
const join = (params: Array<[string, string]>) => `#${params.map(([k, v]) => `${k}=${v}`).join('&')}`;

/** The payload a hash carries, with its lab, version and the parameter holding it (null: not decodable). */
function payloadOf(hash: string): { lab: LabId; version: number; param: string; value: unknown } | null {
  const { params } = split(hash);
  const get = (k: string) => params.find(([x]) => x === k)?.[1];
  const param = get('d') !== undefined ? 'd' : get('s') !== undefined ? 's' : get('m') !== undefined ? 'm' : null;
  if (!param) return null;
  const lab = (get('lab') ?? (param === 's' ? 'transport' : 'memory')) as LabId;
  const json = inflate(get(param)!, MAX_JSON_CHARS);
  return json.ok ? { lab, version: param === 'd' ? Number(get('v')) : 1, param, value: JSON.parse(json.text) } : null;
}

/** JSON text too deep for JSON.stringify, put in place of a marker string by withPayload. */
const RAW: string[] = [];
const raw = (text: string): string => `@@raw:${RAW.push(text) - 1}@@`;

function withPayload(hash: string, value: unknown): string {
  const { params } = split(hash);
  const i = params.findIndex(([k]) => k === 'd' || k === 's' || k === 'm');
  const json = JSON.stringify(value).replace(/"@@raw:(\d+)@@"/g, (_, n: string) => RAW[Number(n)]);
  // lz-string's own encoder takes seconds on the megabyte of repetitive text some mutations make; pack writes the same.
  params[i] = [params[i][0], pack(json)];
  return join(params);
}

/** Every path to a value in a JSON tree (objects and arrays), with the value. */
function paths(x: unknown, at: Array<string | number> = [], out: Array<{ path: Array<string | number>; value: unknown }> = []) {
  out.push({ path: at, value: x });
  if (out.length > 4000) return out;
  if (Array.isArray(x)) x.forEach((v, i) => paths(v, [...at, i], out));
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) paths(v, [...at, k], out);
  return out;
}

function setAt(root: unknown, path: Array<string | number>, f: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const box: Record<string | number, unknown> = { root: structuredClone(root) };
  const full: Array<string | number> = ['root', ...path];
  let p = box;
  for (const k of full.slice(0, -1)) p = p[k] as Record<string | number, unknown>;
  f(p, full[full.length - 1]);
  return box.root;
}

/** A value nested `n` deep (objects and arrays in turn). */
function deep(n: number): string {
  let open = '';
  let close = '';
  for (let k = 0; k < n; k++) { open += k % 2 ? '[' : '{"not":'; close = (k % 2 ? ']' : '}') + close; }
  return raw(`${open}1${close}`);
}

/** `node` nested in itself `n` times through its key `k` (a goal's not / all / any within itself, thousands deep). */
function recurse(node: Record<string, unknown>, k: string, n: number): string {
  const hole = '"@@hole@@"';
  const shell = JSON.stringify({ ...node, [k]: Array.isArray(node[k]) ? ['@@hole@@'] : '@@hole@@' });
  const [pre, post] = shell.split(hole);
  return raw(`${pre.repeat(n)}${JSON.stringify(node)}${post.repeat(n)}`);
}

function randomValue(r: Rng): unknown {
  return r.pick<() => unknown>([
    () => -1, () => 0, () => 1, () => 2 ** 31, () => 2 ** 53 + 2, () => 1e308, () => -1e308, () => 0.5, () => -0, () => 1e-300,
    () => true, () => false, () => null, () => '', () => 'x', () => r.pick(SCRIPTS), () => 'A'.repeat(20_000), () => '0x100',
    () => [], () => ({}), () => [1, 2, 3], () => ({ a: 1 }), () => deep(5000), () => Array(300).fill(r.pick(SCRIPTS)),
  ])();
}

function payloadMutation(r: Rng, hash: string, others: readonly string[]): Mutation | null {
  const p = payloadOf(hash);
  if (!p) return null;
  const all = paths(p.value);
  const at = r.pick(all);
  const kind = r.pick(['value', 'value', 'number', 'delete', 'add', 'inherited', 'text', 'text', 'grow', 'nest', 'recurse', 'swap', 'version'] as const);
  let value: unknown;
  switch (kind) {
    case 'value': value = setAt(p.value, at.path, (o, k) => { o[k] = randomValue(r); }); break;
    case 'number': {
      const nums = all.filter((x) => typeof x.value === 'number');
      if (!nums.length) return null;
      const n = r.pick(nums);
      value = setAt(p.value, n.path, (o, k) => { const v = o[k] as number; o[k] = r.pick([v + 1, v - 1, v * 2, v * 1000, -v, v + 0.5, 0, v * 1e9]); });
      break;
    }
    case 'delete': if (at.path.length === 0) return null;
      value = setAt(p.value, at.path, (o, k) => { if (Array.isArray(o)) o.splice(Number(k), 1); else Reflect.deleteProperty(o, k); }); break;
    case 'add': {
      const objs = all.filter((x) => x.value && typeof x.value === 'object' && !Array.isArray(x.value));
      value = setAt(p.value, r.pick(objs).path, (o, k) => { (o[k] as Record<string, unknown>)[r.pick(['colour', 'x', 'lab', 'v', 'd', SCRIPTS[0]])] = randomValue(r); });
      break;
    }
    case 'inherited': {
      const json = JSON.stringify(p.value);
      const name = r.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']);
      const objs = [...json.matchAll(/\{/g)].map((m) => m.index!);
      const i = r.pick(objs);
      // A brace inside a string value makes this invalid JSON: then there is nothing to mutate here.
      try {
        return { kind, hash: withPayload(hash, JSON.parse(`${json.slice(0, i + 1)}"${name}":${r.pick(['1', '{}', '{"polluted":true}', 'null'])}${json[i + 1] === '}' ? '' : ','}${json.slice(i + 1)}`)) };
      } catch { return null; }
    }
    case 'text': {
      const texts = all.filter((x) => typeof x.value === 'string');
      if (!texts.length) return null;
      value = setAt(p.value, r.pick(texts).path, (o, k) => { o[k] = r.chance(0.5) ? r.pick(SCRIPTS) : `${String(o[k])}${r.pick(SCRIPTS)}`; });
      break;
    }
    case 'grow': {
      const arrays = all.filter((x) => Array.isArray(x.value) && (x.value as unknown[]).length > 0);
      if (!arrays.length) return null;
      const n = r.pick([10, 100, 1000]);
      value = setAt(p.value, r.pick(arrays).path, (o, k) => { const a = o[k] as unknown[]; o[k] = Array.from({ length: n }, (_, i) => structuredClone(a[i % a.length])); });
      break;
    }
    case 'nest': value = setAt(p.value, at.path, (o, k) => { o[k] = deep(r.pick([50, 1000, 10_000])); }); break;
    case 'recurse': {
      const nodes = all.filter((x) => x.value && typeof x.value === 'object' && !Array.isArray(x.value) && Object.values(x.value).some((y) => y && typeof y === 'object'));
      if (!nodes.length) return null;
      const node = r.pick(nodes);
      const o = node.value as Record<string, unknown>;
      const k = r.pick(Object.keys(o).filter((key) => o[key] && typeof o[key] === 'object'));
      value = setAt(p.value, node.path, (parent, key) => { parent[key] = recurse(o, k, r.pick([20, 500, 5000])); });
      break;
    }
    case 'swap': {
      const q = payloadOf(r.pick(others));
      if (!q) return null;
      value = q.value;
      break;
    }
    case 'version': {
      // A current payload labelled version 1 (or an old one labelled current), through the migrations.
      const { params } = split(hash);
      const vi = params.findIndex(([k]) => k === 'v');
      if (vi < 0) return null;
      params[vi] = ['v', String(r.pick([1, VERSION[p.lab] + 1]))];
      return { kind, hash: join(params) };
    }
  }
  return { kind, hash: withPayload(hash, value) };
}

/** Data that decompresses to far more than any link: 4.5 million characters from 5 kB, 450 million from 70 kB. */
const BOMBS = [bombData(3000), bombData(30_000)];

function envelopeMutation(r: Rng, lab: LabId, hash: string): Mutation {
  const i = r.int(hash.length + 1);
  // Oversized links are few: each costs its full length to hand to the page, and one is enough to see it refused.
  const kind = r.chance(0.01) ? r.pick(['size', 'bomb'] as const)
    : r.pick(['truncate', 'truncate', 'bitflip', 'bitflip', 'char', 'char', 'insert', 'delete', 'dup', 'version', 'lab', 'params', 'legacy', 'percent'] as const);
  const { params } = split(hash);
  switch (kind) {
    case 'truncate': return { kind, hash: hash.slice(0, i) };
    case 'bitflip': {
      const j = Math.min(i, hash.length - 1);
      return { kind, hash: `${hash.slice(0, j)}${String.fromCharCode(hash.charCodeAt(j) ^ (1 << r.int(7)))}${hash.slice(j + 1)}` };
    }
    case 'char': return { kind, hash: `${hash.slice(0, i)}${r.pick([...ALPHABET])}${hash.slice(i + 1)}` };
    case 'insert': return { kind, hash: `${hash.slice(0, i)}${Array.from({ length: 1 + r.int(8) }, () => r.pick([...JUNK])).join('')}${hash.slice(i)}` };
    case 'delete': return { kind, hash: `${hash.slice(0, i)}${hash.slice(i + 1 + r.int(40))}` };
    case 'dup': { const j = Math.min(hash.length, i + 1 + r.int(200)); return { kind, hash: `${hash.slice(0, j)}${hash.slice(i, j)}${hash.slice(j)}` }; }
    case 'version': return { kind, hash: join(params.map(([k, v]) => [k, k === 'v' ? r.pick(['0', '3', '99', '9999', '-1', '1.5', '', 'abc', '02', '1e1', ' 2', '2 ', '00001', String(VERSION[lab])]) : v])) };
    // Another instrument's name is rarer than a wrong one: a refusal naming one switches the page to it, which costs a whole view.
    case 'lab': return { kind, hash: join(params.map(([k, v]) => [k, k === 'lab' ? (r.chance(0.1) ? r.pick(LABS.filter((l) => l !== lab)) : r.pick(['', 'TRANSPORT', 'constructor', '__proto__', 'x'.repeat(30), '<script>', `${lab} `, `${lab}s`])) : v])) };
    case 'params': {
      const extra = r.pick<Array<[string, string]>>([[['x', '1']], [['lab', lab]], [['d', '']], [['v', '2']], [['', '']], [['LAB', lab]], [['s', 'abc']], [['m', 'abc']], [['verylongname', '1']]]);
      const ps = r.chance(0.3) ? params.filter(([k]) => k !== r.pick(['v', 'lab', 'd'])) : [...params];
      ps.splice(r.int(ps.length + 1), 0, ...extra);
      return { kind, hash: join(ps) };
    }
    case 'legacy': {
      const d = params.find(([k]) => k === 'd')?.[1] ?? '';
      return { kind, hash: r.chance(0.1) ? r.pick([`#s=${d}`, `#lab=memory&m=${d}`]) : r.pick([`#lab=${lab}&s=${d}`, `#lab=${lab}&m=${d}`, `#m=${d}`, `#lab=${lab}&s=${d}&d=${d}`]) };
    }
    case 'percent': return { kind, hash: hash.replace(/[A-Za-z$+-]/g, (c) => (r.chance(0.05) ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : c)) };
    case 'size': return { kind, hash: `${hash}${'A'.repeat(MAX_LINK_CHARS - hash.length + 1 + r.int(1000))}` };
    case 'bomb': return { kind, hash: `#lab=${lab}&v=${VERSION[lab]}&d=${r.pick(BOMBS)}` };
  }
}

/** `count` mutations of `lab`'s valid links, the same for the same seed. About a third change the payload inside a well-formed envelope. */
export function mutations(lab: LabId, count: number, seed: number): Mutation[] {
  const r = rng(seed);
  const bases = baseLinks();
  const mine = bases[lab];
  const others = LABS.filter((l) => l !== lab).flatMap((l) => bases[l]);
  const out: Mutation[] = [];
  const seen = new Set(mine);
  while (out.length < count) {
    const base = r.pick(mine);
    const m = r.chance(0.35) ? payloadMutation(r, base, others) : envelopeMutation(r, lab, base);
    // A mutation that changed nothing, or one already made, tells nothing new.
    if (m && !seen.has(m.hash)) { seen.add(m.hash); out.push(m); }
  }
  return out;
}
