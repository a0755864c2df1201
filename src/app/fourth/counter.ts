// A fourth instrument, test-only: a counter with one lesson. Its "worker" is its API run
// in-process (as render tests do), behind a connection a test can kill. It exists to show what a
// new instrument writes: its model, worker API and lesson (here), its link payload, store, view
// and registry entry (entry.tsx); the kit does the rest.
import * as v from 'valibot';
import { LessonHost, lessonCalls } from '../../worker/kit/lessonHost.ts';
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

/** The worker API: LabApi (playback, lessons through the kit's host) and the counter's own calls. */
export function createCounterApi() {
  let count = 0;
  let t = 0;
  let playing = false;
  let speed = 1;
  let seq = 0;
  const apply = (a: Action) => { count = a.kind === 'add' ? count + a.n : 0; return { ok: true }; };
  const host = new LessonHost<Probe, Action>(COUNTER_LESSONS, {
    mark: () => 0, probe: () => ({ count }), apply, settle: () => undefined, pause: () => { playing = false; },
  });
  const frame = (): CounterFrame => ({ seq: ++seq, lab: LAB, playing, busy: false, speed, lesson: host.progress(), count, t });
  const reply = (r: { ok: boolean; error?: string }): Reply<CounterFrame> => ({ ...r, frame: frame() });
  return {
    frame,
    ping: (): true => true,
    tick(ms: number): CounterFrame { if (playing) t += Math.round(ms * speed); return frame(); },
    play(): CounterFrame { playing = true; return frame(); },
    pause(): CounterFrame { playing = false; return frame(); },
    setSpeed(s: number): CounterFrame { speed = s; return frame(); },
    ...lessonCalls(host, reply, frame),
    add(n: number): CounterFrame { apply({ kind: 'add', n }); return frame(); },
    /** Let `ms` of the counter's clock pass (its instant). */
    advance(ms: number): CounterFrame { t += ms; return frame(); },
    catchUp(to: number): CounterFrame { t = Math.max(t, to); return frame(); },
    linkState: () => ({ count }),
    applyLink(p: CounterPayload): Reply<CounterFrame> {
      count = p.count;
      t = 0;
      return reply(p.lesson ? host.start(p.lesson.id, p.lesson.step, true) : { ok: true });
    },
  };
}
export type CounterApi = ReturnType<typeof createCounterApi>;
