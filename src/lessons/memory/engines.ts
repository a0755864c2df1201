// Topic 9, eviction engines: a data lesson (engines.json, the JSON lesson format of lessons/data), checked and
// loaded when this module is imported. docs/lesson-audit.md says why its checks fit the format.
import json from './engines.json' with { type: 'json' };
import { builtInLesson } from '../data/load.ts';
import { MemoryActionSchema } from '../data/actions.ts';
import type { Lesson, MemoryAction, MemoryProbe } from './types.ts';

export const enginesLesson: Lesson = builtInLesson<MemoryProbe, MemoryAction>(json, MemoryActionSchema);
