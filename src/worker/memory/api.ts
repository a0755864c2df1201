// The NIC-memory worker's API: owns the model objects (live runner, sweep jobs, compare pair,
// QP table) and answers every call with a plain-data frame. A plain module (no worker globals):
// Node tests drive it directly; memory.worker.ts only exposes it. Every call's work is bounded
// by unit budgets (QPs allocated, packets run) and, in the browser, by a time slice as well; the
// numbers never depend on how the work was sliced.
import {
  capacity as capacityOf, getPreset, simulateRace, tornWindow, PROTECTIONS, type CapacityInput, type PresetId, type Protection, type RaceTrace,
} from '../../core/memory/index.ts';
import {
  decodeMemoryLink, diffSettings, encodeMemoryLink, type CompareSide, type LabConfig, type MemoryTab,
} from '../../scenario/memoryLink.ts';
import { SKEW, defaultConfig, patternText, presetSettings, sweepKey, sweepSpecFor, validateConfig, validateSide } from './config.ts';
import { CompareRun, defaultSides } from './compare.ts';
import { buildGrid } from './grid.ts';
import { LiveRunner } from './live.ts';
import { presetInfo } from './presetInfo.ts';
import { SweepJob } from './sweepJob.ts';
import type { CapacityReply, LinkReply, MemFrame, RaceInput, RaceReply, Reply, WalkFrame } from './types.ts';
import { TOUR, tourCatalogue, type TourAction, type TourInfo, type TourProbe } from '../../lessons/memory/tour.ts';

export interface MemoryApiOptions {
  /** A clock (ms) for time slices; without one only the unit budgets bound a call. */
  now?: () => number;
  /** Time a call may spend on background work (setup, sweep), ms. */
  sliceMs?: number;
  /** Most packets one tick runs per runner. */
  livePacketsPerTick?: number;
  /** Most QPs one tick allocates in the live table. */
  setupUnitsPerTick?: number;
  /** Most sweep units (QPs allocated or packets) one tick does. */
  sweepUnitsPerTick?: number;
  /** Start with this configuration instead of the default. */
  initial?: LabConfig;
}

export const SPEED_MIN = 1;
export const SPEED_MAX = 2_000_000;
const MAX_WALL_MS = 100;
const KEEP_SWEEPS = 4;

/** Packets per series window: about eight windows per wall-clock second at any speed. */
export function windowFor(speed: number): number {
  return Math.max(16, Math.min(50_000, Math.round(speed / 8)));
}

export function createMemoryApi(opts: MemoryApiOptions = {}) {
  const now = opts.now;
  const sliceMs = opts.sliceMs ?? 10;
  const liveMax = opts.livePacketsPerTick ?? 60_000;
  const setupUnits = opts.setupUnitsPerTick ?? 200_000;
  const sweepUnits = opts.sweepUnitsPerTick ?? 400_000;

  let cfg: LabConfig = opts.initial ?? defaultConfig();
  { const e = validateConfig(cfg); if (e) throw new RangeError(e); }
  let live: LiveRunner | null = null;
  const jobs = new Map<string, SweepJob>();
  let job = jobFor(cfg);
  let compare: CompareRun | null = null;
  let sides = defaultSides(cfg);
  let playing = false;
  let speed = 5000;
  let carry = 0;
  let selectedSet = 0;
  let walkQpn: number | null = null;
  let seq = 0;
  let sentPacket = 0;
  let sentGrid = -1;
  let work = { livePackets: 0, setupUnits: 0, sweepUnits: 0, compareUnits: 0 };
  let tourAt: { topic: string; step: number } | null = null;

  function jobFor(c: LabConfig): SweepJob {
    const key = sweepKey(c);
    let j = jobs.get(key);
    if (!j) {
      j = new SweepJob(c);
      jobs.set(key, j);
      while (jobs.size > KEEP_SWEEPS) jobs.delete(jobs.keys().next().value!);
    } else {
      jobs.delete(key);
      jobs.set(key, j); // most recently used last
    }
    j.want(c);
    return j;
  }

  function resetLive(): void {
    live = null;
    carry = 0;
    sentPacket = 0;
    sentGrid = -1;
    selectedSet = 0;
  }

  function apply(next: LabConfig): void {
    cfg = next;
    resetLive();
    job = jobFor(cfg);
    if (compare) compare = new CompareRun(cfg, sides);
  }

  const clockStart = () => (now ? now() : 0);
  const overtimeSince = (t0: number) => () => (now ? now() - t0 >= sliceMs : false);

  function ensureLive(): LiveRunner {
    if (!live) live = new LiveRunner(sweepSpecFor(cfg, cfg.qps), cfg.qps, true);
    return live;
  }

  function runPackets(n: number): void {
    const l = ensureLive();
    if (!l.ready || n <= 0) return;
    const w = windowFor(speed);
    l.run(n, w);
    work.livePackets += n;
    if (compare?.ready) { compare.run(n, w); work.compareUnits += 2 * n; }
  }

  /** Background work: the live table, the compare pair, the sweep - within the budgets. */
  function background(t0: number): void {
    const over = overtimeSince(t0);
    const l = ensureLive();
    if (!l.ready && !over()) {
      // Allocate in grains so the time slice can stop it.
      let left = setupUnits;
      while (left > 0 && !l.ready && !over()) { const u = l.setup(Math.min(4000, left)); left -= u; work.setupUnits += u; }
    }
    if (compare && !compare.ready && !over()) work.compareUnits += compare.setup();
    if (!job.done && !over()) work.sweepUnits += job.step(sweepUnits, over);
  }

  function walkFrame(): WalkFrame | null {
    const l = live;
    if (!l?.table) return null;
    const following = walkQpn === null;
    const qpn = walkQpn ?? l.lastMiss?.qpn ?? l.traffic.qpns[0];
    const walk = l.table.walk(qpn);
    const g = l.table.geometry;
    const memory = l.table.memory();
    const onChipBytes = memory.bytesPerLevel.slice(0, g.onChipLevels).reduce((a, b) => a + b, 0);
    return { walk, geometry: g, memory, costNs: walk.hostReads * cfg.fetchNs, following, hostBytes: memory.totalBytes - onChipBytes, onChipBytes };
  }

  function probe(l: LiveRunner, walk: WalkFrame | null, cmp: MemFrame['compare']): TourProbe {
    const r = l.readout();
    const side = (k: 'a' | 'b') => ({ ...cmp![k].side, hitRate: cmp![k].readout.hitRate, mops: cmp![k].readout.mops, valid: cmp![k].readout.valid });
    return {
      config: cfg, hitRate: r.hitRate, mops: r.mops, engineUtilization: r.engineUtilization, valid: r.valid,
      walkCostNs: walk ? walk.costNs : null, compare: cmp && cmp.ready ? { a: side('a'), b: side('b') } : null,
    };
  }

  function tourState(l: LiveRunner, walk: WalkFrame | null, cmp: MemFrame['compare']): MemFrame['tour'] {
    if (!tourAt) return null;
    const step = TOUR.find((t) => t.id === tourAt!.topic)?.steps[tourAt.step];
    if (!step) return null;
    return { ...tourAt, done: step.check ? step.check(probe(l, walk, cmp)) : null };
  }

  function frame(): MemFrame {
    const l = ensureLive();
    const recent = l.recent(sentPacket);
    sentPacket = l.packets;
    const grid = sentGrid !== l.version ? buildGrid(l.cache, selectedSet, ++seq) : null;
    sentGrid = l.version;
    const f: MemFrame = {
      seq: ++seq, config: { ...cfg, pinned: [...cfg.pinned] }, playing, speed,
      busy: !l.ready || !job.done || (compare !== null && !compare.ready),
      live: {
        setup: l.setupProgress, ready: l.ready, packets: l.packets, simNs: l.simNs, stats: l.stats(), readout: l.readout(),
        series: l.series.slice(), recent, lastMiss: l.lastMiss, grid,
      },
      sweep: job.frame(), preset: presetInfo(cfg.preset), walk: walkFrame(), compare: compare ? compare.frame(seq) : null,
      selectedSet, patternText: patternText(cfg, cfg.qps), work, tour: null,
    };
    f.tour = tourState(l, f.walk, f.compare);
    work = { livePackets: 0, setupUnits: 0, sweepUnits: 0, compareUnits: 0 };
    return f;
  }

  function reply(error?: string): Reply {
    return error ? { ok: false, error, frame: frame() } : { ok: true, frame: frame() };
  }

  function runAction(a: TourAction): Reply {
    switch (a.kind) {
      case 'preset': return api.setPreset(a.preset, a.qps);
      case 'config': return api.setConfig(a.patch);
      case 'pin': return api.setPinned(a.qpn, true);
      case 'compare': return api.setCompare({ a: { ...sides.a, ...a.a }, b: { ...sides.b, ...a.b } });
    }
  }

  const api = {
    frame,

    /** Change any settings; a bad combination is refused with the field named and the current one kept. */
    setConfig(patch: Partial<LabConfig>): Reply {
      if (!patch || typeof patch !== 'object') return reply('the change must be an object of settings');
      const next: LabConfig = { ...cfg, ...patch, pinned: [...(patch.pinned ?? cfg.pinned)] };
      if (patch.pattern && patch.pattern !== cfg.pattern && patch.skew === undefined) next.skew = SKEW[patch.pattern].def;
      const err = validateConfig(next);
      if (err) return reply(err);
      if (compare) {
        const ea = validateSide(next, sides.a, 'A') ?? validateSide(next, sides.b, 'B');
        if (ea) return reply(ea);
      }
      apply(next);
      return reply();
    },

    /** Every setting back to a preset's; the active QPs kept when given. */
    setPreset(id: PresetId, qps?: number): Reply {
      let next: LabConfig;
      try { next = defaultConfig(id, qps); } catch (e) { return reply((e as Error).message); }
      const err = validateConfig(next);
      if (err) return reply(err);
      sides = defaultSides(next);
      apply(next);
      return reply();
    },

    play(): MemFrame { playing = true; return frame(); },
    pause(): MemFrame { playing = false; return frame(); },
    setSpeed(packetsPerSecond: number): MemFrame {
      if (Number.isFinite(packetsPerSecond)) speed = Math.max(SPEED_MIN, Math.min(SPEED_MAX, packetsPerSecond));
      return frame();
    },

    /** Exactly `n` packets now (pauses playback): for watching one lookup at a time. */
    step(n = 1): MemFrame {
      playing = false;
      const l = ensureLive();
      if (!l.ready) background(clockStart());
      runPackets(Math.max(1, Math.min(liveMax, Math.floor(n))));
      return frame();
    },

    /** One animation frame: `wallMs` of playback at the speed, then bounded background work. */
    tick(wallMs: number): MemFrame {
      const t0 = clockStart();
      const l = ensureLive();
      if (playing && l.ready) {
        const want = (speed * Math.max(0, Math.min(MAX_WALL_MS, wallMs || 0))) / 1000 + carry;
        const n = Math.min(liveMax, Math.floor(want));
        carry = n < liveMax ? want - n : 0;
        runPackets(n);
      }
      background(t0);
      return frame();
    },

    selectSet(set: number): MemFrame {
      const sets = ensureLive().cache.sets;
      if (Number.isInteger(set)) selectedSet = Math.max(0, Math.min(sets - 1, set));
      sentGrid = -1;
      return frame();
    },

    /** Walk this QPN (null: follow the last miss). */
    setWalk(qpn: number | null): Reply {
      if (qpn !== null && (!Number.isInteger(qpn) || qpn < 0 || qpn >= 1 << 24)) return reply(`QPN must be an integer in 0..${(1 << 24) - 1}, got ${String(qpn)}`);
      walkQpn = qpn;
      return reply();
    },

    /** Pin or unpin a QPN: the live cache changes now, and the configuration (sweep, link) with it. */
    setPinned(qpn: number, pin: boolean): Reply {
      const set = new Set(cfg.pinned);
      if (pin) set.add(qpn); else set.delete(qpn);
      const next = { ...cfg, pinned: [...set].sort((a, b) => a - b) };
      const err = validateConfig(next);
      if (err) return reply(err);
      cfg = next;
      job = jobFor(cfg);
      live?.cache.setPinned(qpn, pin);
      if (live) live.version++;
      return reply();
    },

    /** Start (or change) the side-by-side compare; null stops it. */
    setCompare(next: { a: CompareSide; b: CompareSide } | null): Reply {
      if (next === null) { compare = null; return reply(); }
      const err = validateSide(cfg, next.a, 'A') ?? validateSide(cfg, next.b, 'B');
      if (err) return reply(err);
      sides = { a: { ...next.a }, b: { ...next.b } };
      compare = new CompareRun(cfg, sides);
      return reply();
    },

    /** Change one side of the running compare; merged with the sides in force, so two quick
     *  changes (A, then B) never undo each other. */
    patchCompare(side: 'a' | 'b', patch: Partial<CompareSide>): Reply {
      if (side !== 'a' && side !== 'b') return reply(`compare side must be a or b, got ${String(side)}`);
      return api.setCompare({ ...sides, [side]: { ...sides[side], ...patch } } as { a: CompareSide; b: CompareSide });
    },

    compareSides(): { a: CompareSide; b: CompareSide } {
      return { a: { ...sides.a }, b: { ...sides.b } };
    },

    capacity(input: CapacityInput): CapacityReply {
      try {
        return { ok: true, input, result: capacityOf(input) };
      } catch (e) {
        return { ok: false, input, error: (e as Error).message };
      }
    },

    race(input: RaceInput): RaceReply {
      try {
        const words = input.words ?? 4;
        const wpw = input.writeCyclesPerWord ?? 4;
        const rpw = input.readCyclesPerWord ?? 1;
        const base = words * rpw + 2;
        if (!Number.isInteger(input.readerOffset) || input.readerOffset < -base || input.readerOffset > 200) {
          return { ok: false, error: `race.readerOffset must be an integer in ${-base}..200, got ${String(input.readerOffset)}` };
        }
        const traces = {} as Record<Protection, RaceTrace>;
        for (const protection of PROTECTIONS) {
          traces[protection] = simulateRace({ protection, words, writeCyclesPerWord: wpw, readCyclesPerWord: rpw, writerStart: base, readerStart: base + input.readerOffset });
        }
        const torn = tornWindow({ words, writerStart: base, writeCyclesPerWord: wpw, readCyclesPerWord: rpw });
        return { ok: true, traces, tornOffsets: torn.offsets, writerStart: base };
      } catch (e) {
        return { ok: false, error: (e as Error).message };
      }
    },

    /** The share-link value (`m=`) for the current configuration and tab. */
    encodeLink(tab: MemoryTab): string {
      const base = presetSettings(getPreset(cfg.preset));
      return encodeMemoryLink({ preset: cfg.preset, qps: cfg.qps, overrides: diffSettings(cfg, base), tab, compare: compare ? { a: sides.a, b: sides.b } : undefined });
    },

    /** Open a shared link; a bad one is refused with the problem named and the current lab kept. */
    openLink(text: string): LinkReply {
      const d = decodeMemoryLink(text);
      if (!d.ok) return { ok: false, error: d.error, frame: frame() };
      const v = d.value;
      const next: LabConfig = { ...defaultConfig(v.preset, v.qps), ...v.overrides };
      const err = validateConfig(next);
      if (err) return { ok: false, error: `the link's settings are invalid: ${err}`, frame: frame() };
      if (v.compare) {
        const e2 = validateSide(next, v.compare.a, 'A') ?? validateSide(next, v.compare.b, 'B');
        if (e2) return { ok: false, error: `the link's compare settings are invalid: ${e2}`, frame: frame() };
      }
      sides = v.compare ? { a: v.compare.a, b: v.compare.b } : defaultSides(next);
      compare = null;
      apply(next);
      if (v.compare) compare = new CompareRun(cfg, sides);
      return { ok: true, tab: v.tab, frame: frame() };
    },

    /** The guided tour (prose, tasks), without its predicates. */
    tour(): TourInfo[] {
      return tourCatalogue();
    },

    /** Follow a tour step: each frame then says whether its task is done (null stops following). */
    setTourStep(topic: string | null, step = 0): MemFrame {
      tourAt = topic && TOUR.some((t) => t.id === topic) ? { topic, step } : null;
      return frame();
    },

    /** Do a topic's start ('start') or a step's solution: the same commands a person would give. */
    tourApply(topic: string, step: number | 'start'): Reply {
      const t = TOUR.find((x) => x.id === topic);
      if (!t) return reply(`there is no tour topic "${topic}"`);
      const actions = step === 'start' ? t.start : t.steps[step]?.solution;
      if (!actions) return reply(`tour step ${String(step)} of "${topic}" has nothing to do`);
      for (const a of actions) {
        const r = runAction(a);
        if (!r.ok) return r;
      }
      return reply();
    },

    /** Run background work until the sweep and setup are done (tests and the CLI; not for the UI thread). */
    finishBackground(maxCalls = 1_000_000): MemFrame {
      for (let i = 0; i < maxCalls && (ensureLive().ready === false || !job.done || (compare !== null && !compare.ready)); i++) background(clockStart());
      return frame();
    },
  };
  return api;
}

export type MemoryApi = ReturnType<typeof createMemoryApi>;
