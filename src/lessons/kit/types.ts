// One lesson format for every instrument. A lesson is data: the setup that starts it, steps of
// narrative, where to look, what to do, a check over the live model that says when it is done,
// and the actions that do it (CI replays every solution: src/lessons/replay.test.ts).
// P is what a check may read of the instrument's model (its probe); A is an action the
// instrument can apply (a command, a setting, a scenario to load).
import type { Question, QuestionView } from './question.ts';
import { resolveSource, type SourceRef } from './sources.ts';
import { termsIn, type Term } from './glossary.ts';
import { LESSON_META, type LessonMeta } from '../meta.ts';

// The instrument ids come from the one list of them (scenario/link/labName.ts).
import type { LabId } from '../../scenario/link/labName.ts';
export type { LabId };

export interface LessonStep<P, A> {
  id: string;
  title: string;
  /** Narrative paragraphs; `code` in backticks is rendered as code. */
  text: string[];
  /** Where to look: a place the instrument's views know (an inspector tab, a panel, a lab tab). */
  highlight?: string;
  /** What to do, in one imperative sentence. */
  task?: string;
  /** True once the learner has done the task (read from the live model, never from the UI). */
  check?: (p: P) => boolean;
  /** Actions that complete the step, computed from the live model when they depend on it. */
  solution?: readonly A[] | ((p: P) => readonly A[]);
  /** Simulated nanoseconds to let run after the solution (instruments with a clock). */
  runNs?: number;
  /**
   * The hint ladder instead of giving the answer away: first where to look, then what to look
   * for, and the answer only last. Revealed one at a time on request.
   */
  hints?: readonly string[];
  /** The playback speed this step needs (the instrument's unit), set when the step begins. */
  speed?: number;
  /**
   * Why the step can no longer be completed from here, or null while it still can (a check that
   * can never turn true deserves a reason and a way back to the step's starting point).
   */
  stuck?: (p: P) => string | null;
  /**
   * A question step (predict, then reveal): the model pauses, the learner answers, the model
   * runs the event, the answer is graded against what the model did. The step is done once the
   * learner's answer is right.
   */
  question?: Question<P, A>;
}

export interface Lesson<P, A> {
  id: string;
  lab: LabId;
  /** Topic number in DESIGN.md (0 = introduction). */
  topic: number;
  title: string;
  summary: string;
  /** Applied when the lesson starts (not when a link restores it mid-way). */
  setup: readonly A[];
  /** What to select first, where the instrument has a selection (host and QPN). */
  focus?: { host: number; qpn: number };
  steps: ReadonlyArray<LessonStep<P, A>>;
  /**
   * Facts the lesson rests on: keys of the bibliography (kit/sources.ts, docs/sources.md), each
   * optionally followed by ": what it supports". Free text is shown as it is.
   */
  sources: readonly string[];
  /** Why a practitioner cares, in a sentence or two: shown before the first step. */
  why?: string;
  /** Objectives, prerequisites and minutes (a data lesson's own; else lessons/meta.ts by id). */
  meta?: LessonMeta;
}

// SourceRef and Term live beside the data they describe (sources.ts, glossary.ts), so those files
// import nothing from here and the kit's files form no cycle.
export type { Term } from './glossary.ts';

/** A lesson without its functions: what crosses to the main thread. */
export interface LessonInfo {
  id: string;
  lab: LabId;
  topic: number;
  title: string;
  summary: string;
  focus?: { host: number; qpn: number };
  steps: Array<{ id: string; title: string; text: string[]; highlight?: string; task?: string; solvable: boolean; checked: boolean; question: boolean; hints: number }>;
  sources: SourceRef[];
  why?: string;
  /** Glossary entries for the terms this lesson's text uses. */
  terms: Term[];
  /** Objectives, prerequisites and estimated minutes, where the lesson has them. */
  meta?: LessonMeta;
}

/** Where the learner is, sent with every frame. */
export interface LessonProgress {
  id: string;
  step: number;
  stepsDone: boolean[];
  done: boolean;
  /** The current step's question, when it is a question step. */
  question: QuestionView | null;
  /** Hints of the current step revealed so far (the last one of the ladder is the answer). */
  hints: string[];
  /** Why the current step cannot be completed any more, if it cannot (restoreStep goes back to its start). */
  stuck: string | null;
  /** Per step: the first answer's grade (null: no question, or not answered yet). The learner's score. */
  firstTry?: Array<boolean | null>;
  /** The learner's seed (the order of the options derives from it). */
  seed?: number;
}

export function lessonInfo<P, A>(l: Lesson<P, A>): LessonInfo {
  const texts = [l.why ?? '', l.summary, ...l.steps.flatMap((s) => [s.title, ...s.text, s.task ?? '', s.question?.prompt ?? '', ...(s.hints ?? [])])];
  return {
    id: l.id, lab: l.lab, topic: l.topic, title: l.title, summary: l.summary, focus: l.focus, sources: l.sources.map(resolveSource), why: l.why,
    ...((l.meta ?? LESSON_META[l.id]) ? { meta: l.meta ?? LESSON_META[l.id] } : {}),
    terms: termsIn(texts),
    steps: l.steps.map((s) => ({
      id: s.id, title: s.title, text: [...s.text], highlight: s.highlight, task: s.task, solvable: s.solution !== undefined, checked: s.check !== undefined, question: s.question !== undefined,
      hints: s.hints?.length ?? 0,
    })),
  };
}
