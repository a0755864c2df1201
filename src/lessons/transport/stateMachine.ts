// Topic 5, the QP state machine: a data lesson (stateMachine.json, the JSON lesson format of
// lessons/data), checked and loaded when this module is imported.
import json from './stateMachine.json' with { type: 'json' };
import { builtInLesson } from '../data/load.ts';
import { TransportActionSchema } from '../data/actions.ts';
import type { Probe, TransportAction } from './types.ts';
import type { Lesson } from './types.ts';

export const stateMachineLesson: Lesson = builtInLesson<Probe, TransportAction>(json, TransportActionSchema);
