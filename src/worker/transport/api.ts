// The transport instrument's worker API: one Simulation on a Timeline, playback, the event log
// sent in frames, and the shared lesson host. A plain module (no worker globals) so tests drive
// it directly in Node; transport.worker.ts only exposes it.
import { MAX_NS, PROFILE_IDS, Simulation, ScenarioError, type CommandInput, type ProfileId, type Scenario, type SimOptions, type Summary } from '../../core/index.ts';
import { TRANSPORT_LESSONS, makeProbe, type Probe, type TransportAction } from '../../lessons/transport/index.ts';
import { sandboxScenario, scaleScenario } from '../../scenario/presets.ts';
import type { TransportPayload } from '../../scenario/link/index.ts';
import { LessonHost, lessonCalls } from '../kit/lessonHost.ts';
import { History, type LogPage, type LogQuery, type WhyLink } from './history.ts';
import { ForkKeeper } from './fork.ts';
import { ChallengeRun } from './challengeRun.ts';
import type { Challenge } from '../../scenario/challenge.ts';
import type { LabApi, Reply } from '../kit/types.ts';
import { project } from './projection.ts';
import { WireFeeder } from './wireFeed.ts';
import { referenceData } from './reference.ts';
import { Timeline } from './timeline.ts';
import { ProfileCompare } from './compare.ts';
import { SlowDown, type Playhead } from './slowdown.ts';
import type { CommandReply, Frame, ReferenceData } from './types.ts';

const LOG_TAIL = 3000;
/** Most events one frame carries; more than that and the log is replaced by the tail. */
const FRAME_EVENTS = 1500;
/** A lost packet stays on the wire this many wall seconds at any speed, an arrived one this many. */
const PACKET_LINGER_WALL_S = 1.6;
const ARRIVED_LINGER_WALL_S = 0.25;
const SPEED_MIN = 1;
const SPEED_MAX = 1e9;
/**
 * The page's runs: the trace keeps its newest 50,000 events (≈ 8 MB; the full log, why? and the
 * exports read them), the model's state may grow to an estimated 512 MB, and a run may take a
 * billion steps (about an hour of playing at top speed) before it stops with a notice.
 */
export const PAGE_SIM: SimOptions = { traceKeep: 50_000, maxSteps: 1_000_000_000, maxBytes: 512 << 20 };

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

export function createTransportApi(simOptions: SimOptions = PAGE_SIM) {
  /**
   * Every timeline of the run on screen comes with the challenge it grades (or none), whose
   * tallies see every event of it from t = 0. Made aside and put in place only once the new run
   * is accepted, so a refused one leaves the current run and its grading untouched.
   */
  const timeline = (sim: Simulation, c: Challenge | null) => {
    const run = new ChallengeRun();
    run.set(c);
    const next = new Timeline(sim, { folds: [run] });
    // Compare mode follows the run slice by slice, while both traces still keep the slice's events.
    next.afterSlice = () => { if (tl === next) compare?.follow(next.sim); };
    return { tl: next, run };
  };
  let { tl, run: challenge } = timeline(new Simulation(sandboxScenario(), simOptions), null);
  let playing = false;
  let speed = 1000;
  let sentCount = 0;
  let resetLog = true;
  let seq = 0;
  let selected: { host: number; qpn: number } | null = null;
  const history = new History(() => tl);
  const forks = new ForkKeeper();
  /** Compare mode: the same scenario under a second profile, in lockstep (null when off). */
  let compare: ProfileCompare | null = null;
  const twin = (profile: ProfileId | null): void => { compare = profile ? new ProfileCompare(recorded().scenario, profile, tl.now, simOptions) : null; };
  /** After the run moved: the twin follows it to the same instant. */
  const follow = (): void => { compare?.follow(tl.sim); };
  /** "Slow down near events" reads the run through this (it always means the current timeline). */
  const slow = new SlowDown();
  const feeder = new WireFeeder();
  const head: Playhead = {
    get run() { return tl.sim; }, get now() { return tl.now; }, get end() { return tl.end; },
    get count() { return tl.sim.world.trace.count; }, get first() { return tl.sim.world.trace.first; },
    get events() { return tl.sim.world.trace.events; }, get steps() { return tl.sim.steps; },
    advance: (t: number) => { tl.advance(t); },
  };

  const lessons = new LessonHost<Probe, TransportAction>(TRANSPORT_LESSONS, {
    mark: () => tl.sim.world.trace.count,
    probe: (mark) => makeProbe(tl.sim, mark, selected),
    apply: (a) => {
      if (a.kind === 'load') return replace(a.scenario);
      if (a.kind === 'select') { selected = { host: a.host, qpn: a.qpn }; return { ok: true }; }
      if (a.kind === 'profile') return reprofile(a.profile, true);
      const r = act(a);
      return r.ok ? { ok: true } : { ok: false, error: r.detail ?? 'refused' };
    },
    settle: (ns) => { tl.reach(tl.now + ns); follow(); },
    pause: () => { playing = false; },
    setSpeed: (v) => { speed = Math.min(SPEED_MAX, Math.max(SPEED_MIN, v)); },
    snapshot: () => ({ ...recorded(), maxT: tl.maxT }),
    restore: (x) => {
      const s = x as { scenario: Scenario; t: number; maxT: number };
      return swap(s.scenario, s.t, s.t);
    },
  });

  /** The scenario as recorded so far (config + every command) and the instant. */
  function recorded(): { scenario: Scenario; t: number } {
    const s = tl.sim;
    return { scenario: { ...s.scenario, commands: s.commands.map((c) => ({ t: c.t, cmd: c.cmd })) }, t: s.now };
  }

  /** Put a timeline in place without touching the lesson (undo, a step's starting point). */
  function swap(scenario: Scenario, maxT: number, t: number): { ok: boolean; error?: string } {
    let next: ReturnType<typeof timeline>;
    try { next = timeline(new Simulation(scenario, simOptions), challenge.current); } catch (e) { return { ok: false, error: (e as Error).message }; }
    next.tl.reach(Math.min(maxT, MAX_NS));
    next.tl.seek(t);
    ({ tl, run: challenge } = next);
    playing = false;
    resetLog = true;
    sentCount = 0;
    history.reset();
    twin(compare?.profile ?? null);
    return { ok: true };
  }

  /** The same scenario (config and every command so far) under another driver profile, to the same instant. */
  function reprofile(profile: ProfileId, keepLesson = false): { ok: boolean; error?: string } {
    if (!PROFILE_IDS.includes(profile)) return { ok: false, error: `there is no driver profile "${String(profile).slice(0, 20)}"` };
    const s = recorded().scenario;
    return replace({ ...s, config: { ...s.config, profile } }, tl.now, keepLesson);
  }

  /**
   * A new run; a profile switch keeps the lesson or challenge going (keepLesson). `next`: the
   * challenge to grade on it (set before the timeline is made, so its tallies start at t = 0).
   */
  function replace(input: unknown, at = 0, keepLesson = false, next: { challenge: Challenge } | null = null): { ok: boolean; error?: string } {
    let sim: Simulation;
    try {
      sim = new Simulation(input, simOptions);
    } catch (e) {
      if (e instanceof ScenarioError) return { ok: false, error: e.message };
      return { ok: false, error: `the scenario could not start: ${(e as Error).message}` };
    }
    if (!keepLesson) lessons.stop();
    ({ tl, run: challenge } = timeline(sim, next ? next.challenge : keepLesson ? challenge.current : null));
    forks.clear();
    playing = false;
    resetLog = true;
    sentCount = 0;
    history.reset();
    if (at > 0) tl.reach(Math.min(at, MAX_NS));
    twin(compare?.profile ?? null);
    return { ok: true };
  }

  function act(cmd: CommandInput) {
    // Acting in the past replaces the recorded future: keep the old one for undo and compare.
    if (tl.now < tl.maxT) forks.keep({ ...recorded(), maxT: tl.maxT });
    const forked = tl.fork();
    if (forked) { resetLog = true; history.reset(); }
    const r = tl.sim.issue(cmd);
    tl.afterAction();
    compare?.act(cmd, tl.sim, forked);
    return r;
  }

  function seekTo(t: number): void {
    if (Number.isFinite(t) && tl.seek(t)) { resetLog = true; history.reset(); }
    compare?.seek(tl.sim);
  }

  function frame(): Frame {
    const s = tl.sim;
    const tr = s.world.trace;
    let events;
    let logGap = false;
    if (resetLog || tr.count < sentCount) {
      events = tr.events.slice(-LOG_TAIL);
      resetLog = true;
    } else {
      // At high speed a frame can cover thousands of events; the log keeps only its tail, so
      // only that tail crosses the worker boundary. Not a new story, though: a reset would
      // undo the page's throttling and clear what it derived (every frame, at top speed).
      const fresh = Math.min(tr.count - sentCount, FRAME_EVENTS);
      events = tr.events.slice(tr.events.length - fresh);
      logGap = tr.count - sentCount > FRAME_EVENTS;
    }
    if (tl.now >= tl.end || s.stopped) playing = false;
    const sv = slow.view(head, speed, playing);
    const f: Frame = {
      seq: ++seq, lab: 'transport', playing, busy: false, speed, lesson: lessons.progress(),
      t: s.now, maxT: tl.maxT, durationNs: tl.end, events, eventsFrom: tr.count - events.length, resetLog, logGap,
      world: project(s, { lostLingerNs: sv.speed * PACKET_LINGER_WALL_S, arriveLingerNs: sv.speed * ARRIVED_LINGER_WALL_S, selected, feeder }), scenarioTitle: s.scenario.title,
      traceHash: tr.hash(), fork: forks.info(), challenge: challenge.status(s), selected,
      profile: s.world.profile.id, compare: compare ? compare.view(s, s.world.profile.id) : null, slow: sv,
      stopped: s.stopped?.message ?? null,
    };
    sentCount = tr.count;
    resetLog = false;
    return f;
  }

  const reply = (r: { ok: boolean; error?: string }): Reply<Frame> => ({ ...r, frame: frame() });

  const api = {
    frame,
    ping: (): true => true,
    reference(): ReferenceData { return referenceData(); },

    /** Load a scenario (at instant `at`); invalid input is refused with the bad field named, keeping the current one. */
    load(input: unknown, at = 0): Reply<Frame> { return reply(replace(input, at)); },

    /** Free play: the sandbox scenario, no lesson. */
    loadSandbox(): Reply<Frame> { return reply(replace(sandboxScenario())); },
    /** The sandbox at scale: 1,000 RC QPs (500 pairs) with traffic both ways. */
    loadScale(): Reply<Frame> { return reply(replace(scaleScenario())); },

    play(): Frame { playing = tl.now < tl.end && !tl.sim.stopped; return frame(); },
    pause(): Frame { playing = false; return frame(); },
    setSpeed(nsPerSecond: number): Frame {
      if (Number.isFinite(nsPerSecond)) speed = Math.min(SPEED_MAX, Math.max(SPEED_MIN, nsPerSecond));
      return frame();
    },

    /** Called once per animation frame while playing: advance by wall time × speed (slower near events when asked). */
    tick(wallMs: number): Frame {
      if (playing && slow.on) { slow.advance(head, wallMs, speed); follow(); }
      else if (playing) { tl.advance(tl.now + Math.max(1, Math.round((Math.min(Math.max(0, wallMs || 0), 100) * speed) / 1000))); follow(); }
      return frame();
    },
    /** "Slow down near events" on or off; the chosen speed is kept either way. */
    setSlowDown(on: boolean): Frame { slow.on = on === true; return frame(); },

    /** Run to the next instant at which something happens. */
    step(): Frame {
      playing = false;
      const due = tl.sim.nextDue();
      tl.reach(Number.isFinite(due) ? Math.max(due, tl.now + 1) : tl.now + 1000);
      follow();
      return frame();
    },

    /** Jump to `t`: restore the last checkpoint at or before it and replay. */
    seek(t: number): Frame {
      seekTo(t);
      return frame();
    },
    /** Back to the previous instant at which something happened (restore and replay: equal to a fresh run to it). */
    stepBack(): Frame {
      playing = false;
      const t = history.backTarget();
      if (t >= 0) seekTo(t);
      return frame();
    },
    /** The previous (-1) or next (1) instant at which an event of `kind` happened. */
    jump(kind: string, dir: -1 | 1): Reply<Frame> {
      playing = false;
      const t = history.find(String(kind), dir < 0 ? -1 : 1);
      if (t === null) return reply({ ok: false, error: `no ${dir < 0 ? 'earlier' : 'later'} ${String(kind).slice(0, 30)} event` });
      seekTo(t);
      return reply({ ok: true });
    },
    /** The chain of causes of the event at absolute index `i`, back to its root. */
    why(i: number): WhyLink[] { return history.why(i); },
    /** A window of the full log, filtered and searched. */
    log(q: LogQuery): LogPage { return history.query(q); },
    exportTrace(format: 'json' | 'csv'): string { return history.exportTrace(format === 'csv' ? 'csv' : 'json'); },
    /** The QP the learner selected (lesson checks may ask). */
    select(host: number, qpn: number): Frame {
      selected = Number.isInteger(host) && Number.isInteger(qpn) ? { host, qpn } : null;
      return frame();
    },
    /** Undo the last act in the past: the old future comes back. */
    undoFork(): Reply<Frame> {
      const old = forks.take();
      if (!old) return reply({ ok: false, error: 'there is nothing to undo' });
      return reply(swap(old.scenario, old.maxT, old.t));
    },
    /** The old future against the new one, at the same instant. */
    compareFork() { return forks.compare(recorded().scenario); },
    dismissFork(): Frame { forks.clear(); return frame(); },
    /** Start a challenge on its scenario (from a link or the instructor's editor). */
    startChallenge(c: Challenge, scenario: unknown): Reply<Frame> {
      return reply(replace(scenario, 0, false, { challenge: c }));
    },
    stopChallenge(): Frame { challenge.set(null); return frame(); },

    /** A person's action at the current instant; acting in the past forks the future. */
    command(cmd: CommandInput): CommandReply {
      const r = act(cmd);
      return { ...r, error: r.ok ? undefined : r.detail, frame: frame() } as CommandReply;
    },

    /**
     * Open a shared link (already decoded and shape-checked on the main thread): the scenario
     * at its instant, the selected QP, the lesson step and the speed. Everything is checked
     * before anything changes; a refusal names the problem and keeps the current scenario.
     */
    applyLink(p: TransportPayload): Reply<Frame> {
      let sim: Simulation;
      try {
        sim = new Simulation(p.scenario, simOptions);
      } catch (e) {
        return reply({ ok: false, error: `its scenario could not start: ${(e as Error).message}` });
      }
      const next = timeline(sim, p.challenge ?? null);
      next.tl.reach(Math.min(p.t, MAX_NS));
      if (p.sel && next.tl.sim.world.qps.find(p.sel.host, p.sel.qpn) < 0) {
        return reply({ ok: false, error: `it selects QP 0x${p.sel.qpn.toString(16)} on host ${String.fromCharCode(65 + p.sel.host)}, which its scenario does not have` });
      }
      const lesson = p.lesson ? TRANSPORT_LESSONS.find((l) => l.id === p.lesson!.id) : undefined;
      if (p.lesson && !lesson) return reply({ ok: false, error: `it opens a lesson this page does not have ("${p.lesson.id.slice(0, 40)}")` });
      if (p.lesson && lesson && p.lesson.step >= lesson.steps.length) return reply({ ok: false, error: `lesson "${lesson.id}" has ${lesson.steps.length} steps, not ${p.lesson.step + 1}` });
      lessons.stop();
      ({ tl, run: challenge } = next);
      forks.clear();
      history.reset();
      playing = false;
      resetLog = true;
      sentCount = 0;
      if (p.sel) selected = { ...p.sel };
      if (p.lesson) lessons.start(p.lesson.id, p.lesson.step, true, p.lesson.seed);
      // The link's speed wins over the step's own (the link reproduces what its author saw).
      if (p.speed !== undefined) speed = Math.min(SPEED_MAX, Math.max(SPEED_MIN, p.speed));
      twin(p.compare ?? null);
      return reply({ ok: true });
    },

    /**
     * Run the same scenario (config and every command so far) under another driver profile, to
     * the instant on screen. The choice is part of the scenario, so a link carries it.
     */
    setProfile(profile: ProfileId): Reply<Frame> {
      return reply(reprofile(profile, true));
    },

    /** Compare mode on (with the profile to compare against) or off (null). */
    setCompare(profile: ProfileId | null): Frame {
      twin(profile && PROFILE_IDS.includes(profile) ? profile : null);
      return frame();
    },

    /** The scenario as recorded so far (config + every command), for the share link. */
    exportScenario(): { scenario: Scenario; t: number } { return recorded(); },

    summary(): Summary { return tl.sim.summary(); },

    /** What is kept in memory, in counts (all bounded at any duration). */
    bounds(): TransportBounds {
      const tr = tl.sim.world.trace;
      return {
        traceCount: tr.count, traceFrom: tr.first, traceKept: tr.events.length, traceKeep: tr.keep,
        checkpoints: tl.checkpointCount, checkpointBytes: tl.checkpointBytes,
        logMatches: history.held, twinKept: compare ? compare.sim.world.trace.events.length : 0,
        steps: tl.sim.steps, t: tl.now, stopped: tl.sim.stopped?.message ?? null,
      };
    },

    ...lessonCalls(lessons, reply, frame),
    startLesson(id: string, step = 0, keep = false, seed?: number): Reply<Frame> { playing = false; challenge.set(null); return reply(lessons.start(id, step, keep, seed)); },
  };
  return api satisfies LabApi<Frame>;
}

export type TransportApi = ReturnType<typeof createTransportApi>;
