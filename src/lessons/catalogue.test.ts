// Checks over every lesson of every catalogue that need no model run: how a question is graded,
// what its options say, how many questions a lesson asks, and the hint ladders of its tasks.
import { describe, expect, it } from 'vitest';
import { FAULTS_LESSONS, MEMORY_LESSONS, TRANSPORT_LESSONS, type QuestionOption } from './index.ts';
import { rangeProblems } from './kit/question.ts';

type AnyStep = { id: string; task?: string; check?: unknown; solution?: unknown; hints?: readonly string[]; question?: {
  kind: string; options?: readonly QuestionOption[] | ((p: never) => QuestionOption[]); outcome?: unknown; measure?: { unit: '%' | 'points' };
} };
const ALL = [...TRANSPORT_LESSONS, ...MEMORY_LESSONS, ...FAULTS_LESSONS] as unknown as ReadonlyArray<{ id: string; topic: number; why?: string; steps: ReadonlyArray<AnyStep & { text?: readonly string[] }> }>;
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

describe('order of telling', () => {
  // Each lesson opens with why a practitioner cares: its own `why`, or a first step that is one.
  it('covers the introduction and all eleven topics', () => expect(new Set(ALL.map((l) => l.topic))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])));
  it.each(ALL.map((l) => [l.id, l] as const))('%s opens with why it matters before its first task or question', (_id, l) => {
    const first = l.steps[0];
    const why = l.why ?? (first.id === 'why' ? (first.text ?? []).join(' ') : '');
    expect(why.length).toBeGreaterThan(80);
    if (!l.why) expect(first.task ?? first.question).toBeUndefined();
  });
});

describe('hint ladders', () => {
  // A check met by playing alone (its solution does nothing: "press Play") needs no ladder.
  const trivial = (s: AnyStep) => Array.isArray(s.solution) && s.solution.length === 0;
  const tasks = ALL.flatMap((l) => l.steps.filter((s) => s.task && s.check && !trivial(s)).map((s) => [`${l.id}/${s.id}`, s] as const));
  it('most tasks need more than Play', () => expect(tasks.length).toBeGreaterThan(15));
  it.each(tasks)('%s: a task with a check has a ladder of at least two hints (where to look first, the answer last)', (_id, s) => {
    expect(s.hints?.length ?? 0).toBeGreaterThanOrEqual(2);
    const h = s.hints!;
    // Each rung says more than the one before: the ladder does not repeat itself.
    expect(new Set(h).size).toBe(h.length);
    for (const x of h) expect(x.length).toBeGreaterThan(25);
  });
  it('the state-machine lesson, whose modify panel sends learners to the Hint, has one on every task', () => {
    const sm = ALL.find((l) => l.id === 'state-machine')!;
    const withTask = sm.steps.filter((s) => s.task);
    expect(withTask.length).toBeGreaterThanOrEqual(6);
    expect(withTask.every((s) => (s.hints?.length ?? 0) >= 3)).toBe(true);
  });
});

describe('questions per lesson, and what their text states', () => {
  it.each(ALL.map((l) => [l.id, l] as const))('%s asks at least two questions', (_id, l) => {
    expect(l.steps.filter((s) => s.question).length).toBeGreaterThanOrEqual(2);
  });
  // Questions whose explanation names no single outcome (it depends on what the learner did).
  const OPEN: Record<string, string> = { 'intro/lose': 'which comes first depends on the traffic behind the lost packets' };
  it.each(questions.filter(([id]) => !(id in OPEN)))('%s states its outcome, so the replay can hold the model to it', (_id, q) => {
    expect((q as { stated?: unknown }).stated).toBeDefined();
  });
});
