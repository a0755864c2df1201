// The guided lessons, in the order the page offers them.
import { contextLesson } from './context.ts';
import { errorsLesson } from './errors.ts';
import { installLesson } from './install.ts';
import { intro } from './intro.ts';
import { stateMachineLesson } from './stateMachine.ts';
import type { Lesson } from './types.ts';

export const LESSONS: readonly Lesson[] = [intro, contextLesson, installLesson, stateMachineLesson, errorsLesson];

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

export { makeProbe } from './probe.ts';
export type { Lesson } from './types.ts';
