// Files into the page: a picked or dropped file read as text. Nothing here interprets the content (the worker validates a scenario field by field).
/** Files larger than this are refused before being read (a scenario is a few kilobytes). */
export const MAX_IMPORT_BYTES = 4_000_000;

export async function readJsonFile(f: File): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  if (f.size > MAX_IMPORT_BYTES) return { ok: false, error: `${f.name} is ${(f.size / 1e6).toFixed(1)} MB; a scenario file is at most ${MAX_IMPORT_BYTES / 1e6} MB` };
  let text: string;
  try { text = await f.text(); } catch { return { ok: false, error: `${f.name} could not be read` }; }
  try { return { ok: true, value: JSON.parse(text) }; } catch (e) { return { ok: false, error: `${f.name} is not JSON (${(e as Error).message.slice(0, 80)})` }; }
}

/** A scenario file may be the scenario itself or an export ({ scenario, t }). */
export function scenarioOf(x: unknown): { scenario: unknown; t: number } {
  if (x && typeof x === 'object' && 'scenario' in x && !('config' in x)) {
    const o = x as { scenario: unknown; t?: unknown };
    return { scenario: o.scenario, t: Number.isInteger(o.t) && (o.t as number) >= 0 ? (o.t as number) : 0 };
  }
  return { scenario: x, t: 0 };
}
