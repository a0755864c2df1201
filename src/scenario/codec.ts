// The share link: a versioned, compressed scenario plus the instant and selection it was
// shared at. Decoding never trusts the link: every failure names the problem and nothing from
// a bad link is loaded.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { parseScenario, ScenarioError, type Scenario } from '../core/index.ts';

export const LINK_VERSION = 1;
/** Bounds against pasted junk: a real link is a few kilobytes. */
export const MAX_LINK_CHARS = 400_000;
export const MAX_JSON_CHARS = 4_000_000;

export interface SharedView { t: number; sel?: { host: number; qpn: number }; lesson?: string; step?: number }
export interface Shared { scenario: Scenario; view: SharedView }
export type DecodeResult = { ok: true; value: Shared } | { ok: false; error: string };

export function encodeShare(scenario: Scenario, view: SharedView): string {
  return compressToEncodedURIComponent(JSON.stringify({ v: LINK_VERSION, scenario, view }));
}

export function decodeShare(text: string): DecodeResult {
  if (text.length > MAX_LINK_CHARS) return fail(`the link is ${text.length.toLocaleString('en')} characters long; a QP Scope link is at most ${MAX_LINK_CHARS.toLocaleString('en')}`);
  if (!/^[A-Za-z0-9+\-$]*$/.test(text)) return fail('the link contains characters a QP Scope link never has (it was cut or edited)');
  let json: string | null;
  try {
    json = decompressFromEncodedURIComponent(text);
  } catch {
    json = null;
  }
  if (!json) return fail('the link is damaged: its data does not decompress (was it cut short?)');
  if (json.length > MAX_JSON_CHARS) return fail('the link expands to more data than any scenario needs');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return fail('the link is damaged: its data is not valid JSON');
  }
  if (!raw || typeof raw !== 'object') return fail('the link holds no scenario');
  const r = raw as { v?: unknown; scenario?: unknown; view?: unknown };
  if (r.v !== LINK_VERSION) return fail(`the link is version ${String(r.v)}; this page reads version ${LINK_VERSION}`);
  let scenario: Scenario;
  try {
    scenario = parseScenario(r.scenario);
  } catch (e) {
    if (e instanceof ScenarioError) return fail(`the link's scenario is invalid: ${e.message}`);
    throw e;
  }
  return { ok: true, value: { scenario, view: readView(r.view) } };
}

function readView(v: unknown): SharedView {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const t = typeof o.t === 'number' && Number.isInteger(o.t) && o.t >= 0 ? o.t : 0;
  const s = o.sel as Record<string, unknown> | undefined;
  const sel = s && Number.isInteger(s.host) && Number.isInteger(s.qpn) ? { host: s.host as number, qpn: s.qpn as number } : undefined;
  const lesson = typeof o.lesson === 'string' && o.lesson.length < 64 ? o.lesson : undefined;
  const step = Number.isInteger(o.step) && (o.step as number) >= 0 ? (o.step as number) : undefined;
  return { t, sel, lesson, step };
}

function fail(error: string): DecodeResult {
  return { ok: false, error };
}
