// Opening the page's address: one envelope for every instrument (scenario/link). A refused link
// is named in the instrument on screen (a role="alert" notice) and nothing from it is used.
// Addresses are opened one at a time, in the order they came (`visit`), and each says what
// became of it: the page's automation entry (`qpScope.openLink`, main.tsx) returns that.
import { namedLab, readLink } from '../scenario/link/index.ts';
import { memoryStore } from '../store/memory.ts';
import { faultsStore } from '../store/faults.ts';
import { openFaults, startFaults } from './faults.ts';
import { transportStore } from '../store/transport.ts';
import { openMemory, startMemory } from './memory.ts';
import { openTransport, startTransport } from './transport.ts';
import { lastLab, savedLab, setVisiting } from './progress.ts';
import { learnerSeed } from '../views/shell/learner.ts';
import { firstLab } from './first.ts';
import { WorkerLost, memory, transport } from '../bridge/labs.ts';

export type Lab = 'transport' | 'memory' | 'faults';

/** What became of an address: the instrument to show, whether the link was used, and the words shown. */
export interface Opened {
  lab: Lab;
  /** False: refused, and `message` (an alert) names the problem. */
  opened: boolean;
  message: string | null;
}

const kept = (lab: Lab) => (lab === 'transport' ? 'The current scenario is' : 'The current settings are');

/** Read `hash` and open what it names. */
export async function openLocation(hash: string, current: Lab | null): Promise<Opened> {
  // A bare address (first load, no link) resumes where the person was.
  if (current === null && hash.replace(/^#/, '') === '') {
    const resumed = await resume();
    if (resumed) return resumed;
  }
  const refuse = (lab: Lab, why: string): Opened => {
    const message = `This link could not be opened: ${why}. ${kept(lab)} kept.`;
    notify(lab, 'error', message);
    return { lab, opened: false, message };
  };
  const d = readLink(hash);
  if (!d.ok) {
    // A refused link that names an instrument opens that instrument as it is (or with its defaults).
    const lab = namedLab(hash) ?? current ?? 'transport';
    await start(lab);
    return refuse(lab, d.error);
  }
  await start(d.lab);
  if (d.value === null) return { lab: d.lab, opened: true, message: null };
  // Someone else's link with a lesson: a visit, the person's own progress is kept.
  const withLesson = 'lesson' in d.value && d.value.lesson !== undefined;
  let error: string | null;
  try {
    setVisiting(withLesson);
    error = d.lab === 'transport' ? await openTransport(d.value) : d.lab === 'memory' ? await openMemory(d.value) : await openFaults(d.value);
  } catch (e) {
    // Opening it cost the worker its life (a crash, or longer than the deadline): the restart brought the previous state back.
    if (!(e instanceof WorkerLost)) throw e;
    error = `opening it stopped the instrument's worker (${e.failure.detail})`;
  }
  if (error) return refuse(d.lab, error);
  const message = `${d.lab === 'transport' ? 'Opened the shared moment.' : 'Opened the shared lab settings.'}${withLesson ? ' Your own lesson progress is kept as it was.' : ''}`;
  notify(d.lab, 'info', message);
  return { lab: d.lab, opened: true, message };
}

let shown: Lab | null = null;
let queue: Promise<unknown> = Promise.resolve();
let lastOpened: Opened | null = null;
let onShow: (next: Lab, prev: Lab | null) => void = () => undefined;

/** Who shows the instrument an address opened (the root component). */
export function showWith(cb: (next: Lab, prev: Lab | null) => void): void {
  onShow = cb;
  if (shown) cb(shown, null);
}

/** Open an address after every address before it: two links in a row never interleave. */
export function visit(hash: string): Promise<Opened> {
  const run = queue.then(() => openLocation(hash, shown)).then((o) => {
    const prev = shown;
    shown = o.lab;
    lastOpened = o;
    onShow(o.lab, prev);
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

/** Open the saved moment of the instrument used last, and its lesson state. */
async function resume(): Promise<Opened | null> {
  const lab = lastLab();
  if (lab !== 'transport' && lab !== 'memory') return null;
  const at = savedLab(lab).at;
  if (!at) return null;
  const d = readLink(`#${at.hash}`);
  if (!d.ok || d.value === null || d.lab !== lab) return null;
  await start(lab);
  const error = d.lab === 'transport' ? await openTransport(d.value) : await openMemory(d.value);
  if (error) return null;
  if (at.lesson) {
    const rec = savedLab(lab).lessons[at.lesson];
    const ans = rec?.answers[at.step];
    const client = lab === 'transport' ? transport() : memory();
    await (client as { call(n: 'resumeLesson', ...a: unknown[]): Promise<unknown> }).call('resumeLesson', at.lesson, at.step, {
      done: rec?.done ?? [], graded: ans ? { answer: ans.answer, correct: ans.correct, feedback: ans.feedback, expected: ans.expected } : undefined, attempts: ans?.attempts,
      first: rec?.first, seed: learnerSeed(),
    });
  }
  const message = at.lesson ? 'Welcome back: the lesson resumes where you were.' : 'Welcome back: the page resumes where you were.';
  notify(lab, 'info', message);
  return { lab, opened: true, message };
}

/**
 * Boot the instrument this address will most likely open before React's first render, so its
 * worker loads and builds the scenario while the page paints (openLocation then finds it started).
 */
export function prestart(hash: string): void {
  start(firstLab(hash)).catch(() => undefined);
}

function start(lab: Lab): Promise<void> {
  return lab === 'transport' ? startTransport() : lab === 'memory' ? startMemory() : startFaults();
}

function notify(lab: Lab, kind: 'error' | 'info', text: string): void {
  const store = lab === 'transport' ? transportStore : lab === 'memory' ? memoryStore : faultsStore;
  store.getState().showNotice(kind, text);
}
