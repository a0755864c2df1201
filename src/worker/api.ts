// The worker's API object: owns one Simulation, its checkpoints and playback. A plain module
// (no worker globals) so tests drive it directly in Node; sim.worker.ts only exposes it.
import { MAX_NS, Simulation, ScenarioError, type Checkpoint, type Command, type Scenario } from '../core/index.ts';
import { project } from './projection.ts';
import { referenceData } from './reference.ts';
import type { CommandReply, Frame, ReferenceData } from './types.ts';

/** Work done per call is bounded so the worker answers within a frame or two. */
const STEP_BUDGET = 40_000;
const CHECKPOINT_EVERY_NS = 2_000;
const MAX_CHECKPOINTS = 400;
const LOG_TAIL = 3000;

export interface LoadReply { ok: boolean; detail?: string; frame?: Frame }

export function createWorkerApi() {
  let sim: Simulation | null = null;
  let checkpoints: Checkpoint[] = [];
  let cpEvery = CHECKPOINT_EVERY_NS;
  let maxT = 0;
  let playing = false;
  let speed = 2000;
  let sentCount = 0;
  let resetLog = true;

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
      events = tr.events.slice(tr.events.length - (tr.count - sentCount));
    }
    const f: Frame = {
      t: s.now, maxT, durationNs: s.scenario.config.durationNs, playing, speed, events, resetLog,
      world: project(s), scenarioTitle: s.scenario.title,
    };
    sentCount = tr.count;
    resetLog = false;
    return f;
  }

  return {
    reference(): ReferenceData {
      return referenceData();
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
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
