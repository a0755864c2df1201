// Answerable without a prediction (issue 17), for the memory and faults lessons: the rules
// kit/audit.ts cannot see from the model's outcome alone, judged on the answer the lesson states.
// (The transport lessons are held to the same rules by their own owner's pass; they are not here.)
import { describe, expect, it } from 'vitest';
import { FAULTS_LESSONS, MEMORY_LESSONS } from './index.ts';
import { lengthGiveaway } from './kit/audit.ts';
import type { QuestionOption } from './kit/question.ts';

const ASKED = [...MEMORY_LESSONS, ...FAULTS_LESSONS].flatMap((l) => l.steps.filter((s) => s.question).map((s) => [`${l.id}/${s.id}`, s] as const));

describe('no pick-the-longest: the right option is not the one far longer than the rest', () => {
  it.each(ASKED.filter(([, s]) => Array.isArray(s.question!.options) && s.question!.stated !== undefined))('%s', (_id, s) => {
    const q = s.question!;
    expect(lengthGiveaway(q, q.options as QuestionOption[], q.stated!)).toEqual([]);
  });
});
