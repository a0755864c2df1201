// The transport instrument's worker API: one Simulation on a Timeline, playback, the event log
// sent in frames, and the shared lesson host. A plain module (no worker globals) so tests drive
// it directly in Node; transport.worker.ts only exposes it.
import { MAX_NS, PROFILE_IDS, Simulation, ScenarioError, type CommandInput, type ProfileId, type Scenario, type Summary } from '../../core/index.ts';
import { TRANSPORT_LESSONS, makeProbe, type Probe, type TransportAction } from '../../lessons/transport/index.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import type { TransportPayload } from '../../scenario/link/index.ts';
import { LessonHost, lessonCalls } from '../kit/lessonHost.ts';
import { History, type LogPage, type LogQuery, type WhyLink } from './history.ts';
import { ForkKeeper } from './fork.ts';
import { ChallengeRun } from './challengeRun.ts';
import type { Challenge } from '../../scenario/challenge.ts';
import type { LabApi, Reply } from '../kit/types.ts';
import { project } from './projection.ts';
import { referenceData } from './reference.ts';
import { Timeline } from './timeline.ts';
import { ProfileCompare } from './compare.ts';
import type { CommandReply, Frame, ReferenceData } from './types.ts';

const LOG_TAIL = 3000;
/** Most events one frame carries; more than that and the log is replaced by the tail. */
const FRAME_EVENTS = 1500;
/** A lost packet stays on the wire this many wall seconds at any speed (the view fades it). */
const PACKET_LINGER_WALL_S = 1.6;
const SPEED_MIN = 1;
const SPEED_MAX = 1e9;

export function createTransportApi() {
  let tl = new Timeline(new Simulation(sandboxScenario()));
  let playing = false;
  let speed = 1000;
  let sentCount = 0;
  let resetLog = true;
  let seq = 0;
  let selected: { host: number; qpn: number } | null = null;
  const history = new History(() => tl);
  const forks = new ForkKeeper();
  const challenge = new ChallengeRun();
  /** Compare mode: the same scenario under a second profile, in lockstep (null when off). */
  let compare: ProfileCompare | null = null;
  const twin = (profile: ProfileId | null): void => { compare = profile ? new ProfileCompare(recorded().scenario, profile, tl.now) : null; };
  /** After the run moved: the twin follows it to the same instant. */
  const follow = (): void => { compare?.follow(tl.now); };

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
    settle: (ns) => { tl.advance(tl.now + ns); follow(); },
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
    let next: Timeline;
    try { next = new Timeline(new Simulation(scenario)); } catch (e) { return { ok: false, error: (e as Error).message }; }
    next.advance(Math.min(maxT, MAX_NS));
    next.seek(t);
    tl = next;
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

  /** A new run; a profile switch keeps the lesson or challenge going (keepLesson). */
  function replace(input: unknown, at = 0, keepLesson = false): { ok: boolean; error?: string } {
    let next: Simulation;
    try {
      next = new Simulation(input);
    } catch (e) {
      if (e instanceof ScenarioError) return { ok: false, error: e.message };
      return { ok: false, error: `the scenario could not start: ${(e as Error).message}` };
    }
    tl = new Timeline(next);
    if (!keepLesson) {
      lessons.stop();
      challenge.set(null);
    }
    forks.clear();
    playing = false;
    resetLog = true;
    sentCount = 0;
    history.reset();
    if (at > 0) tl.advance(Math.min(at, MAX_NS));
    twin(compare?.profile ?? null);
    return { ok: true };
  }

  function act(cmd: CommandInput) {
    // Acting in the past replaces the recorded future: keep the old one for undo and compare.
    if (tl.now < tl.maxT) forks.keep({ ...recorded(), maxT: tl.maxT });
    if (tl.fork()) { resetLog = true; history.reset(); }
    const r = tl.sim.issue(cmd);
    tl.afterAction();
    compare?.act(cmd, tl.now);
    return r;
  }

  function seekTo(t: number): void {
    if (Number.isFinite(t) && tl.seek(t)) { resetLog = true; history.reset(); }
    compare?.seek(tl.now);
  }

  function frame(): Frame {
    const s = tl.sim;
    const tr = s.world.trace;
    let events;
    if (resetLog || tr.count < sentCount) {
      events = tr.events.slice(-LOG_TAIL);
      resetLog = true;
    } else {
      // At high speed a frame can cover thousands of events; the log keeps only its tail, so
      // only that tail crosses the worker boundary.
      const fresh = Math.min(tr.count - sentCount, FRAME_EVENTS);
      events = tr.events.slice(tr.events.length - fresh);
      if (tr.count - sentCount > FRAME_EVENTS) resetLog = true;
    }
    if (tl.now >= tl.end) playing = false;
    const f: Frame = {
      seq: ++seq, lab: 'transport', playing, busy: false, speed, lesson: lessons.progress(),
      t: s.now, maxT: tl.maxT, durationNs: tl.end, events, eventsFrom: tr.count - events.length, resetLog,
      world: project(s, speed * PACKET_LINGER_WALL_S), scenarioTitle: s.scenario.title,
      traceHash: tr.hash(), fork: forks.info(), challenge: challenge.status(s), selected,
      profile: s.world.profile.id, compare: compare ? compare.view(s, s.world.profile.id) : null,
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

    play(): Frame { playing = tl.now < tl.end; return frame(); },
    pause(): Frame { playing = false; return frame(); },
    setSpeed(nsPerSecond: number): Frame {
      if (Number.isFinite(nsPerSecond)) speed = Math.min(SPEED_MAX, Math.max(SPEED_MIN, nsPerSecond));
      return frame();
    },

    /** Called once per animation frame while playing: advance by wall time × speed. */
    tick(wallMs: number): Frame {
      if (playing) { tl.advance(tl.now + Math.max(1, Math.round((Math.min(Math.max(0, wallMs || 0), 100) * speed) / 1000))); follow(); }
      return frame();
    },

    /** Run to the next instant at which something happens. */
    step(): Frame {
      playing = false;
      const due = tl.sim.nextDue();
      tl.advance(Number.isFinite(due) ? Math.max(due, tl.now + 1) : tl.now + 1000);
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
      const r = replace(scenario);
      if (r.ok) challenge.set(c);
      return reply(r);
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
      let next: Timeline;
      try {
        next = new Timeline(new Simulation(p.scenario));
      } catch (e) {
        return reply({ ok: false, error: `its scenario could not start: ${(e as Error).message}` });
      }
      next.advance(Math.min(p.t, MAX_NS));
      const ch = p.challenge ?? null;
      if (p.sel && next.sim.world.qps.find(p.sel.host, p.sel.qpn) < 0) {
        return reply({ ok: false, error: `it selects QP 0x${p.sel.qpn.toString(16)} on host ${String.fromCharCode(65 + p.sel.host)}, which its scenario does not have` });
      }
      const lesson = p.lesson ? TRANSPORT_LESSONS.find((l) => l.id === p.lesson!.id) : undefined;
      if (p.lesson && !lesson) return reply({ ok: false, error: `it opens a lesson this page does not have ("${p.lesson.id.slice(0, 40)}")` });
      if (p.lesson && lesson && p.lesson.step >= lesson.steps.length) return reply({ ok: false, error: `lesson "${lesson.id}" has ${lesson.steps.length} steps, not ${p.lesson.step + 1}` });
      tl = next;
      lessons.stop();
      challenge.set(ch);
      forks.clear();
      history.reset();
      playing = false;
      resetLog = true;
      sentCount = 0;
      if (p.sel) selected = { ...p.sel };
      if (p.lesson) lessons.start(p.lesson.id, p.lesson.step, true);
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

    ...lessonCalls(lessons, reply, frame),
    startLesson(id: string, step = 0, keep = false): Reply<Frame> { playing = false; challenge.set(null); return reply(lessons.start(id, step, keep)); },
  };
  return api satisfies LabApi<Frame>;
}

export type TransportApi = ReturnType<typeof createTransportApi>;
