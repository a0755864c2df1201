// Progress kept in the browser (localStorage, through views/kit/storage.ts), per instrument: where the person was (the moment
// as a link hash, the lesson and step), which steps of which lessons are done, and the last
// answer to each question. A page opened from someone else's link is a visit: it may add steps
// done, but never overwrites the person's own position or answers.
import type { Answer } from '../../worker/kit/types.ts';
import { localStore } from '../kit/storage.ts';

const KEY = 'qp-scope.progress.v1';

export interface SavedAnswer { answer: Answer; correct: boolean; feedback: string[]; expected: Answer; attempts: number }
/** `first`: per step, the first answer's grade (null: not answered) — the learner's score, never replaced. */
export interface LessonRecord { done: boolean[]; answers: Record<number, SavedAnswer>; first?: Array<boolean | null> }
export interface LabProgress {
  /**
   * Where the person was: the instrument's link hash (without '#'), its lesson and step, and the
   * instant shown (the instrument's own unit) for instruments whose link does not carry it.
   */
  at: { hash: string; lesson: string | null; step: number; instant?: number } | null;
  lessons: Record<string, LessonRecord>;
}
export interface Progress { v: 1; labs: Record<string, LabProgress> }

const empty = (): Progress => ({ v: 1, labs: {} });

function storage(): Storage {
  return localStore();
}

/** Read the saved progress; anything malformed counts as none (never throws). */
export function loadProgress(): Progress {
  const s = storage();
  try {
    const raw = s.getItem(KEY);
    if (!raw) return empty();
    const p = JSON.parse(raw) as Progress;
    if (!p || p.v !== 1 || typeof p.labs !== 'object' || p.labs === null) return empty();
    return p;
  } catch { return empty(); }
}

export function saveProgress(p: Progress): void {
  try { storage().setItem(KEY, JSON.stringify(p)); } catch { /* storage full or disabled: progress is only lost, nothing breaks */ }
}

export function resetProgress(): void {
  try { storage().removeItem(KEY); } catch { /* nothing saved */ }
}

export function labProgress(p: Progress, lab: string): LabProgress {
  return p.labs[lab] ?? { at: null, lessons: {} };
}

/** A lesson's steps done, merged (a done step stays done). */
export function mergeDone(prev: boolean[] | undefined, next: boolean[]): boolean[] {
  return next.map((d, i) => d || !!prev?.[i]);
}

/** First tries merged: a first answer once saved is never replaced. */
export function mergeFirst(prev: ReadonlyArray<boolean | null> | undefined, next: ReadonlyArray<boolean | null> | undefined): Array<boolean | null> {
  const n = Math.max(prev?.length ?? 0, next?.length ?? 0);
  return Array.from({ length: n }, (_, i) => (typeof prev?.[i] === 'boolean' ? prev[i] : typeof next?.[i] === 'boolean' ? next[i] : null));
}

/** A lesson's first-try score: questions answered right first, questions answered, questions. */
export function firstScore(first: ReadonlyArray<boolean | null> | undefined, questions: number): { right: number; answered: number; of: number } {
  const f = first ?? [];
  return { right: f.filter((x) => x === true).length, answered: f.filter((x) => typeof x === 'boolean').length, of: questions };
}

/** Fold one frame's lesson progress into the saved record (visit: only steps done are added). */
export function recordLesson(
  p: Progress, lab: string,
  lesson: { id: string; step: number; stepsDone: boolean[]; question: { graded: Omit<SavedAnswer, 'attempts'> | null; attempts: number } | null; firstTry?: Array<boolean | null> },
  at: { hash: string; instant?: number } | null, visiting: boolean,
): Progress {
  const lp = labProgress(p, lab);
  const rec = lp.lessons[lesson.id] ?? { done: [], answers: {} };
  const answers = { ...rec.answers };
  const q = lesson.question;
  const g = q?.graded;
  if (q && g && !visiting) answers[lesson.step] = { ...g, attempts: q.attempts };
  const next: LabProgress = {
    at: visiting || !at ? lp.at : { ...at, lesson: lesson.id, step: lesson.step },
    lessons: { ...lp.lessons, [lesson.id]: { done: mergeDone(rec.done, lesson.stepsDone), answers, ...(visiting && !rec.first ? {} : { first: visiting ? rec.first : mergeFirst(rec.first, lesson.firstTry) }) } },
  };
  return { ...p, labs: { ...p.labs, [lab]: next } };
}

/** Save where the person is in `lab` (not on a visit): the moment's hash, lesson, step and instant. */
export function recordPlace(p: Progress, lab: string, at: NonNullable<LabProgress['at']>, visiting: boolean): Progress {
  if (visiting) return p;
  return { ...p, labs: { ...p.labs, [lab]: { ...labProgress(p, lab), at } } };
}
