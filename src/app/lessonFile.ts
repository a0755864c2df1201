// Lesson files in the page (the JSON lesson format, lessons/data): packed into a link's `lesson=`
// parameter, read back from one, and opened in their instrument's worker. A file is checked
// whole before anything changes: a bad one is refused with its field named and the lesson on
// screen goes on. Its texts reach the page as data and are rendered as text, never as markup.
import LZString from 'lz-string';
import { MAX_JSON_CHARS, MAX_LINK_CHARS } from '../scenario/link/envelope.ts';
import { inflate } from '../scenario/link/inflate.ts';
import { grouped } from '../core/kit/grouped.ts';
import { checkLessonFile } from '../lessons/data/validate.ts';
import { startLab } from './lab.ts';
import { entryOf, find } from './registry.ts';
import { keepLessonFile } from './keptLesson.ts';

const { compressToEncodedURIComponent } = LZString;
const DATA = /^[A-Za-z0-9+\-$]*$/;

/** The hash that opens a lesson file: `lab=<id>&lesson=<packed>` (no leading '#'), or why it cannot. */
export function lessonHash(json: unknown): { ok: true; hash: string } | { ok: false; error: string } {
  const r = checkLessonFile(json);
  if (!r.ok) return r;
  const hash = `lab=${r.file.lab}&lesson=${compressToEncodedURIComponent(JSON.stringify(json))}`;
  if (hash.length > MAX_LINK_CHARS) return { ok: false, error: `the lesson packs into ${grouped(hash.length)} characters; a link holds at most ${grouped(MAX_LINK_CHARS)}` };
  return { ok: true, hash };
}

/** A hash without its `lesson=` parameter, and that parameter's value (null: none). */
export function splitLessonParam(hash: string): { rest: string; packed: string | null } {
  const parts = hash.replace(/^#/, '').split('&');
  const mine = parts.filter((p) => p.startsWith('lesson='));
  if (mine.length === 0) return { rest: hash, packed: null };
  return { rest: `#${parts.filter((p) => !p.startsWith('lesson=')).join('&')}`, packed: mine.length === 1 ? mine[0].slice('lesson='.length) : '' };
}

/** A packed lesson read back: its JSON, or why not. */
export function unpackLesson(packed: string): { ok: true; json: unknown } | { ok: false; error: string } {
  if (packed === '' || !DATA.test(packed)) return { ok: false, error: 'its lesson (lesson=) is damaged or named twice' };
  const t = inflate(packed, MAX_JSON_CHARS);
  if (!t.ok) return { ok: false, error: t.reason === 'too-long' ? 'its lesson expands to more data than any lesson needs' : 'its lesson (lesson=) does not decompress (was the link cut short?)' };
  try { return { ok: true, json: JSON.parse(t.text) }; } catch { return { ok: false, error: 'its lesson (lesson=) is not valid JSON' }; }
}

/**
 * Open a lesson file in its instrument (started first) and show it; null when it opened, else
 * the problem, named by its field. The lesson list gains it for this visit.
 */
export async function openLessonJson(json: unknown): Promise<string | null> {
  const r = checkLessonFile(json);
  if (!r.ok) return r.error;
  const e = find(r.file.lab);
  if (!e) return `lab: this page has no ${r.file.lab} instrument`;
  await startLab(e.id);
  const c = entryOf(e.id).client();
  const reply = await c.call('openLessonFile', json);
  if (!reply.ok) return reply.error ?? 'the instrument refused it';
  const st = e.store.getState();
  st.setLessons(await c.call('lessons'));
  st.setLessonOpen(true);
  keepLessonFile(json);
  return null;
}
