// The one wiring of every instrument, from its registry entry: start it once (its client feeds its
// store, the first answers are taken, progress is tracked, the worker is supervised), open a link
// payload, build its share link, and bring back the person's saved place.
import { provideWorker, type RecoveryHooks } from '../bridge/labs.ts';
import { encodeLink } from '../scenario/link/envelope.ts';
import type { KitFrame, LabApi } from '../worker/kit/types.ts';
import { firstAnswers, takeEarlyFrame } from './first.ts';
import { follow, notePlace } from './follow.ts';
import type { AnyInstrument, PayloadBase } from './instrument.ts';
import { savedDone, savedLab, setVisiting, trackProgress } from './progress.ts';
import { snapshotPayload, superviseLab } from './recovery.ts';
import { entryOf } from './registry.ts';
import { restoreLessonFile } from './keptLesson.ts';

const started = new Map<string, Promise<void>>();

/** Start `id` once: wire its client to its store and fetch what never changes. */
export function startLab(id: string): Promise<void> {
  const have = started.get(id);
  if (have) return have;
  const e = entryOf(id);
  provideWorker(e.id, e.connect);
  const c = e.client();
  c.onFrame((f) => e.store.getState().applyFrame(f));
  superviseLab(e.id, e.worker, c, e.store, hooksOf(e));
  const run = (async () => {
    const [lessons] = await firstAnswers(e.id, c);
    takeEarlyFrame(c, e.store);
    const st = e.store.getState();
    st.setLessons(lessons);
    st.setSaved(savedDone(e.id));
    trackProgress(e.id, e.store, (d) => e.store.getState().setSaved(d));
    await restoreLessonFile(e);
    await e.started?.(c);
  })();
  started.set(id, run);
  return run;
}

/**
 * The recovery hooks of every instrument: the snapshot is its link payload (which the address and
 * the saved place follow too), read back through its link spec on a restart and restored by its entry.
 */
function hooksOf(e: AnyInstrument): RecoveryHooks<LabApi<KitFrame>, KitFrame> {
  return {
    async snapshot(via) {
      const p = e.snapshot ? await e.snapshot(via) : await e.payload(via);
      follow(e, p);
      return p;
    },
    async restore(via, input) {
      const p = snapshotPayload(e.id, e.link, input.snapshot);
      if (!p) {
        await via.call('frame');
        return e.afresh;
      }
      return e.restore(via, p, input);
    },
  };
}

/** Open a link payload in `id` (started first); a refusal names the problem and keeps what is on screen. */
export async function openLab(id: string, p: PayloadBase): Promise<string | null> {
  await startLab(id);
  const e = entryOf(id);
  const error = await e.apply(p, e.client());
  if (!error) notePlace(e, p);
  return error;
}

/** The share link of `id` as it stands. */
export async function labLink(id: string): Promise<string> {
  const e = entryOf(id);
  return `${location.origin}${location.pathname}#${encodeLink(e.id, e.link.version, await e.payload(e.client()))}`;
}

/**
 * Bring back the person's own saved place in `id`: its link, the instant (caught up to where the
 * link does not carry it), and the lesson with its steps done and answers. False: nothing to bring back.
 */
export async function resumeLab(id: string, read: (hash: string) => PayloadBase | null): Promise<boolean> {
  const e = entryOf(id);
  const at = savedLab(e.id).at;
  const p = at ? read(`#${at.hash}`) : null;
  if (!at || !p) return false;
  await startLab(e.id);
  setVisiting(false);
  const c = e.client();
  if (await e.apply(p, c)) return false;
  notePlace(e, p);
  if (at.instant && e.instant.catchUp) await e.instant.catchUp(c, at.instant);
  if (at.lesson) {
    const rec = savedLab(e.id).lessons[at.lesson];
    const ans = rec?.answers[at.step];
    await c.call('resumeLesson', at.lesson, at.step, {
      done: rec?.done ?? [], graded: ans ? { answer: ans.answer, correct: ans.correct, feedback: ans.feedback, expected: ans.expected } : undefined, attempts: ans?.attempts,
      // The order of the options as the place was saved with it (a lesson picked here carries the learner's seed).
      first: rec?.first, seed: p.lesson?.seed,
    });
  }
  return true;
}
