// A lesson replayed headlessly through its instrument's worker API, as a person drives it (the
// same walk as lessons/replay.test.ts): every step's check false when the step begins and true
// after its solution; every question answered right (the model's own outcome) and wrong (an
// answer that outcome refutes), both grades as they must be. The first failure names its step.
import type { LessonFile } from '../lessons/data/format.ts';
import type { Answer, QuestionView } from '../lessons/kit/index.ts';
import { createTransportApi } from '../worker/transport/api.ts';
import { createMemoryApi, type MemoryApi } from '../worker/memory/api.ts';
import { createFaultsApi } from '../worker/faults/api.ts';

type Lesson = { question: QuestionView | null; stepsDone: boolean[] } | null;
interface Reply { ok: boolean; error?: string; frame: { lesson: Lesson } }
interface Api {
  openLessonFile(json: unknown): Reply;
  lessonStep(i: number): { lesson: Lesson };
  solveStep(): Reply;
  answer(a: unknown): Reply;
  frame(): { lesson: Lesson };
}

/** An answer the model's outcome certainly refutes. */
function wrongAnswer(q: QuestionView, expected: Answer): Answer {
  if (q.kind === 'number') return Number(expected) * 10 + 1000;
  const ids = q.options.map((o) => o.id);
  if (q.kind === 'one') return ids.find((id) => id !== expected) ?? ids[0];
  const e = Array.isArray(expected) ? expected : [];
  if (q.kind === 'several') return e.includes(ids[0]) ? e.filter((id) => id !== ids[0]) : [...e, ids[0]];
  return [...e].reverse();
}

/** Let the memory lab run to steady readouts (table set up, compare pair built, 480,000 packets). */
function settleMemory(api: MemoryApi): void {
  api.setSpeed(400_000);
  api.play();
  let f = api.tick(0);
  for (let i = 0; i < 400 && (!f.live.ready || (f.compare !== null && !f.compare.ready)); i++) f = api.tick(0);
  for (let i = 0; i < 12; i++) api.tick(100);
}

/** Replay `json` (a checked file); null when every step and question behaves, else the failure. */
export function replayLesson(file: LessonFile, json: unknown): string | null {
  if (file.lab === 'memory') return replayOn(() => { const a = createMemoryApi({ sweepUnitsPerTick: 1 }); a.showCompare(true); return a; }, settleMemory, file, json);
  if (file.lab === 'transport') return replayOn(() => createTransportApi(), () => undefined, file, json);
  return replayOn(() => createFaultsApi(), () => undefined, file, json);
}

function replayOn<T extends Api>(make: () => T, settle: (a: T) => void, file: LessonFile, json: unknown): string | null {
  const ops: Array<(a: T) => unknown> = [(a) => a.openLessonFile(json), settle];
  const twinAt = () => { const t = make(); for (const op of ops) op(t); return t; };
  const api = make();
  const opened = api.openLessonFile(json);
  if (!opened.ok) return `setup: ${opened.error ?? 'refused'}`;
  settle(api);
  for (const [i, s] of file.steps.entries()) {
    const at = `steps[${i}] "${s.id}"`;
    if (s.question) {
      const q = api.lessonStep(i).lesson?.question;
      if (!q) return `${at}.question: the runner asks no question here`;
      const twin = twinAt();
      twin.lessonStep(i);
      const probe = twin.answer(q.kind === 'number' ? 0 : q.kind === 'one' ? q.options[0].id : q.options.map((o) => o.id));
      const expected = probe.frame.lesson?.question?.graded?.expected;
      if (expected === undefined) return `${at}.question: no outcome (${probe.error ?? 'the reveal failed'})`;
      const right = api.answer(expected);
      if (!right.ok || right.frame.lesson?.question?.graded?.correct !== true) return `${at}.question: the model's own outcome ${JSON.stringify(expected)} was not graded right`;
      if (s.question.stated !== undefined && JSON.stringify(s.question.stated) !== JSON.stringify(expected) && !sameish(s.question.kind, s.question.stated, expected, s.question)) {
        return `${at}.question.stated: the text states ${JSON.stringify(s.question.stated)}, the model did ${JSON.stringify(expected)}`;
      }
      const wrong = api.answer(wrongAnswer(q, expected));
      if (wrong.frame.lesson?.question?.graded?.correct !== false) return `${at}.question: a refuted answer was not graded wrong`;
      ops.push((a) => { a.lessonStep(i); a.answer(expected); });
      continue;
    }
    const before = api.lessonStep(i);
    if (s.check !== undefined && before.lesson?.stepsDone[i]) return `${at}.check: already true before its solution`;
    if (s.solution) api.solveStep();
    settle(api);
    ops.push((a) => { a.lessonStep(i); if (s.solution) a.solveStep(); settle(a); });
    if (s.check !== undefined && !api.frame().lesson?.stepsDone[i]) return `${at}.check: still false after its solution`;
  }
  return null;
}

/** A stated answer agrees with the model's: a set for several, within the tolerance for a number. */
function sameish(kind: string, stated: Answer, got: Answer, q: { tolerance?: number; relTolerance?: number }): boolean {
  if (kind === 'several' && Array.isArray(stated) && Array.isArray(got)) return stated.length === got.length && stated.every((x) => got.includes(x));
  if (kind === 'number') {
    const o = Number(got);
    return Math.abs(Number(stated) - o) <= Math.max(q.tolerance ?? 0, Math.abs(o) * (q.relTolerance ?? 0));
  }
  return false;
}
