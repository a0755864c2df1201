// What every instrument's worker speaks: frames with a sequence number and the shared fields
// (playback, busy, lesson), replies that carry a frame, and the calls every instrument answers.
// Plain, structured-clone data only.
import type { Answer, LabId, LessonInfo, LessonProgress, QuestionView, Term } from '../../lessons/kit/index.ts';
import type { ResumeState } from './lessonHost.ts';

export type { Answer, LabId, LessonInfo, LessonProgress, QuestionView, ResumeState, Term };

export interface KitFrame {
  /** Increases with every frame a worker sends; a client drops a frame older than one it showed. */
  seq: number;
  lab: LabId;
  playing: boolean;
  /** The worker has work of its own to finish (setup, a sweep); the client keeps pulling. */
  busy: boolean;
  /** The instrument's speed (its own unit: simulated ns per second, packets per second). */
  speed: number;
  lesson: LessonProgress | null;
}

/**
 * The lifeline (lifeline.ts): the page names a Web Lock, the worker takes it for life and echoes
 * the name once it holds it; the page then queues for it, and is granted it when the worker is gone.
 */
export interface Lifeline { qpScopeLifeline: string }

/** An answer to a request that may be refused: the refusal names the problem, and the frame shows the state kept. */
export interface Reply<F extends KitFrame> {
  ok: boolean;
  error?: string;
  frame: F;
}

/** The calls every instrument's worker API answers (playback and lessons). */
export interface LabApi<F extends KitFrame> {
  frame(): F;
  /** Answers at once: the client's heartbeat while nothing else is asked (a worker that died idle is found). */
  ping(): true;
  /** One animation frame: `wallMs` of playback at the speed, plus bounded background work. */
  tick(wallMs: number): F;
  play(): F;
  pause(): F;
  setSpeed(speed: number): F;
  lessons(): LessonInfo[];
  /** Start a lesson at `step`; `keep` keeps the current model (a link restores it) instead of the lesson's setup. */
  startLesson(id: string, step?: number, keep?: boolean, seed?: number): Reply<F>;
  /** Open a lesson file (parsed JSON) and start it; a bad file is refused naming its field, the current lesson kept. */
  openLessonFile(json: unknown, step?: number, seed?: number): Reply<F>;
  /** Add a lesson file (parsed JSON) to the lesson list without starting it (a file kept from the last visit). */
  addLessonFile(json: unknown): Reply<F>;
  lessonStep(step: number): F;
  /** "Do it for me": apply the current step's solution. */
  solveStep(): Reply<F>;
  stopLesson(): F;
  /** The learner's answer to the current question step; the first one reveals the event. */
  answer(answer: unknown): Reply<F>;
  /** The next rung of the current step's hint ladder. */
  hint(): Reply<F>;
  /** Back to where the current step began (a step that cannot be completed any more). */
  restoreStep(): Reply<F>;
  /** Resume a saved session on the model as it stands (the saved moment was opened first). */
  resumeLesson(id: string, step: number, state: ResumeState): Reply<F>;
  /** After a wrong answer: the same question with other numbers, graded by the model. */
  variantQuestion(): Reply<F>;
  /** Show the answer: the step is done, the question seen and not scored. */
  revealAnswer(): Reply<F>;
}
