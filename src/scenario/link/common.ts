// Pieces every instrument's link schema uses: integers and numbers with readable messages, and
// where the learner is in a lesson.
import * as v from 'valibot';
import { int, num, oneOf } from '../../core/kit/valid.ts';

// The bounded numbers and choices are the core's (core/kit/valid.ts), shared with every schema.
export { int, num, oneOf };

/** The lesson and step the person was on (checked against the catalogue when the link opens). */
export const LessonAt = v.strictObject({
  id: v.pipe(v.string('must be a lesson id'), v.maxLength(64, 'must be a lesson id')),
  step: int(0, 999),
  /** The learner's seed: the order of the options, so the link shows them as its sender saw them. */
  seed: v.optional(int(0, 4_294_967_295)),
});
export type LessonAt = v.InferOutput<typeof LessonAt>;
