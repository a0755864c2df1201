// Pieces every instrument's link schema uses: integers and numbers with readable messages, and
// where the learner is in a lesson.
import * as v from 'valibot';
import { grouped } from '../../core/kit/grouped.ts';

export const int = (min: number, max: number) =>
  v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${grouped(max)}`));

export const num = (min: number, max: number) =>
  v.pipe(v.number('must be a number'), v.finite('must be a finite number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${grouped(max)}`));

export const oneOf = <T extends string>(options: readonly T[]) =>
  v.picklist(options as T[], `must be one of ${options.join(', ')}`);

/** The lesson and step the person was on (checked against the catalogue when the link opens). */
export const LessonAt = v.strictObject({
  id: v.pipe(v.string('must be a lesson id'), v.maxLength(64, 'must be a lesson id')),
  step: int(0, 999),
  /** The learner's seed: the order of the options, so the link shows them as its sender saw them. */
  seed: v.optional(int(0, 4_294_967_295)),
});
export type LessonAt = v.InferOutput<typeof LessonAt>;
