// Opening a course and its items. A course address (`#course=…`, `#course-url=…`) shows the
// syllabus; an item opens its instrument with its lesson, and the item's progress is folded from
// that instrument's frames (track). A bad course is refused with its field named: the syllabus
// shown before stays, or, with none, the instrument the page shows, with the refusal as its alert.
import { itemKey, itemRef, readCourseLink, readCourseText, type Course, type CourseItem } from '../../scenario/link/course.ts';
import { learnerSeed } from '../../views/shell/learner.ts';
import { startLab } from '../lab.ts';
import { settled, visit } from '../links.ts';
import { entryOf, find, instruments } from '../registry.ts';
import { embedSuffix } from './embed.ts';
import { courseStore, record, savedRecords } from './state.ts';

/**
 * How items that are not built-in lessons open, once this page can: a lesson file on this
 * origin (the data lessons' `openLessonUrl`), a built-in challenge (the challenge catalogue).
 * Each resolves to the instrument and lesson id it opened, whose frames then count for the item,
 * or to a refusal in words.
 */
/** `shown`: the opener has put its instrument on screen itself (a lesson file's or a challenge's own address). */
type Opening = { lab: string; lesson: string; shown?: boolean } | { error: string };

export interface Openers {
  lessonUrl?(url: string): Promise<Opening>;
  challenge?(lab: string, id: string): Promise<Opening>;
}
const openers: Openers = {};

export function setOpeners(o: Openers): void {
  Object.assign(openers, o);
}

/** For the item open: which instrument and lesson its progress is read from. */
let watching: { key: string; lab: string; lesson: string } | null = null;

/** Route a hash: true when it is a course address (handled here), false for the instruments' envelope. */
export function routeCourse(hash: string): boolean {
  const r = readCourseLink(hash);
  if (r === null) {
    if (courseStore.getState().syllabus) courseStore.setState({ syllabus: false });
    return false;
  }
  void openCourse(hash, r);
  return true;
}

async function openCourse(hash: string, r: NonNullable<ReturnType<typeof readCourseLink>>): Promise<void> {
  const bare = hash.replace(/^#/, '').split('&').filter((p) => p !== 'embed=1').join('&');
  const s = courseStore.getState();
  if (s.course && s.hash === bare) { courseStore.setState({ syllabus: true, message: null }); return; }
  let course: Course | null = null;
  let error: string | null = null;
  if (!r.ok) error = r.error;
  else if (r.link.kind === 'data') course = r.link.course;
  else {
    // The syllabus (or "Opening the course…") holds the address while the file comes.
    courseStore.setState({ syllabus: true, message: null });
    try {
      const res = await fetch(new URL(r.link.url, location.origin), { credentials: 'same-origin' });
      if (!res.ok) error = `the course file ${r.link.url} could not be fetched (HTTP ${res.status})`;
      else {
        const c = readCourseText(await res.text());
        if (c.ok) course = c.course; else error = c.error;
      }
    } catch { error = `the course file ${r.link.url} could not be fetched (no network?)`; }
  }
  if (course) {
    courseStore.setState({ course, hash: bare, syllabus: true, current: null, records: savedRecords(course), message: null });
    // The instruments its lessons run in start now: the syllabus reads their steps and questions.
    const labs = new Set(course.items.map(itemRef).flatMap((i) => (i.kind === 'lesson' ? [i.lab] : [])));
    // A lab that cannot start is said when its item is opened; the syllabus shows it without its step count.
    await Promise.all([...labs].map((lab) => Promise.resolve().then(() => startLab(lab)).catch(() => undefined)));
    courseStore.setState({});
    return;
  }
  const text = `This course could not be opened: ${error ?? 'unknown problem'}.`;
  if (s.course) { courseStore.setState({ syllabus: true, message: { kind: 'error', text: `${text} The course shown before is kept.` } }); return; }
  courseStore.setState({ syllabus: false });
  const o = (await settled()) ?? await visit('');
  entryOf(o.lab).store.getState().showNotice('error', text);
}

/** The syllabus again (the course stays open). */
export function showSyllabus(): void {
  const s = courseStore.getState();
  if (!s.course) return;
  history.pushState(history.state, '', `#${s.hash}${embedSuffix()}`);
  courseStore.setState({ syllabus: true, message: null });
}

function refuse(text: string): void {
  courseStore.setState({ syllabus: true, message: { kind: 'error', text } });
}

/** Open item `i` of the course: its instrument, with its lesson started. */
export async function openItem(i: number): Promise<void> {
  const s = courseStore.getState();
  const item: CourseItem | undefined = s.course?.items[i];
  if (!item) return;
  const ref = itemRef(item);
  const key = itemKey(item);
  courseStore.setState({ current: i, message: null });
  if (ref.kind === 'lesson') {
    await startLab(ref.lab);
    const e = entryOf(ref.lab);
    if (!e.store.getState().lessons.some((l) => l.id === ref.id)) { refuse(`Item ${i + 1} ("${item.title}") names a lesson the ${e.title} instrument does not have: "${ref.id}".`); return; }
    await show(ref.lab);
    watching = { key, lab: ref.lab, lesson: ref.id };
    e.store.getState().setLessonOpen(true);
    await e.client().act('startLesson', ref.id, 0, false, learnerSeed());
    return;
  }
  const opener = ref.kind === 'url' ? openers.lessonUrl?.bind(null, ref.url) : openers.challenge?.bind(null, ref.lab, ref.id);
  if (!opener) { refuse(`Item ${i + 1} ("${item.title}") is a ${ref.kind === 'url' ? 'lesson file' : 'challenge'}, which this page cannot open yet.`); return; }
  const got = await opener();
  if ('error' in got) { refuse(`Item ${i + 1} ("${item.title}") could not be opened: ${got.error}.`); return; }
  if (got.shown) courseStore.setState({ syllabus: false });
  else await show(got.lab);
  watching = { key, lab: got.lab, lesson: got.lesson };
}

async function show(lab: string): Promise<void> {
  history.pushState(history.state, '', `#lab=${lab}${embedSuffix()}`);
  courseStore.setState({ syllabus: false });
  await visit(`#lab=${lab}`);
}

/** The next item after the one open (null: it was the last). */
export function nextItem(): number | null {
  const s = courseStore.getState();
  if (!s.course || s.current === null) return null;
  return s.current + 1 < s.course.items.length ? s.current + 1 : null;
}

/** Fold every instrument's lesson progress into the course item it belongs to. */
export function trackCourse(): void {
  for (const e of instruments()) {
    e.store.subscribe((st) => {
      const l = st.frame?.lesson;
      if (!l || !watching || watching.lab !== e.id || watching.lesson !== l.id) return;
      record(watching.key, { done: l.stepsDone, first: l.firstTry ?? [] });
    });
  }
}

/**
 * A challenge of the item open produced a completion code: its goal is met, and the item is done
 * (one step), the code kept with it for the hand-in file.
 */
export function challengeMet(id: string, code: string): void {
  if (!watching || watching.lesson !== `challenge:${id}`) return;
  record(watching.key, { done: [true], first: [], code });
}

/** Steps and questions of item `key`'s lesson, as its instrument's catalogue says (0 when not known yet); a challenge is one step. */
export function shapeOf(item: CourseItem): { steps: number; questions: number } {
  const ref = itemRef(item);
  if (ref.kind === 'challenge') return { steps: 1, questions: 0 };
  if (ref.kind !== 'lesson') return { steps: 0, questions: 0 };
  const info = find(ref.lab)?.store.getState().lessons.find((l) => l.id === ref.id);
  return { steps: info?.steps.length ?? 0, questions: info?.steps.filter((x) => x.question).length ?? 0 };
}
