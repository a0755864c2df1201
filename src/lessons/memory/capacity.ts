// Topic 11, capacity and timing: a data lesson (capacity.json, the JSON lesson format of
// lessons/data), checked and loaded when this module is imported.
import json from './capacity.json' with { type: 'json' };
import { builtInLesson } from '../data/load.ts';
import { MemoryActionSchema } from '../data/actions.ts';
import type { Lesson, MemoryAction, MemoryProbe } from './types.ts';

export const capacityLesson: Lesson = builtInLesson<MemoryProbe, MemoryAction>(json, MemoryActionSchema);
