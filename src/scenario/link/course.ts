// A course: an instructor's list of lessons and challenges in order, each with a title and the
// minutes it should take (docs/courses.md). The file is JSON, checked here with valibot before
// anything of it is used; a refusal names the field ("items[2].minutes: must be at least 1").
// A course opens from a link: `#course=<data>` (the file itself, lz-string packed as every link's
// data is) or `#course-url=/path.json` (a file on the page's own origin). `embed=1` goes with both.
// Text from a file is only ever shown as text.
import LZString from 'lz-string';
import * as v from 'valibot';
import { int, issueText, oneOf } from '../../core/kit/valid.ts';
import { inflate } from './inflate.ts';
import { INSTRUMENTS, type LabId } from './labName.ts';

const { compressToEncodedURIComponent } = LZString;

const text = (max: number) => v.pipe(v.string('must be text'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`));
const id = v.pipe(v.string('must be text'), v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be an id of lower-case letters, digits and dashes'));
/** A path on the page's own origin: starts with one '/', no scheme, no '..' segment, a .json file. */
const samePath = v.pipe(v.string('must be text'), v.maxLength(300, 'must be at most 300 characters'),
  v.regex(/^\/(?!\/)[A-Za-z0-9._~\-/]*\.json$/, 'must be a path on this site ending in .json, such as /lessons/mine.json'),
  v.check((s) => !s.split('/').includes('..'), 'must not climb out of the site with ..'));

const ItemSchema = v.pipe(
  v.strictObject({
    title: text(120),
    minutes: int(1, 600),
    lab: v.optional(oneOf(INSTRUMENTS)),
    lesson: v.optional(id),
    challenge: v.optional(id),
    url: v.optional(samePath),
  }, 'must be an object with title, minutes and one of lesson, challenge or url (no other keys)'),
  v.check((i) => [i.lesson, i.challenge, i.url].filter((x) => x !== undefined).length === 1, 'must name exactly one of lesson, challenge or url'),
  v.check((i) => i.url !== undefined || i.lab !== undefined, 'a built-in lesson or challenge must name its lab (transport, memory or faults)'),
);

export const CourseSchema = v.strictObject({
  course: v.literal(1, 'must be 1 (the course format version)'),
  title: text(120),
  summary: v.optional(text(600)),
  items: v.pipe(v.array(ItemSchema, 'must be a list'), v.minLength(1, 'must list at least one item'), v.maxLength(60, 'must list at most 60 items')),
}, 'must be an object with course, title and items (no other keys)');

export type Course = v.InferOutput<typeof CourseSchema>;
export type CourseItem = Course['items'][number];

/** What an item opens: a built-in lesson or challenge of an instrument, or a lesson file on this origin. */
export type ItemRef =
  | { kind: 'lesson'; lab: LabId; id: string }
  | { kind: 'challenge'; lab: LabId; id: string }
  | { kind: 'url'; url: string };

export function itemRef(i: CourseItem): ItemRef {
  if (i.url !== undefined) return { kind: 'url', url: i.url };
  const lab = i.lab ?? 'transport';
  return i.lesson !== undefined ? { kind: 'lesson', lab, id: i.lesson } : { kind: 'challenge', lab, id: i.challenge ?? '' };
}

/** A stable key for an item's progress: "memory/caching", "transport/challenge:…", "url:/x.json". */
export function itemKey(i: CourseItem): string {
  const r = itemRef(i);
  return r.kind === 'url' ? `url:${r.url}` : r.kind === 'lesson' ? `${r.lab}/${r.id}` : `${r.lab}/challenge:${r.id}`;
}

export type CourseRead = { ok: true; course: Course } | { ok: false; error: string };

/**
 * "items[1].title: is missing" for a missing key, "theme: is not a field here" for an unknown one,
 * else the issue's own message, after the field's path (below `root`, or `whole` for the value itself).
 */
export function fieldIssue(i: v.BaseIssue<unknown>, whole: string): string {
  const text = issueText(i, '', whole);
  if (i.type !== 'strict_object' && i.type !== 'object') return text;
  if (i.received === 'undefined') return `${text.slice(0, text.lastIndexOf(': '))}: is missing`;
  if (i.expected === 'never') return `${text.slice(0, text.lastIndexOf(': '))}: is not a field here (a typo?)`;
  return text;
}

/** Check a parsed course file; the refusal names the field. */
export function readCourse(raw: unknown): CourseRead {
  let r: v.SafeParseResult<typeof CourseSchema>;
  try { r = v.safeParse(CourseSchema, raw); } catch (e) { return { ok: false, error: `the course could not be read (${String((e as Error).message).slice(0, 80)})` }; }
  return r.success ? { ok: true, course: r.output } : { ok: false, error: `the course's ${fieldIssue(r.issues[0], 'file')}` };
}

/** Read a course file's text (JSON). */
export function readCourseText(json: string, maxChars = 200_000): CourseRead {
  if (json.length > maxChars) return { ok: false, error: `the course file is ${json.length} characters long; a course is at most ${maxChars}` };
  let raw: unknown;
  try { raw = JSON.parse(json); } catch { return { ok: false, error: 'the course file is not valid JSON' }; }
  return readCourse(raw);
}

/** What a course link names: the course itself, or the same-origin path of its file. */
export type CourseLink = { kind: 'data'; course: Course } | { kind: 'url'; url: string };

const COURSE_DATA = /^[A-Za-z0-9+\-$]*$/;

/**
 * Read `#course=<data>` or `#course-url=/path.json` (with `embed=1` or not). Null: the hash is
 * not a course link at all (the instruments' envelope reads it). A refusal names the problem.
 */
export function readCourseLink(hash: string): { ok: true; link: CourseLink } | { ok: false; error: string } | null {
  const parts = hash.replace(/^#/, '').split('&').filter((p) => p !== '' && p !== 'embed=1');
  const first = parts[0] ?? '';
  if (!/^course(?:-url)?=/.test(first)) return null;
  if (parts.length > 1) return { ok: false, error: 'a course link carries only course= or course-url= (and embed=1)' };
  const value = first.slice(first.indexOf('=') + 1);
  if (first.startsWith('course-url=')) {
    let url: string;
    try { url = decodeURIComponent(value); } catch { return { ok: false, error: 'the course-url is not a valid address' }; }
    const r = v.safeParse(samePath, url);
    return r.success ? { ok: true, link: { kind: 'url', url: r.output } } : { ok: false, error: `the course-url ${r.issues[0].message}` };
  }
  if (value.length > 100_000 || !COURSE_DATA.test(value)) return { ok: false, error: 'the course link contains characters a QP Scope link never has (it was cut or edited)' };
  const inflated = inflate(value, 400_000);
  if (!inflated.ok || inflated.text === '') return { ok: false, error: 'the course link is damaged: its data does not decompress' };
  const c = readCourseText(inflated.text, 400_000);
  return c.ok ? { ok: true, link: { kind: 'data', course: c.course } } : c;
}

/** The hash (without '#') of a link carrying the course itself. */
export function writeCourseLink(c: Course): string {
  return `course=${compressToEncodedURIComponent(JSON.stringify(c))}`;
}
