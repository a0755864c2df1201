// The transport instrument's worker API: one Simulation on a Timeline, playback, the event log
// sent in frames, and the shared lesson host. A plain module (no worker globals) so tests drive
// it directly in Node; transport.worker.ts only exposes it.
import { MAX_NS, PROFILE_IDS, Simulation, ScenarioError, type CommandInput, type ProfileId, type Scenario, type Summary } from '../../core/index.ts';
import { TRANSPORT_LESSONS, makeProbe, type Probe, type TransportAction } from '../../lessons/transport/index.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import type { TransportPayload } from '../../scenario/link/index.ts';
import { LessonHost } from '../kit/lessonHost.ts';
import type { LabApi, LessonInfo, Reply } from '../kit/types.ts';
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
  /** Compare mode: the same scenario under a second profile, in lockstep (null when off). */
  let compare: ProfileCompare | null = null;

  /** The scenario as recorded so far: config and every command. */
  const recorded = (): Scenario => ({ ...tl.sim.scenario, commands: tl.sim.commands.map((c) => ({ t: c.t, cmd: c.cmd })) });
  const twin = (profile: ProfileId | null): void => { compare = profile ? new ProfileCompare(recorded(), profile, tl.now) : null; };
  /** After the run moved: the twin follows it to the same instant. */
  const follow = (): void => { compare?.follow(tl.now); };

  const lessons = new LessonHost<Probe, TransportAction>(TRANSPORT_LESSONS, {
    mark: () => tl.sim.world.trace.count,
    probe: (mark) => makeProbe(tl.sim, mark),
    apply: (a) => {
      if (a.kind === 'load') return replace(a.scenario);
      if (a.kind === 'profile') return reprofile(a.profile, true);
      const r = act(a);
      return r.ok ? { ok: true } : { ok: false, error: r.detail ?? 'refused' };
    },
    settle: (ns) => { tl.advance(tl.now + ns); follow(); },
    pause: () => { playing = false; },
  });

  /** The same scenario (config and every command so far) under another driver profile, to the same instant. */
  function reprofile(profile: ProfileId, keepLesson = false): { ok: boolean; error?: string } {
    if (!PROFILE_IDS.includes(profile)) return { ok: false, error: `there is no driver profile "${String(profile).slice(0, 20)}"` };
    const s = recorded();
    return replace({ ...s, config: { ...s.config, profile } }, tl.now, keepLesson);
  }

  function replace(input: unknown, at = 0, keepLesson = false): { ok: boolean; error?: string } {
    let next: Simulation;
    try {
      next = new Simulation(input);
    } catch (e) {
      if (e instanceof ScenarioError) return { ok: false, error: e.message };
      return { ok: false, error: `the scenario could not start: ${(e as Error).message}` };
    }
    tl = new Timeline(next);
    if (!keepLesson) lessons.stop();
    playing = false;
    resetLog = true;
    sentCount = 0;
    if (at > 0) tl.advance(Math.min(at, MAX_NS));
    twin(compare?.profile ?? null);
    return { ok: true };
  }

  function act(cmd: CommandInput) {
    if (tl.fork()) resetLog = true;
    const r = tl.sim.issue(cmd);
    tl.afterAction();
    compare?.act(cmd, tl.now);
    return r;
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
      t: s.now, maxT: tl.maxT, durationNs: tl.end, events, resetLog,
      world: project(s, speed * PACKET_LINGER_WALL_S), scenarioTitle: s.scenario.title,
      profile: s.world.profile.id, compare: compare ? compare.view(s, s.world.profile.id) : null,
    };
    sentCount = tr.count;
    resetLog = false;
    return f;
  }

  const reply = (r: { ok: boolean; error?: string }): Reply<Frame> => ({ ...r, frame: frame() });

  const api = {
    frame,
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
      if (Number.isFinite(t) && tl.seek(t)) resetLog = true;
      compare?.seek(tl.now);
      return frame();
    },

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
      if (p.sel && next.sim.world.qps.find(p.sel.host, p.sel.qpn) < 0) {
        return reply({ ok: false, error: `it selects QP 0x${p.sel.qpn.toString(16)} on host ${String.fromCharCode(65 + p.sel.host)}, which its scenario does not have` });
      }
      const lesson = p.lesson ? TRANSPORT_LESSONS.find((l) => l.id === p.lesson!.id) : undefined;
      if (p.lesson && !lesson) return reply({ ok: false, error: `it opens a lesson this page does not have ("${p.lesson.id.slice(0, 40)}")` });
      if (p.lesson && lesson && p.lesson.step >= lesson.steps.length) return reply({ ok: false, error: `lesson "${lesson.id}" has ${lesson.steps.length} steps, not ${p.lesson.step + 1}` });
      tl = next;
      lessons.stop();
      playing = false;
      resetLog = true;
      sentCount = 0;
      if (p.speed !== undefined) speed = Math.min(SPEED_MAX, Math.max(SPEED_MIN, p.speed));
      if (p.lesson) lessons.start(p.lesson.id, p.lesson.step, true);
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
    exportScenario(): { scenario: Scenario; t: number } {
      return { scenario: recorded(), t: tl.sim.now };
    },

    summary(): Summary { return tl.sim.summary(); },

    lessons(): LessonInfo[] { return lessons.catalogue(); },
    startLesson(id: string, step = 0, keep = false): Reply<Frame> { playing = false; return reply(lessons.start(id, step, keep)); },
    lessonStep(step: number): Frame { lessons.goTo(step); return frame(); },
    solveStep(): Reply<Frame> { return reply(lessons.solve()); },
    stopLesson(): Frame { lessons.stop(); return frame(); },
    answer(a: unknown): Reply<Frame> { return reply(lessons.answer(a)); },
  };
  return api satisfies LabApi<Frame>;
}

export type TransportApi = ReturnType<typeof createTransportApi>;
