// Topic 10, a reset in the middle of a transfer and the QPN-reuse hazard: a data lesson
// (reset.json, the JSON lesson format of lessons/data), checked and loaded when this module is
// imported. (The reset lab also streams a READ back and can move the QP to ERR first; no step
// teaches those yet, so the summary does not promise them.)
import json from './reset.json' with { type: 'json' };
import { builtInLesson } from '../data/load.ts';
import { FaultsActionSchema } from '../data/actions.ts';
import type { FaultsAction, FaultsProbe, Lesson } from './types.ts';

export const resetLesson: Lesson = builtInLesson<FaultsProbe, FaultsAction>(json, FaultsActionSchema);
