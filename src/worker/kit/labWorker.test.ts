// The worker kit on a minimal instrument (a counter with one lesson): what every instrument's
// worker answers alike, checked once here. Its worker is the whole of what a new instrument
// writes for the kit: a model, the frame's body, how playback runs and how a lesson drives it.
import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../lessons/kit/index.ts';
import { HELD, LabWorker, MAX_WALL_MS, wallTime, type LessonAt, type LessonModel } from './labWorker.ts';
import type { KitFrame, Reply } from './types.ts';

interface CountFrame extends KitFrame { count: number }
interface Probe { count: number }
type Action = { kind: 'add'; n: number };

const LESSON: Lesson<Probe, Action> = {
  id: 'count-to-three', lab: 'memory', topic: 0, title: 'Count to three', summary: 'Add until three.', setup: [], sources: [],
  steps: [
    { id: 'add', title: 'Add three', text: ['Add three.'], check: (p) => p.count >= 3, solution: [{ kind: 'add', n: 3 }], hints: ['Press Add.', 'Add 3.'], speed: 7 },
    { id: 'more', title: 'More', text: ['Add one more.'], check: (p) => p.count >= 4, solution: [{ kind: 'add', n: 1 }] },
  ],
};

/** A question step: what will the count be once two are added? (The reveal adds them.) */
const QUIZ: Lesson<Probe, Action> = {
  id: 'quiz', lab: 'memory', topic: 0, title: 'Guess', summary: 'Predict the count.', setup: [], sources: [],
  steps: [{ id: 'guess', title: 'Guess', text: ['Two will be added.'], question: { kind: 'number', prompt: 'The count after?', reveal: [{ kind: 'add', n: 2 }], outcome: (p) => p.count, because: 'Two were added.' } }],
};

class CounterApi extends LabWorker<CountFrame, Probe, Action> {
  private count = 0;
  /** Wall ms each tick was given (after the kit's clamp). */
  readonly ran: number[] = [];
  constructor(lessons = [LESSON]) { super({ lab: 'memory', lessons, speed: { min: 1, max: 10 } }); }
  protected body() { return { count: this.count }; }
  protected override playFor(wallMs: number): void { this.ran.push(wallMs); if (this.playback.playing) this.count += Math.floor((wallMs * this.playback.speed) / 1000); }
  protected lessonModel(): LessonModel<Probe, Action> {
    return {
      mark: () => 0, probe: () => ({ count: this.count }),
      apply: (a) => (a.n > 0 ? (this.count += a.n, { ok: true }) : { ok: false, error: 'add at least one' }),
      snapshot: () => this.count, restore: (x) => { this.count = x as number; return { ok: true }; },
    };
  }
  add(n: number): Reply<CountFrame> { return this.unlessHeld(() => this.lessonModel().apply({ kind: 'add', n })); }
  applyLink(l: { count: number; lesson?: LessonAt; speed?: number }): Reply<CountFrame> {
    const refused = this.linkLessonError(l.lesson);
    if (refused) return this.reply({ ok: false, error: refused });
    this.count = l.count;
    this.openLinkLesson(l);
    return this.reply({ ok: true });
  }
}

describe('the worker kit (LabWorker) on a counter', () => {
  it('the frame header: seq increases, the lab, playback, busy and lesson are the kit\'s', () => {
    const api = new CounterApi();
    const a = api.frame();
    const b = api.play();
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(a).toMatchObject({ lab: 'memory', playing: false, busy: false, speed: 1, lesson: null, count: 0 });
    expect(b.playing).toBe(true);
    expect(api.pause().playing).toBe(false);
    expect(api.ping()).toBe(true);
  });
  it.each([[50, 50], [-5, 0], [Number.NaN, 0], [10_000, MAX_WALL_MS], [Infinity, MAX_WALL_MS]])('tick(%s) plays %s ms of wall time', (given, played) => {
    const api = new CounterApi();
    api.tick(given);
    expect(api.ran).toEqual([played]);
    expect(wallTime(given)).toBe(played);
  });
  it('setSpeed clamps into the range and keeps the speed on a non-number', () => {
    const api = new CounterApi();
    expect(api.setSpeed(50).speed).toBe(10);
    expect(api.setSpeed(0).speed).toBe(1);
    expect(api.setSpeed(4).speed).toBe(4);
    expect(api.setSpeed(Number.NaN).speed).toBe(4);
  });
  it('an open question holds the model: Play and the instrument\'s changes are refused until the answer, then run', () => {
    const api = new CounterApi([QUIZ]);
    api.startLesson('quiz');
    expect(api.play().playing).toBe(false);
    expect(api.add(5)).toMatchObject({ ok: false, error: HELD, frame: { count: 0 } });
    api.tick(50);
    expect(api.frame().count).toBe(0);
    // The reveal runs from the model the question described: 0 + 2, not 5 + 2.
    expect(api.answer(2)).toMatchObject({ ok: true, frame: { count: 2, lesson: { question: { revealed: true, graded: { correct: true } } } } });
    expect(api.add(5)).toMatchObject({ ok: true, frame: { count: 7 } });
    expect(api.play().playing).toBe(true);
  });
  it('"show the answer" lets the model go too; a step without a question never holds it', () => {
    const api = new CounterApi([QUIZ]);
    api.startLesson('quiz');
    expect(api.revealAnswer().ok).toBe(true);
    expect(api.add(1).ok).toBe(true);
    const plain = new CounterApi();
    plain.startLesson('count-to-three');
    expect(plain.add(1).ok).toBe(true);
  });
  it('one reply shape: a success has no error, a refusal names it, both carry the frame', () => {
    const api = new CounterApi();
    const good = api.add(2);
    expect(Object.keys(good).sort()).toEqual(['frame', 'ok']);
    expect(good.frame.count).toBe(2);
    expect(api.add(0)).toMatchObject({ ok: false, error: 'add at least one', frame: { count: 2 } });
  });
  it('lesson calls come from the kit: start, hint, solve, next step, restore, stop', () => {
    const api = new CounterApi();
    expect(api.lessons().map((l) => l.id)).toEqual(['count-to-three']);
    const r = api.startLesson('count-to-three');
    expect(r.frame.lesson).toMatchObject({ id: 'count-to-three', step: 0, done: false });
    expect(r.frame.speed).toBe(7); // the step's own speed, clamped into the range
    expect(api.hint().frame.lesson?.hints).toEqual(['Press Add.']);
    expect(api.solveStep().frame.lesson?.stepsDone).toEqual([true, false]);
    expect(api.lessonStep(1).lesson?.step).toBe(1);
    api.add(5);
    expect(api.restoreStep().frame.count).toBe(3);
    expect(api.stopLesson().lesson).toBeNull();
    expect(api.startLesson('nope')).toMatchObject({ ok: false, error: 'there is no lesson "nope"' });
  });
  it('a link: its lesson is checked before anything changes, then opened on its model, its speed winning over the step\'s', () => {
    const api = new CounterApi();
    expect(api.applyLink({ count: 9, lesson: { id: 'other', step: 0 } })).toMatchObject({ ok: false, error: 'it opens a lesson this page does not have ("other")', frame: { count: 0 } });
    expect(api.applyLink({ count: 9, lesson: { id: 'count-to-three', step: 2 } })).toMatchObject({ ok: false, error: 'lesson "count-to-three" has 2 steps, not 3' });
    const r = api.applyLink({ count: 2, lesson: { id: 'count-to-three', step: 0 }, speed: 3 });
    expect(r).toMatchObject({ ok: true, frame: { count: 2, speed: 3, lesson: { id: 'count-to-three', step: 0 } } });
  });
});
