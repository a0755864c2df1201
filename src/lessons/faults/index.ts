// The Faults instrument's lessons (topics 7 and 10), in the order the page offers them.
import { resetLesson } from './reset.ts';
import { stormLesson } from './storm.ts';
import type { Lesson } from './types.ts';

export const FAULTS_LESSONS: readonly Lesson[] = [stormLesson, resetLesson];

export type { FaultsAction, FaultsProbe } from './types.ts';
