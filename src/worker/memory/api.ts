// The NIC-memory instrument's worker API: the kit's playback and lesson calls (LabWorker), the
// lab's own settings and questions, and its state for a share link. A plain module (no worker
// globals): Node tests drive it directly; memory.worker.ts only exposes it.
import { openMemoryLesson } from '../../lessons/data/open.ts';
import { configOfState, evictionChain, labStateOf, type CapacityInput, type CompareSide, type LabConfig, type LabState, type PresetId } from '../../core/memory/index.ts';
import { MEMORY_LESSONS, type MemoryAction, type MemoryProbe } from '../../lessons/memory/index.ts';
import { LabWorker, type LessonAt, type LessonModel } from '../kit/labWorker.ts';
import type { Reply } from '../kit/types.ts';
import { capacity, race } from './answers.ts';
import { CompareRun, defaultSides } from './compare.ts';
import { buildFrame, probeOf } from './frame.ts';
import { MemoryLab, SPEED_MAX, SPEED_MIN, type MemoryApiOptions } from './lab.ts';
import { patchCompare, setCompare, setConfig, setPinned, setPreset, setWalk, type Outcome } from './settings.ts';
import type { CapacityReply, EvictionWhyReply, MemFrame, RaceInput, RaceReply } from './types.ts';

export { windowFor, type MemoryApiOptions } from './lab.ts';

export class MemoryApi extends LabWorker<MemFrame, MemoryProbe, MemoryAction> {
  /** The model is its own playback (playing, speed, busy, tick). */
  constructor(opts: MemoryApiOptions = {}, private readonly lab = new MemoryLab(opts)) {
    super({ lab: 'memory', lessons: MEMORY_LESSONS, openFile: openMemoryLesson, speed: { min: SPEED_MIN, max: SPEED_MAX }, playback: lab });
  }

  protected body() { return buildFrame(this.lab); }

  private applyAction(a: MemoryAction): Outcome {
    const lab = this.lab;
    switch (a.kind) {
      case 'preset': return setPreset(lab, a.preset, a.qps);
      case 'config': return setConfig(lab, a.patch);
      case 'pin': return setPinned(lab, a.qpn, true);
      case 'compare': return setCompare(lab, { a: { ...lab.sides.a, ...a.a }, b: { ...lab.sides.b, ...a.b } });
    }
  }

  /** Finish building the live table (and the compare pair), then run `packets` at once: a question's reveal reads steady numbers. */
  private settle(packets: number): void {
    const lab = this.lab;
    for (let i = 0; i < 100_000 && (!lab.ensureLive().ready || (lab.compare !== null && !lab.compare.ready)); i++) lab.background(lab.clock());
    for (let left = Math.max(0, Math.floor(packets)); left > 0; left -= lab.liveMax) lab.runPackets(Math.min(lab.liveMax, left));
  }

  protected lessonModel(): LessonModel<MemoryProbe, MemoryAction> {
    const lab = this.lab;
    return {
      mark: () => 0,
      probe: () => probeOf(lab),
      apply: (a) => this.applyAction(a),
      // For this instrument a step's runNs counts packets: the lab has no clock of its own.
      settle: (n) => { this.settle(n); },
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
    };
  }

  /** Exactly `n` packets now (pauses playback): for watching one lookup at a time. */
  step(n = 1): MemFrame { if (this.held().ok) this.lab.step(n); return this.frame(); }
  /** Toward `packets` live packets, paused, bounded per call (a restart's way back; the frame says how far it got). */
  catchUp(packets: number): MemFrame { if (Number.isFinite(packets)) this.lab.catchUp(packets); return this.frame(); }

  /** Change any settings; a bad combination is refused with the field named and the current one kept. */
  // Changes to the model: held while a lesson's question waits for its answer (LabWorker.held).
  setConfig(patch: Partial<LabConfig>): Reply<MemFrame> { return this.unlessHeld(() => setConfig(this.lab, patch)); }
  setPreset(id: PresetId, qps?: number): Reply<MemFrame> { return this.unlessHeld(() => setPreset(this.lab, id, qps)); }
  setPinned(qpn: number, pin: boolean): Reply<MemFrame> { return this.unlessHeld(() => setPinned(this.lab, qpn, pin)); }
  setCompare(sides: { a: CompareSide; b: CompareSide } | null): Reply<MemFrame> { return this.unlessHeld(() => setCompare(this.lab, sides)); }
  patchCompare(side: 'a' | 'b', patch: Partial<CompareSide>): Reply<MemFrame> { return this.unlessHeld(() => patchCompare(this.lab, side, patch)); }
  /** Run the compare pair (on the sides in force) or stop it: it costs two more runners, so only while it is shown. */
  showCompare(on: boolean): MemFrame {
    const lab = this.lab;
    if (!on) lab.compare = null;
    else if (!lab.compare) lab.compare = new CompareRun(lab.cfg, lab.sides);
    return this.frame();
  }
  selectSet(set: number): MemFrame {
    const lab = this.lab;
    const sets = lab.ensureLive().cache.sets;
    if (Number.isInteger(set)) lab.selectedSet = Math.max(0, Math.min(sets - 1, set));
    lab.sentGrid = -1;
    return this.frame();
  }
  /**
   * Why packet `n`'s lookup evicted its victim, while the live run still holds that packet (the
   * last 64): the record the cache captured and the chain built from it; null otherwise.
   */
  evictionWhy(n: number): EvictionWhyReply | null {
    const why = Number.isFinite(n) ? this.lab.live?.evictionWhy(n) ?? null : null;
    return why ? { n, why, chain: evictionChain(why) } : null;
  }
  /** Walk this QPN (null: follow the last miss). */
  setWalk(qpn: number | null): Reply<MemFrame> { return this.reply(setWalk(this.lab, qpn)); }

  /** What stays bounded however long it plays, in counts (the soak figure and tests read it). */
  bounds(): { series: number; compareSeries: number; sweepJobs: number; sweepPoints: number; packets: number } {
    const lab = this.lab;
    const l = lab.live;
    return {
      series: l?.series.length ?? 0, compareSeries: Math.max(lab.compare?.a?.series.length ?? 0, lab.compare?.b?.series.length ?? 0),
      sweepJobs: lab.jobCount, sweepPoints: lab.job.points.size, packets: l?.packets ?? 0,
    };
  }

  capacity(input: CapacityInput): CapacityReply { return capacity(input); }
  race(input: RaceInput): RaceReply { return race(input); }

  /** What a share link carries of the model (the tab, inputs and lesson travel with it from the main thread). */
  linkState(): LabState { return labStateOf(this.lab.cfg, this.lab.sides); }
  /**
   * Open a shared link's model state (decoded and shape-checked on the main thread): the
   * configuration, compare sides, speed and lesson step. Everything is checked before anything
   * changes; an impossible combination is refused with the field named and the lab kept.
   */
  applyLink(s: LabState & { speed?: number; lesson?: LessonAt }): Reply<MemFrame> {
    const r = configOfState(s);
    if (!r.ok) return this.reply({ ok: false, error: `its settings are impossible: ${r.error}` });
    const refused = this.linkLessonError(s.lesson);
    if (refused) return this.reply({ ok: false, error: refused });
    const lab = this.lab;
    lab.sides = s.compare ? { a: { ...s.compare.a }, b: { ...s.compare.b } } : defaultSides(r.config);
    lab.compare = null;
    lab.apply(r.config);
    this.openLinkLesson(s);
    return this.reply({ ok: true });
  }

  /** Run background work until the sweep and setup are done (tests and the CLI; not for the UI thread). */
  finishBackground(maxCalls = 1_000_000): MemFrame {
    const lab = this.lab;
    for (let i = 0; i < maxCalls && lab.busy; i++) lab.background(lab.clock());
    return this.frame();
  }
}

export function createMemoryApi(opts: MemoryApiOptions = {}): MemoryApi {
  return new MemoryApi(opts);
}
