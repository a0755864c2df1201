// The hand-in file: written from a course's records with its totals, read back equal; a file that
// is not one, or was edited so it no longer follows its course, is refused naming the problem.
import { describe, expect, it } from 'vitest';
import type { Course } from './course.ts';
import { handIn, readHandIn } from './courseProgress.ts';

const course: Course = { course: 1, title: 'Lab', items: [
  { title: 'Table', minutes: 10, lab: 'memory', lesson: 'table' },
  { title: 'File', minutes: 5, url: '/lessons/mine.json' },
] };
const file = handIn(course, { 'memory/table': { done: [true, true, false], first: [null, true, false] } }, (k) => (k === 'memory/table' ? 2 : 0), (k) => (k === 'memory/table' ? 3 : 0), '2026-12-03T10:00:00.000Z');

describe('hand-in file', () => {
  it('carries per item the steps done and the first-try score', () => {
    expect(file.items.map(({ key, complete, stepsDone, steps, firstTry }) => ({ key, complete, stepsDone, steps, firstTry }))).toEqual([
      { key: 'memory/table', complete: false, stepsDone: 2, steps: 3, firstTry: { right: 1, answered: 2, questions: 2 } },
      { key: 'url:/lessons/mine.json', complete: false, stepsDone: 0, steps: 0, firstTry: { right: 0, answered: 0, questions: 0 } },
    ]);
  });

  it('reads back what it wrote', () => {
    expect(readHandIn(JSON.stringify(file))).toEqual({ ok: true, file });
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', 'nope', /not valid JSON/],
    ['another kind of file', JSON.stringify({ ...file, format: 'scenario' }), /^the progress file's format: must be "qpscope-course-progress"/],
    ['a step count below zero', JSON.stringify({ ...file, items: [{ ...file.items[0], stepsDone: -1 }, file.items[1]] }), /^the progress file's items\[0\]\.stepsDone: must be at least 0/],
    ['a grade that is not one', JSON.stringify({ ...file, items: [{ ...file.items[0], first: ['yes'] }, file.items[1]] }), /^the progress file's items\[0\]\.first\[0\]: must be true, false or null/],
    ['items of another course', JSON.stringify({ ...file, items: [file.items[1], file.items[0]] }), /items must follow the course item by item/],
    ['an item missing', JSON.stringify({ ...file, items: [file.items[0]] }), /items must follow the course item by item/],
    ['a bad course inside', JSON.stringify({ ...file, course: { ...course, items: [] } }), /^the progress file's course\.items: must list at least one item/],
  ])('refuses %s', (_, text, why) => {
    const r = readHandIn(text);
    expect(r.ok ? 'accepted' : r.error).toMatch(why);
  });
});

describe('a challenge item in the hand-in file', () => {
  const withChallenge: Course = { course: 1, title: 'Lab', items: [{ title: 'Cliff', minutes: 10, lab: 'memory', challenge: 'memory-cliff' }] };
  const met = handIn(withChallenge, { 'memory/challenge:memory-cliff': { done: [true], first: [], code: 'QP1-ABCDE-FGHJK' } }, () => 0, () => 1, '2026-12-03T10:00:00.000Z');
  it('is complete when its goal was met, and carries the completion code; read back equal', () => {
    expect(met.items[0]).toMatchObject({ key: 'memory/challenge:memory-cliff', complete: true, stepsDone: 1, steps: 1, code: 'QP1-ABCDE-FGHJK' });
    expect(readHandIn(JSON.stringify(met))).toEqual({ ok: true, file: met });
  });
  it('not met: not complete, no code', () => {
    const none = handIn(withChallenge, {}, () => 0, () => 1, '2026-12-03T10:00:00.000Z');
    expect(none.items[0]).toMatchObject({ complete: false, stepsDone: 0, steps: 1 });
    expect(none.items[0]).not.toHaveProperty('code');
  });
});
