// The transport instrument's link payload: the scenario as recorded so far (config and every
// command, its driver profile among them), the instant, the selected QP, the inspector tab, the
// speed, the lesson step and the compare side.
// Version 1 is the old `#s=` link ({ v, scenario, view: { t, sel, lesson, step } }).
import * as v from 'valibot';
// The schema module directly: core/index.ts also installs the faults model, which the main thread never runs.
import { MAX_NS, parseScenario, ScenarioError, type Scenario } from '../../core/model/schema.ts';
import { PROFILE_IDS } from '../../core/model/profiles.ts';
import type { LinkSpec } from './envelope.ts';
import { LessonAt, int, num, oneOf } from './common.ts';
import { ChallengeSchema } from '../challenge.ts';

export const TRANSPORT_TABS = ['state', 'modify', 'context', 'post'] as const;

const ScenarioField = v.pipe(v.unknown(), v.rawTransform(({ dataset, addIssue, NEVER }) => {
  try {
    return parseScenario(dataset.value) as Scenario;
  } catch (e) {
    addIssue({ message: e instanceof ScenarioError ? e.message : 'is not a scenario' });
    return NEVER;
  }
}));

export const TransportPayload = v.strictObject({
  scenario: ScenarioField,
  t: int(0, MAX_NS),
  sel: v.optional(v.strictObject({ host: int(0, 15), qpn: int(0, 0xffffff) })),
  tab: v.optional(oneOf(TRANSPORT_TABS)),
  speed: v.optional(num(1, 1e9)),
  lesson: v.optional(LessonAt),
  /** A challenge: the scenario is the instructor's; the page grades the attempt live. Optional, so version-2 links without it still open. */
  challenge: v.optional(ChallengeSchema),
  /** Compare mode: the second driver profile the same scenario runs under. */
  compare: v.optional(oneOf(PROFILE_IDS)),
});
export type TransportPayload = v.InferOutput<typeof TransportPayload>;

/** v1 → v2: the view's fields move up; a v1 link's loosely-read view fields are kept only if well-formed. */
function fromV1(old: unknown): unknown {
  if (!old || typeof old !== 'object' || Array.isArray(old)) throw new Error('it holds no scenario');
  const o = old as { v?: unknown; scenario?: unknown; view?: unknown };
  if (o.v !== 1) throw new Error(`it says it is version ${String(o.v).slice(0, 20)}`);
  const view = (o.view && typeof o.view === 'object' ? o.view : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { scenario: o.scenario, t: Number.isInteger(view.t) && (view.t as number) >= 0 ? view.t : 0 };
  const sel = view.sel as Record<string, unknown> | undefined;
  if (sel && Number.isInteger(sel.host) && Number.isInteger(sel.qpn)) out.sel = { host: sel.host, qpn: sel.qpn };
  if (typeof view.lesson === 'string') out.lesson = { id: view.lesson, step: Number.isInteger(view.step) ? view.step : 0 };
  return out;
}

export const TRANSPORT_LINK: LinkSpec<TransportPayload> = {
  version: 2,
  migrations: { 1: fromV1 },
  schema: TransportPayload,
  legacyParam: 's',
};
