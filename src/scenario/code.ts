// A completion code: what a student hands in to show they met a challenge. It carries the
// challenge's id, the seed, the commands the student issued (compressed) and the first 16 hex
// characters of the trace hash their attempt ended on, and ends with a checksum. It is printable
// (Crockford base32, in groups of five, case-insensitive; O reads as 0, I and L as 1) and proves
// nothing by itself: a verifier replays the commands headlessly and compares the hash (the
// checksum only catches a mistyped or edited code early, with a clear message). No secret is
// involved, so a code cannot be forged without the commands that meet the goal.
import * as v from 'valibot';
import LZString from 'lz-string';
import { inflate } from './link/inflate.ts';

const LZ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const LZ_VALUE = new Map([...LZ].map((c, i) => [c, i]));
const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const B32_VALUE = new Map([...B32].map((c, i) => [c, i]));
const PREFIX = 'QP1';
/** Codes longer than this are refused before any decoding (a code is a few hundred characters). */
export const MAX_CODE_CHARS = 8000;
const MAX_JSON = 200_000;
/** Commands one code may carry. */
export const MAX_CODE_COMMANDS = 500;

export interface Attempt {
  challenge: string;
  seed: number;
  /** The student's commands, in the instrument's own action shape (checked when replayed). */
  commands: unknown[];
  /** The trace hash the attempt ended on (64 hex, or its first 16: only those travel). */
  traceHash: string;
  /** A challenge written in the page travels with its codes (its id is its hash; lessons/authored.ts). */
  spec?: unknown;
}

const Fields = [
  v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
  v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/)),
  v.pipe(v.array(v.unknown()), v.maxLength(MAX_CODE_COMMANDS)),
] as const;
/** Version 1: a built-in challenge's id; version 2 adds the written challenge itself. */
const Payload = v.union([v.tuple([v.literal(1), ...Fields]), v.tuple([v.literal(2), ...Fields, v.unknown()])]);

/** FNV-1a over the text, 20 bits: four base32 characters. */
function check(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  h = (h ^ (h >>> 20)) & 0xfffff;
  let s = '';
  for (let k = 15; k >= 0; k -= 5) s += B32[(h >>> k) & 31];
  return s;
}

/** 6-bit symbols → 5-bit symbols (the last padded with zero bits). */
function regroup(vals: readonly number[], from: number, to: number): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const x of vals) {
    acc = (acc << from) | x;
    bits += from;
    while (bits >= to) { bits -= to; out.push((acc >>> bits) & ((1 << to) - 1)); }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0 && to < from) out.push((acc << (to - bits)) & ((1 << to) - 1));
  return out;
}

const groups = (s: string) => s.match(/.{1,5}/g)?.join('-') ?? '';

/** The attempt as a code: `QP1-XXXXX-…-CCCC`. */
export function encodeCode(a: Attempt): string {
  const head = [a.challenge, a.seed, a.traceHash.slice(0, 16), a.commands];
  const json = JSON.stringify(a.spec === undefined ? [1, ...head] : [2, ...head, a.spec]);
  const z = LZString.compressToEncodedURIComponent(json);
  const body = regroup([...z].map((c) => LZ_VALUE.get(c) ?? 0), 6, 5).map((x) => B32[x]).join('');
  return `${PREFIX}-${groups(body)}-${check(PREFIX + body)}`;
}

export type Decoded = { ok: true; attempt: Attempt } | { ok: false; error: string };

/** A code read back; a refusal says what is wrong with it. */
export function decodeCode(code: string): Decoded {
  if (typeof code !== 'string' || code.length > MAX_CODE_CHARS) return { ok: false, error: `a code is at most ${MAX_CODE_CHARS} characters` };
  const flat = code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!flat.startsWith(PREFIX)) return { ok: false, error: `a code starts with ${PREFIX}-` };
  const rest = flat.slice(PREFIX.length);
  const bad = [...rest].find((c) => !B32_VALUE.has(c));
  if (bad !== undefined) return { ok: false, error: `a code holds no "${bad}"` };
  if (rest.length < 5) return { ok: false, error: 'the code is cut short' };
  const body = rest.slice(0, -4);
  if (check(PREFIX + body) !== rest.slice(-4)) return { ok: false, error: 'its checksum does not match (a mistyped, cut or altered code)' };
  const six = regroup([...body].map((c) => B32_VALUE.get(c) ?? 0), 5, 6);
  // The padding of the last 5-bit symbol never makes a whole 6-bit one: drop the partial tail.
  const z = six.slice(0, Math.floor((body.length * 5) / 6)).map((x) => LZ[x]).join('');
  const text = inflate(z, MAX_JSON);
  if (!text.ok) return { ok: false, error: 'its data is damaged' };
  let raw: unknown;
  try { raw = JSON.parse(text.text); } catch { return { ok: false, error: 'its data is damaged' }; }
  const r = v.safeParse(Payload, raw);
  if (!r.success) return { ok: false, error: 'its data is not an attempt' };
  const [, challenge, seed, traceHash, commands] = r.output;
  return { ok: true, attempt: { challenge, seed, traceHash, commands, ...(r.output[0] === 2 ? { spec: r.output[5] } : {}) } };
}

/** Whether a full trace hash is the one a code carries (its first 16 hex characters). */
export const sameHash = (code: string, full: string): boolean => full.slice(0, 16) === code.slice(0, 16);
