// The last lesson file opened in the page (dropped, from a link or from a course's URL) is kept
// through the one storage door (views/kit/storage.ts; in memory where the browser denies it), so
// a reload finds it again: when its instrument starts, the file is checked again as a new one
// would be and added to the lesson list, and the first time the lesson shows up (the reloaded
// address carries its place) its saved steps are brought back. A kept file that no longer passes
// (a newer page, an edited store) is dropped and the person is told why, naming the field.
import { checkLessonFile } from '../lessons/data/validate.ts';
import { localStore } from '../views/kit/storage.ts';
import type { AnyInstrument } from './instrument.ts';
import { savedLab } from './progress.ts';

const KEY = 'qp-scope.lesson-file.v1';

interface Kept { lab: string; id: string; json: unknown }

function read(): Kept | null {
  try {
    const raw = localStore().getItem(KEY);
    const k = raw ? JSON.parse(raw) as Partial<Kept> : null;
    return k && typeof k.lab === 'string' && typeof k.id === 'string' ? { lab: k.lab, id: k.id, json: k.json } : null;
  } catch { return null; }
}

function forget(): void {
  try { localStore().removeItem(KEY); } catch { /* nothing kept */ }
}

/** Keep `json` (a lesson file that has just opened) as the one a reload brings back. */
export function keepLessonFile(json: unknown): void {
  const r = checkLessonFile(json);
  if (!r.ok) return;
  try { localStore().setItem(KEY, JSON.stringify({ lab: r.file.lab, id: r.file.id, json })); } catch { /* full: kept for this visit only */ }
}

/**
 * When `e` starts: the kept lesson file for it, checked again and added to its lesson list; its
 * saved steps come back when the lesson first shows. A file that no longer passes is dropped, said.
 */
export async function restoreLessonFile(e: AnyInstrument): Promise<void> {
  const k = read();
  if (!k || k.lab !== e.id) return;
  const c = e.client();
  const r = checkLessonFile(k.json);
  const reply = r.ok ? await c.call('addLessonFile', k.json) : { ok: false, error: r.error };
  if (!reply.ok) {
    forget();
    e.store.getState().showNotice('error', `The lesson file kept from your last visit ("${k.id.slice(0, 40)}") could not be opened again: ${reply.error ?? 'refused'}. It was removed; open the file again to use it.`);
    return;
  }
  e.store.getState().setLessons(await c.call('lessons'));
  const stop = e.store.subscribe((s) => {
    const l = s.frame?.lesson;
    if (!l) return;
    stop();
    if (l.id !== k.id) return;
    const rec = savedLab(e.id).lessons[k.id];
    if (!rec || !rec.done.some(Boolean) || l.stepsDone.some(Boolean)) return;
    void c.call('resumeLesson', k.id, l.step, { done: rec.done, first: rec.first });
  });
}
