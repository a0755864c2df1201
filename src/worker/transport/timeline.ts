// The transport instrument's timeline: one Simulation, its checkpoints, how far it has been
// simulated, and advancing in budgeted slices. Seeking restores the last checkpoint at or before
// the instant and replays (time travel); acting in the past drops the recorded future (a fork).
//
// Memory stays bounded at any duration: the trace keeps a window of the newest events, and the
// checkpoints stay within a count and an estimated byte budget (when either is exceeded, the one
// whose removal leaves the smallest gap goes, and new ones are taken no closer than the mean gap). What must see every event, not only the window
// (a challenge's counts and sums), is a TraceFold: fed each slice's new events before they can
// leave the window, its state saved in every checkpoint and restored with it.
import { MAX_NS, type Checkpoint, type SimEvent, type Simulation } from '../../core/index.ts';

/** Work done per call is bounded so the worker answers within a frame or two. */
const STEP_BUDGET = 40_000;
const CHECKPOINT_EVERY_NS = 2_000;
const MAX_CHECKPOINTS = 400;
/** Estimated bytes all checkpoints of one timeline may hold (the sandbox's are ≈ 80 kB each). */
const CHECKPOINT_BYTES = 48 << 20;
/** A checkpoint copies every QP's runtime: between two, at least this much work per QP (1,000 QPs: one per 100k steps). */
const CP_STEPS_PER_QP = 100;

/** Derived state over every event of the run (not only the kept window). */
export interface TraceFold {
  /** A fresh run: forget everything. */
  reset(): void;
  /** Events with absolute indices [from, from + events.length); `missed` left the window unseen before them. */
  feed(events: readonly SimEvent[], from: number, missed: number): void;
  save(): unknown;
  load(state: unknown): void;
}

export interface TimelineOptions {
  folds?: TraceFold[];
  stepBudget?: number;
  maxCheckpoints?: number;
  checkpointBytes?: number;
}

/**
 * A kept checkpoint, with the folds' states at it. `data` null: the start (t = 0) whose copy was
 * too large to keep within the budget; it is rebuilt from the scenario when needed.
 */
interface Kept { t: number; steps: number; count: number; bytes: number; data: Checkpoint | null; folds: unknown[] }

export class Timeline {
  private checkpoints: Kept[];
  private cpEvery = CHECKPOINT_EVERY_NS;
  private bytes = 0;
  /** The run's step count at the newest checkpoint (or the one restored). */
  private cpSteps = 0;
  /** Absolute trace index up to which the folds have been fed. */
  private fed = 0;
  private readonly folds: TraceFold[];
  private readonly stepBudget: number;
  /**
   * Steps per slice of work: at most a quarter of the trace window's events' worth (a step
   * emits one or two events), so every slice's events are still kept when the folds and
   * `afterSlice` look at them.
   */
  private readonly slice: number;
  /** Called after every slice the run advances by (compare mode follows the run slice by slice). */
  afterSlice: (() => void) | null = null;
  private readonly maxCheckpoints: number;
  private readonly checkpointBudget: number;
  /** The furthest instant simulated so far (the scrubber's end). */
  maxT = 0;

  constructor(readonly sim: Simulation, opts: TimelineOptions = {}) {
    this.folds = opts.folds ?? [];
    this.stepBudget = opts.stepBudget ?? STEP_BUDGET;
    const keep = sim.world.trace.keep;
    this.slice = Number.isFinite(keep) ? Math.max(64, Math.min(this.stepBudget, Math.floor(keep / 4))) : this.stepBudget;
    this.maxCheckpoints = Math.max(2, opts.maxCheckpoints ?? MAX_CHECKPOINTS);
    this.checkpointBudget = opts.checkpointBytes ?? CHECKPOINT_BYTES;
    for (const f of this.folds) f.reset();
    this.feed();
    this.checkpoints = [];
    this.keep();
    // The start is an instant like any other: what is due at t = 0 runs now, as it does at any t
    // reached, seeked or linked to. Left for later, a command issued at 0 (which runs the items
    // due at 0 first) was missing from a link to t = 0, and seeking to 0 showed more than a load.
    this.reach(0);
  }

  get now(): number { return this.sim.now; }
  get end(): number { return this.sim.scenario.config.durationNs; }
  /** Checkpoints kept, and their estimated bytes (both bounded). */
  get checkpointCount(): number { return this.checkpoints.length; }
  get checkpointBytes(): number { return this.bytes; }
  /** The instants of the kept checkpoints, oldest first. */
  get checkpointTimes(): number[] { return this.checkpoints.map((k) => k.t); }

  /** Give the folds the events added since they were last fed. */
  private feed(): void {
    const tr = this.sim.world.trace;
    if (this.folds.length === 0 || tr.count === this.fed) { this.fed = tr.count; return; }
    const from = Math.max(this.fed, tr.first);
    const view = from === tr.first ? tr.events : tr.events.slice(from - tr.first);
    for (const f of this.folds) f.feed(view, from, from - this.fed);
    this.fed = tr.count;
  }

  private keep(): void {
    const cp = this.sim.checkpoint();
    this.checkpoints.push({ t: cp.t, steps: cp.steps, count: cp.trace.count, bytes: cp.bytes, data: cp, folds: this.folds.map((f) => f.save()) });
    this.bytes += cp.bytes;
    this.cpSteps = cp.steps;
    // Thin one at a time, so the store stays at its bound once full. Halving it instead (every
    // other one dropped, taken half as often) made its memory a sawtooth between half and full:
    // the 10-minute soak read +14.8 % worker heap between two phases of it. The first (t = 0)
    // always stays, so every instant can be reached again; so does the newest.
    let thinned = false;
    while (this.checkpoints.length > 1 && (this.checkpoints.length > this.maxCheckpoints || this.bytes > this.checkpointBudget)) {
      const cps = this.checkpoints;
      let drop = cps.length - 1;
      let gap = Infinity;
      for (let i = 1; i < cps.length - 1; i++) {
        const g = cps[i + 1].t - cps[i - 1].t;
        if (g < gap) { gap = g; drop = i; }
      }
      this.bytes -= cps[drop].bytes;
      cps.splice(drop, 1);
      thinned = true;
    }
    if (thinned && this.checkpoints.length > 1) {
      const cps = this.checkpoints;
      this.cpEvery = Math.max(this.cpEvery, (cps[cps.length - 1].t - cps[0].t) / (cps.length - 1));
    }
    // The start stays, but a start too large for the budget is not kept as a copy: a fresh
    // bring-up of the same scenario rebuilds it when a seek needs it.
    const start = this.checkpoints[0];
    if (start.data && start.bytes > this.checkpointBudget / 8) { this.bytes -= start.bytes; start.bytes = 0; start.data = null; }
  }

  /** Put the run back at a kept checkpoint (rebuilding the start if it was not kept), with the folds' states. */
  private restoreKept(k: Kept): void {
    this.sim.restore(k.data ?? this.sim.origin());
    this.folds.forEach((f, i) => f.load(k.folds[i]));
    this.fed = k.count;
    this.cpSteps = k.steps;
  }

  private checkpointIfDue(): void {
    const s = this.sim;
    const last = this.checkpoints[this.checkpoints.length - 1];
    if (s.now - last.t < this.cpEvery) return;
    if (s.steps - this.cpSteps < CP_STEPS_PER_QP * s.world.qps.n) return;
    if (s.now < this.maxT && s.now <= last.t) return;
    this.keep();
  }

  /**
   * Advance towards `t` (at most the scenario's end) for at most `budget` steps, checkpointing
   * on the way; true once everything due at or before `t` (or the end) has run, not merely once
   * the clock shows it: the instant a timeline stands at has run all that is due at it, so a
   * command recorded there replays after the same items (commands due at t run after every
   * item due at or before t, CONTRIBUTING "The core is a fold"). A budget stop of the run itself (work or memory,
   * `sim.stopped`) ends it too: the instant reached is kept.
   */
  advance(t: number, budget = this.stepBudget): boolean {
    const s = this.sim;
    const end = Math.min(t, this.end, MAX_NS);
    const stop = s.steps + budget;
    let done = false;
    while (!done && !s.stopped) {
      // The next checkpoint is due here; when one was deferred (too little work since the last), the one after.
      const due = this.checkpoints[this.checkpoints.length - 1].t + this.cpEvery;
      const next = Math.max(Math.min(end, due > s.now ? due : s.now + this.cpEvery), s.now);
      const left = stop - s.steps;
      if (left <= 0) break;
      const ran = s.runUntil(next, Math.min(left, this.slice));
      this.feed();
      this.afterSlice?.();
      this.checkpointIfDue();
      done = ran && s.now >= end;
    }
    this.maxT = Math.max(this.maxT, s.now);
    return done;
  }

  /** Advance all the way to `t` (a link's instant, a lesson's settle), in budgeted slices. */
  reach(t: number): void {
    while (!this.advance(t) && !this.sim.stopped) { /* each slice is bounded; the run's own budget ends it */ }
  }

  /** Jump to `t` within what has been simulated; true when time went backwards. */
  seek(t: number): boolean {
    const s = this.sim;
    const target = Math.max(0, Math.min(t, this.maxT, this.end));
    let back = false;
    if (target < s.now) {
      let k = this.checkpoints[0];
      for (const c of this.checkpoints) if (c.t <= target) k = c;
      this.restoreKept(k);
      back = true;
    }
    // Replay in slices so the folds see every event before it can leave the window (and run
    // what is still due at `target` itself, as a fresh run to it would).
    for (;;) {
      const done = s.runUntil(target, this.slice);
      this.feed();
      this.afterSlice?.();
      if (done || s.stopped) break;
    }
    return back;
  }

  /**
   * Look back past the trace window: the latest instant at or before `before` of an event that
   * satisfies `pred`, or null. Segment by segment, newest first, the checkpoint that begins the
   * segment is restored and the segment replayed, which regenerates its events; each is tested
   * as it appears (the window may be smaller than a segment). Stops at the first segment with a
   * match, at t = 0, or after `maxSteps` of replay. The run then returns to exactly where it
   * was (the same step count), its folds restored with the checkpoint it replays from.
   */
  lookBack(pred: (e: SimEvent) => boolean, before: number, maxSteps: number): number | null {
    const s = this.sim;
    const home = { t: s.now, steps: s.steps };
    let upTo = Math.min(before, home.t);
    let best: number | null = null;
    let work = 0;
    let k = this.checkpoints.length - 1;
    while (k > 0 && this.checkpoints[k].t > upTo) k--;
    for (; k >= 0; k--) {
      const cp = this.checkpoints[k];
      s.restore(cp.data ?? s.origin());
      let mark = s.world.trace.count;
      for (;;) {
        const done = s.runUntil(upTo, this.slice);
        const tr = s.world.trace;
        for (let i = Math.max(mark, tr.first); i < tr.count; i++) {
          const e = tr.at(i);
          if (e && e.t <= upTo && pred(e) && (best === null || e.t > best)) best = e.t;
        }
        mark = tr.count;
        if (done || s.stopped) break;
      }
      work += s.steps - cp.steps;
      if (best !== null || work > maxSteps) break;
      // The next segment ends where this one began: events at that instant from before the
      // checkpoint was taken belong to it.
      upTo = cp.t;
    }
    this.returnTo(home);
    return best;
  }

  /** Restore the checkpoint at or before `at.t` and replay to exactly `at.steps` steps (the very same state). */
  private returnTo(at: { t: number; steps: number }): void {
    const s = this.sim;
    let k = this.checkpoints[0];
    for (const c of this.checkpoints) if (c.t <= at.t && c.steps <= at.steps) k = c;
    this.restoreKept(k);
    while (s.steps < at.steps && !s.stopped) {
      s.runUntil(at.t, Math.min(this.slice, at.steps - s.steps));
      this.feed();
      if (s.now >= at.t && s.steps >= at.steps) break;
    }
    // The same steps, so the same state; if home had also moved its clock on past its last
    // step (nothing else was due), so does this.
    if (s.now < at.t && !s.stopped) { s.runUntil(at.t); this.feed(); }
  }

  /** Before a person acts: if we are in the past, the recorded future is dropped. True if it was. */
  fork(): boolean {
    const s = this.sim;
    if (s.now >= this.maxT) return false;
    this.checkpoints = this.checkpoints.filter((k) => k.t <= s.now);
    this.bytes = this.checkpoints.reduce((n, k) => n + k.bytes, 0);
    this.maxT = s.now;
    return true;
  }

  afterAction(): void {
    this.feed();
    this.maxT = Math.max(this.maxT, this.sim.now);
  }
}
