// The one lesson runner. It knows where the learner is and which steps are done; the instrument
// gives it a probe of its live model. `mark` is the instrument's position when a step began
// (the transport instrument's trace count), so a check can ask "what happened since". A question
// step keeps its options (read at the pause), whether the event was revealed, the model's
// outcome, and the last grade. The first answer to each question is kept apart (the learner's
// score): answering again, a variant or the reveal never changes it. Options are shown in an
// order drawn from the learner's seed, the same on every visit and in a shared link.
import { grade, hash32, isAnswer, outcomeOf, sameAnswer, shuffled, type Answer, type Question, type QuestionOption, type QuestionView } from './question.ts';
import type { Lesson, LessonProgress, LessonStep } from './types.ts';

interface Asked { options: QuestionOption[]; outcome: Answer | null; graded: QuestionView['graded']; attempts: number; seen: boolean }

export class LessonRunner<P, A> {
  lesson: Lesson<P, A> | null = null;
  step = 0;
  private mark = 0;
  private done: boolean[] = [];
  private asked: Asked | null = null;
  /** Hints revealed on the current step. */
  private hintLevel = 0;
  /** Per step of the lesson: the first answer's grade (null: not answered yet, or no question). */
  private first: Array<boolean | null> = [];
  /** Which variant of the current question is asked (0: the question itself). */
  private variantN = 0;
  /** The learner's seed: the order of every question's options derives from it. */
  seed = 0;

  private readonly lessons: Array<Lesson<P, A>>;

  constructor(lessons: ReadonlyArray<Lesson<P, A>>) {
    this.lessons = [...lessons];
  }

  /** Add a lesson (a lesson file opened at run time), replacing one with the same id. */
  add(l: Lesson<P, A>): void {
    const i = this.lessons.findIndex((x) => x.id === l.id);
    if (i < 0) this.lessons.push(l);
    else this.lessons[i] = l;
  }

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
    this.first = l.steps.map(() => null);
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
    this.variantN = 0;
  }

  /** First tries of a resumed session: a first answer once given is never replaced. */
  markFirst(first: ReadonlyArray<boolean | null | undefined>): void {
    first.forEach((f, i) => { if (typeof f === 'boolean' && i < this.first.length && this.first[i] === null) this.first[i] = f; });
  }

  /** The current question as asked: the step's question, or its variant. */
  private question(): Question<P, A> | undefined {
    const q = this.current?.question;
    if (!q || this.variantN === 0 || !q.variant) return q;
    return { ...q, ...q.variant(this.variantN) };
  }

  /**
   * Ask a variant of the current question (after a wrong first answer): the caller has put the
   * model back where the step began; the variant is graded by the model like the original.
   */
  vary(mark: number): boolean {
    if (!this.canVary()) return false;
    this.variantN++;
    this.asked = null;
    this.mark = mark;
    return true;
  }

  /**
   * The current step asks a question whose event has not run: the model must stay as the step
   * set it up until the learner locks in (or asks for the answer), or an experiment run first
   * answers it and the reveal would run from a model the question never described.
   */
  awaiting(): boolean {
    return !!this.question() && (this.asked?.outcome ?? null) === null;
  }

  /** A variant may be asked: the question has them and its last answer was wrong. */
  canVary(): boolean {
    return !!this.current?.question?.variant && !!this.asked?.graded && !this.asked.graded.correct && !this.asked.seen;
  }

  /**
   * Show the answer: the event runs if it has not, the model's outcome is shown with its reason,
   * and the step is done — seen, not scored (the first try stays what it was).
   */
  reveal(probe: (mark: number) => P, reveal: (actions: readonly A[], runNs: number) => void): { ok: boolean; error?: string } {
    const q = this.question();
    const a = this.ask(probe);
    if (!q || !a) return { ok: false, error: 'this step asks no question' };
    if (a.outcome === null) {
      reveal(q.reveal, q.runNs ?? 2000);
      a.outcome = outcomeOf(q, a.options, probe(this.mark));
    }
    a.seen = true;
    a.graded = { answer: a.graded?.answer ?? a.outcome, correct: false, feedback: [q.because], expected: a.outcome };
    this.done[this.step] = true;
    return { ok: true };
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
    const q = this.question();
    const s = this.current;
    if (!q || !s || !this.lesson) return null;
    if (!this.asked) {
      const options = typeof q.options === 'function' ? q.options(probe(this.mark)) : [...(q.options ?? [])];
      const stated = q.kind === 'order' && Array.isArray(q.stated) ? q.stated : null;
      const order = shuffled(options, hash32(`${this.lesson.id}/${s.id}/${this.variantN}`, this.seed), stated ? (xs) => xs.every((o, i) => o.id === stated[i]) : undefined);
      this.asked = { options: order, outcome: null, graded: null, attempts: 0, seen: false };
    }
    return this.asked;
  }

  /**
   * The learner's answer to the current question. The first answer reveals: `reveal(actions,
   * runNs)` runs the event, then the outcome is read from the model; every answer is graded
   * against that outcome. A malformed answer is refused (it comes from the main thread).
   */
  answer(raw: unknown, probe: (mark: number) => P, reveal: (actions: readonly A[], runNs: number) => void): { ok: boolean; error?: string } {
    const q = this.question();
    const a = this.ask(probe);
    if (!q || !a) return { ok: false, error: 'this step asks no question' };
    if (!isAnswer(q.kind, raw, a.options)) return { ok: false, error: `that is not an answer to this question (${q.kind === 'number' ? 'a number' : q.kind === 'one' ? 'one of the options' : 'a list of the options'})` };
    if (a.outcome === null) {
      reveal(q.reveal, q.runNs ?? 2000);
      a.outcome = outcomeOf(q, a.options, probe(this.mark));
    }
    // The same answer again is not a new attempt (nor a new grade).
    if (a.graded && !a.seen && sameAnswer(q.kind, raw, a.graded.answer)) return { ok: true };
    const g = grade(q, a.options, raw, a.outcome);
    a.attempts++;
    a.graded = { answer: raw, correct: g.correct, feedback: g.feedback, expected: a.outcome };
    if (this.first[this.step] === null) this.first[this.step] = g.correct;
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
    const q = this.question();
    // The options cross without their reasons: a why is shown only in the grade of a wrong answer.
    const question: QuestionView | null = q && a ? {
      kind: q.kind, prompt: q.prompt, options: a.options.map((o) => ({ id: o.id, label: o.label })), unit: q.unit,
      revealed: a.outcome !== null, graded: a.graded, attempts: a.attempts,
      variant: this.variantN, canVary: !!q.variant, seen: a.seen,
      ...(q.masks && a.outcome === null ? { masks: [...q.masks] } : {}),
    } : null;
    let stuck: string | null = null;
    if (!this.done[this.step] && s.stuck) stuck = s.stuck(probe(this.mark));
    return { id: l.id, step: this.step, stepsDone: [...this.done], done: this.done.every(Boolean), question, hints: (s.hints ?? []).slice(0, this.hintLevel), stuck, firstTry: [...this.first], seed: this.seed };
  }
}
