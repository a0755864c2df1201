// Progress across reloads: what is saved while a lesson runs, that a visit from someone's link
// never overwrites the person's own place or answers (only adds steps done), and that reset
// forgets everything. Runs against happy-dom's localStorage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { forgetProgress, lastLab, savePlace, savedDone, savedLab, setVisiting, trackProgress } from './progress.ts';
import { loadProgress, recordLesson, saveProgress } from '../views/shell/progress.ts';
import type { KitFrame } from '../worker/kit/types.ts';

type Lesson = NonNullable<KitFrame['lesson']>;
const lesson = (over: Partial<Lesson> = {}): Lesson => ({
  id: 'install', step: 0, stepsDone: [false, false, false], done: false, question: null, hints: [], stuck: null, ...over,
}) as Lesson;
const graded = (correct: boolean) => ({ answer: correct ? 'refused' : 'accepted', correct, feedback: ['why'], expected: 'refused' });

/** A lab store as trackProgress sees it, and a way to push a frame's lesson into it. */
function lab() {
  const store = createStore<{ frame: KitFrame | null }>(() => ({ frame: null }));
  const push = (l: Lesson) => store.setState({ frame: { lesson: l } as unknown as KitFrame });
  return { store, push };
}
/** Let the hash promise and the save run. */
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => { localStorage.clear(); setVisiting(false); });
afterEach(() => { setVisiting(false); });

describe('progress while a lesson runs', () => {
  it('saves the place (as the moment\'s link), the steps done and the answer; a bare address resumes there', async () => {
    const { store, push } = lab();
    const seen: Array<Record<string, boolean[]>> = [];
    const stop = trackProgress('transport', store, (d) => seen.push(d));
    savePlace('transport', { hash: 'lab=transport&v=2&d=abc', lesson: 'install', step: 1 });
    push(lesson({ step: 0, stepsDone: [true, false, false], question: { graded: graded(true), attempts: 2 } as Lesson['question'] }));
    await flush();
    push(lesson({ step: 1, stepsDone: [true, false, false] }));
    await flush();
    stop();
    const lp = savedLab('transport');
    expect(lp.at).toEqual({ hash: 'lab=transport&v=2&d=abc', lesson: 'install', step: 1 });
    expect(lp.lessons.install.done).toEqual([true, false, false]);
    expect(lp.lessons.install.answers[0]).toMatchObject({ correct: true, attempts: 2 });
    expect(savedDone('transport')).toEqual({ install: [true, false, false] });
    expect(lastLab()).toBe('transport');
    expect(seen.at(-1)).toEqual({ install: [true, false, false] });
  });

  it('a done step stays done when a later frame reports it undone (e.g. after stepping back)', () => {
    let p = recordLesson(loadProgress(), 'memory', { id: 'table', step: 0, stepsDone: [true, true, false], question: null }, { hash: 'h1' }, false);
    p = recordLesson(p, 'memory', { id: 'table', step: 0, stepsDone: [false, false, false], question: null }, { hash: 'h2' }, false);
    expect(p.labs.memory.lessons.table.done).toEqual([true, true, false]);
  });
});

describe('a visit from a link never overwrites the person\'s own progress', () => {
  it('keeps the saved place and answers; only adds the steps done', async () => {
    // The person's own progress: at step 2 of install, with a right answer there.
    saveProgress(recordLesson(loadProgress(), 'transport', { id: 'install', step: 2, stepsDone: [true, true, false], question: { graded: graded(true), attempts: 1 } }, { hash: 'mine' }, false));
    localStorage.setItem('qp-scope.last-lab', 'memory');
    // Then someone's link opens the page at step 0 with a wrong answer and step 2 done.
    setVisiting(true, 'install');
    const { store, push } = lab();
    const stop = trackProgress('transport', store, () => undefined);
    savePlace('transport', { hash: 'theirs', lesson: 'install', step: 0 });
    push(lesson({ step: 0, stepsDone: [false, false, true], question: { graded: graded(false), attempts: 3 } as Lesson['question'] }));
    await flush();
    stop();
    const lp = savedLab('transport');
    expect(lp.at).toEqual({ hash: 'mine', lesson: 'install', step: 2 });
    expect(Object.keys(lp.lessons.install.answers)).toEqual(['2']);
    expect(lp.lessons.install.answers[2]).toMatchObject({ correct: true, attempts: 1 });
    expect(lp.lessons.install.done).toEqual([true, true, true]);
    expect(lastLab()).toBe('memory');
  });
});

describe('reset', () => {
  it('forgets every instrument\'s progress and the last instrument', () => {
    saveProgress(recordLesson(loadProgress(), 'faults', { id: 'storm', step: 3, stepsDone: [true], question: null }, { hash: 'x' }, false));
    localStorage.setItem('qp-scope.last-lab', 'faults');
    forgetProgress();
    expect(savedLab('faults')).toEqual({ at: null, lessons: {} });
    expect(lastLab()).toBeNull();
    expect(loadProgress()).toEqual({ v: 1, labs: {} });
  });
  it('malformed storage counts as no progress, never an error', () => {
    localStorage.setItem('qp-scope.progress.v1', '{not json');
    expect(loadProgress()).toEqual({ v: 1, labs: {} });
    localStorage.setItem('qp-scope.progress.v1', JSON.stringify({ v: 9, labs: {} }));
    expect(savedDone('transport')).toEqual({});
  });
});
