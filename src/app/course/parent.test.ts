// What an embedded page tells its parent of a lesson: the lesson, the step, the steps done,
// whether all are, and the first-try score; nothing without a lesson. And outside a frame,
// nothing is fetched or sent at all.
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { KitFrame } from '../../worker/kit/types.ts';
import { progressOf, tellParent } from './parent.ts';

const lessons = [{ id: 'table', steps: [{ question: false }, { question: true }, { question: true }] }];
const frame = (stepsDone: boolean[], firstTry: Array<boolean | null>) => ({ lesson: { id: 'table', step: 1, stepsDone, done: false, question: null, hints: [], stuck: null, firstTry } }) as unknown as KitFrame;

describe('progress messages', () => {
  it('say the lesson, step, steps done and the first-try score', () => {
    expect(progressOf('memory', frame([true, true, false], [null, true, null]), lessons)).toEqual({
      type: 'qpscope:progress', lab: 'memory', lesson: 'table', step: 1, steps: 3, done: false, stepsDone: 2,
      firstTry: { right: 1, answered: 1, questions: 2 },
    });
    expect(progressOf('memory', frame([true, true, true], [null, true, false]), lessons)).toMatchObject({ done: true, stepsDone: 3, firstTry: { right: 1, answered: 2 } });
  });

  it('are not sent without a lesson', () => {
    expect(progressOf('memory', { lesson: null } as unknown as KitFrame, lessons)).toBeNull();
    expect(progressOf('memory', null, lessons)).toBeNull();
  });

  it('are never sent by a page that is not in a frame (nothing is fetched either)', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const post = vi.spyOn(window.parent, 'postMessage');
    const store = createStore(() => ({ frame: frame([true], [null]), lessons }));
    tellParent([{ id: 'memory', store }]);
    expect(fetch).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });
});
