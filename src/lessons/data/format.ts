// The JSON lesson format: a lesson an instructor writes without building the project. The file
// is checked in two passes: this schema for its shape (texts, ids, numbers), then each
// predicate, outcome and action by its own checker (predicate.ts, outcome.ts, actions.ts), so a
// refusal names the exact field: `steps[3] "sqd".check.events.kind: must be …`.
import * as v from 'valibot';
import { int, issueText, num, oneOf } from '../../core/kit/valid.ts';
import { INSTRUMENTS } from '../../scenario/link/labName.ts';

/** The value of a file's `format` field this page reads. */
export const LESSON_FORMAT = 'qpscope-lesson/1';

const text = (max: number) => v.pipe(v.string('must be a text'), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`));
const list = <T extends v.GenericSchema>(item: T, max: number, min = 0) =>
  v.pipe(v.array(item, 'must be a list'), v.minLength(min, `must list at least ${min}`), v.maxLength(max, `must list at most ${max}`));
const Id = v.pipe(v.string('must be a text'), v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1 to 40 lower-case letters, digits or dashes'));
const OptionId = v.pipe(v.string('must be a text'), v.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be 1 to 40 letters, digits, _ . or -'));
const Ns = num(0, 10_000_000_000);
/** Predicates, outcomes and actions: checked in the second pass, by their own checkers. */
const Later = v.unknown();
const Bound = v.union([v.pipe(v.number(), v.finite()), v.literal('-inf'), v.literal('inf')], 'must be a number, "-inf" or "inf"');

const Option = v.strictObject({
  id: OptionId,
  label: text(300),
  /** The misconception a wrong choice of this option points at. */
  why: v.optional(text(600)),
  /** For a question graded by a measure: the half-open range [lo, hi) this option stands for. */
  range: v.optional(v.tuple([Bound, Bound], 'must be [lo, hi]')),
});

const AnswerSchema = v.union([v.string(), v.array(v.string()), v.pipe(v.number(), v.finite())], 'must be an option id, a list of ids, or a number');

/** What a variant of a question replaces (asked after a wrong first answer). */
const Variant = v.strictObject({
  prompt: v.optional(text(600)), reveal: v.optional(list(Later, 16)), runNs: v.optional(Ns), stated: v.optional(AnswerSchema),
  because: v.optional(text(1200)), wrong: v.optional(text(600)), outcome: v.optional(Later),
  tolerance: v.optional(num(0, 1e12)), relTolerance: v.optional(num(0, 10)),
});

const Question = v.strictObject({
  kind: oneOf(['one', 'several', 'order', 'number'] as const),
  prompt: text(600),
  options: v.optional(list(Option, 12, 2)),
  /** The event to predict: applied after the first answer, then the model runs `runNs`. */
  reveal: list(Later, 16),
  runNs: v.optional(Ns),
  outcome: v.optional(Later),
  measure: v.optional(v.strictObject({ of: Later, unit: oneOf(['%', 'points'] as const) })),
  tolerance: v.optional(num(0, 1e12)),
  relTolerance: v.optional(num(0, 10)),
  unit: v.optional(text(20)),
  because: text(1200),
  stated: v.optional(AnswerSchema),
  wrong: v.optional(text(600)),
  masks: v.optional(list(text(20), 12)),
  variants: v.optional(list(Variant, 8)),
});

const Step = v.strictObject({
  id: Id,
  title: text(120),
  text: list(text(2000), 12),
  highlight: v.optional(text(40)),
  task: v.optional(text(400)),
  hints: v.optional(list(text(600), 6)),
  check: v.optional(Later),
  solution: v.optional(list(Later, 32)),
  runNs: v.optional(Ns),
  speed: v.optional(num(0.001, 1e12)),
  stuck: v.optional(list(v.strictObject({ when: Later, say: text(400) }), 6)),
  question: v.optional(Question),
});

export const LessonMetaSchema = v.strictObject({
  objectives: list(text(300), 8, 1),
  /** Lesson ids (or plain words) a learner should have done first. */
  prerequisites: list(text(120), 8),
  minutes: int(1, 240),
});

export const LessonFileSchema = v.strictObject({
  format: v.literal(LESSON_FORMAT, `must be "${LESSON_FORMAT}"`),
  id: Id,
  lab: oneOf(INSTRUMENTS),
  topic: int(0, 99),
  title: text(120),
  summary: text(600),
  why: v.optional(text(1200)),
  meta: v.optional(LessonMetaSchema),
  setup: list(Later, 32),
  focus: v.optional(v.strictObject({ host: int(0, 63), qpn: int(0, 0xffffff) })),
  sources: list(text(300), 40),
  steps: list(Step, 40, 1),
});

export type LessonFile = v.InferOutput<typeof LessonFileSchema>;
export type LessonFileStep = LessonFile['steps'][number];
export type LessonFileQuestion = NonNullable<LessonFileStep['question']>;

/** The shape pass: the file, or the first problem named by its field ("steps[2].title: …"). */
export function parseShape(x: unknown): { ok: true; file: LessonFile } | { ok: false; error: string } {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return { ok: false, error: 'lesson: must be a JSON object' };
  const r = v.safeParse(LessonFileSchema, x);
  if (r.success) return { ok: true, file: r.output };
  return { ok: false, error: issueText(r.issues[0], '', 'lesson') };
}
