// The worker kit: everything an instrument's worker API answers alike, written once. A subclass
// supplies its model (the frame's body, how playback runs, how a lesson reads and drives it) and
// its own calls; this class answers the rest of `LabApi`: ping, play, pause, speed (one clamp),
// tick (one wall-time clamp), the frame header, the reply shape, a link's lesson check, and the
// lesson calls through the lesson host. Its methods live on the prototype, so comlink's `expose`
// and an in-process client call them by name alike.
import type { Lesson } from '../../lessons/kit/index.ts';
import { LessonHost, type LessonAdapter, type ResumeState } from './lessonHost.ts';
import type { KitFrame, LabApi, LabId, LessonInfo, Reply } from './types.ts';

/** The answer of a request that may be refused: the refusal names the problem. */
export interface Outcome { ok: boolean; error?: string }

/** Where playback lives: the model reads it as it runs (a lab object may be its own playback). */
export interface Playback {
  playing: boolean;
  /** In the instrument's unit (simulated ns per second, packets per second). */
  speed: number;
  /** The model has work of its own to finish (a set-up, a sweep): the client keeps pulling. */
  readonly busy?: boolean;
  /** A model that plays itself: one animation frame, `wallMs` (clamped) of playback plus its background work. */
  tick?(wallMs: number): void;
}

/** A lesson and step a link opens. */
/** A lesson and step a link opens; `seed` is the learner's (the order of the options, as the link's author saw them). */
export interface LessonAt { id: string; step: number; seed?: number }

/** What the lesson host needs of the model; the kit itself supplies pause and a step's speed. */
export type LessonModel<P, A> = Omit<LessonAdapter<P, A>, 'pause' | 'setSpeed' | 'settle'> & Partial<Pick<LessonAdapter<P, A>, 'settle'>>;

export interface LabSpec<P, A> {
  lab: LabId;
  lessons: ReadonlyArray<Lesson<P, A>>;
  /** The speeds a person (a link, a lesson step) may set; anything else is clamped into it. */
  speed: { min: number; max: number };
  /** Omitted: paused, at the slowest speed. */
  playback?: Playback;
  /** How a lesson file (JSON) becomes this instrument's lesson (lessons/data/open.ts); omitted: files are refused. */
  openFile?: (json: unknown) => { ok: true; lesson: Lesson<P, A> } | { ok: false; error: string };
}

/**
 * Wall time one tick may play. A tab in the background gets no animation frames; when it comes
 * back, its first tick would carry the whole absence: at most this much is played at once.
 */
export const MAX_WALL_MS = 100;

/**
 * The refusal of a change to the model while a lesson's question is open (issue 17): the learner
 * could otherwise run the experiment first (submit the transition, press Play, move the slider)
 * and read the answer off the log, and the reveal would then run from a model the question never
 * described. Views show the same hold on the controls (views/kit/mask.tsx HELD_TITLE).
 */
export const HELD = 'the model is held for your answer to the lesson\'s question: lock in an answer (or show it), then it runs';

/** One tick's wall time, clamped: not negative, not NaN, at most MAX_WALL_MS. */
export function wallTime(wallMs: number): number {
  return Math.max(0, Math.min(MAX_WALL_MS, wallMs || 0));
}

export abstract class LabWorker<F extends KitFrame, P, A> implements LabApi<F> {
  private seq = 0;
  private host: LessonHost<P, A> | null = null;
  protected readonly playback: Playback;

  protected constructor(private readonly spec: LabSpec<P, A>) {
    this.playback = spec.playback ?? { playing: false, speed: spec.speed.min };
  }

  /** The instrument's part of a frame: everything but the header (built first: it may stop playback). */
  protected abstract body(): Omit<F, keyof KitFrame>;
  /** How a lesson reads the model and applies its actions. */
  protected abstract lessonModel(): LessonModel<P, A>;
  /** One animation frame: `wallMs` (already clamped) of playback, plus bounded background work (by default the playback's own tick). */
  protected playFor(wallMs: number): void { this.playback.tick?.(wallMs); }
  /** Whether Play may start now (false: the run is at its end); may first start the model over. */
  protected canPlay(): boolean { return true; }

  /** The lesson host, built on first use (so a subclass's fields exist when its model is read). */
  protected get lessonHost(): LessonHost<P, A> {
    if (!this.host) {
      const m = this.lessonModel();
      this.host = new LessonHost(this.spec.lessons, {
        ...m,
        settle: m.settle ?? (() => undefined),
        pause: () => { this.playback.playing = false; },
        setSpeed: (v) => { this.speedTo(v); },
      });
    }
    return this.host;
  }

  frame(): F {
    const body = this.body();
    const p = this.playback;
    // The one cast of the kit: the body is F without the header, and the header is added here.
    return { ...body, seq: ++this.seq, lab: this.spec.lab, playing: p.playing, busy: p.busy ?? false, speed: p.speed, lesson: this.lessonHost.progress() } as F;
  }

  /** Refused while a lesson's question waits for its answer (LessonRunner.awaiting); else ok. */
  protected held(): Outcome {
    return this.lessonHost.awaiting() ? { ok: false, error: HELD } : { ok: true };
  }

  /** A change to the model, unless a question holds it: `change` runs only when not held. */
  protected unlessHeld(change: () => Outcome): Reply<F> {
    const h = this.held();
    return this.reply(h.ok ? change() : h);
  }

  /** Every refusal and success alike: `ok`, the problem named when refused, and the frame. */
  protected reply(r: Outcome): Reply<F> {
    return r.ok ? { ok: true, frame: this.frame() } : { ok: false, error: r.error, frame: this.frame() };
  }

  /** Set the speed, clamped into the instrument's range; not a number: kept. */
  protected speedTo(v: number): void {
    if (Number.isFinite(v)) this.playback.speed = Math.max(this.spec.speed.min, Math.min(this.spec.speed.max, v));
  }

  /** Why a link's lesson cannot open here (the page has no such lesson, or no such step), or null. */
  protected linkLessonError(at: LessonAt | undefined | null): string | null {
    if (!at) return null;
    const lesson = this.lessonHost.find(at.id);
    if (!lesson) return `it opens a lesson this page does not have ("${String(at.id).slice(0, 40)}")`;
    if (!Number.isInteger(at.step) || at.step < 0 || at.step >= lesson.steps.length) return `lesson "${lesson.id}" has ${lesson.steps.length} steps, not ${String(at.step + 1)}`;
    return null;
  }

  /**
   * The end of opening a link, once its model is in place: the lesson on that model at its step
   * (checked before by linkLessonError), then the link's speed, which wins over the step's own
   * (the link reproduces what its author saw).
   */
  protected openLinkLesson(link: { lesson?: LessonAt | null; speed?: number }): void {
    const host = this.lessonHost;
    host.stop();
    if (link.lesson) host.start(link.lesson.id, link.lesson.step, true, link.lesson.seed);
    if (link.speed !== undefined) this.speedTo(link.speed);
  }

  ping(): true { return true; }
  // Held first: canPlay may start the model over (faults), which a held question must not see.
  play(): F { this.playback.playing = this.held().ok && this.canPlay(); return this.frame(); }
  pause(): F { this.playback.playing = false; return this.frame(); }
  setSpeed(speed: number): F { this.speedTo(speed); return this.frame(); }
  tick(wallMs: number): F { this.playFor(wallTime(wallMs)); return this.frame(); }

  lessons(): LessonInfo[] { return this.lessonHost.catalogue(); }
  /**
   * Open a lesson file (its JSON, parsed) and start it at `step`: checked whole first, so a bad
   * file is refused with its field named and the current lesson goes on. Built-in lessons with
   * the same id are replaced only for this visit.
   */
  openLessonFile(json: unknown, step = 0, seed?: number): Reply<F> {
    const r = this.spec.openFile ? this.spec.openFile(json) : { ok: false as const, error: `the ${this.spec.lab} instrument does not open lesson files` };
    if (!r.ok) return this.reply({ ok: false, error: r.error });
    this.lessonHost.add(r.lesson);
    return this.reply(this.lessonHost.start(r.lesson.id, step, false, seed));
  }
  addLessonFile(json: unknown): Reply<F> {
    const r = this.spec.openFile ? this.spec.openFile(json) : { ok: false as const, error: `the ${this.spec.lab} instrument does not open lesson files` };
    if (!r.ok) return this.reply({ ok: false, error: r.error });
    this.lessonHost.add(r.lesson);
    return this.reply({ ok: true });
  }
  startLesson(id: string, step = 0, keep = false, seed?: number): Reply<F> { return this.reply(this.lessonHost.start(id, step, keep, seed)); }
  lessonStep(step: number): F { this.lessonHost.goTo(step); return this.frame(); }
  solveStep(): Reply<F> { return this.reply(this.lessonHost.solve()); }
  stopLesson(): F { this.lessonHost.stop(); return this.frame(); }
  answer(answer: unknown): Reply<F> { return this.reply(this.lessonHost.answer(answer)); }
  hint(): Reply<F> { return this.reply(this.lessonHost.hint()); }
  restoreStep(): Reply<F> { return this.reply(this.lessonHost.restoreStep()); }
  resumeLesson(id: string, step: number, state: ResumeState): Reply<F> { return this.reply(this.lessonHost.resume(id, step, state)); }
  variantQuestion(): Reply<F> { return this.reply(this.lessonHost.variant()); }
  revealAnswer(): Reply<F> { return this.reply(this.lessonHost.reveal()); }
}
