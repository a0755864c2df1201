// The first answer is the learner's score: saved with progress, never replaced by a later answer,
// never written by a visit from someone else's link, counted per lesson for the table of contents.
import { describe, expect, it } from 'vitest';
import { firstScore, mergeFirst, recordLesson, type Progress } from './progress.ts';

const empty: Progress = { v: 1, labs: {} };
const at = (first: Array<boolean | null>) => ({ id: 'errors', step: 2, stepsDone: [true, true, true], question: null, firstTry: first });

describe('first tries saved with progress', () => {
  it('a saved first answer is never replaced; unanswered ones fill in', () => {
    expect(mergeFirst([false, null, true], [true, true, false, null])).toEqual([false, true, true, null]);
  });
  it('recordLesson keeps the first wrong answer through a later right one, and a visit writes none', () => {
    let p = recordLesson(empty, 'transport', at([null, false, null]), { hash: 'h' }, false);
    p = recordLesson(p, 'transport', at([null, true, true]), { hash: 'h' }, false);
    expect(p.labs.transport.lessons.errors.first).toEqual([null, false, true]);
    const v = recordLesson(empty, 'transport', at([true, true, true]), { hash: 'h' }, true);
    expect(v.labs.transport.lessons.errors.first).toBeUndefined();
  });
  it('the score counts right first answers over the lesson\'s questions', () => {
    expect(firstScore([null, false, true, true], 4)).toEqual({ right: 2, answered: 3, of: 4 });
  });
});
