// The Faults instrument's worker-side state: the settings in force, the storm playing live (and
// its twin under another policy when Compare is open), the policy job, and the reset view.
// Playback advances simulated time by wall time × speed, within a step budget per call.
import { Storm, resetLab, type PolicyName } from '../../core/index.ts';
import { defaultResetSettings, defaultStormSettings, resetConfigOf, stormConfigOf, stormKeyOf, type ResetSettings, type StormSettings } from '../../core/faults/labConfig.ts';
import { PolicyJob, settingsKey } from './policyJob.ts';
import type { ExplorerSettings } from '../../core/faults/labConfig.ts';
import { explore } from './explore.ts';
import type { ExplorerFrame, ResetFrame } from './types.ts';

/** Simulated ns per wall second: 10 µs/s to 1 s/s; a port-down storm's retries take ~270 ms. */
export const SPEED_MIN = 10_000;
export const SPEED_MAX = 1_000_000_000;

export interface FaultsOptions {
  /** Engine steps one call may run for the live storm(s), and for the policy job. */
  liveSteps?: number;
  jobSteps?: number;
}

export class FaultsLab {
  settings: StormSettings = defaultStormSettings();
  /**
   * Built when first needed: a worker that opens a link (or is restarted into one) builds only the
   * link's storm, not the default one first (a 1,024-QP storm takes a few hundred ms to set up).
   */
  private live: Storm | null = null;
  get storm(): Storm { return (this.live ??= new Storm(stormConfigOf(this.settings))); }
  set storm(s: Storm) { this.live = s; }
  twin: Storm | null = null;
  comparePolicies: [PolicyName, PolicyName] = ['fifo', 'priority'];
  job: PolicyJob;
  resetSettings: ResetSettings | null = null;
  reset: ResetFrame | null = null;
  explorer: ExplorerFrame | null = null;
  playing = false;
  speed = 50_000_000;
  gridKeySent = '';
  readonly liveSteps: number;
  readonly jobSteps: number;

  constructor(opts: FaultsOptions = {}) {
    this.liveSteps = opts.liveSteps ?? 60_000;
    this.jobSteps = opts.jobSteps ?? 80_000;
    this.job = new PolicyJob(this.settings);
  }

  /** New settings: the live storm restarts from the fault, the policy job follows. With keepStorm, a
   *  change of the program's side alone (eventNs, ackNs, cm) is read from the storm as it stands. */
  apply(next: StormSettings, keepStorm = false): void {
    const jobKey = settingsKey(next);
    const same = stormKeyOf(next) === stormKeyOf(this.settings);
    this.settings = next;
    if (keepStorm && same && this.live) return;
    this.storm = new Storm(stormConfigOf(next));
    if (this.twin) this.twin = new Storm(stormConfigOf(next, this.comparePolicies[1]));
    if (this.job.key !== jobKey) this.job = new PolicyJob(next);
  }

  /** Start over: the same storm from the fault. */
  restart(): void {
    this.apply(this.settings);
  }

  setPolicy(p: PolicyName): void {
    this.settings = { ...this.settings, policy: p };
    this.storm.setPolicy(p);
  }

  showCompare(on: boolean): void {
    if (!on) { this.twin = null; return; }
    if (this.twin) return;
    this.comparePolicies = [this.settings.policy, this.comparePolicies[1] === this.settings.policy ? (this.settings.policy === 'fifo' ? 'priority' : 'fifo') : this.comparePolicies[1]];
    this.twin = new Storm(stormConfigOf(this.settings, this.comparePolicies[1]));
    // Lockstep: the twin catches up with the live storm's instant.
    this.twin.runUntil(this.storm.now);
  }

  setComparePolicy(p: PolicyName): void {
    this.comparePolicies = [this.comparePolicies[0], p];
    if (this.twin) { this.twin = new Storm(stormConfigOf(this.settings, p)); this.twin.runUntil(this.storm.now); }
  }

  get busy(): boolean {
    return !this.job.done;
  }

  get end(): number {
    return this.storm.sim.scenario.config.durationNs;
  }

  /** `wallMs` of playback (clamped by the kit's tick), then a slice of the policy job. */
  tick(wallMs: number): void {
    if (this.playing) {
      const to = Math.min(this.end, this.storm.now + Math.max(1, Math.round((wallMs * this.speed) / 1000)));
      this.advance(to);
      if (this.storm.drained() || this.storm.now >= this.end) this.playing = false;
    }
    if (!this.job.done) this.job.step(this.jobSteps);
  }

  /** Both storms to `t` (bounded: the live storm may stop short, the twin follows it). */
  advance(t: number): void {
    this.storm.runUntil(t, this.liveSteps);
    this.twin?.runUntil(this.storm.now, this.liveSteps * 2);
  }

  /** Toward `t` (paused, bounded per call): a restarted worker's way back to the instant shown (the storm is seeded). */
  catchUp(t: number): void {
    this.playing = false;
    this.advance(Math.min(this.end, Math.max(0, Math.floor(t))));
  }

  /** Run until the storm has drained (lessons, "to the end"); bounded per call. */
  runToEnd(): void {
    this.storm.runToDrain(this.liveSteps * 20);
    this.twin?.runUntil(this.storm.now);
  }

  setReset(s: ResetSettings): void {
    this.resetSettings = s;
    const r = resetLab(resetConfigOf(s));
    const { events: _e, scenario: _s, claims: _c, ...result } = r;
    this.reset = { key: JSON.stringify(s), settings: s, result };
  }

  setExplorer(s: ExplorerSettings, pick: number[] | null = null): void {
    this.explorer = explore(s, pick);
  }

  ensureReset(): void {
    if (!this.reset) this.setReset(this.resetSettings ?? defaultResetSettings());
  }
}
