import { describe, expect, it } from 'vitest';
import { grade, isAnswer, optionInRange, outcomeOf, rangeProblems, type Question } from './question.ts';
import { LessonRunner } from './runner.ts';
import type { Lesson } from './types.ts';

const opts = [
  { id: 'a', label: 'A', why: 'A is the requester, not the responder.' },
  { id: 'b', label: 'B' },
  { id: 'c', label: 'C', why: 'C never sends.' },
];
const q = (kind: Question<unknown, unknown>['kind'], extra: Partial<Question<unknown, unknown>> = {}): Question<unknown, unknown> =>
  ({ kind, prompt: '?', options: opts, reveal: [], outcome: () => 'b', because: 'Because B.', wrong: 'Not that.', ...extra });

describe('grading (table-driven)', () => {
  it.each([
    ['one', 'b', 'b', true, ['Because B.']],
    ['one', 'a', 'b', false, ['A is the requester, not the responder.']],
    ['one', 'c', 'b', false, ['C never sends.']],
    ['several', ['b', 'c'], ['c', 'b'], true, ['Because B.']],
    ['several', ['b'], ['b', 'c'], false, ['C never sends.']],
    ['several', ['a', 'b', 'c'], ['b', 'c'], false, ['A is the requester, not the responder.']],
    ['order', ['a', 'b', 'c'], ['a', 'b', 'c'], true, ['Because B.']],
    ['order', ['b', 'a', 'c'], ['a', 'b', 'c'], false, ['Out of place: B; A.', 'Not that.']],
    ['number', 100, 104, true, ['Because B.']],
    ['number', 90, 104, false, ['Not that.']],
  ] as const)('%s: %j against the model\'s %j → %s', (kind, answer, outcome, correct, feedback) => {
    const r = grade(q(kind, { tolerance: 5 }), opts, answer as never, outcome as never);
    expect(r).toEqual({ correct, feedback });
  });
  it('a number within the relative tolerance counts', () => {
    expect(grade(q('number', { relTolerance: 0.1 }), [], 0.55, 0.6).correct).toBe(true);
    expect(grade(q('number', { relTolerance: 0.1 }), [], 0.5, 0.6).correct).toBe(false);
  });
  it.each([
    ['one', 'z', false], ['one', 'a', true], ['one', ['a'], false],
    ['several', ['a', 'a'], false], ['several', ['a', 'z'], false], ['several', [], true],
    ['order', ['c', 'b', 'a'], true], ['number', Number.NaN, false], ['number', '3', false], ['number', 3, true],
  ] as const)('isAnswer(%s, %j) = %s', (kind, x, ok) => {
    expect(isAnswer(kind, x, opts)).toBe(ok);
  });
});

describe('a question step in the runner', () => {
  // A toy model: a counter; the reveal adds 5; the question asks for the counter afterwards.
  let counter = 0;
  const lesson: Lesson<number, number> = {
    id: 'toy', lab: 'transport', topic: 0, title: 'Toy', summary: '', setup: [], sources: ['none'],
    steps: [{ id: 'q', title: 'Guess', text: [''], question: { kind: 'number', prompt: 'After +5?', reveal: [5], outcome: (p) => p, because: 'It adds 5.', tolerance: 0 } }],
  };
  const probe = () => counter;
  const reveal = (actions: readonly number[]) => { for (const a of actions) counter += a; };

  it('reveals once, grades every attempt against the model, and the step is done only when right', () => {
    counter = 10;
    const r = new LessonRunner([lesson]);
    r.start('toy', 0, 0);
    expect(r.progress(probe, 0)!.question).toMatchObject({ revealed: false, graded: null });
    expect(r.answer(12, probe, reveal)).toEqual({ ok: true });
    let p = r.progress(probe, 0)!;
    expect(counter).toBe(15);
    expect(p.question).toMatchObject({ revealed: true, attempts: 1, graded: { correct: false, expected: 15 } });
    expect(p.stepsDone[0]).toBe(false);
    expect(r.answer(15, probe, reveal)).toEqual({ ok: true });
    p = r.progress(probe, 0)!;
    expect(counter).toBe(15); // the event ran once
    expect(p.question).toMatchObject({ attempts: 2, graded: { correct: true, feedback: ['It adds 5.'] } });
    expect(p.stepsDone[0]).toBe(true);
  });
  it('refuses a malformed answer without revealing anything', () => {
    counter = 0;
    const r = new LessonRunner([lesson]);
    r.start('toy', 0, 0);
    expect(r.answer('fifteen', probe, reveal).ok).toBe(false);
    expect(counter).toBe(0);
  });
});

describe('ranged questions: the label says what grades it', () => {
  const ranged = [
    { id: 'hi', label: 'at 70% or more', range: [70, Infinity] as const },
    { id: 'mid', label: 'between 30% and 70%', range: [30, 70] as const },
    { id: 'lo', label: 'below 30%', range: [-Infinity, 30] as const },
  ];
  it('the outcome is the option whose half-open range holds the measure', () => {
    expect([optionInRange(ranged, 70), optionInRange(ranged, 69.9), optionInRange(ranged, 30), optionInRange(ranged, -5)]).toEqual(['hi', 'mid', 'mid', 'lo']);
    const q = { kind: 'one', prompt: '?', reveal: [], because: '.', measure: { of: (p: number) => p, unit: '%' } } as Question<number, never>;
    expect(outcomeOf(q, ranged, 85)).toBe('hi');
  });
  it('well-tiled ranges whose labels name their bounds have no problems', () => {
    expect(rangeProblems('%', ranged)).toEqual([]);
    expect(rangeProblems('points', [
      { id: 'a', label: 'A by 1 point or more', range: [1, Infinity] }, { id: 's', label: 'within 1 point', range: [-1, 1] }, { id: 'b', label: 'B by 1 point or more', range: [-Infinity, -1] },
    ])).toEqual([]);
  });
  it.each([
    ['a label that claims another bound (above 70% graded from 50%)', [{ id: 'hi', label: 'above 70%', range: [50, Infinity] }, { id: 'lo', label: 'below 50%', range: [-Infinity, 50] }], /hi: the label does not name its bound 50%/],
    ['a gap', [{ id: 'hi', label: '80% or more', range: [80, Infinity] }, { id: 'lo', label: 'below 50%', range: [-Infinity, 50] }], /a gap between lo and hi/],
    ['an overlap', [{ id: 'hi', label: '40% or more', range: [40, Infinity] }, { id: 'lo', label: 'below 50%', range: [-Infinity, 50] }], /lo and hi overlap/],
    ['values left uncovered', [{ id: 'hi', label: '50% or more', range: [50, 100] }, { id: 'lo', label: 'below 50%', range: [-Infinity, 50] }], /nothing covers values from 100/],
    ['an option without a range', [{ id: 'hi', label: 'high' }, { id: 'lo', label: 'below 50%', range: [-Infinity, 50] }], /options without a range: hi/],
  ] as const)('names %s', (_what, opts2, re) => {
    expect(rangeProblems('%', opts2 as never).join('; ')).toMatch(re);
  });
});

describe('options in a seeded order, the first try kept', () => {
  const opts6 = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, label: id.toUpperCase(), why: `not ${id}` }));
  let counter = 0;
  const lesson = (kind: 'one' | 'order'): Lesson<number, number> => ({
    id: 'toy', lab: 'transport', topic: 0, title: 'Toy', summary: '', setup: [], sources: ['none'],
    steps: [{ id: 'q', title: 'Guess', text: [''], question: { kind, prompt: '?', options: opts6, reveal: [1], outcome: () => (kind === 'one' ? 'c' : ['a', 'b', 'c', 'd', 'e', 'f']), stated: kind === 'order' ? ['a', 'b', 'c', 'd', 'e', 'f'] : undefined, because: 'C.' } }],
  });
  const probe = () => counter;
  const reveal = () => { counter++; };
  const orderFor = (seed: number, kind: 'one' | 'order' = 'one') => {
    const r = new LessonRunner([lesson(kind)]);
    r.seed = seed;
    r.start('toy', 0, 0);
    return r.progress(probe, 0)!.question!.options.map((o) => o.id).join('');
  };
  it('one learner sees the same order every time; learners differ (seeds 1..20 give more than one order)', () => {
    expect(orderFor(7)).toBe(orderFor(7));
    expect(new Set(Array.from({ length: 20 }, (_, i) => orderFor(i + 1))).size).toBeGreaterThan(5);
  });
  it('an order question never starts in its right order (seeds 1..200)', () => {
    for (let s = 1; s <= 200; s++) expect(orderFor(s, 'order')).not.toBe('abcdef');
  });
  it('the options cross without their whys (a why shows only in the grade of a wrong answer)', () => {
    const r = new LessonRunner([lesson('one')]);
    r.start('toy', 0, 0);
    expect(r.progress(probe, 0)!.question!.options.every((o) => !('why' in o))).toBe(true);
  });
  it('the first answer is the score; the same answer again is no attempt; a later right answer completes the step only', () => {
    const r = new LessonRunner([lesson('one')]);
    r.start('toy', 0, 0);
    r.answer('a', probe, reveal);
    r.answer('a', probe, reveal);
    let p = r.progress(probe, 0)!;
    expect(p.question!.attempts).toBe(1);
    expect(p.question!.graded!.feedback).toEqual(['not a']);
    expect(p.firstTry).toEqual([false]);
    r.answer('c', probe, reveal);
    p = r.progress(probe, 0)!;
    expect(p).toMatchObject({ stepsDone: [true], firstTry: [false] });
    expect(p.question!.attempts).toBe(2);
  });
  it('the reveal marks the step done, seen and not scored', () => {
    const r = new LessonRunner([lesson('one')]);
    r.start('toy', 0, 0);
    r.answer('b', probe, reveal);
    r.reveal(probe, reveal);
    expect(r.progress(probe, 0)).toMatchObject({ stepsDone: [true], firstTry: [false], question: { seen: true, graded: { correct: false, expected: 'c', feedback: ['C.'] } } });
  });
});

describe('a readout that shows the graded number is masked until the learner locks in', () => {
  it('the view carries the masks before the reveal, none after', () => {
    let counter = 0;
    const l: Lesson<number, number> = {
      id: 'toy', lab: 'memory', topic: 0, title: 'Toy', summary: '', setup: [], sources: ['none'],
      steps: [{ id: 'q', title: 'Guess', text: [''], question: { kind: 'number', prompt: '?', reveal: [1], outcome: (p) => p, because: '.', masks: ['throughput'] } }],
    };
    const r = new LessonRunner([l]);
    r.start('toy', 0, 0);
    expect(r.progress(() => counter, 0)!.question!.masks).toEqual(['throughput']);
    r.answer(3, () => counter, () => { counter++; });
    expect(r.progress(() => counter, 0)!.question!.masks).toBeUndefined();
  });
});
