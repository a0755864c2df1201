// A lesson file opened at run time (dropped on the page, from a link, from a course's URL, by
// `npm run lesson -- check`): checked whole, for one instrument, then loaded. Never executed.
import type * as v from 'valibot';
import type { LabId, Lesson } from '../kit/types.ts';
import type { Probe, TransportAction } from '../transport/types.ts';
import type { MemoryAction, MemoryProbe } from '../memory/types.ts';
import type { FaultsAction, FaultsProbe } from '../faults/types.ts';
import { FaultsActionSchema, MemoryActionSchema, TransportActionSchema } from './actions.ts';
import { toLesson } from './load.ts';
import { checkLessonFile } from './validate.ts';

export type Opened<P, A> = { ok: true; lesson: Lesson<P, A> } | { ok: false; error: string };

export function openLessonFile<P extends object, A>(json: unknown, lab: LabId, actions: v.GenericSchema<unknown, A>): Opened<P, A> {
  const r = checkLessonFile(json);
  if (!r.ok) return r;
  if (r.file.lab !== lab) return { ok: false, error: `lab: this lesson is for the ${r.file.lab} instrument, not ${lab}` };
  return { ok: true, lesson: toLesson<P, A>(r.file, actions) };
}

export const openTransportLesson = (json: unknown) => openLessonFile<Probe, TransportAction>(json, 'transport', TransportActionSchema);
export const openMemoryLesson = (json: unknown) => openLessonFile<MemoryProbe, MemoryAction>(json, 'memory', MemoryActionSchema);
export const openFaultsLesson = (json: unknown) => openLessonFile<FaultsProbe, FaultsAction>(json, 'faults', FaultsActionSchema);
