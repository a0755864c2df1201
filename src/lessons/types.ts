// A lesson is data: a starting scenario, steps of prose, a predicate per step that says when
// the learner has done it, and the commands that do it (CI replays them: lessons.test.ts).
import type { Command, ScenarioInput, SimEvent } from '../core/index.ts';

/** Read-only questions a step's check may ask of the running simulation. */
export interface Probe {
  readonly now: number;
  /** Lifecycle label of a QP: RESET, INIT, RTR, RTS, SQD (draining), SQD (drained), SQE, ERR. */
  state(host: number, qpn: number): string;
  ctx(host: number, qpn: number, field: string): number;
  /** Events emitted since the step began, optionally of one kind. */
  since<K extends SimEvent['kind']>(kind: K): Extract<SimEvent, { kind: K }>[];
}

export interface LessonStep {
  id: string;
  title: string;
  /** Paragraphs; `code` in backticks is rendered as code. */
  text: string[];
  /** What to do, in one imperative sentence. */
  task?: string;
  check?: (p: Probe) => boolean;
  /** Commands that complete the step (computed from the live state when they depend on it), and how long to let the simulation run after them. */
  solution?: Command[] | ((p: Probe) => Command[]);
  runNs?: number;
  /** Where to look in the page (inspector tab or panel), for the "Show me" button. */
  look?: 'wire' | 'state' | 'modify' | 'context' | 'rings' | 'post' | 'log';
}

export interface Lesson {
  id: string;
  /** Topic number in DESIGN.md (0 = introduction). */
  topic: number;
  title: string;
  summary: string;
  scenario: () => ScenarioInput;
  /** QP selected when the lesson starts. */
  focus: { host: number; qpn: number };
  steps: LessonStep[];
  /** Facts the lesson rests on, with their source, shown at the end. */
  sources: string[];
}
