// The one share-link envelope for every instrument: `#lab=<id>&v=<version>&d=<data>`, where the
// data is the instrument's payload as JSON, compressed with lz-string. Decoding never trusts a
// link: its size is capped before anything is decompressed, every parameter and every key must
// be known (own keys only), old versions are migrated step by step, and the instrument's valibot
// schema validates the result. A refusal names the problem; nothing from a bad link is used.
// lz-string is CommonJS: its default import works in Vite, Vitest and plain Node (the e2e runner) alike.
import LZString from 'lz-string';
import * as v from 'valibot';
import { inflate } from './inflate.ts';
import { grouped } from '../../core/kit/grouped.ts';
import { issueText } from '../../core/kit/valid.ts';
import { EMBED } from './embed.ts';

const { compressToEncodedURIComponent } = LZString;

/** Bounds against pasted junk: a real link is a few kilobytes. */
export const MAX_LINK_CHARS = 400_000;
export const MAX_JSON_CHARS = 4_000_000;
const DATA = /^[A-Za-z0-9+\-$]*$/;

export interface LinkSpec<T> {
  /** The current payload version. */
  version: number;
  /** migrations[n] turns a version-n payload into version n + 1. */
  migrations: Readonly<Record<number, (old: unknown) => unknown>>;
  schema: v.GenericSchema<unknown, T>;
  /** A parameter older links used for the whole payload (`s=`, `m=`), read as version 1. */
  legacyParam?: string;
}

export type Decoded<L extends string, T> =
  | { ok: true; lab: L; value: T | null; embed?: true }
  | { ok: false; error: string };

const show = (x: string) => (x.length > 40 ? `${x.slice(0, 40)}…` : x);

/** The hash for a payload: `lab=<id>&v=<n>&d=<data>` (without the leading '#'). */
export function encodeLink(lab: string, version: number, payload: unknown): string {
  return `lab=${lab}&v=${version}&d=${compressToEncodedURIComponent(JSON.stringify(payload))}`;
}

/** Split `#a=1&b=2` into its parameters; a repeated or nameless parameter is refused. */
function params(hash: string): Map<string, string> | string {
  const out = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    const k = i < 0 ? part : part.slice(0, i);
    if (!/^[a-z]{1,8}$/.test(k)) return `the link has a parameter this page does not know: "${show(k)}"`;
    if (out.has(k)) return `the link names "${k}" twice`;
    out.set(k, i < 0 ? '' : part.slice(i + 1));
  }
  return out;
}

/**
 * Read a location hash. An empty hash (or `#`) opens `fallback` with its defaults. `specs` says
 * which instruments exist and how to read each one's payload.
 */
export function decodeLink<L extends string, T>(hash: string, specs: Readonly<Record<L, LinkSpec<T>>>, fallback: L): Decoded<L, T> {
  const fail = (error: string): Decoded<L, T> => ({ ok: false, error });
  if (typeof hash !== 'string') return fail('the link is not text');
  if (hash.length > MAX_LINK_CHARS) return fail(`the link is ${grouped(hash.length)} characters long; a QP Scope link is at most ${grouped(MAX_LINK_CHARS)}`);
  const p = params(hash);
  if (typeof p === 'string') return fail(p);
  // `embed=1` goes with any link, bare ones too: the page shows only the instrument and its lesson (embed.ts).
  const embed = p.get(EMBED);
  if (embed !== undefined && embed !== '1') return fail(`the link's ${EMBED} must be 1, got "${show(embed)}"`);
  p.delete(EMBED);
  const framed = embed === undefined ? {} : { embed: true as const };
  if (p.size === 0) return { ok: true, lab: fallback, value: null, ...framed };
  const legacyLab = (Object.keys(specs) as L[]).find((l) => { const legacy = specs[l].legacyParam; return legacy !== undefined && p.has(legacy) && !p.has('d'); });
  const labName = p.get('lab') ?? legacyLab ?? fallback;
  if (!Object.prototype.hasOwnProperty.call(specs, labName)) return fail(`there is no instrument "${show(labName)}"; this page has ${Object.keys(specs).join(', ')}`);
  const lab = labName as L;
  const spec = specs[lab];
  const known = new Set(['lab', 'v', 'd', ...(spec.legacyParam ? [spec.legacyParam] : [])]);
  for (const k of p.keys()) if (!known.has(k)) return fail(`the link has a parameter this page does not know: "${k}"`);

  let data = p.get('d');
  let version: number;
  const legacy = spec.legacyParam === undefined ? undefined : p.get(spec.legacyParam);
  if (data === undefined && legacy !== undefined) {
    data = legacy;
    version = 1;
  } else {
    if (data === undefined) {
      if (p.has('v')) return fail('the link has a version but no data (d=)');
      return { ok: true, lab, value: null, ...framed };
    }
    const vs = p.get('v');
    if (vs === undefined || !/^\d{1,4}$/.test(vs)) return fail(`the link's version must be a number, got "${show(vs ?? '')}"`);
    version = Number(vs);
  }
  if (version < 1 || version > spec.version) return fail(`the link is version ${version}; this page reads versions 1 to ${spec.version} of the ${lab} instrument`);
  if (!DATA.test(data)) return fail('the link contains characters a QP Scope link never has (it was cut or edited)');
  // Decoded with a ceiling: this format can expand with the square of its length (inflate.ts).
  const inflated = inflate(data, MAX_JSON_CHARS);
  if (!inflated.ok && inflated.reason === 'too-long') return fail('the link expands to more data than any scenario needs');
  if (!inflated.ok || inflated.text === '') return fail('the link is damaged: its data does not decompress (was it cut short?)');
  const json = inflated.text;
  let raw: unknown;
  try { raw = JSON.parse(json); } catch { return fail('the link is damaged: its data is not valid JSON'); }
  for (let n = version; n < spec.version; n++) {
    try { raw = spec.migrations[n](raw); } catch (e) { return fail(`the link is version ${version} and could not be brought up to date: ${(e as Error).message}`); }
  }
  let r: v.SafeParseResult<v.GenericSchema<unknown, T>>;
  // A schema refuses with issues; should one throw instead (a stack exhausted by nesting), the link is still only refused.
  try { r = v.safeParse(spec.schema, raw); } catch (e) { return fail(`the link could not be read (${String((e as Error)?.message ?? e).slice(0, 80)})`); }
  if (!r.success) return fail(`the link's ${describeIssue(r.issues[0])}`);
  // The data stops at its end marker and what follows is never read: a link with text pasted
  // onto it would otherwise open as if nothing were wrong. Our encoder's output round-trips
  // exactly. Checked last, as it costs a compression: only a link that is otherwise valid pays it.
  const exact = compressToEncodedURIComponent(json);
  if (exact !== data) return fail(`the link has ${grouped(Math.max(1, data.length - exact.length))} characters more than its data (was something pasted onto it?)`);
  return { ok: true, lab, value: r.output, ...framed };
}

/** "settings.ways: must be an integer …" from a valibot issue. */
export function describeIssue(i: v.BaseIssue<unknown>): string {
  return issueText(i, '', 'data');
}
