// Progress across reloads, for every instrument alike: while a lesson runs, each change of step,
// of the steps done or of a question's grade is saved with the moment (as the instrument's own
// link); as the person moves, the place (that link, the lesson and step, the instant) is saved
// too (app/follow.ts). Opening the page at a bare address resumes there. A page opened from
// someone else's link is a visit: its steps done are added to the table of contents, but the
// person's own position and answers are never overwritten, until the person starts a lesson of
// their own.
import type { StoreApi } from 'zustand';
import { labProgress, loadProgress, recordLesson, recordPlace, resetProgress, saveProgress, type LabProgress } from '../views/shell/progress.ts';
import type { KitFrame } from '../worker/kit/types.ts';
import { localStore } from '../views/kit/storage.ts';

type LabStore = StoreApi<{ frame: KitFrame | null; setSaved?: (s: Record<string, boolean[]>) => void }>;

/** On a visit: the lesson the link opened (null: none); the visit ends when another one starts. */
let visit: { lesson: string | null } | null = null;

/** The page was opened from someone's link (with `lesson`, or none): do not overwrite the person's own place. */
export function setVisiting(v: boolean, lesson: string | null = null): void {
  visit = v ? { lesson } : null;
}

/** Steps done per lesson, as saved, for the table of contents. */
export function savedDone(lab: string): Record<string, boolean[]> {
  const lp = labProgress(loadProgress(), lab);
  return Object.fromEntries(Object.entries(lp.lessons).map(([id, r]) => [id, r.done]));
}

export function savedLab(lab: string): LabProgress {
  return labProgress(loadProgress(), lab);
}

/** Which instrument the person used last (the one to resume on a bare address). */
export function lastLab(): string | null {
  try { return localStore().getItem('qp-scope.last-lab'); } catch { return null; }
}

function setLastLab(lab: string): void {
  try { localStore().setItem('qp-scope.last-lab', lab); } catch { /* not kept */ }
}

export function forgetProgress(): void {
  resetProgress();
  try { localStore().removeItem('qp-scope.last-lab'); } catch { /* nothing saved */ }
}

/** Save the person's place in `lab` (nothing on a visit). */
export function savePlace(lab: string, at: NonNullable<LabProgress['at']>): void {
  if (visit) return;
  saveProgress(recordPlace(loadProgress(), lab, at, false));
  setLastLab(lab);
}

/**
 * Save lesson progress as frames arrive: steps done and answers (the place, with its moment, is
 * savePlace's). Returns the unsubscribe.
 */
export function trackProgress(lab: string, store: LabStore, onSaved: (done: Record<string, boolean[]>) => void): () => void {
  let lastKey = '';
  return store.subscribe((s) => {
    const l = s.frame?.lesson;
    if (!l) return;
    // A lesson other than the one someone's link opened: the person's own again.
    if (visit && visit.lesson !== l.id) visit = null;
    const q = l.question;
    const key = `${l.id}/${l.step}/${l.stepsDone.map(Number).join('')}/${q?.attempts ?? 0}/${q?.graded?.correct ?? ''}/${(l.firstTry ?? []).map(String).join(',')}`;
    if (key === lastKey) return;
    lastKey = key;
    const p = recordLesson(loadProgress(), lab, {
      id: l.id, step: l.step, stepsDone: l.stepsDone, firstTry: l.firstTry,
      question: q ? { graded: q.graded, attempts: q.attempts } : null,
    }, null, visit !== null);
    saveProgress(p);
    if (!visit) setLastLab(lab);
    onSaved(Object.fromEntries(Object.entries(labProgress(p, lab).lessons).map(([id, r]) => [id, r.done])));
  });
}
