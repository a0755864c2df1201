// A fourth instrument, test-only: a counter with one lesson. Its "worker" is its API run
// in-process (as render tests do), behind a connection a test can kill. It exists to show what a
// new instrument writes: its model, worker API and lesson (here), its link payload, store, view
// and registry entry (entry.tsx); the kit does the rest.
import * as v from 'valibot';
import { LabWorker, type LessonModel } from '../../worker/kit/labWorker.ts';
import type { KitFrame, LabId, Reply } from '../../worker/kit/types.ts';
import type { Lesson } from '../../lessons/kit/index.ts';
import { LessonAt, int } from '../../scenario/link/common.ts';
import type { LinkSpec } from '../../scenario/link/envelope.ts';

export const COUNTER_ID = 'counter';
// The lower layers type an instrument's id from the page's own list; a test-only instrument is
// not in it, so its frames and lessons name themselves through this one conversion.
const LAB = COUNTER_ID as LabId;

export interface CounterFrame extends KitFrame { count: number; t: number }
type Action = { kind: 'add'; n: number } | { kind: 'reset' };
interface Probe { count: number }

export const COUNTER_LESSONS: ReadonlyArray<Lesson<Probe, Action>> = [{
  id: 'count', lab: LAB, topic: 0, title: 'Counting', summary: 'Add to the counter.',
  setup: [{ kind: 'reset' }],
  sources: ['A test-only instrument: it teaches nothing'],
  steps: [
    { id: 'three', title: 'Reach three', text: ['The counter starts at zero.'], task: 'Add until the count is 3.', check: (p) => p.count >= 3, solution: [{ kind: 'add', n: 3 }], hints: ['Look at the count.', 'Press Add three times.'] },
    { id: 'five', title: 'Reach five', text: ['Two more.'], task: 'Add until the count is 5.', check: (p) => p.count >= 5, solution: [{ kind: 'add', n: 2 }], hints: ['Press Add twice.'] },
  ],
}];

export const CounterPayload = v.strictObject({ count: int(0, 1_000_000), lesson: v.optional(LessonAt) });
export type CounterPayload = v.InferOutput<typeof CounterPayload>;
export const COUNTER_LINK: LinkSpec<CounterPayload> = { version: 1, migrations: {}, schema: CounterPayload };

/** The worker API: the kit answers LabApi (playback, lessons through its host); the counter adds its own calls. */
export class CounterApi extends LabWorker<CounterFrame, Probe, Action> {
  private count = 0;
  private t = 0;
  constructor() { super({ lab: LAB, lessons: COUNTER_LESSONS, speed: { min: 1, max: 10 } }); }
  protected body() { return { count: this.count, t: this.t }; }
  protected override playFor(ms: number): void { if (this.playback.playing) this.t += Math.round(ms * this.playback.speed); }
  protected lessonModel(): LessonModel<Probe, Action> {
    return { mark: () => 0, probe: () => ({ count: this.count }), apply: (a) => this.apply(a) };
  }
  private apply(a: Action): { ok: boolean } { this.count = a.kind === 'add' ? this.count + a.n : 0; return { ok: true }; }
  add(n: number): CounterFrame { this.apply({ kind: 'add', n }); return this.frame(); }
  /** Let `ms` of the counter's clock pass (its instant). */
  advance(ms: number): CounterFrame { this.t += ms; return this.frame(); }
  catchUp(to: number): CounterFrame { this.t = Math.max(this.t, to); return this.frame(); }
  linkState(): { count: number } { return { count: this.count }; }
  applyLink(p: CounterPayload): Reply<CounterFrame> {
    const refused = this.linkLessonError(p.lesson);
    if (refused) return this.reply({ ok: false, error: refused });
    this.count = p.count;
    this.t = 0;
    this.openLinkLesson(p);
    return this.reply({ ok: true });
  }
}

export function createCounterApi(): CounterApi { return new CounterApi(); }
