// Progress across reloads, for every instrument alike: while a lesson runs, each change of step,
// of the steps done or of a question's grade is saved with the moment (as the instrument's own
// link); opening the page without a link resumes there. A page opened from a shared link is a
// visit: its steps done are added to the table of contents, but the person's own position and
// answers are never overwritten.
import type { StoreApi } from 'zustand';
import { labProgress, loadProgress, recordLesson, resetProgress, saveProgress, type LabProgress } from '../views/shell/progress.ts';
import type { KitFrame } from '../worker/kit/types.ts';

type LabStore = StoreApi<{ frame: KitFrame | null; setSaved?: (s: Record<string, boolean[]>) => void }>;

let visiting = false;

/** The page was opened from a link with a lesson in it: do not overwrite the person's own place. */
export function setVisiting(v: boolean): void {
  visiting = v;
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
  try { return localStorage.getItem('qp-scope.last-lab'); } catch { return null; }
}

export function forgetProgress(): void {
  resetProgress();
  try { localStorage.removeItem('qp-scope.last-lab'); } catch { /* nothing saved */ }
}

/**
 * Save progress as frames arrive. `hashOf` builds the instrument's link for the moment (it asks
 * the worker, so it runs only when something worth saving changed). Returns the unsubscribe.
 */
export function trackProgress(lab: string, store: LabStore, hashOf: () => Promise<string>, onSaved: (done: Record<string, boolean[]>) => void): () => void {
  let lastKey = '';
  let pending = false;
  return store.subscribe((s) => {
    const l = s.frame?.lesson;
    if (!l) return;
    const q = l.question;
    const key = `${l.id}/${l.step}/${l.stepsDone.map(Number).join('')}/${q?.attempts ?? 0}/${q?.graded?.correct ?? ''}/${(l.firstTry ?? []).map(String).join(',')}`;
    if (key === lastKey || pending) return;
    lastKey = key;
    pending = true;
    void hashOf().then((hash) => {
      const cur = store.getState().frame?.lesson;
      if (!cur) return;
      let p = loadProgress();
      p = recordLesson(p, lab, {
        id: cur.id, step: cur.step, stepsDone: cur.stepsDone, firstTry: cur.firstTry,
        question: cur.question ? { graded: cur.question.graded, attempts: cur.question.attempts } : null,
      }, { hash }, visiting);
      saveProgress(p);
      if (!visiting) try { localStorage.setItem('qp-scope.last-lab', lab); } catch { /* not kept */ }
      onSaved(Object.fromEntries(Object.entries(labProgress(p, lab).lessons).map(([id, r]) => [id, r.done])));
    }).catch(() => undefined).finally(() => { pending = false; });
  });
}
