// Each instrument's first questions to its worker (its lessons and first frame), asked once:
// early by the page's boot (app/boot.ts), or when the instrument starts. Only the light bridge,
// the id list and each instrument's tiny worker file are imported here, so the boot can run
// before the rest of the page's modules (the registry among them) are evaluated.
import { labClient, provideWorker, type Caller, type Connection } from '../bridge/labs.ts';
import { INSTRUMENTS, namedLab, type LabId } from '../scenario/link/labName.ts';
import type { KitFrame, LabApi, LessonInfo } from '../worker/kit/types.ts';
import { lastLab } from './progress.ts';

/** What every instrument asks its worker before it can show anything. */
export type FirstAnswers = Promise<readonly [LessonInfo[], KitFrame]>;
/** Every worker answers `lessons` and `frame` (worker/kit/types.ts LabApi). */
type FirstCaller = Caller<LabApi<KitFrame>>;

const asked = new Map<string, FirstAnswers>();

/**
 * Each instrument's worker, from its `app/instruments/<id>.spawn.ts` (the same `connect` its
 * registry entry holds; registry.test.ts keeps the two the same), found by file name so the boot
 * needs no list of instruments and no registry.
 */
const SPAWNS = import.meta.glob<{ connect(): Connection<unknown> }>('./instruments/*.spawn.ts', { eager: true });

/** The worker of `lab` as its spawn file gives it (undefined: it has none, e.g. a test's own instrument). */
export function spawnOf(lab: string): (() => Connection<unknown>) | undefined {
  return SPAWNS[`./instruments/${lab}.spawn.ts`]?.connect;
}

/** The instrument a page opened at `hash` starts with: the one it names, else where the person was. */
export function firstLab(hash: string): LabId {
  const bare = hash.replace(/^#/, '') === '';
  const last = lastLab();
  return namedLab(hash) ?? (bare ? INSTRUMENTS.find((l) => l === last) : undefined) ?? INSTRUMENTS[0];
}

/** The first answers of `lab`'s worker (through `c`): the ones asked at boot (once), else asked now. */
export function firstAnswers(lab: string, c: FirstCaller): FirstAnswers {
  const early = asked.get(lab);
  asked.delete(lab);
  return early ?? ask(c);
}

function ask(c: FirstCaller): FirstAnswers {
  const p = Promise.all([c.call('lessons'), c.call('frame')] as const);
  // Nobody may be waiting yet: a failure here is the recovery's to report, and is seen again by whoever takes it.
  p.catch(() => undefined);
  return p;
}

/** Ask `lab`'s first questions now; the instrument's start picks the answers up. */
export function askEarly(lab: LabId): void {
  if (asked.has(lab)) return;
  const connect = spawnOf(lab);
  if (!connect) return;
  provideWorker(lab, connect);
  asked.set(lab, ask(labClient(lab)));
}

interface FrameStore<F> { getState(): { frame: F | null; applyFrame(f: F): void } }

/** Asked at boot, `c`'s first frame may have come before the store listened: hand it over once. */
export function takeEarlyFrame<F extends { seq: number }>(c: { frame: F | null }, store: FrameStore<F>): void {
  const st = store.getState();
  if (c.frame && st.frame?.seq !== c.frame.seq) st.applyFrame(c.frame);
}
