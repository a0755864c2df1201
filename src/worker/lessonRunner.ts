// Lesson progress inside the worker: the current step's check is evaluated against the live
// simulation after every change, so the page can tick a step off the moment it is done.
import type { Command, Simulation } from '../core/index.ts';
import { LESSONS, lessonById, makeProbe, type Lesson } from '../lessons/index.ts';
import type { LessonProgress } from './types.ts';

export interface LessonInfo {
  id: string;
  topic: number;
  title: string;
  summary: string;
  focus: { host: number; qpn: number };
  steps: { id: string; title: string; text: string[]; task?: string; look?: string; solvable: boolean }[];
  sources: string[];
}

export function lessonCatalogue(): LessonInfo[] {
  return LESSONS.map((l) => ({
    id: l.id, topic: l.topic, title: l.title, summary: l.summary, focus: l.focus, sources: l.sources,
    steps: l.steps.map((s) => ({ id: s.id, title: s.title, text: s.text, task: s.task, look: s.look, solvable: s.solution !== undefined })),
  }));
}

export class LessonRunner {
  lesson: Lesson | null = null;
  step = 0;
  private stepStart = 0;
  private done: boolean[] = [];

  start(id: string, sim: Simulation, step = 0): Lesson | null {
    this.lesson = lessonById(id) ?? null;
    this.done = this.lesson ? this.lesson.steps.map(() => false) : [];
    this.goTo(step, sim);
    return this.lesson;
  }

  stop(): void {
    this.lesson = null;
  }

  goTo(step: number, sim: Simulation): void {
    if (!this.lesson) return;
    this.step = Math.max(0, Math.min(step, this.lesson.steps.length - 1));
    this.stepStart = sim.world.trace.count;
  }

  /** The commands that complete the current step, computed from the live state. */
  solution(sim: Simulation): { commands: Command[]; runNs: number } {
    const s = this.lesson?.steps[this.step];
    if (!s || !s.solution) return { commands: [], runNs: 0 };
    const cmds = typeof s.solution === 'function' ? s.solution(makeProbe(sim, this.stepStart)) : s.solution;
    return { commands: cmds, runNs: s.runNs ?? 2000 };
  }

  progress(sim: Simulation): LessonProgress | undefined {
    const l = this.lesson;
    if (!l) return undefined;
    this.stepStart = Math.min(this.stepStart, sim.world.trace.count);
    const s = l.steps[this.step];
    if (s.check && !this.done[this.step]) this.done[this.step] = s.check(makeProbe(sim, this.stepStart));
    if (!s.check) this.done[this.step] = true;
    return { id: l.id, step: this.step, stepsDone: [...this.done], done: this.done.every(Boolean) };
  }
}
