// An instrument's state as a file: the same payload its share link carries (settings, compare
// sides, tab, lesson step…), as readable JSON, `{ "qpScope": "state", "lab", "v", "payload" }`.
// Reading one back goes through the link's own path (envelope, version, migrations, schema), so
// a file is refused exactly as a link would be, naming the problem, and opens to the same state.
import { encodeLink } from './link/envelope.ts';

export interface StateFile { qpScope: 'state'; lab: string; v: number; payload: unknown }

export function stateFileText(lab: string, v: number, payload: unknown): string {
  return `${JSON.stringify({ qpScope: 'state', lab, v, payload } satisfies StateFile, null, 2)}\n`;
}

/** The file as the address that opens it (`#lab=…&v=…&d=…`), or what is wrong with it. */
export function stateFileLink(text: string, labs: Readonly<Record<string, number>>): { ok: true; lab: string; hash: string } | { ok: false; error: string } {
  let x: unknown;
  try { x = JSON.parse(text); } catch (e) { return { ok: false, error: `it is not JSON (${(e as Error).message.slice(0, 80)})` }; }
  const o = x && typeof x === 'object' && !Array.isArray(x) ? (x as Partial<StateFile>) : null;
  if (!o || o.qpScope !== 'state') return { ok: false, error: 'it is not a QP Scope state file ("qpScope": "state" is missing)' };
  if (typeof o.lab !== 'string' || !Object.hasOwn(labs, o.lab)) return { ok: false, error: `lab: there is no instrument "${String(o.lab).slice(0, 40)}"; this page has ${Object.keys(labs).join(', ')}` };
  if (!Number.isSafeInteger(o.v) || (o.v as number) < 1 || (o.v as number) > labs[o.lab]) return { ok: false, error: `v: must be a version from 1 to ${labs[o.lab]}` };
  return { ok: true, lab: o.lab, hash: `#${encodeLink(o.lab, o.v as number, o.payload)}` };
}
