// The one lesson runner. It knows where the learner is and which steps are done; the instrument
// gives it a probe of its live model. `mark` is the instrument's position when a step began
// (the transport instrument's trace count), so a check can ask "what happened since". A question
// step keeps its options (read at the pause), whether the event was revealed, the model's
// outcome, and the last grade.
import { grade, isAnswer, outcomeOf, type Answer, type QuestionOption, type QuestionView } from './question.ts';
import type { Lesson, LessonProgress, LessonStep } from './types.ts';

interface Asked { options: QuestionOption[]; outcome: Answer | null; graded: QuestionView['graded']; attempts: number }

export class LessonRunner<P, A> {
  lesson: Lesson<P, A> | null = null;
  step = 0;
  private mark = 0;
  private done: boolean[] = [];
  private asked: Asked | null = null;
  /** Hints revealed on the current step. */
  private hintLevel = 0;

  constructor(private readonly lessons: ReadonlyArray<Lesson<P, A>>) {}

  find(id: string): Lesson<P, A> | undefined {
    return this.lessons.find((l) => l.id === id);
  }

  get current(): LessonStep<P, A> | undefined {
    return this.lesson?.steps[this.step];
  }

  /** Follow a lesson from `step`; false when there is no such lesson. */
  start(id: string, step: number, mark: number): boolean {
    const l = this.find(id);
    if (!l) return false;
    this.lesson = l;
    this.done = l.steps.map(() => false);
    this.goTo(step, mark);
    return true;
  }

  stop(): void {
    this.lesson = null;
    this.asked = null;
  }

  goTo(step: number, mark: number): void {
    if (!this.lesson) return;
    this.step = Math.max(0, Math.min(Math.trunc(step) || 0, this.lesson.steps.length - 1));
    this.mark = mark;
    this.asked = null;
    this.hintLevel = 0;
  }

  /** Steps already done (a resumed session): merged in, a done step stays done. */
  markDone(done: readonly boolean[]): void {
    done.forEach((d, i) => { if (d && i < this.done.length) this.done[i] = true; });
  }

  /** Restore the current question's last grade (a resumed session): the event has run already. */
  restoreGrade(graded: NonNullable<QuestionView['graded']>, attempts: number, probe: (mark: number) => P): void {
    const a = this.ask(probe);
    if (!a) return;
    a.outcome = graded.expected;
    a.graded = graded;
    a.attempts = attempts;
    if (graded.correct) this.done[this.step] = true;
  }

  /** Reveal the next hint of the current step's ladder; false when none is left. */
  hint(): boolean {
    const n = this.current?.hints?.length ?? 0;
    if (this.hintLevel >= n) return false;
    this.hintLevel++;
    return true;
  }

  /** The current step's solution, computed from the live model. */
  solution(probe: (mark: number) => P): { actions: readonly A[]; runNs: number } {
    const s = this.current;
    if (!s?.solution) return { actions: [], runNs: 0 };
    const actions = typeof s.solution === 'function' ? s.solution(probe(this.mark)) : s.solution;
    return { actions, runNs: s.runNs ?? 2000 };
  }

  private ask(probe: (mark: number) => P): Asked | null {
    const q = this.current?.question;
    if (!q) return null;
    if (!this.asked) this.asked = { options: typeof q.options === 'function' ? q.options(probe(this.mark)) : [...(q.options ?? [])], outcome: null, graded: null, attempts: 0 };
    return this.asked;
  }

  /**
   * The learner's answer to the current question. The first answer reveals: `reveal(actions,
   * runNs)` runs the event, then the outcome is read from the model; every answer is graded
   * against that outcome. A malformed answer is refused (it comes from the main thread).
   */
  answer(raw: unknown, probe: (mark: number) => P, reveal: (actions: readonly A[], runNs: number) => void): { ok: boolean; error?: string } {
    const q = this.current?.question;
    const a = this.ask(probe);
    if (!q || !a) return { ok: false, error: 'this step asks no question' };
    if (!isAnswer(q.kind, raw, a.options)) return { ok: false, error: `that is not an answer to this question (${q.kind === 'number' ? 'a number' : q.kind === 'one' ? 'one of the options' : 'a list of the options'})` };
    if (a.outcome === null) {
      reveal(q.reveal, q.runNs ?? 2000);
      a.outcome = outcomeOf(q, a.options, probe(this.mark));
    }
    const g = grade(q, a.options, raw, a.outcome);
    a.attempts++;
    a.graded = { answer: raw, correct: g.correct, feedback: g.feedback, expected: a.outcome };
    if (g.correct) this.done[this.step] = true;
    return { ok: true };
  }

  /**
   * Evaluate the current step's check (once done, a step stays done) and report progress.
   * `markNow` lets a mark that moved backwards (time travel) follow the model.
   */
  progress(probe: (mark: number) => P, markNow: number): LessonProgress | null {
    const l = this.lesson;
    if (!l) return null;
    this.mark = Math.min(this.mark, markNow);
    const s = l.steps[this.step];
    if (s.check && !this.done[this.step]) this.done[this.step] = s.check(probe(this.mark));
    else if (!s.check && !s.question) this.done[this.step] = true;
    const a = this.ask(probe);
    const question: QuestionView | null = s.question && a ? {
      kind: s.question.kind, prompt: s.question.prompt, options: a.options.map((o) => (o.why === undefined ? { id: o.id, label: o.label } : { id: o.id, label: o.label, why: o.why })), unit: s.question.unit,
      revealed: a.outcome !== null, graded: a.graded, attempts: a.attempts,
    } : null;
    let stuck: string | null = null;
    if (!this.done[this.step] && s.stuck) stuck = s.stuck(probe(this.mark));
    return { id: l.id, step: this.step, stepsDone: [...this.done], done: this.done.every(Boolean), question, hints: (s.hints ?? []).slice(0, this.hintLevel), stuck };
  }
}
