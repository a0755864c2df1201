// A lost worker, as the person sees it: an alert in the instrument that names it and says what
// happened, that it is being restarted, then that it was restored and to what. The client does
// the restarting (bridge/kit/client.ts); each instrument's wiring says how to snapshot and
// restore itself. Every recovery is timed, failure detected → restored frame painted, and kept
// as a performance measure `qp-recovery:<lab>` (and in `recoveries()`, with both instants since
// the epoch, which workers share, so a test that knows when it broke one can time the whole).
import type { StoreApi } from 'zustand';
import type { Caller, RecoveryEvent, RecoveryHooks } from '../bridge/labs.ts';
import type { FailureKind } from '../bridge/kit/client.ts';
import type { KitState } from '../store/kit.ts';
import type { KitFrame, LabApi, LessonInfo, LessonProgress } from '../worker/kit/types.ts';
import { decodeLink, encodeLink, type LinkSpec } from '../scenario/link/envelope.ts';

export interface RecoveryRecord {
  lab: string; kind: FailureKind; detail: string; ms: number; attempts: number;
  /** When the failure was found and when the restored frame was painted: ms since the epoch (performance.timeOrigin + now()). */
  detectedAt: number; restoredAt: number;
}

const records: RecoveryRecord[] = [];

/** Every recovery this page made, oldest first. */
export function recoveries(): readonly RecoveryRecord[] { return records; }

interface Supervised<A, F extends KitFrame> {
  supervise(h: RecoveryHooks<A, F>): void;
  onRecovery(l: (e: RecoveryEvent) => void): () => void;
}

type Store<F extends KitFrame> = StoreApi<KitState<F>>;

/** Wire an instrument's client to its hooks and its store's alert; `who` names its worker in the alert. */
export function superviseLab<A, F extends KitFrame>(lab: string, who: string, client: Supervised<A, F>, store: Store<F>, hooks: RecoveryHooks<A, F>): void {
  client.supervise(hooks);
  let t0 = 0;
  client.onRecovery((e) => {
    const st = store.getState();
    if (e.phase === 'lost') {
      t0 = performance.now();
      st.setWorker({ phase: 'restarting', text: `${who} ${e.failure.detail}. Playback is stopped. It is being restarted, and what you had is being brought back; anything you press meanwhile runs once it is back.` });
      return;
    }
    if (e.phase === 'failed') {
      st.setWorker({ phase: 'failed', text: `${who} ${e.failure.detail} and could not be restarted (${e.error}). Reload the page to go on; your lesson progress is kept in this browser.` });
      return;
    }
    // The restored frame is in the store: the next animation frame paints it, and the task after that follows the paint.
    requestAnimationFrame(() => setTimeout(() => {
      const end = performance.now();
      const ms = end - t0;
      performance.measure(`qp-recovery:${lab}`, { start: t0, end, detail: { kind: e.failure.kind, attempts: e.attempts } });
      const epoch = performance.timeOrigin;
      records.push({ lab, kind: e.failure.kind, detail: e.failure.detail, ms, attempts: e.attempts, detectedAt: epoch + t0, restoredAt: epoch + end });
      st.setWorker({ phase: 'restored', ms, text: `${who} ${e.failure.detail}, so it was restarted: ${e.words}. Press Play to go on.` });
    }, 0));
  });
}

/**
 * A snapshot (the instrument's link payload, kept as data) read back the way a link is: through
 * the envelope and the schema, so a restart feeds the worker nothing a link could not carry.
 * Null when there is none; a snapshot the schema refuses is an error (the next attempt goes without).
 */
export function snapshotPayload<P>(lab: string, spec: LinkSpec<P>, snapshot: unknown): P | null {
  if (snapshot === null || snapshot === undefined) return null;
  const d = decodeLink(`#${encodeLink(lab, spec.version, snapshot)}`, { [lab]: spec }, lab);
  if (!d.ok) throw new Error(`the saved state is not a valid link (${d.error})`);
  if (d.lab !== lab || !d.value) throw new Error('the saved state belongs to another instrument');
  return d.value;
}

/** The lesson of the last frame, as resumeLesson takes it: step, steps done, the question's grade. */
export async function resumeFrom<F extends KitFrame>(via: Caller<LabApi<F>>, l: LessonProgress | null): Promise<boolean> {
  if (!l) return true;
  const q = l.question;
  const r = await via.call('resumeLesson', l.id, l.step, { done: l.stepsDone, graded: q?.graded ?? undefined, attempts: q?.attempts, first: l.firstTry, seed: l.seed });
  return r.ok;
}

/** "your lesson “Errors”, step 3 of 7, as you left it" (or nothing without a lesson). */
export function lessonWords(l: LessonProgress | null, lessons: readonly LessonInfo[], resumed: boolean): string {
  if (!l) return '';
  const info = lessons.find((x) => x.id === l.id);
  const name = info ? `“${info.title}”` : 'lesson';
  const of = info ? ` of ${info.steps.length}` : '';
  return resumed ? `, with your lesson ${name} at step ${l.step + 1}${of} as you left it` : `; the lesson ${name} could not be resumed (open it again from the lesson list)`;
}

/**
 * A restarted worker's way back to the instant shown: `step` (one bounded call) again until the
 * frame's `progress` reaches `target`, or stops moving while the worker has nothing else to do
 * (a storm that drained first, a run its budget stopped). The cap only stops a worker that loops.
 */
export async function catchUp<F extends KitFrame>(step: () => Promise<F>, progress: (f: F) => number, target: number, maxCalls = 100_000): Promise<F | null> {
  let f: F | null = null;
  let was = -Infinity;
  let still = 0;
  for (let i = 0; i < maxCalls; i++) {
    f = await step();
    const p = progress(f);
    if (p >= target) return f;
    still = p === was && !f.busy ? still + 1 : 0;
    if (still >= 3) return f;
    was = p;
  }
  return f;
}
