// The transport instrument's timeline: one Simulation, its checkpoints, how far it has been
// simulated, and advancing in budgeted slices. Seeking restores the last checkpoint at or before
// the instant and replays (time travel); acting in the past drops the recorded future (a fork).
import { MAX_NS, type Simulation, type Checkpoint } from '../../core/index.ts';

/** Work done per call is bounded so the worker answers within a frame or two. */
const STEP_BUDGET = 40_000;
const CHECKPOINT_EVERY_NS = 2_000;
const MAX_CHECKPOINTS = 400;
/** A checkpoint copies every QP's runtime: between two, at least this much work per QP (1,000 QPs: one per 100k steps). */
const CP_STEPS_PER_QP = 100;

export class Timeline {
  private checkpoints: Checkpoint[];
  private cpEvery = CHECKPOINT_EVERY_NS;
  private cpSteps = 0;
  /** The furthest instant simulated so far (the scrubber's end). */
  maxT = 0;

  constructor(readonly sim: Simulation) {
    this.checkpoints = [sim.checkpoint()];
  }

  get now(): number { return this.sim.now; }
  get end(): number { return this.sim.scenario.config.durationNs; }

  private checkpointIfDue(): void {
    const s = this.sim;
    const last = this.checkpoints[this.checkpoints.length - 1];
    if (last && s.now - last.t < this.cpEvery) return;
    if (last && s.steps - this.cpSteps < CP_STEPS_PER_QP * s.world.qps.n) return;
    if (s.now < this.maxT && last && s.now <= last.t) return;
    this.checkpoints.push(s.checkpoint());
    this.cpSteps = s.steps;
    if (this.checkpoints.length > MAX_CHECKPOINTS) {
      this.checkpoints = this.checkpoints.filter((_, i) => i % 2 === 0);
      this.cpEvery *= 2;
    }
  }

  /** Advance to `t` (at most the scenario's end) in budgeted slices, checkpointing on the way. */
  advance(t: number): void {
    const s = this.sim;
    const end = Math.min(t, this.end, MAX_NS);
    while (s.now < end) {
      // The next checkpoint is due here; when one was deferred (too little work since the last), the one after.
      const due = (this.checkpoints[this.checkpoints.length - 1]?.t ?? 0) + this.cpEvery;
      const next = Math.min(end, due > s.now ? due : s.now + this.cpEvery);
      const reached = s.runUntil(Math.max(next, s.now), STEP_BUDGET);
      this.checkpointIfDue();
      if (!reached) break;
    }
    this.maxT = Math.max(this.maxT, s.now);
  }

  /** Jump to `t` within what has been simulated; true when time went backwards. */
  seek(t: number): boolean {
    const s = this.sim;
    const target = Math.max(0, Math.min(t, this.maxT, this.end));
    let back = false;
    if (target < s.now) {
      let cp = this.checkpoints[0];
      for (const c of this.checkpoints) if (c.t <= target) cp = c;
      s.restore(cp);
      back = true;
    }
    s.runUntil(target);
    return back;
  }

  /** Before a person acts: if we are in the past, the recorded future is dropped. True if it was. */
  fork(): boolean {
    const s = this.sim;
    if (s.now >= this.maxT) return false;
    this.checkpoints = this.checkpoints.filter((c) => c.t <= s.now);
    this.maxT = s.now;
    return true;
  }

  afterAction(): void {
    this.maxT = Math.max(this.maxT, this.sim.now);
  }
}
