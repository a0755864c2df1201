// The one lesson runner. It knows where the learner is and which steps are done; the instrument
// gives it a probe of its live model. `mark` is the instrument's position when a step began
// (the transport instrument's trace count), so a check can ask "what happened since".
import type { Lesson, LessonProgress } from './types.ts';

export class LessonRunner<P, A> {
  lesson: Lesson<P, A> | null = null;
  step = 0;
  private mark = 0;
  private done: boolean[] = [];

  constructor(private readonly lessons: ReadonlyArray<Lesson<P, A>>) {}

  find(id: string): Lesson<P, A> | undefined {
    return this.lessons.find((l) => l.id === id);
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
  }

  goTo(step: number, mark: number): void {
    if (!this.lesson) return;
    this.step = Math.max(0, Math.min(Math.trunc(step) || 0, this.lesson.steps.length - 1));
    this.mark = mark;
  }

  /** The current step's solution, computed from the live model. */
  solution(probe: (mark: number) => P): { actions: readonly A[]; runNs: number } {
    const s = this.lesson?.steps[this.step];
    if (!s?.solution) return { actions: [], runNs: 0 };
    const actions = typeof s.solution === 'function' ? s.solution(probe(this.mark)) : s.solution;
    return { actions, runNs: s.runNs ?? 2000 };
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
    if (!s.check) this.done[this.step] = true;
    else if (!this.done[this.step]) this.done[this.step] = s.check(probe(this.mark));
    return { id: l.id, step: this.step, stepsDone: [...this.done], done: this.done.every(Boolean) };
  }
}
