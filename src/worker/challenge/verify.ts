// A completion code checked: read (its checksum), its challenge found, its commands replayed
// headlessly from the challenge's start with its seed, and the trace hash the replay ends on
// compared with the one it carries. A code is genuine only when all of that holds; it is met only
// when the replay meets the goal within its limits. Used by the CLI, the Verify page and tests.
import { decodeCode, encodeCode, sameHash } from '../../scenario/code.ts';
import { challengeById, type ChallengeDef } from '../../lessons/challenges.ts';
import { defOfSpec } from '../../lessons/authored.ts';
import { replay, type Verdict } from './replay.ts';

/** The challenge a code names: a built-in one by its id, or the written one it carries (its id checked against it). */
function challengeOf(a: { challenge: string; spec?: unknown }): { ok: true; def: ChallengeDef } | { ok: false; error: string } {
  if (a.spec !== undefined) return defOfSpec(a.spec, a.challenge);
  const def = challengeById(a.challenge);
  return def ? { ok: true, def } : { ok: false, error: `there is no challenge "${a.challenge}"` };
}

/** One line of the verifier's output (the CLI prints the first five keys). */
export interface CodeRow {
  code: string;
  challenge: string | null;
  met: boolean;
  score: number | null;
  traceHash: string | null;
  /** Readable, known, replayed, and the replay ends on the hash the code carries. */
  genuine: boolean;
  /** Why the code is not genuine, or not met. */
  problem?: string;
}

export function verifyCode(code: string): CodeRow {
  const trimmed = code.trim();
  const bad = (problem: string, challenge: string | null = null): CodeRow => ({ code: trimmed, challenge, met: false, score: null, traceHash: null, genuine: false, problem });
  const d = decodeCode(trimmed);
  if (!d.ok) return bad(d.error);
  const a = d.attempt;
  const found = challengeOf(a);
  if (!found.ok) return bad(found.error, a.challenge);
  const def = found.def;
  const v = replay(def, a.seed, a.commands);
  if (v.error) return bad(v.error, def.id);
  if (!sameHash(a.traceHash, v.traceHash)) return { ...bad('its commands replay to another trace hash than the one it carries', def.id), traceHash: v.traceHash };
  const row: CodeRow = { code: trimmed, challenge: def.id, met: v.met, score: v.score, traceHash: v.traceHash, genuine: true };
  return v.met ? row : { ...row, problem: `the goal is not met: ${v.parts.filter((p) => !p.met).map((p) => p.text).join('; ')}` };
}

/** An attempt graded, with its completion code when it meets the goal (none is given otherwise). */
export function attemptCode(def: ChallengeDef & { spec?: unknown }, seed: number, commands: unknown[]): { verdict: Verdict; code: string | null } {
  const verdict = replay(def, seed, commands);
  const code = verdict.met && !verdict.error ? encodeCode({ challenge: def.id, seed, commands, traceHash: verdict.traceHash, ...(def.spec === undefined ? {} : { spec: def.spec }) }) : null;
  return { verdict, code };
}
