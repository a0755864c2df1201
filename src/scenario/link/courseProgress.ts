// The file a student hands in: the course as it was given, and per item the steps done and the
// first answer's grade per step (the first-try score), with the totals written out for whoever
// reads it. Imported again, it is checked here first; a refusal names the field, and nothing of a
// bad file is used.
import * as v from 'valibot';
import { int } from '../../core/kit/valid.ts';
import { CourseSchema, fieldIssue, itemKey, type Course } from './course.ts';

export const HAND_IN = 'qpscope-course-progress';

/**
 * One item's record: per step, done or not, and the first answer's grade (null: no question or
 * not answered). A challenge item is one step, done when its goal was met; `code` is the
 * completion code that proves it (the instructor verifies it; the record alone proves nothing).
 */
export interface ItemRecord { done: boolean[]; first: Array<boolean | null>; code?: string }

const steps = <T extends v.GenericSchema>(x: T) => v.pipe(v.array(x, 'must be a list'), v.maxLength(200, 'must list at most 200 steps'));

const ItemProgress = v.strictObject({
  key: v.pipe(v.string('must be text'), v.maxLength(400)),
  title: v.pipe(v.string('must be text'), v.maxLength(120)),
  complete: v.boolean('must be true or false'),
  stepsDone: int(0, 200),
  steps: int(0, 200),
  firstTry: v.strictObject({ right: int(0, 200), answered: int(0, 200), questions: int(0, 200) }),
  done: steps(v.boolean('must be true or false')),
  first: steps(v.nullable(v.boolean('must be true, false or null'))),
  /** A challenge item's completion code (optional: lessons have none, and older files none at all). */
  code: v.optional(v.pipe(v.string('must be text'), v.maxLength(8000))),
}, 'must be an object with key, title, complete, stepsDone, steps, firstTry, done and first (and a challenge\'s code)');

const HandInSchema = v.pipe(
  v.strictObject({
    format: v.literal(HAND_IN, `must be "${HAND_IN}" (this is not a QP Scope progress file)`),
    v: v.literal(1, 'must be 1'),
    exported: v.pipe(v.string('must be text'), v.maxLength(40)),
    course: CourseSchema,
    items: v.pipe(v.array(ItemProgress, 'must be a list'), v.maxLength(60)),
  }, 'must be an object with format, v, exported, course and items'),
  v.check((h) => h.items.length === h.course.items.length && h.items.every((it, i) => it.key === itemKey(h.course.items[i])),
    'items must follow the course item by item (the file was edited or belongs to another course)'),
);

export type HandIn = v.InferOutput<typeof HandInSchema>;

/** The hand-in file for `course` with each item's record (by item key). */
export function handIn(course: Course, records: Readonly<Record<string, ItemRecord>>, questionsOf: (key: string) => number, stepsOf: (key: string) => number, exported: string): HandIn {
  return {
    format: HAND_IN, v: 1, exported, course,
    items: course.items.map((it) => {
      const key = itemKey(it);
      const r = records[key] ?? { done: [], first: [] };
      const steps = Math.max(stepsOf(key), r.done.length);
      const stepsDone = r.done.filter(Boolean).length;
      return {
        key, title: it.title, complete: steps > 0 && stepsDone === steps, stepsDone, steps,
        firstTry: { right: r.first.filter((x) => x === true).length, answered: r.first.filter((x) => x !== null).length, questions: Math.max(questionsOf(key), 0) },
        done: r.done, first: r.first, ...(r.code ? { code: r.code } : {}),
      };
    }),
  };
}

/** Read a hand-in file's text; the refusal names the problem. */
export function readHandIn(json: string): { ok: true; file: HandIn } | { ok: false; error: string } {
  if (json.length > 2_000_000) return { ok: false, error: 'the progress file is too large to be one' };
  let raw: unknown;
  try { raw = JSON.parse(json); } catch { return { ok: false, error: 'the progress file is not valid JSON' }; }
  const r = v.safeParse(HandInSchema, raw);
  return r.success ? { ok: true, file: r.output } : { ok: false, error: `the progress file's ${fieldIssue(r.issues[0], 'file')}` };
}
