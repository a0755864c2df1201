// Every lesson of every instrument, in one format (kit/types.ts) and one runner (kit/runner.ts).
// A worker imports only its own instrument's lessons (lessons/<lab>/index.ts).
import { lessonInfo, type LabId, type LessonInfo } from './kit/index.ts';
import { MEMORY_LESSONS } from './memory/index.ts';
import { TRANSPORT_LESSONS } from './transport/index.ts';
import { FAULTS_LESSONS } from './faults/index.ts';

/** The catalogue of one instrument's lessons, without functions (plain data). */
export function lessonCatalogue(lab: LabId): LessonInfo[] {
  return CATALOGUES[lab]();
}

/** Every instrument's lessons, by id (a missing instrument is a type error). */
const CATALOGUES: { readonly [L in LabId]: () => LessonInfo[] } = {
  transport: () => TRANSPORT_LESSONS.map(lessonInfo),
  memory: () => MEMORY_LESSONS.map(lessonInfo),
  faults: () => FAULTS_LESSONS.map(lessonInfo),
};

export * from './kit/index.ts';
export * from './transport/index.ts';
export * from './memory/index.ts';
export * from './faults/index.ts';
