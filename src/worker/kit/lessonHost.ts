// The lesson runner inside a worker: one per instrument, the same for all. The instrument gives
// an adapter (how to read its model, apply an action, let time run); the host does the rest.
import { LessonRunner, lessonInfo, type LessonInfo, type LessonProgress } from '../../lessons/kit/index.ts';
import type { Lesson, QuestionView } from '../../lessons/kit/index.ts';

export interface LessonAdapter<P, A> {
  /** The model's position now (steps check what happened since their mark). */
  mark(): number;
  probe(mark: number): P;
  /** Apply one action as a person would; a refusal names the problem. */
  apply(action: A): { ok: boolean; error?: string };
  /** Let the model run after a solution (simulated ns), where the instrument has a clock. */
  settle(runNs: number): void;
  /** Stop playback: a question step pauses the model before the event it asks about. */
  pause(): void;
  /** Set the playback speed a step asks for (the instrument's unit). */
  setSpeed?(speed: number): void;
  /** Before a lesson's setup: put shared UI-facing state back to its defaults (e.g. compare sides). */
  begin?(): void;
  /** The model's state at a step's start, to go back to when the step cannot be completed. */
  snapshot?(): unknown;
  restore?(s: unknown): { ok: boolean; error?: string };
}

/** What a resumed session brings back for a lesson (saved by the main thread). */
export interface ResumeState {
  done: boolean[];
  /** The current step's last grade, when it is a question that was answered. */
  graded?: NonNullable<QuestionView['graded']>;
  attempts?: number;
  /** Per step, the first answer's grade as saved (the learner's score). */
  first?: Array<boolean | null>;
  /** The learner's seed (the order of the options). */
  seed?: number;
}

export class LessonHost<P, A> {
  private readonly runner: LessonRunner<P, A>;
  /** The model at the current step's start (restoreStep returns to it). */
  private stepStart: unknown = null;

  private readonly lessons: Array<Lesson<P, A>>;

  constructor(lessons: ReadonlyArray<Lesson<P, A>>, private readonly model: LessonAdapter<P, A>) {
    this.lessons = [...lessons];
    this.runner = new LessonRunner(lessons);
  }

  catalogue(): LessonInfo[] {
    return this.lessons.map(lessonInfo);
  }

  find(id: string): Lesson<P, A> | undefined {
    return this.lessons.find((l) => l.id === id);
  }

  /** Add a lesson opened from a file (after the built-in ones), replacing one with the same id. */
  add(l: Lesson<P, A>): void {
    const i = this.lessons.findIndex((x) => x.id === l.id);
    if (i < 0) this.lessons.push(l);
    else this.lessons[i] = l;
    this.runner.add(l);
  }

  get current(): { id: string; step: number } | null {
    return this.runner.lesson ? { id: this.runner.lesson.id, step: this.runner.step } : null;
  }

  /** Start `id` at `step`: from its setup, or (`keep`) on the model as it is (a shared link); `seed` is the learner's. */
  start(id: string, step = 0, keep = false, seed?: number): { ok: boolean; error?: string } {
    if (typeof seed === 'number' && Number.isInteger(seed)) this.runner.seed = seed >>> 0;
    const l = this.runner.find(id);
    if (!l) return { ok: false, error: `there is no lesson "${String(id).slice(0, 40)}"` };
    if (!Number.isInteger(step) || step < 0 || step >= l.steps.length) return { ok: false, error: `lesson "${id}" has steps 1 to ${l.steps.length}, not ${String(step + 1)}` };
    if (!keep) {
      this.model.begin?.();
      for (const a of l.setup) {
        const r = this.model.apply(a);
        if (!r.ok) return { ok: false, error: `the lesson's setup failed: ${r.error}` };
      }
    }
    this.runner.start(id, step, this.model.mark());
    this.enterStep();
    return { ok: true };
  }

  /** A step begins: remember where the model is, set the speed it needs, pause before a question. */
  private enterStep(): void {
    const s = this.runner.current;
    this.stepStart = this.model.snapshot?.() ?? null;
    if (s?.speed !== undefined) this.model.setSpeed?.(s.speed);
    if (s?.question) this.model.pause();
  }

  /** Resume a saved session: the model already stands where it was (a saved link); mark what was done. */
  resume(id: string, step: number, state: ResumeState): { ok: boolean; error?: string } {
    const r = this.start(id, step, true, state.seed);
    if (!r.ok) return r;
    this.runner.markDone(state.done);
    if (Array.isArray(state.first)) this.runner.markFirst(state.first);
    if (state.graded && this.runner.current?.question) {
      this.runner.restoreGrade(state.graded, state.attempts ?? 1, (m) => this.model.probe(m));
    }
    return { ok: true };
  }

  /** A question is open: its event has not run yet (the worker holds the model's commands). */
  awaiting(): boolean {
    return this.runner.awaiting();
  }

  /** Reveal the next rung of the current step's hint ladder. */
  hint(): { ok: boolean; error?: string } {
    return this.runner.hint() ? { ok: true } : { ok: false, error: 'this step has no more hints' };
  }

  /** Put the model back where the current step began (a step that cannot be completed any more). */
  restoreStep(): { ok: boolean; error?: string } {
    const cur = this.current;
    if (!cur || this.stepStart === null || !this.model.restore) return { ok: false, error: 'there is no starting point to go back to' };
    const r = this.model.restore(this.stepStart);
    if (!r.ok) return r;
    this.runner.goTo(cur.step, this.model.mark());
    this.enterStep();
    return { ok: true };
  }

  /** The learner's answer to the current question step (the first one reveals the event). */
  answer(raw: unknown): { ok: boolean; error?: string } {
    return this.runner.answer(raw, (m) => this.model.probe(m), (actions, runNs) => {
      for (const a of actions) this.model.apply(a);
      this.model.settle(runNs);
    });
  }

  /** After a wrong answer: the same question with other numbers, from the step's starting point. */
  variant(): { ok: boolean; error?: string } {
    if (this.stepStart === null || !this.model.restore) return { ok: false, error: 'this step has no starting point to ask a variant from' };
    if (!this.runner.canVary()) return { ok: false, error: 'a variant comes after a wrong answer, on a question that has one' };
    const r = this.model.restore(this.stepStart);
    if (!r.ok) return r;
    this.runner.vary(this.model.mark());
    this.model.pause();
    return { ok: true };
  }

  /** Show the answer: the step is done, the question seen and not scored. */
  reveal(): { ok: boolean; error?: string } {
    return this.runner.reveal((m) => this.model.probe(m), (actions, runNs) => {
      for (const a of actions) this.model.apply(a);
      this.model.settle(runNs);
    });
  }

  stop(): void {
    this.runner.stop();
  }

  goTo(step: number): void {
    this.runner.goTo(step, this.model.mark());
    this.enterStep();
  }

  /**
   * Apply the current step's solution, then let the model run. Every action is applied, as a
   * person would press every button (a solution may show a refusal on purpose); the first
   * refusal is reported.
   */
  solve(): { ok: boolean; error?: string } {
    const { actions, runNs } = this.runner.solution((m) => this.model.probe(m));
    let first: { ok: boolean; error?: string } = { ok: true };
    for (const a of actions) {
      const r = this.model.apply(a);
      if (!r.ok && first.ok) first = r;
    }
    this.model.settle(runNs);
    return first;
  }

  progress(): LessonProgress | null {
    return this.runner.progress((m) => this.model.probe(m), this.model.mark());
  }
}
