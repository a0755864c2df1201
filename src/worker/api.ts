// The worker's API object: owns one Simulation, its checkpoints and playback. A plain module
// (no worker globals) so tests drive it directly in Node; sim.worker.ts only exposes it.
import { MAX_NS, Simulation, ScenarioError, type Checkpoint, type Command, type Scenario } from '../core/index.ts';
import { lessonById } from '../lessons/index.ts';
import { project } from './projection.ts';
import { referenceData } from './reference.ts';
import { LessonRunner, lessonCatalogue, type LessonInfo } from './lessonRunner.ts';
import type { CommandReply, Frame, ReferenceData } from './types.ts';

/** Work done per call is bounded so the worker answers within a frame or two. */
const STEP_BUDGET = 40_000;
const CHECKPOINT_EVERY_NS = 2_000;
const MAX_CHECKPOINTS = 400;
const LOG_TAIL = 3000;
/** A lost packet stays on the wire this many wall seconds at any speed (the view fades it). */
const PACKET_LINGER_WALL_S = 1.6;
/** Most events one frame carries; more than that and the log is replaced by the tail. */
const FRAME_EVENTS = 1500;

export interface LoadReply { ok: boolean; detail?: string; frame?: Frame }

export function createWorkerApi() {
  let sim: Simulation | null = null;
  let checkpoints: Checkpoint[] = [];
  let cpEvery = CHECKPOINT_EVERY_NS;
  let maxT = 0;
  let playing = false;
  let speed = 1000;
  let sentCount = 0;
  let resetLog = true;
  const lessons = new LessonRunner();

  function need(): Simulation {
    if (!sim) throw new Error('no scenario loaded');
    return sim;
  }

  function checkpointIfDue(): void {
    const s = need();
    const last = checkpoints[checkpoints.length - 1];
    if (!last || s.now - last.t >= cpEvery) {
      if (s.now < maxT && last && s.now <= last.t) return;
      checkpoints.push(s.checkpoint());
      if (checkpoints.length > MAX_CHECKPOINTS) {
        checkpoints = checkpoints.filter((_, i) => i % 2 === 0);
        cpEvery *= 2;
      }
    }
  }

  /** Advance to `t` in budgeted slices, checkpointing on the way. */
  function advance(t: number): void {
    const s = need();
    const end = Math.min(t, s.scenario.config.durationNs);
    while (s.now < end) {
      const next = Math.min(end, (checkpoints[checkpoints.length - 1]?.t ?? 0) + cpEvery);
      const reached = s.runUntil(Math.max(next, s.now), STEP_BUDGET);
      checkpointIfDue();
      if (!reached) break;
    }
    maxT = Math.max(maxT, s.now);
    if (s.now >= s.scenario.config.durationNs) playing = false;
  }

  function frame(): Frame {
    const s = need();
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
    const f: Frame = {
      t: s.now, maxT, durationNs: s.scenario.config.durationNs, playing, speed, events, resetLog,
      world: project(s, speed * PACKET_LINGER_WALL_S), scenarioTitle: s.scenario.title, lesson: lessons.progress(s),
    };
    sentCount = tr.count;
    resetLog = false;
    return f;
  }

  const api = {
    reference(): ReferenceData {
      return referenceData();
    },

    lessons(): LessonInfo[] {
      return lessonCatalogue();
    },

    /** Start a lesson from its own scenario (or, from a share link, keep the loaded one). */
    startLesson(id: string, keepScenario = false, step = 0): LoadReply {
      if (!keepScenario) {
        const l = lessonCatalogue().find((x) => x.id === id);
        if (!l) return { ok: false, detail: `there is no lesson "${id}"` };
        const r = api.load(lessonScenario(id));
        if (!r.ok) return r;
      }
      if (!lessons.start(id, need(), step)) return { ok: false, detail: `there is no lesson "${id}"` };
      return { ok: true, frame: frame() };
    },

    stopLesson(): Frame {
      lessons.stop();
      return frame();
    },

    lessonStep(step: number): Frame {
      lessons.goTo(step, need());
      return frame();
    },

    /** "Do it for me": run the current step's solution and let the simulation play it out. */
    solveStep(): CommandReply {
      const s = need();
      const { commands, runNs } = lessons.solution(s);
      let last: CommandReply | null = null;
      for (const c of commands) {
        last = api.command(c);
        if (!last.ok && c.kind !== 'modifyQp' && c.kind !== 'postRecv') break;
      }
      advance(s.now + runNs);
      return { ok: true, detail: last?.detail, frame: frame() };
    },

    /** Load a scenario; invalid input is refused with the bad field named, keeping the current one. */
    load(input: unknown, at = 0): LoadReply {
      let next: Simulation;
      try {
        next = new Simulation(input);
      } catch (e) {
        if (e instanceof ScenarioError) return { ok: false, detail: e.message };
        return { ok: false, detail: `the scenario could not start: ${(e as Error).message}` };
      }
      sim = next;
      lessons.stop();
      checkpoints = [sim.checkpoint()];
      cpEvery = CHECKPOINT_EVERY_NS;
      maxT = 0;
      playing = false;
      resetLog = true;
      sentCount = 0;
      if (at > 0) advance(Math.min(at, MAX_NS));
      return { ok: true, frame: frame() };
    },

    frame,

    play(): Frame { playing = need().now < need().scenario.config.durationNs; return frame(); },
    pause(): Frame { playing = false; return frame(); },
    setSpeed(nsPerSecond: number): Frame {
      speed = Math.min(1e9, Math.max(1, nsPerSecond));
      return frame();
    },

    /** Called once per animation frame while playing: advance by wall time × speed. */
    tick(wallMs: number): Frame {
      const s = need();
      if (playing) advance(s.now + Math.max(1, Math.round((Math.min(wallMs, 100) * speed) / 1000)));
      return frame();
    },

    /** Run to the next instant at which something happens. */
    step(): Frame {
      const s = need();
      const due = s.nextDue();
      advance(Number.isFinite(due) ? Math.max(due, s.now + 1) : s.now + 1000);
      return frame();
    },

    /** Jump to `t`: restore the last checkpoint at or before it and replay. */
    seek(t: number): Frame {
      const s = need();
      const target = Math.max(0, Math.min(t, maxT, s.scenario.config.durationNs));
      if (target < s.now) {
        let cp = checkpoints[0];
        for (const c of checkpoints) if (c.t <= target) cp = c;
        s.restore(cp);
        resetLog = true;
      }
      s.runUntil(target);
      return frame();
    },

    /** A person's action at the current instant; acting in the past forks the future. */
    command(cmd: Command): CommandReply {
      const s = need();
      if (s.now < maxT) {
        checkpoints = checkpoints.filter((c) => c.t <= s.now);
        maxT = s.now;
        resetLog = true;
      }
      const r = s.issue(cmd);
      maxT = Math.max(maxT, s.now);
      return { ...r, detail: r.detail, frame: frame() } as CommandReply;
    },

    /** The scenario as recorded so far (config + every command), for the share link. */
    exportScenario(): { scenario: Scenario; t: number } {
      const s = need();
      return { scenario: { ...s.scenario, commands: s.commands.map((c) => ({ t: c.t, cmd: c.cmd })) }, t: s.now };
    },

    summary() {
      return need().summary();
    },
  };
  return api;
}

function lessonScenario(id: string): unknown {
  return lessonById(id)!.scenario();
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
