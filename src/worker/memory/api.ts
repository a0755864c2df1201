// The NIC-memory instrument's worker API: the shared playback and lesson calls (LabApi), the
// lab's own settings and questions, and its state for a share link. A plain module (no worker
// globals): Node tests drive it directly; memory.worker.ts only exposes it.
import { configOfState, evictionChain, labStateOf, type CapacityInput, type CompareSide, type LabConfig, type LabState, type PresetId } from '../../core/memory/index.ts';
import { MEMORY_LESSONS, type MemoryAction, type MemoryProbe } from '../../lessons/memory/index.ts';
import { LessonHost, lessonCalls } from '../kit/lessonHost.ts';
import type { LabApi, Reply } from '../kit/types.ts';
import { capacity, race } from './answers.ts';
import { CompareRun, defaultSides } from './compare.ts';
import { buildFrame, probeOf } from './frame.ts';
import { MemoryLab, SPEED_MAX, SPEED_MIN, type MemoryApiOptions } from './lab.ts';
import { patchCompare, setCompare, setConfig, setPinned, setPreset, setWalk, type Outcome } from './settings.ts';
import type { CapacityReply, EvictionWhyReply, MemFrame, RaceInput, RaceReply } from './types.ts';

export { windowFor, type MemoryApiOptions } from './lab.ts';

export function createMemoryApi(opts: MemoryApiOptions = {}) {
  const lab = new MemoryLab(opts);

  function applyAction(a: MemoryAction): Outcome {
    switch (a.kind) {
      case 'preset': return setPreset(lab, a.preset, a.qps);
      case 'config': return setConfig(lab, a.patch);
      case 'pin': return setPinned(lab, a.qpn, true);
      case 'compare': return setCompare(lab, { a: { ...lab.sides.a, ...a.a }, b: { ...lab.sides.b, ...a.b } });
    }
  }

  /** Finish building the live table (and the compare pair), then run `packets` at once: a question's reveal reads steady numbers. */
  function settle(packets: number): void {
    for (let i = 0; i < 100_000 && (!lab.ensureLive().ready || (lab.compare !== null && !lab.compare.ready)); i++) lab.background(lab.clock());
    for (let left = Math.max(0, Math.floor(packets)); left > 0; left -= lab.liveMax) lab.runPackets(Math.min(lab.liveMax, left));
  }

  const lessons = new LessonHost<MemoryProbe, MemoryAction>(MEMORY_LESSONS, {
    mark: () => 0,
    probe: () => probeOf(lab),
    apply: applyAction,
    // For this instrument a step's runNs counts packets: the lab has no clock of its own.
    settle,
    pause: () => { lab.playing = false; },
    setSpeed: (v) => { lab.speed = Math.max(SPEED_MIN, Math.min(SPEED_MAX, v)); },
    // Every lesson starts from clean compare sides, whatever the last one left.
    begin: () => { lab.sides = defaultSides(lab.cfg); if (lab.compare) lab.compare = new CompareRun(lab.cfg, lab.sides); },
    snapshot: () => ({ state: labStateOf(lab.cfg, lab.sides) }),
    restore: (x) => {
      const st = (x as { state: LabState }).state;
      const r = configOfState(st);
      if (!r.ok) return { ok: false, error: r.error };
      lab.sides = st.compare ? { a: { ...st.compare.a }, b: { ...st.compare.b } } : defaultSides(r.config);
      lab.apply(r.config);
      return { ok: true };
    },
  });

  const frame = (): MemFrame => buildFrame(lab, lessons.progress());
  const reply = (r: { ok: boolean; error?: string }): Reply<MemFrame> => (r.ok ? { ok: true, frame: frame() } : { ok: false, error: r.error, frame: frame() });

  const api = {
    frame,
    ping: (): true => true,
    play(): MemFrame { lab.playing = true; return frame(); },
    pause(): MemFrame { lab.playing = false; return frame(); },
    setSpeed(packetsPerSecond: number): MemFrame {
      if (Number.isFinite(packetsPerSecond)) lab.speed = Math.max(SPEED_MIN, Math.min(SPEED_MAX, packetsPerSecond));
      return frame();
    },
    /** One animation frame: `wallMs` of playback at the speed, then bounded background work. */
    tick(wallMs: number): MemFrame { lab.tick(wallMs); return frame(); },
    /** Exactly `n` packets now (pauses playback): for watching one lookup at a time. */
    step(n = 1): MemFrame { lab.step(n); return frame(); },
    /** Toward `packets` live packets, paused, bounded per call (a restart's way back; the frame says how far it got). */
    catchUp(packets: number): MemFrame { if (Number.isFinite(packets)) lab.catchUp(packets); return frame(); },

    /** Change any settings; a bad combination is refused with the field named and the current one kept. */
    setConfig(patch: Partial<LabConfig>): Reply<MemFrame> { return reply(setConfig(lab, patch)); },
    setPreset(id: PresetId, qps?: number): Reply<MemFrame> { return reply(setPreset(lab, id, qps)); },
    setPinned(qpn: number, pin: boolean): Reply<MemFrame> { return reply(setPinned(lab, qpn, pin)); },
    setCompare(sides: { a: CompareSide; b: CompareSide } | null): Reply<MemFrame> { return reply(setCompare(lab, sides)); },
    patchCompare(side: 'a' | 'b', patch: Partial<CompareSide>): Reply<MemFrame> { return reply(patchCompare(lab, side, patch)); },
    /** Run the compare pair (on the sides in force) or stop it: it costs two more runners, so only while it is shown. */
    showCompare(on: boolean): MemFrame {
      if (!on) lab.compare = null;
      else if (!lab.compare) lab.compare = new CompareRun(lab.cfg, lab.sides);
      return frame();
    },
    selectSet(set: number): MemFrame {
      const sets = lab.ensureLive().cache.sets;
      if (Number.isInteger(set)) lab.selectedSet = Math.max(0, Math.min(sets - 1, set));
      lab.sentGrid = -1;
      return frame();
    },
    /**
     * Why packet `n`'s lookup evicted its victim, while the live run still holds that packet (the
     * last 64): the record the cache captured and the chain built from it; null otherwise.
     */
    evictionWhy(n: number): EvictionWhyReply | null {
      const why = Number.isFinite(n) ? lab.live?.evictionWhy(n) ?? null : null;
      return why ? { n, why, chain: evictionChain(why) } : null;
    },
    /** Walk this QPN (null: follow the last miss). */
    setWalk(qpn: number | null): Reply<MemFrame> { return reply(setWalk(lab, qpn)); },

    /** What stays bounded however long it plays, in counts (the soak figure and tests read it). */
    bounds(): { series: number; compareSeries: number; sweepJobs: number; sweepPoints: number; packets: number } {
      const l = lab.live;
      return {
        series: l?.series.length ?? 0, compareSeries: Math.max(lab.compare?.a?.series.length ?? 0, lab.compare?.b?.series.length ?? 0),
        sweepJobs: lab.jobCount, sweepPoints: lab.job.points.size, packets: l?.packets ?? 0,
      };
    },

    capacity(input: CapacityInput): CapacityReply { return capacity(input); },
    race(input: RaceInput): RaceReply { return race(input); },

    /** What a share link carries of the model (the tab, inputs and lesson travel with it from the main thread). */
    linkState(): LabState { return labStateOf(lab.cfg, lab.sides); },
    /**
     * Open a shared link's model state (decoded and shape-checked on the main thread): the
     * configuration, compare sides, speed and lesson step. Everything is checked before anything
     * changes; an impossible combination is refused with the field named and the lab kept.
     */
    applyLink(s: LabState & { speed?: number; lesson?: { id: string; step: number; seed?: number } }): Reply<MemFrame> {
      const r = configOfState(s);
      if (!r.ok) return reply({ ok: false, error: `its settings are impossible: ${r.error}` });
      const lesson = s.lesson ? MEMORY_LESSONS.find((l) => l.id === s.lesson!.id) : undefined;
      if (s.lesson && !lesson) return reply({ ok: false, error: `it opens a lesson this page does not have ("${s.lesson.id.slice(0, 40)}")` });
      if (s.lesson && lesson && s.lesson.step >= lesson.steps.length) return reply({ ok: false, error: `lesson "${lesson.id}" has ${lesson.steps.length} steps, not ${s.lesson.step + 1}` });
      lab.sides = s.compare ? { a: { ...s.compare.a }, b: { ...s.compare.b } } : defaultSides(r.config);
      lab.compare = null;
      lab.apply(r.config);
      lessons.stop();
      if (s.lesson) lessons.start(s.lesson.id, s.lesson.step, true, s.lesson.seed);
      // The link's speed wins over the step's own.
      if (s.speed !== undefined) lab.speed = Math.max(SPEED_MIN, Math.min(SPEED_MAX, s.speed));
      return reply({ ok: true });
    },

    ...lessonCalls(lessons, reply, frame),

    /** Run background work until the sweep and setup are done (tests and the CLI; not for the UI thread). */
    finishBackground(maxCalls = 1_000_000): MemFrame {
      for (let i = 0; i < maxCalls && lab.busy; i++) lab.background(lab.clock());
      return frame();
    },
  };
  return api satisfies LabApi<MemFrame>;
}

export type MemoryApi = ReturnType<typeof createMemoryApi>;
