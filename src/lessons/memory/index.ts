// The NIC-memory instrument's lessons (topics 2, 3, 8, 9, 11), in the order the page offers them.
import { cachingLesson } from './caching.ts';
import { capacityLesson } from './capacity.ts';
import { enginesLesson } from './engines.ts';
import { policyLesson } from './policy.ts';
import { tableLesson } from './table.ts';
import type { Lesson } from './types.ts';

export const MEMORY_LESSONS: readonly Lesson[] = [tableLesson, cachingLesson, policyLesson, enginesLesson, capacityLesson];

export type { MemoryAction, MemoryProbe } from './types.ts';
