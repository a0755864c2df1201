// Opening the page's address: one envelope for every instrument (scenario/link), each read with
// its registry entry's link spec. A refused link is named in the instrument on screen (a
// role="alert" notice) and nothing from it is used. The person's own place (a bare address, a
// bare `#lab=<id>`, or the address the page kept as they moved) resumes where they were; a link
// someone else made is a visit that never overwrites their own progress. Addresses are opened
// one at a time, in the order they came (`visit`), and each says what became of it: the page's
// automation entry (`qpScope.openLink`, main.tsx) returns that.
import { decodeLink, type Decoded, type LinkSpec } from '../scenario/link/envelope.ts';
import { namedLab } from '../scenario/link/labName.ts';
import { WorkerLost } from '../bridge/labs.ts';
import { openLab, resumeLab, startLab } from './lab.ts';
import type { PayloadBase } from './instrument.ts';
import { FIRST, entryOf, find, ids, instruments } from './registry.ts';
import { lastLab, savedLab, setVisiting } from './progress.ts';
import { firstLab } from './first.ts';
import { placeOf, showing } from './follow.ts';
import { embedded } from './course/embed.ts';
import { lessonHash, openLessonJson, splitLessonParam, unpackLesson } from './lessonFile.ts';

/** What became of an address: the instrument to show, whether the link was used, and the words shown. */
export interface Opened {
  lab: string;
  /** False: refused, and `message` (an alert) names the problem. */
  opened: boolean;
  message: string | null;
  /** The person's own saved place was brought back (it does not start playing by itself). */
  resumed?: boolean;
}

/** Read a hash with every registered instrument's link spec. */
export function readAddress(hash: string): Decoded<string, PayloadBase> {
  const specs: Record<string, LinkSpec<PayloadBase>> = Object.fromEntries(instruments().map((e) => [e.id, e.link]));
  return decodeLink<string, PayloadBase>(hash, specs, FIRST);
}

/** Read `id`'s own saved hash back (null: unreadable, or another instrument's). */
function readOwn(id: string) {
  return (hash: string): PayloadBase | null => {
    const d = readAddress(hash);
    return d.ok && d.lab === id ? d.value : null;
  };
}

/** Read `hash` and open what it names. */
export async function openLocation(hash: string, current: string | null): Promise<Opened> {
  const { rest, packed } = splitLessonParam(hash);
  if (packed !== null) return openWithLesson(rest, packed, current);
  const bare = hash.replace(/^#/, '');
  // A bare address (first load, no link) resumes where the person was.
  if (current === null && bare === '') {
    const last = find(lastLab() ?? '');
    if (last && await resumeOwn(last.id)) return resumed(last.id);
  }
  const named = namedLab(hash, ids());
  if (named && bare !== '' && bare === placeOf(named) && seen.has(named)) {
    // Back or forward to where the person was in an instrument still running: shown as it is.
    return { lab: named, opened: true, message: null };
  }
  if (named && bare === savedLab(named).at?.hash && await resumeOwn(named)) return resumed(named);
  const refuse = (lab: string, why: string): Opened => {
    const message = `This link could not be opened: ${why}. ${entryOf(lab).kept} kept.`;
    notify(lab, 'error', message);
    return { lab, opened: false, message };
  };
  const d = readAddress(hash);
  if (!d.ok) {
    // A refused link that names an instrument opens that instrument as it is (or with its defaults).
    const lab = named ?? current ?? FIRST;
    await startLab(lab);
    return refuse(lab, d.error);
  }
  if (d.value === null) {
    // A bare `#lab=<id>`: the instrument as it runs, or, opened for the first time, the person's place in it.
    if (!seen.has(d.lab) && await resumeOwn(d.lab)) return resumed(d.lab);
    await startLab(d.lab);
    return { lab: d.lab, opened: true, message: null };
  }
  // Someone else's link: a visit, the person's own progress is kept.
  const lesson = d.value.lesson?.id ?? null;
  let error: string | null;
  try {
    setVisiting(true, lesson);
    error = await openLab(d.lab, d.value);
  } catch (e) {
    // Opening it cost the worker its life (a crash, or longer than the deadline): the restart brought the previous state back.
    if (!(e instanceof WorkerLost)) throw e;
    error = `opening it stopped the instrument's worker (${e.failure.detail})`;
  }
  if (error) return refuse(d.lab, error);
  const message = `${entryOf(d.lab).opened}${lesson ? ' Your own lesson progress is kept as it was.' : ''}`;
  // Embedded, the link is the host's, not someone's: nothing to say about the person's own progress.
  if (!embedded()) notify(d.lab, 'info', message);
  return { lab: d.lab, opened: true, message };
}

/**
 * A link that carries a lesson file (`lesson=`, lessonFile.ts): the rest of the address opens as
 * usual, then the file, checked whole, in the instrument it names; a bad file is refused with its
 * field named and what was on screen is kept.
 */
async function openWithLesson(rest: string, packed: string, current: string | null): Promise<Opened> {
  const lab = namedLab(rest, ids()) ?? current ?? FIRST;
  const fail = async (why: string): Promise<Opened> => {
    await startLab(lab);
    const message = `This link could not be opened: ${why}. ${entryOf(lab).kept} kept.`;
    notify(lab, 'error', message);
    return { lab, opened: false, message };
  };
  const u = unpackLesson(packed);
  if (!u.ok) return fail(u.error);
  const checked = lessonHash(u.json);
  if (!checked.ok) return fail(`its lesson file: ${checked.error}`);
  if (!checked.hash.startsWith(`lab=${lab}&`)) return fail(`its lesson file is for another instrument than ${lab}`);
  const o = await openLocation(rest, current);
  if (!o.opened) return o;
  const error = await openLessonJson(u.json);
  if (error) return fail(`its lesson file: ${error}`);
  const message = 'The lesson file opened: it is in the lesson list for this visit.';
  notify(lab, 'info', message);
  return { lab, opened: true, message };
}

/** Bring back `id`'s saved place; false when there is none, or it cannot be (the address then opens as usual). */
async function resumeOwn(id: string): Promise<boolean> {
  try {
    return await resumeLab(id, readOwn(id));
  } catch (e) {
    if (!(e instanceof WorkerLost)) throw e;
    return false;
  }
}

function resumed(lab: string): Opened {
  const message = savedLab(lab).at?.lesson ? 'Welcome back: the lesson resumes where you were.' : 'Welcome back: the page resumes where you were.';
  notify(lab, 'info', message);
  return { lab, opened: true, message, resumed: true };
}

let shown: string | null = null;
/** The instruments shown so far on this page (a bare `#lab=<id>` shows one of them as it runs). */
const seen = new Set<string>();
let queue: Promise<unknown> = Promise.resolve();
let lastOpened: Opened | null = null;
let onShow: (next: string, prev: string | null, o: Opened | null) => void = () => undefined;

/** Who shows the instrument an address opened (the root component). */
export function showWith(cb: (next: string, prev: string | null, o: Opened | null) => void): void {
  onShow = cb;
  if (shown) cb(shown, null, lastOpened);
}

/** Open an address after every address before it: two links in a row never interleave. */
export function visit(hash: string): Promise<Opened> {
  const run = queue.then(() => openLocation(hash, shown)).then((o) => {
    const prev = shown;
    shown = o.lab;
    seen.add(o.lab);
    lastOpened = o;
    showing(o.lab);
    onShow(o.lab, prev, o);
    return o;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Once every address so far is open: what became of the last one (null before the first). */
export async function settled(): Promise<Opened | null> {
  let q: Promise<unknown>;
  do { q = queue; await q; } while (q !== queue);
  return lastOpened;
}

/**
 * Boot the instrument this address will most likely open before React's first render, so its
 * worker loads and builds the scenario while the page paints (openLocation then finds it started).
 */
export function prestart(hash: string): void {
  startLab(firstLab(hash)).catch(() => undefined);
}

function notify(lab: string, kind: 'error' | 'info', text: string): void {
  entryOf(lab).store.getState().showNotice(kind, text);
}
