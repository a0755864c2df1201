// A lesson file opens in the page by being dropped on it, or from a URL on the page's own origin
// (a course file lists them: `openLessonUrl`). Either way it becomes a `lesson=` address opened
// like any link (links.ts): one path, one set of refusals. A file that is not a lesson (a
// scenario dropped on the transport instrument) goes where it went before.
import { importScenario } from '../views/transport/tools/TimeTools.tsx';
import { lessonHash } from './lessonFile.ts';
import { settled, visit, type Opened } from './links.ts';
import { FIRST, entryOf } from './registry.ts';

const LESSON_FORMAT = 'qpscope-lesson/1';

/** Refuse a lesson file on the instrument on screen, naming the problem; nothing else changes. */
async function refuse(why: string): Promise<Opened> {
  const lab = (await settled())?.lab ?? FIRST;
  const message = `This lesson file could not be opened: ${why}. The current lesson is kept.`;
  entryOf(lab).store.getState().showNotice('error', message);
  return { lab, opened: false, message };
}

/** Open parsed lesson JSON: checked, packed into an address, opened as a link. */
export async function openLessonData(json: unknown): Promise<Opened & { lesson?: string }> {
  const h = lessonHash(json);
  if (!h.ok) return refuse(h.error);
  const o = await visit(`#${h.hash}`);
  // A checked file has an id: the lesson it opened, whose progress a course item follows.
  return o.opened ? { ...o, lesson: String((json as { id: unknown }).id) } : o;
}

/** Fetch a lesson file from a URL on this page's origin and open it (course files call this). */
export async function openLessonUrl(url: string): Promise<Opened & { lesson?: string }> {
  let u: URL;
  try { u = new URL(url, location.href); } catch { return refuse(`"${url.slice(0, 80)}" is not a URL`); }
  if (u.origin !== location.origin) return refuse(`${u.origin} is not this page's origin (${location.origin}); lesson files are opened from the page's own server only`);
  let json: unknown;
  try {
    const res = await fetch(u, { credentials: 'same-origin' });
    if (!res.ok) return refuse(`${u.pathname} answered ${res.status}`);
    json = await res.json();
  } catch {
    return refuse(`${u.pathname} could not be read as JSON`);
  }
  return openLessonData(json);
}

/** Whether parsed JSON says it is a lesson file (a scenario or anything else is not). */
const isLessonFile = (x: unknown) => !!x && typeof x === 'object' && (x as { format?: unknown }).format === LESSON_FORMAT;

/**
 * Take dropped files before the instruments' own drop targets: a lesson file opens as a lesson;
 * anything else dropped on the transport instrument is imported as a scenario, as before.
 */
export function installLessonDrop(): void {
  window.addEventListener('dragover', (e) => { if (e.dataTransfer?.types.includes('Files')) e.preventDefault(); }, true);
  window.addEventListener('drop', (e) => {
    const f = e.dataTransfer?.files?.[0];
    if (!f) return;
    e.preventDefault();
    e.stopPropagation();
    void (async () => {
      let json: unknown = null;
      try { json = JSON.parse(await f.text()); } catch { /* not JSON: not a lesson */ }
      if (isLessonFile(json)) { await openLessonData(json); return; }
      const lab = (await settled())?.lab ?? FIRST;
      if (lab === 'transport') await importScenario(f);
      else if (json !== null && typeof json === 'object' && 'format' in json) await refuse('its "format" must be "qpscope-lesson/1"');
      else await refuse('it is not a lesson file (a JSON object with "format": "qpscope-lesson/1")');
    })();
  }, true);
}
