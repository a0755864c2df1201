// The verify worker's API: the challenges, an attempt graded (with its code when met), codes
// verified, and the writer's warnings. Replays take up to a few seconds (a faults storm runs to
// its drain), so they run here, off the page's thread; a plain module (verify.worker.ts exposes it).
import { CHALLENGES, challengeById, type Limits } from '../../lessons/challenges.ts';
import type { LabId } from '../../scenario/link/labName.ts';
import type { GoalPart } from '../challenge/replay.ts';
import { commandsOf } from '../challenge/attempt.ts';
import { replay } from '../challenge/replay.ts';
import { attemptCode, verifyCode, type CodeRow } from '../challenge/verify.ts';
import { challengeWarnings } from '../challenge/warn.ts';
import { authoredDef, parseAuthored } from '../../lessons/authored.ts';

export interface ChallengeInfo { id: string; instrument: LabId; title: string; text: string; limits: Limits; seed: number; scoreLabel: string | null }

export type AttemptReply =
  | { ok: true; met: boolean; parts: GoalPart[]; score: number | null; traceHash: string; commands: number; code: string | null }
  | { ok: false; error: string };

export class VerifyApi {
  ping(): true { return true; }

  challenges(): ChallengeInfo[] {
    return CHALLENGES.map((c) => ({ id: c.id, instrument: c.instrument, title: c.title, text: c.text, limits: { ...c.limits }, seed: c.seed, scoreLabel: c.score?.label ?? null }));
  }

  /** Grade the attempt the instrument's payload holds (its commands since the start). */
  attempt(id: string, seed: number, payload: unknown): AttemptReply {
    const def = challengeById(id);
    if (!def) return { ok: false, error: `there is no challenge "${String(id).slice(0, 40)}"` };
    const read = commandsOf(def, seed, payload);
    if (!read.ok) return read;
    const { verdict: v, code } = attemptCode(def, seed, read.commands);
    if (v.error) return { ok: false, error: v.error };
    return { ok: true, met: v.met, parts: v.parts, score: v.score, traceHash: v.traceHash, commands: v.commands, code };
  }

  /**
   * Grade an attempt at a challenge written in the page: `challenge` as its link carries it,
   * started from `scenario` at `at` (the link's), the attempt read off the instrument's payload.
   * Its code carries the challenge, so `verify` accepts it anywhere.
   */
  attemptWritten(challenge: unknown, scenario: unknown, at: number, payload: unknown): AttemptReply & { id?: string } {
    const c = parseAuthored(challenge);
    if (!c.ok) return c;
    let def;
    try { def = authoredDef(c.value, scenario, at); } catch (e) { return { ok: false, error: `its scenario is not one: ${(e as Error).message}` }; }
    const read = commandsOf(def, def.seed, payload);
    if (!read.ok) return read;
    const { verdict: v, code } = attemptCode(def, def.seed, read.commands);
    if (v.error) return { ok: false, error: v.error };
    return { ok: true, met: v.met, parts: v.parts, score: v.score, traceHash: v.traceHash, commands: v.commands, code, id: def.id };
  }

  /** The id codes for a written challenge verify under (what the instructor looks for in the grade book). */
  writtenId(challenge: unknown, scenario: unknown, at: number): string | null {
    const c = parseAuthored(challenge);
    if (!c.ok) return null;
    try { return authoredDef(c.value, scenario, at).id; } catch { return null; }
  }

  /** The goal as it stands at the start, before any command (what the student is asked). */
  goal(id: string, seed: number): AttemptReply {
    const def = challengeById(id);
    if (!def) return { ok: false, error: `there is no challenge "${String(id).slice(0, 40)}"` };
    const v = replay(def, seed, []);
    return v.error ? { ok: false, error: v.error } : { ok: true, met: v.met, parts: v.parts, score: v.score, traceHash: v.traceHash, commands: 0, code: null };
  }

  verify(code: string): CodeRow { return verifyCode(String(code)); }

  warnings(challenge: unknown, scenario: unknown, t: number): string[] { return challengeWarnings(challenge, scenario, t); }
}
