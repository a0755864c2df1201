// Every lesson of every instrument ships its solution, and CI proves it: from the lesson's setup,
// replayed through the same worker API a person drives, each step's check must be false when the
// step begins and true after its solution.
import { describe, expect, it } from 'vitest';
import { createTransportApi } from '../worker/transport/api.ts';
import { createMemoryApi, type MemoryApi } from '../worker/memory/api.ts';
import { createFaultsApi } from '../worker/faults/api.ts';
import { FAULTS_LESSONS, MEMORY_LESSONS, TRANSPORT_LESSONS, lessonCatalogue, type Answer, type QuestionView } from './index.ts';
import { grade, type Question, type QuestionOption } from './kit/question.ts';
import { giveaways, optionProblems } from './kit/audit.ts';

/** An answer the model's outcome certainly refutes. */
function wrongAnswer(q: QuestionView, expected: Answer): Answer {
  if (q.kind === 'number') return Number(expected) * 10 + 1000;
  const ids = q.options.map((o) => o.id);
  if (q.kind === 'one') return ids.find((id) => id !== expected)!;
  const e = expected as string[];
  if (q.kind === 'several') return e.includes(ids[0]) ? e.filter((id) => id !== ids[0]) : [...e, ids[0]];
  return [...e].reverse();
}

type LessonOf = { lesson: { question: QuestionView | null; stepsDone: boolean[]; firstTry?: Array<boolean | null> } | null };
interface Asks {
  lessonStep(i: number): LessonOf;
  answer(a: unknown): { ok: boolean; frame: LessonOf };
  variantQuestion(): { ok: boolean; error?: string; frame: LessonOf };
  revealAnswer(): { ok: boolean; frame: LessonOf };
}

interface AskedStep { id: string; title: string; text: string[]; task?: string; question?: Question<unknown, unknown> }

/**
 * Nothing shown before lock-in answers the question (kit/audit.ts): neither the step's title,
 * text or task, the prompt, nor the tooltips of its terms hold the right option's own words or
 * the graded number; a choose-one or choose-several has three options or more, each wrong one
 * with its why. Judged against what the model really did.
 */
function noGiveaway(step: AskedStep, q: QuestionView, expected: Answer): void {
  // The options with their reasons (the view carries none until an answer is graded), in the order shown.
  const own = step.question!.options;
  const options = Array.isArray(own) ? q.options.map((o) => (own as QuestionOption[]).find((x) => x.id === o.id) ?? o) : q.options;
  const problems = [...giveaways(step, step.question!, options, expected), ...optionProblems(step.question!, options, expected)];
  expect(problems, `${step.id}: ${problems.join('; ')}`).toEqual([]);
}

/** A question step, answered right and then wrong; both grades asserted. `expected` comes from a twin run. */
function askBothWays(api: Asks, twin: Asks, i: number, step: AskedStep): void {
  const id = step.id;
  const q = api.lessonStep(i).lesson!.question!;
  twin.lessonStep(i);
  const probe = twin.answer(q.kind === 'number' ? 0 : q.kind === 'one' ? q.options[0].id : q.options.map((o) => o.id));
  const expected = probe.frame.lesson!.question!.graded!.expected;
  noGiveaway(step, q, expected);
  // Where the lesson's own words state the outcome, the model must agree with them.
  const stated = step.question?.stated;
  if (stated !== undefined) expect(grade(step.question!, q.options, stated, expected).correct, `${id}: the text says ${JSON.stringify(stated)}, the model did ${JSON.stringify(expected)}`).toBe(true);
  const right = api.answer(expected);
  expect(right.ok, id).toBe(true);
  expect(right.frame.lesson!.question!.graded, `${id}: the model's own outcome graded right`).toMatchObject({ correct: true });
  expect(right.frame.lesson!.stepsDone[i]).toBe(true);
  const wrong = api.answer(wrongAnswer(q, expected));
  expect(wrong.frame.lesson!.question!.graded, `${id}: a refuted answer graded wrong, with an explanation`).toMatchObject({ correct: false });
  expect(wrong.frame.lesson!.question!.graded!.feedback.join(' ').length).toBeGreaterThan(20);
  // The right answer came first, so the first try stays right.
  expect(wrong.frame.lesson!.firstTry![i], `${id}: the first try is the first answer`).toBe(true);
}

/**
 * From the same point on a fresh run: a wrong first answer stays wrong in the score whatever
 * follows (the same answer again is no new attempt; the right one completes the step); where the
 * question has a variant, the variant is asked from the step's start and graded by the model.
 */
function wrongFirst(api: Asks, i: number, step: AskedStep, expected: Answer): void {
  const id = step.id;
  const q = api.lessonStep(i).lesson!.question!;
  const bad = wrongAnswer(q, expected);
  let f = api.answer(bad).frame.lesson!;
  expect(f.firstTry![i], `${id}: a wrong first answer is scored wrong`).toBe(false);
  if (typeof expected === 'number') expect(f.question!.graded!.feedback.join(' '), `${id}: the feedback never prints the model's value`).not.toContain(String(expected));
  f = api.answer(bad).frame.lesson!;
  expect(f.question!.attempts, `${id}: the same answer again is no new attempt`).toBe(1);
  if (step.question!.variant) {
    const v = api.variantQuestion();
    expect(v.ok, `${id}: ${v.error ?? ''}`).toBe(true);
    expect(v.frame.lesson!.question, `${id}: the variant waits for a prediction`).toMatchObject({ variant: 1, revealed: false, graded: null });
    const vq = v.frame.lesson!.question!;
    const first = api.answer(vq.kind === 'number' ? -1 : vq.kind === 'one' ? vq.options[0].id : vq.options.map((o) => o.id)).frame.lesson!.question!;
    const vExpected = first.graded!.expected;
    const vstated = step.question!.variant(1).stated;
    if (vstated !== undefined) expect(grade({ ...step.question!, ...step.question!.variant(1) }, vq.options, vstated, vExpected).correct, `${id} variant: the text says ${JSON.stringify(vstated)}, the model did ${JSON.stringify(vExpected)}`).toBe(true);
    f = api.answer(vExpected).frame.lesson!;
    expect(f.question!.graded, `${id}: the variant graded right on the model's own outcome`).toMatchObject({ correct: true });
  } else {
    f = api.revealAnswer().frame.lesson!;
    expect(f.question, `${id}: the reveal shows the answer, seen and not scored`).toMatchObject({ seen: true, graded: { correct: false } });
  }
  expect(f.stepsDone[i]).toBe(true);
  expect(f.firstTry![i], `${id}: the score keeps the wrong first answer`).toBe(false);
}

interface LessonApi extends Asks {
  startLesson(id: string): { ok: boolean };
  solveStep(): { ok: boolean };
  frame(): { lesson: { question: QuestionView | null; stepsDone: boolean[] } | null };
}

/**
 * Replay a lesson through an instrument's worker API: every step's check false before its
 * solution and true after; every question answered right, then wrong. `settle` lets the model
 * run between steps (instruments whose readouts need time).
 */
function replay<A extends LessonApi>(make: () => A, id: string, steps: ReadonlyArray<{ id: string; text: readonly string[]; check?: unknown; solution?: unknown; question?: unknown }>, settle: (a: A) => void = () => undefined): void {
  const api = make();
  // Everything done to `api`, so a twin can be brought to the same point to learn an outcome.
  const ops: Array<(a: A) => unknown> = [(a) => a.startLesson(id), settle];
  const twinAt = () => { const t = make(); for (const op of ops) op(t); return t; };
  for (const op of ops) op(api);
  steps.forEach((step, i) => {
    if (step.question) {
      askBothWays(api, twinAt(), i, step as AskedStep);
      const expected = api.frame().lesson!.question!.graded!.expected;
      wrongFirst(twinAt(), i, step as AskedStep, expected);
      ops.push((a) => { a.lessonStep(i); a.answer(expected); });
      return;
    }
    const before = api.lessonStep(i);
    if (step.check) expect(before.lesson!.stepsDone[i], `${step.id}: done before its solution`).toBe(false);
    // A solution may show a refusal on purpose (posting to a QP in RESET): its check is what counts.
    if (step.solution) api.solveStep();
    settle(api);
    ops.push((a) => { a.lessonStep(i); if (step.solution) a.solveStep(); settle(a); });
    if (step.check) expect(api.frame().lesson!.stepsDone[i], `${step.id}: not done after its solution`).toBe(true);
  });
}

describe.each(TRANSPORT_LESSONS.map((l) => [l.id, l] as const))('transport lesson %s', (id, lesson) => {
  it('is solvable step by step; no check is true before its step is done; questions graded both ways', () => {
    replay(() => createTransportApi(), id, lesson.steps);
  });
});

/** Let the lab run: table set up, compare pair built, then enough packets for steady readouts. */
function settle(api: MemoryApi) {
  api.setSpeed(400_000);
  api.play();
  let f = api.tick(0);
  for (let i = 0; i < 400 && (!f.live.ready || (f.compare !== null && !f.compare.ready)); i++) f = api.tick(0);
  for (let i = 0; i < 12; i++) f = api.tick(100); // 12 × 40,000 packets
  return f;
}

describe.each(MEMORY_LESSONS.map((l) => [l.id, l] as const))('memory lesson %s', (id, lesson) => {
  it('is solvable step by step; no task is done before its solution; questions graded both ways', () => {
    // The sweep is not what the lessons check; the compare pair runs as on its tab.
    replay(() => { const a = createMemoryApi({ sweepUnitsPerTick: 1 }); a.showCompare(true); return a; }, id, lesson.steps, settle);
  }, 300_000);
});

describe.each(FAULTS_LESSONS.map((l) => [l.id, l] as const))('faults lesson %s', (id, lesson) => {
  it('is solvable step by step; no task is done before its solution; questions graded both ways', () => {
    replay(() => createFaultsApi(), id, lesson.steps);
  }, 120_000);
});

describe('every lesson', () => {
  it.each([...TRANSPORT_LESSONS, ...MEMORY_LESSONS, ...FAULTS_LESSONS].map((l) => [l.id, l] as const))('%s has text, a task and a solution for every checked step, and named sources', (_id, lesson) => {
    expect(lesson.steps.length).toBeGreaterThan(1);
    for (const s of lesson.steps) {
      expect(s.text.join(' ').length).toBeGreaterThan(60);
      if (s.check) { expect(s.task).toBeTruthy(); expect(s.solution).toBeDefined(); }
    }
    expect(lesson.sources.length).toBeGreaterThan(0);
  });
  it('the catalogues cover topics 0, 0, 1, 4, 5, 6 and 2, 3, 8, 9, 11 and cross to the main thread as plain data', () => {
    expect(lessonCatalogue('transport').map((l) => l.topic)).toEqual([0, 0, 1, 4, 5, 6, 6]);
    const m = lessonCatalogue('memory');
    expect(m.map((l) => l.topic)).toEqual([2, 3, 8, 9, 11]);
    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });
});
