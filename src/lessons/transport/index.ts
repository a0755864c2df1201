// The transport instrument's lessons (topics 0 and 0 again: the verbs objects, then 1, 4, 5, 6 and 6 again: errors with real causes), in the order the page offers them.
import { contextLesson } from './context.ts';
import { errorsLesson } from './errors.ts';
import { installLesson } from './install.ts';
import { intro } from './intro.ts';
import { keysLesson } from './keys.ts';
import { stateMachineLesson } from './stateMachine.ts';
import { verbsLesson } from './verbs.ts';
import type { Lesson } from './types.ts';

export const TRANSPORT_LESSONS: readonly Lesson[] = [intro, verbsLesson, contextLesson, installLesson, stateMachineLesson, errorsLesson, keysLesson];

export { makeProbe } from './probe.ts';
export type { Probe, TransportAction } from './types.ts';
