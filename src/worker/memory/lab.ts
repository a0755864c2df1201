// The NIC-memory instrument's worker-side state: the configuration in force, the live runner,
// the sweep jobs (one per configuration, most recent kept), the compare pair, playback, and the
// work done since the last frame. Every unit of work is bounded by a budget and, in the browser,
// by a time slice; the numbers never depend on how the work was sliced.
import { defaultConfig, sweepKey, sweepSpecFor, validateConfig, type CompareSide, type LabConfig } from '../../core/memory/index.ts';
import { CompareRun, defaultSides } from './compare.ts';
import { LiveRunner } from './live.ts';
import { SweepJob } from './sweepJob.ts';

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
const KEEP_SWEEPS = 4;

/** Packets per series window: about eight windows per wall-clock second at any speed. */
export function windowFor(speed: number): number {
  return Math.max(16, Math.min(50_000, Math.round(speed / 8)));
}

export interface Work { livePackets: number; setupUnits: number; sweepUnits: number; compareUnits: number }
const noWork = (): Work => ({ livePackets: 0, setupUnits: 0, sweepUnits: 0, compareUnits: 0 });

export class MemoryLab {
  cfg: LabConfig;
  live: LiveRunner | null = null;
  private readonly jobs = new Map<string, SweepJob>();
  job: SweepJob;
  compare: CompareRun | null = null;
  sides: { a: CompareSide; b: CompareSide };
  playing = false;
  speed = 5000;
  carry = 0;
  selectedSet = 0;
  walkQpn: number | null = null;
  /** Numbers the cache grids sent (a grid's own `seq`; the frame's is the kit's). */
  seq = 0;
  sentPacket = 0;
  sentGrid = -1;
  work: Work = noWork();
  readonly liveMax: number;
  private readonly setupUnits: number;
  private readonly sweepUnits: number;
  private readonly sliceMs: number;

  constructor(private readonly opts: MemoryApiOptions = {}) {
    this.cfg = opts.initial ?? defaultConfig();
    const e = validateConfig(this.cfg);
    if (e) throw new RangeError(e);
    this.sliceMs = opts.sliceMs ?? 10;
    this.liveMax = opts.livePacketsPerTick ?? 60_000;
    this.setupUnits = opts.setupUnitsPerTick ?? 200_000;
    this.sweepUnits = opts.sweepUnitsPerTick ?? 400_000;
    this.job = this.jobFor(this.cfg);
    this.sides = defaultSides(this.cfg);
  }

  /** Sweep jobs kept (the most recent KEEP_SWEEPS configurations). */
  get jobCount(): number { return this.jobs.size; }

  jobFor(c: LabConfig): SweepJob {
    const key = sweepKey(c);
    let j = this.jobs.get(key);
    if (!j) {
      j = new SweepJob(c);
      this.jobs.set(key, j);
      // The oldest go first (a Map keeps insertion order; deleting while iterating is safe).
      for (const old of this.jobs.keys()) { if (this.jobs.size <= KEEP_SWEEPS) break; this.jobs.delete(old); }
    } else {
      this.jobs.delete(key);
      this.jobs.set(key, j); // most recently used last
    }
    j.want(c);
    return j;
  }

  /** A new configuration: the live runner restarts, the sweep follows, the compare pair rebuilds. */
  apply(next: LabConfig): void {
    this.cfg = next;
    this.live = null;
    this.carry = 0;
    this.sentPacket = 0;
    this.sentGrid = -1;
    this.selectedSet = 0;
    this.job = this.jobFor(next);
    if (this.compare) this.compare = new CompareRun(next, this.sides);
  }

  ensureLive(): LiveRunner {
    if (!this.live) this.live = new LiveRunner(sweepSpecFor(this.cfg, this.cfg.qps), this.cfg.qps, true);
    return this.live;
  }

  get busy(): boolean {
    const l = this.ensureLive();
    return !l.ready || !this.job.done || (this.compare !== null && !this.compare.ready);
  }

  clock(): number {
    return this.opts.now ? this.opts.now() : 0;
  }

  private overtime(t0: number): () => boolean {
    const now = this.opts.now;
    return () => (now ? now() - t0 >= this.sliceMs : false);
  }

  runPackets(n: number): void {
    const l = this.ensureLive();
    if (!l.ready || n <= 0) return;
    const w = windowFor(this.speed);
    l.run(n, w);
    this.work.livePackets += n;
    if (this.compare?.ready) { this.compare.run(n, w); this.work.compareUnits += 2 * n; }
  }

  /** Background work: the live table, the compare pair, the sweep - within the budgets. */
  background(t0: number): void {
    const over = this.overtime(t0);
    const l = this.ensureLive();
    if (!l.ready && !over()) {
      // Allocate in grains so the time slice can stop it.
      let left = this.setupUnits;
      while (left > 0 && !l.ready && !over()) { const u = l.setup(Math.min(4000, left)); left -= u; this.work.setupUnits += u; }
    }
    if (this.compare && !this.compare.ready && !over()) this.work.compareUnits += this.compare.setup();
    if (!this.job.done && !over()) this.work.sweepUnits += this.job.step(this.sweepUnits, over);
  }

  /** `wallMs` of playback at the speed (clamped by the kit's tick), then bounded background work. */
  tick(wallMs: number): void {
    const t0 = this.clock();
    const l = this.ensureLive();
    if (this.playing && l.ready) {
      const want = (this.speed * wallMs) / 1000 + this.carry;
      const n = Math.min(this.liveMax, Math.floor(want));
      this.carry = n < this.liveMax ? want - n : 0;
      this.runPackets(n);
    }
    this.background(t0);
  }

  /**
   * Toward exactly `packets` live packets, paused, bounded per call: the live table's set-up
   * first, then packets. A restarted worker comes back to the count shown this way (the traffic
   * is seeded: the same packets give the same cache and counters). True once there.
   */
  catchUp(packets: number): boolean {
    this.playing = false;
    const l = this.ensureLive();
    if (!l.ready) { this.background(this.clock()); return false; }
    const n = Math.min(this.liveMax * 4, Math.floor(packets) - l.packets);
    if (n > 0) this.runPackets(n);
    return l.packets >= packets;
  }

  /** Exactly `n` packets now (pauses playback). */
  step(n: number): void {
    this.playing = false;
    if (!this.ensureLive().ready) this.background(this.clock());
    this.runPackets(Math.max(1, Math.min(this.liveMax, Math.floor(n))));
  }

  takeWork(): Work {
    const w = this.work;
    this.work = noWork();
    return w;
  }

  setCompare(sides: { a: CompareSide; b: CompareSide } | null): void {
    if (sides === null) { this.compare = null; return; }
    this.sides = { a: { ...sides.a }, b: { ...sides.b } };
    this.compare = new CompareRun(this.cfg, this.sides);
  }
}
