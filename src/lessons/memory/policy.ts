// Topic 8, eviction policy: a data lesson (policy.json, the JSON lesson format of lessons/data), checked and
// loaded when this module is imported. docs/lesson-audit.md says why its checks fit the format.
import json from './policy.json' with { type: 'json' };
import { builtInLesson } from '../data/load.ts';
import { MemoryActionSchema } from '../data/actions.ts';
import type { Lesson, MemoryAction, MemoryProbe } from './types.ts';

export const policyLesson: Lesson = builtInLesson<MemoryProbe, MemoryAction>(json, MemoryActionSchema);
