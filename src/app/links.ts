// Opening the page's address: one envelope for every instrument (scenario/link). A refused link
// is named in the instrument on screen (a role="alert" notice) and nothing from it is used.
import { namedLab, readLink } from '../scenario/link/index.ts';
import { memoryStore } from '../store/memory.ts';
import { faultsStore } from '../store/faults.ts';
import { openFaults, startFaults } from './faults.ts';
import { transportStore } from '../store/transport.ts';
import { openMemory, startMemory } from './memory.ts';
import { openTransport, startTransport } from './transport.ts';
import { lastLab, savedLab, setVisiting } from './progress.ts';
import { memory, transport } from '../bridge/labs.ts';

export type Lab = 'transport' | 'memory' | 'faults';

/** Read `hash` and open what it names. Returns the instrument to show. */
export async function openLocation(hash: string, current: Lab | null): Promise<Lab> {
  // A bare address (first load, no link) resumes where the person was.
  if (current === null && hash.replace(/^#/, '') === '') {
    const resumed = await resume();
    if (resumed) return resumed;
  }
  const d = readLink(hash);
  if (!d.ok) {
    // A refused link that names an instrument opens that instrument as it is (or with its defaults).
    const lab = namedLab(hash) ?? current ?? 'transport';
    await start(lab);
    notify(lab, 'error', `This link could not be opened: ${d.error}. ${lab === 'transport' ? 'The current scenario is' : 'The current settings are'} kept.`);
    return lab;
  }
  await start(d.lab);
  if (d.value === null) return d.lab;
  // Someone else's link with a lesson: a visit, the person's own progress is kept.
  const withLesson = 'lesson' in d.value && d.value.lesson !== undefined;
  setVisiting(withLesson);
  const error = d.lab === 'transport' ? await openTransport(d.value) : d.lab === 'memory' ? await openMemory(d.value) : await openFaults(d.value);
  if (error) notify(d.lab, 'error', `This link could not be opened: ${error}. ${d.lab === 'transport' ? 'The current scenario is' : 'The current settings are'} kept.`);
  else notify(d.lab, 'info', `${d.lab === 'transport' ? 'Opened the shared moment.' : 'Opened the shared lab settings.'}${withLesson ? ' Your own lesson progress is kept as it was.' : ''}`);
  return d.lab;
}

/** Open the saved moment of the instrument used last, and its lesson state. */
async function resume(): Promise<Lab | null> {
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
    });
  }
  notify(lab, 'info', at.lesson ? 'Welcome back: the lesson resumes where you were.' : 'Welcome back: the page resumes where you were.');
  return lab;
}

/**
 * Boot the instrument this address will most likely open before React's first render, so its
 * worker loads and builds the scenario while the page paints (openLocation then finds it started).
 */
export function prestart(hash: string): void {
  const bare = hash.replace(/^#/, '') === '';
  const lab: Lab = namedLab(hash) ?? (bare && lastLab() === 'memory' ? 'memory' : 'transport');
  start(lab).catch(() => undefined);
}

function start(lab: Lab): Promise<void> {
  return lab === 'transport' ? startTransport() : lab === 'memory' ? startMemory() : startFaults();
}

function notify(lab: Lab, kind: 'error' | 'info', text: string): void {
  const store = lab === 'transport' ? transportStore : lab === 'memory' ? memoryStore : faultsStore;
  store.getState().showNotice(kind, text);
}
