// Checks over every lesson of every catalogue that need no model run: how a question is graded,
// what its options say, how many questions a lesson asks, and the hint ladders of its tasks.
import { describe, expect, it } from 'vitest';
import { FAULTS_LESSONS, MEMORY_LESSONS, TRANSPORT_LESSONS, type QuestionOption } from './index.ts';
import { rangeProblems } from './kit/question.ts';

type AnyStep = { id: string; task?: string; check?: unknown; hints?: readonly string[]; question?: {
  kind: string; options?: readonly QuestionOption[] | ((p: never) => QuestionOption[]); outcome?: unknown; measure?: { unit: '%' | 'points' };
} };
const ALL = [...TRANSPORT_LESSONS, ...MEMORY_LESSONS, ...FAULTS_LESSONS] as unknown as ReadonlyArray<{ id: string; topic: number; steps: readonly AnyStep[] }>;
const questions = ALL.flatMap((l) => l.steps.filter((s) => s.question).map((s) => [`${l.id}/${s.id}`, s.question!] as const));

describe('every question of every catalogue', () => {
  it.each(questions)('%s is graded one way: by its outcome, or by the ranges of a measure', (_id, q) => {
    expect((q.outcome === undefined) !== (q.measure === undefined)).toBe(true);
  });
  const ranged = questions.filter(([, q]) => q.measure);
  it('some questions are graded over ranges', () => expect(ranged.length).toBeGreaterThanOrEqual(4));
  it.each(ranged)('%s: its options tile every value and each label names its bounds', (_id, q) => {
    expect(q.kind).toBe('one');
    expect(Array.isArray(q.options)).toBe(true);
    expect(rangeProblems(q.measure!.unit, q.options as QuestionOption[])).toEqual([]);
  });
});
