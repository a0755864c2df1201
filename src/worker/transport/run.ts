// The transport run on screen: its timeline, the challenge it grades, the compare twin, the old
// future kept after a fork, the full log's state and what the log has sent. A new timeline comes
// in one way only, `install()`: made aside (`prepare()`) and put in place once accepted, so a
// refused one leaves the current run, its grading and its twin untouched.
import { MAX_NS, PROFILE_IDS, Simulation, ScenarioError, type CommandInput, type ProfileId, type Scenario, type SimOptions } from '../../core/index.ts';
import type { Authored } from '../../lessons/authored.ts';
import type { Outcome } from '../kit/labWorker.ts';
import { ChallengeRun } from './challengeRun.ts';
import { ProfileCompare } from './compare.ts';
import { ForkKeeper } from './fork.ts';
import { History } from './history.ts';
import type { Playhead } from './slowdown.ts';
import { Timeline } from './timeline.ts';

/** A timeline made aside, with the challenge it grades (its tallies see every event from t = 0). */
export interface Prepared { tl: Timeline; challenge: ChallengeRun }

/** The scenario as recorded so far (config and every command) and the instant: what a link and undo hold. */
export interface Recorded { scenario: Scenario; t: number }

/** What stays bounded however long the run: the soak figure and the bounds tests read it. */
export interface TransportBounds {
  /** Events since t = 0, the oldest still kept, and how many are kept (at most the window and an eighth). */
  traceCount: number; traceFrom: number; traceKept: number; traceKeep: number;
  checkpoints: number; checkpointBytes: number;
  /** Full-log matches held for the last query, and the compare twin's kept events (0 when off). */
  logMatches: number; twinKept: number;
  /** Steps from t = 0 to now, the simulated instant, and why a budget stopped the run (or null). */
  steps: number; t: number; stopped: string | null;
}

export class TransportRun {
  tl!: Timeline;
  challenge!: ChallengeRun;
  /** Compare mode: the same scenario under a second profile, in lockstep (null when off). */
  compare: ProfileCompare | null = null;
  readonly forks = new ForkKeeper();
  readonly history = new History(() => this.tl);
  /** The QP the learner selected (lesson checks and the frame read it). */
  selected: { host: number; qpn: number } | null = null;
  /** The next frame starts the log over; events of the trace the log has been sent. */
  resetLog = true;
  sentCount = 0;
  /** "Slow down near events" reads the run through this (it always means the current timeline). */
  readonly head: Playhead;

  /** `installed`: called after every new timeline (playback stops). */
  constructor(scenario: unknown, private readonly simOptions: SimOptions, private readonly installed: () => void) {
    const now = () => this.tl;
    this.head = {
      get run() { return now().sim; }, get now() { return now().now; }, get end() { return now().end; },
      get count() { return now().sim.world.trace.count; }, get first() { return now().sim.world.trace.first; },
      get events() { return now().sim.world.trace.events; }, get steps() { return now().sim.steps; },
      advance: (t: number) => { this.tl.advance(t); },
    };
    this.install(this.prepare(new Simulation(scenario, simOptions), null), { twin: null });
  }

  /** A timeline for `sim` grading `c`; compare mode follows it slice by slice once it is the one on screen. */
  prepare(sim: Simulation, c: Authored | null): Prepared {
    const challenge = new ChallengeRun();
    challenge.set(c);
    const tl = new Timeline(sim, { folds: [challenge] });
    tl.afterSlice = () => { if (this.tl === tl) this.compare?.follow(tl.sim); };
    return { tl, challenge };
  }

  /** Make a simulation of `input`, or say why it cannot start. */
  simulation(input: unknown, refusal = (m: string) => `the scenario could not start: ${m}`): Simulation | string {
    try {
      return new Simulation(input, this.simOptions);
    } catch (e) {
      return e instanceof ScenarioError ? e.message : refusal((e as Error).message);
    }
  }

  /** The one way a timeline comes in: the log starts over, the twin is rebuilt on it, playback stops. */
  install(next: Prepared, o: { twin: ProfileId | null; keepForks?: boolean }): void {
    this.tl = next.tl;
    this.challenge = next.challenge;
    if (!o.keepForks) this.forks.clear();
    this.resetLog = true;
    this.sentCount = 0;
    this.history.reset();
    this.twin(o.twin);
    this.installed();
  }

  /** Compare mode on the current run under `profile` (null: off), at its instant. */
  twin(profile: ProfileId | null): void {
    this.compare = profile ? new ProfileCompare(this.recorded().scenario, profile, this.tl.now, this.simOptions) : null;
  }

  /** After the run moved: the twin follows it to the same instant. */
  follow(): void { this.compare?.follow(this.tl.sim); }

  recorded(): Recorded {
    const s = this.tl.sim;
    return { scenario: { ...s.scenario, commands: s.commands.map((c) => ({ t: c.t, cmd: c.cmd })) }, t: s.now };
  }

  /**
   * A new run at instant `at`, grading `challenge`; the old future kept for undo goes. The
   * twin, if on, is rebuilt under its profile.
   */
  replace(input: unknown, at: number, challenge: Authored | null): Outcome {
    const sim = this.simulation(input);
    if (typeof sim === 'string') return { ok: false, error: sim };
    const next = this.prepare(sim, challenge);
    next.tl.reach(Math.min(at, MAX_NS));
    this.install(next, { twin: this.compare?.profile ?? null });
    return { ok: true };
  }

  /** Put a recorded run back, simulated to `maxT` and seen at `t` (undo, a step's starting point); the kept fork stays. */
  swap(scenario: Scenario, maxT: number, t: number): Outcome {
    const sim = this.simulation(scenario, (m) => m);
    if (typeof sim === 'string') return { ok: false, error: sim };
    const next = this.prepare(sim, this.challenge.current);
    next.tl.reach(Math.min(maxT, MAX_NS));
    next.tl.seek(t);
    this.install(next, { twin: this.compare?.profile ?? null, keepForks: true });
    return { ok: true };
  }

  /** The same scenario (config and every command so far) under another driver profile, to the same instant, grading the same challenge. */
  reprofile(profile: ProfileId): Outcome {
    if (!PROFILE_IDS.includes(profile)) return { ok: false, error: `there is no driver profile "${String(profile).slice(0, 20)}"` };
    const s = this.recorded().scenario;
    return this.replace({ ...s, config: { ...s.config, profile } }, this.tl.now, this.challenge.current);
  }

  /** A person's command at the current instant; acting in the past forks, keeping the old future for undo and compare. */
  act(cmd: CommandInput) {
    const tl = this.tl;
    if (tl.now < tl.maxT) this.forks.keep({ ...this.recorded(), maxT: tl.maxT });
    const forked = tl.fork();
    if (forked) { this.resetLog = true; this.history.reset(); }
    const r = tl.sim.issue(cmd);
    tl.afterAction();
    this.compare?.act(cmd, tl.sim, forked);
    return r;
  }

  /** Jump to `t` within what has been simulated (a jump back starts the log over). */
  seek(t: number): void {
    if (Number.isFinite(t) && this.tl.seek(t)) { this.resetLog = true; this.history.reset(); }
    this.compare?.seek(this.tl.sim);
  }

  /** What is kept in memory, in counts (all bounded at any duration). */
  bounds(): TransportBounds {
    const { tl, history, compare } = this;
    const tr = tl.sim.world.trace;
    return {
      traceCount: tr.count, traceFrom: tr.first, traceKept: tr.events.length, traceKeep: tr.keep,
      checkpoints: tl.checkpointCount, checkpointBytes: tl.checkpointBytes,
      logMatches: history.held, twinKept: compare ? compare.sim.world.trace.events.length : 0,
      steps: tl.sim.steps, t: tl.now, stopped: tl.sim.stopped?.message ?? null,
    };
  }
}
