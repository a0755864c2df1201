// A transport challenge written in the page, on the model of the built-in ones (challenges.ts): a
// predicate goal over the transport lesson probe, optional limits and score, and its start (the
// scenario and the instant on screen when the instructor made the link). Its id is derived from
// what grades it (goal, limits, score, start: `w-` and 10 hex of their hash), so a completion code
// for it names exactly this challenge: the code carries those too (the verifier needs no list of
// written ones), and a student who wrote an easier challenge of their own gets another id.
import * as v from 'valibot';
import { parseScenario, type ScenarioInput } from '../core/index.ts';
import { EventHasher } from '../core/kit/traceHash.ts';
import { issueText } from '../core/kit/valid.ts';
import { ChallengeSchema, goalOfLink, type ChallengeLink } from '../scenario/challenge.ts';
import { sandboxScenario } from '../scenario/presets.ts';
import type { ChallengeDef } from './challenges.ts';
import { predicateProblem, type Predicate } from './data/predicate.ts';

/** A written challenge with its goal in the predicate language. */
export type Authored = Omit<ChallengeLink, 'goal'> & { goal: Predicate };

/** Simulated time an attempt runs after the later of the start instant and the student's last command (as the built-ins' runNs). */
export const AUTHORED_RUN_NS = 20_000;

/** The challenge as a link or the writer gives it, checked: the goal's old language translated, a refusal naming the field. */
export function parseAuthored(x: unknown): { ok: true; value: Authored } | { ok: false; error: string } {
  const r = v.safeParse(ChallengeSchema, x);
  if (!r.success) return { ok: false, error: issueText(r.issues[0], 'challenge') };
  const g = goalOfLink(r.output.goal);
  if (!g.ok) return g;
  const p = predicateProblem(g.goal, 'challenge.goal');
  if (p) return { ok: false, error: p };
  return { ok: true, value: { ...r.output, goal: g.goal as Predicate } };
}

/** A scenario as parsing leaves it (defaults filled in), in plain JSON: what is compared and hashed. */
function normal(x: unknown): ScenarioInput {
  const sc = parseScenario(x);
  return JSON.parse(JSON.stringify({ version: sc.version, seed: sc.seed, title: sc.title, config: sc.config, commands: sc.commands })) as ScenarioInput;
}
const SANDBOX = normal(sandboxScenario());
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What grades an attempt: the title and text do not (a code leaves them out, and they are not part of the id). */
type Graded = Pick<Authored, 'goal' | 'limits' | 'score'>;

/** What a code carries of an authored challenge: the sandbox's config and commands left out when the start begins with them. */
export interface AuthoredSpec { c: Graded; at: number; s: { sandbox: true; seed: number; commands: unknown[] } | { scenario: ScenarioInput } }

function packScenario(s: ScenarioInput): AuthoredSpec['s'] {
  const base = SANDBOX.commands ?? [];
  const cmds = s.commands ?? [];
  if (same(s.config, SANDBOX.config) && same(s.title, SANDBOX.title) && s.version === SANDBOX.version && same(cmds.slice(0, base.length), base)) {
    return { sandbox: true, seed: s.seed, commands: cmds.slice(base.length) };
  }
  return { scenario: s };
}

function unpackScenario(s: AuthoredSpec['s']): ScenarioInput {
  if ('scenario' in s) return s.scenario;
  return { ...SANDBOX, seed: s.seed, commands: [...(SANDBOX.commands ?? []), ...(s.commands as NonNullable<ScenarioInput['commands']>)] };
}

/** The id of a written challenge: what grades it (goal, limits, score) and its start, hashed. */
function idOf(spec: AuthoredSpec): string {
  const h = new EventHasher();
  h.object(JSON.parse(JSON.stringify(spec)) as Record<string, unknown>);
  return `w-${h.hex().slice(0, 10)}`;
}

/**
 * The challenge `c` starting from `scenario` at instant `at`, as a challenge definition the
 * replay, the code and the verifier take like a built-in one. Throws when the scenario is not one.
 */
export function authoredDef(c: Authored, scenario: unknown, at: number): ChallengeDef & { spec: AuthoredSpec } {
  const graded: Graded = { goal: c.goal, ...(c.limits ? { limits: c.limits } : {}), ...(c.score ? { score: c.score } : {}) };
  const spec: AuthoredSpec = { c: JSON.parse(JSON.stringify(graded)) as Graded, at, s: packScenario(normal(scenario)) };
  const scenarioIn = unpackScenario(spec.s);
  return {
    id: idOf(spec), instrument: 'transport', title: c.title, text: c.text, goal: c.goal,
    ...(c.score ? { score: c.score } : {}), ...(c.limits ? { limits: c.limits } : {}),
    seed: scenarioIn.seed, start: { instrument: 'transport', scenario: scenarioIn, runNs: AUTHORED_RUN_NS, at: spec.at },
    solution: [], spec,
  };
}

/** A written challenge read back from a code: checked as a link's is, and its id recomputed (a code naming another id is refused). */
export function defOfSpec(x: unknown, id: string): { ok: true; def: ChallengeDef } | { ok: false; error: string } {
  const o = x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : null;
  if (!o || typeof o.at !== 'number' || !Number.isSafeInteger(o.at) || o.at < 0 || !o.s || typeof o.s !== 'object') return { ok: false, error: 'its challenge cannot be read' };
  const c = parseAuthored({ title: 'A written challenge', text: '', ...(o.c && typeof o.c === 'object' ? o.c : {}) });
  if (!c.ok) return { ok: false, error: `its challenge is not one: ${c.error}` };
  let def;
  try { def = authoredDef(c.value, unpackScenario(o.s as AuthoredSpec['s']), o.at); } catch (e) { return { ok: false, error: `its challenge's scenario is not one: ${(e as Error).message}` }; }
  if (def.id !== id) return { ok: false, error: `it carries another challenge than "${id}"` };
  return { ok: true, def };
}
