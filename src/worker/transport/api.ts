// The transport instrument's worker API: one Simulation on a Timeline (the run, run.ts), playback,
// the event log sent in frames, and the kit's lesson calls (LabWorker). A plain module (no worker
// globals) so tests drive it directly in Node; transport.worker.ts only exposes it.
import { openTransportLesson } from '../../lessons/data/open.ts';
import { MAX_NS, PROFILE_IDS, type CommandInput, type ProfileId, type Scenario, type SimOptions, type Summary } from '../../core/index.ts';
import { TRANSPORT_LESSONS, makeProbe, type Probe, type TransportAction } from '../../lessons/transport/index.ts';
import { sandboxScenario, scaleScenario } from '../../scenario/presets.ts';
import type { TransportPayload } from '../../scenario/link/index.ts';
import { parseAuthored, type Authored } from '../../lessons/authored.ts';
import { LabWorker, type LessonModel, type Outcome } from '../kit/labWorker.ts';
import type { Reply } from '../kit/types.ts';
import type { LogPage, LogQuery, WhyLink } from './history.ts';
import { buildFrame } from './frame.ts';
import { WireFeeder } from './wireFeed.ts';
import { referenceData } from './reference.ts';
import { SlowDown } from './slowdown.ts';
import { TransportRun, type Recorded, type TransportBounds } from './run.ts';
import type { CommandReply, Frame, ReferenceData } from './types.ts';

/**
 * The page's runs: the trace keeps its newest 50,000 events (≈ 8 MB; the full log, why? and the
 * exports read them), the model's state may grow to an estimated 512 MB, and a run may take a
 * billion steps (about an hour of playing at top speed) before it stops with a notice.
 */
export const PAGE_SIM: SimOptions = { traceKeep: 50_000, maxSteps: 1_000_000_000, maxBytes: 512 << 20 };

export class TransportApi extends LabWorker<Frame, Probe, TransportAction> {
  private readonly run: TransportRun;
  private readonly slow = new SlowDown();
  private readonly feeder = new WireFeeder();

  constructor(simOptions: SimOptions = PAGE_SIM) {
    super({ lab: 'transport', lessons: TRANSPORT_LESSONS, openFile: openTransportLesson, speed: { min: 1, max: 1e9 }, playback: { playing: false, speed: 1000 } });
    this.run = new TransportRun(sandboxScenario(), simOptions, () => { this.playback.playing = false; });
  }

  protected body() {
    const tl = this.run.tl;
    if (tl.now >= tl.end || tl.sim.stopped) this.playback.playing = false;
    return buildFrame(this.run, this.slow.view(this.run.head, this.playback.speed, this.playback.playing), this.feeder);
  }

  protected override canPlay(): boolean { return this.run.tl.now < this.run.tl.end && !this.run.tl.sim.stopped; }

  /** Advance by wall time × speed (slower near events when asked). */
  protected override playFor(wallMs: number): void {
    if (!this.playback.playing) return;
    const { tl, head } = this.run;
    if (this.slow.on) this.slow.advance(head, wallMs, this.playback.speed);
    else tl.advance(tl.now + Math.max(1, Math.round((wallMs * this.playback.speed) / 1000)));
    this.run.follow();
  }

  protected lessonModel(): LessonModel<Probe, TransportAction> {
    const run = this.run;
    return {
      mark: () => run.tl.sim.world.trace.count,
      probe: (mark) => makeProbe(run.tl.sim, mark, run.selected),
      apply: (a) => {
        if (a.kind === 'load') return this.replace(a.scenario);
        if (a.kind === 'select') { run.selected = { host: a.host, qpn: a.qpn }; return { ok: true }; }
        if (a.kind === 'profile') return run.reprofile(a.profile);
        const r = run.act(a);
        return r.ok ? { ok: true } : { ok: false, error: r.detail ?? 'refused' };
      },
      settle: (ns) => { run.tl.reach(run.tl.now + ns); run.follow(); },
      snapshot: () => ({ ...run.recorded(), maxT: run.tl.maxT }),
      restore: (x) => {
        const s = x as Recorded & { maxT: number };
        return run.swap(s.scenario, s.t, s.t);
      },
    };
  }

  /** A new run from `input` at `at`, grading `challenge` (or none): the lesson stops. */
  private replace(input: unknown, at = 0, challenge: Authored | null = null): Outcome {
    const r = this.run.replace(input, at, challenge);
    if (r.ok) this.lessonHost.stop();
    return r;
  }

  reference(): ReferenceData { return referenceData(); }

  /** Load a scenario (at instant `at`); invalid input is refused with the bad field named, keeping the current one. */
  load(input: unknown, at = 0): Reply<Frame> { return this.reply(this.replace(input, at)); }
  /** Free play: the sandbox scenario, no lesson. */
  loadSandbox(): Reply<Frame> { return this.reply(this.replace(sandboxScenario())); }
  /** The sandbox at scale: 1,000 RC QPs (500 pairs) with traffic both ways. */
  loadScale(): Reply<Frame> { return this.reply(this.replace(scaleScenario())); }

  /** "Slow down near events" on or off; the chosen speed is kept either way. */
  setSlowDown(on: boolean): Frame { this.slow.on = on === true; return this.frame(); }

  /** Run to the next instant at which something happens. */
  step(): Frame {
    this.playback.playing = false;
    if (!this.held().ok) return this.frame();
    const tl = this.run.tl;
    const due = tl.sim.nextDue();
    tl.reach(Number.isFinite(due) ? Math.max(due, tl.now + 1) : tl.now + 1000);
    this.run.follow();
    return this.frame();
  }

  /** Jump to `t`: restore the last checkpoint at or before it and replay. */
  seek(t: number): Frame { if (this.held().ok) this.run.seek(t); return this.frame(); }
  /** Back to the previous instant at which something happened (restore and replay: equal to a fresh run to it). */
  stepBack(): Frame {
    this.playback.playing = false;
    if (!this.held().ok) return this.frame();
    const t = this.run.history.backTarget();
    if (t >= 0) this.run.seek(t);
    return this.frame();
  }
  /** The previous (-1) or next (1) instant at which an event of `kind` happened. */
  jump(kind: string, dir: -1 | 1): Reply<Frame> {
    this.playback.playing = false;
    const h = this.held();
    if (!h.ok) return this.reply(h);
    const t = this.run.history.find(String(kind), dir < 0 ? -1 : 1);
    if (t === null) return this.reply({ ok: false, error: `no ${dir < 0 ? 'earlier' : 'later'} ${String(kind).slice(0, 30)} event` });
    this.run.seek(t);
    return this.reply({ ok: true });
  }
  /** The chain of causes of the event at absolute index `i`, back to its root. */
  why(i: number): WhyLink[] { return this.run.history.why(i); }
  /** A window of the full log, filtered and searched. */
  log(q: LogQuery): LogPage { return this.run.history.query(q); }
  exportTrace(format: 'json' | 'csv'): string { return this.run.history.exportTrace(format === 'csv' ? 'csv' : 'json'); }
  /** The QP the learner selected (lesson checks may ask). */
  select(host: number, qpn: number): Frame {
    this.run.selected = Number.isInteger(host) && Number.isInteger(qpn) ? { host, qpn } : null;
    return this.frame();
  }
  /** Undo the last act in the past: the old future comes back. */
  undoFork(): Reply<Frame> {
    const h = this.held();
    if (!h.ok) return this.reply(h);
    const old = this.run.forks.take();
    if (!old) return this.reply({ ok: false, error: 'there is nothing to undo' });
    return this.reply(this.run.swap(old.scenario, old.maxT, old.t));
  }
  /** The old future against the new one, at the same instant. */
  compareFork() { return this.run.forks.compare(this.run.recorded().scenario); }
  dismissFork(): Frame { this.run.forks.clear(); return this.frame(); }
  /** Start a written challenge on its scenario (a refused challenge is named, the run kept). */
  startChallenge(c: unknown, scenario: unknown): Reply<Frame> {
    const r = parseAuthored(c);
    return this.reply(r.ok ? this.replace(scenario, 0, r.value) : r);
  }
  stopChallenge(): Frame { this.run.challenge.set(null); return this.frame(); }
  /** A lesson pauses playback and ends the challenge in progress. */
  override startLesson(id: string, step = 0, keep = false, seed?: number): Reply<Frame> {
    this.playback.playing = false;
    this.run.challenge.set(null);
    return super.startLesson(id, step, keep, seed);
  }

  /** A person's action at the current instant; acting in the past forks the future. */
  command(cmd: CommandInput): CommandReply {
    const h = this.held();
    if (!h.ok) return { ok: false, error: h.error, detail: h.error, frame: this.frame() };
    const r = this.run.act(cmd);
    return { ...r, error: r.ok ? undefined : r.detail, frame: this.frame() } as CommandReply;
  }

  /**
   * Open a shared link (already decoded and shape-checked on the main thread): the scenario
   * at its instant, the selected QP, the lesson step and the speed. Everything is checked
   * before anything changes; a refusal names the problem and keeps the current scenario.
   */
  applyLink(p: TransportPayload): Reply<Frame> {
    const run = this.run;
    const sim = run.simulation(p.scenario, (m) => m);
    if (typeof sim === 'string') return this.reply({ ok: false, error: `its scenario could not start: ${sim}` });
    const written = p.challenge ? parseAuthored(p.challenge) : null;
    if (written && !written.ok) return this.reply({ ok: false, error: `its challenge is refused: ${written.error}` });
    const next = run.prepare(sim, written?.value ?? null);
    next.tl.reach(Math.min(p.t, MAX_NS));
    if (p.sel && next.tl.sim.world.qps.find(p.sel.host, p.sel.qpn) < 0) {
      return this.reply({ ok: false, error: `it selects QP 0x${p.sel.qpn.toString(16)} on host ${String.fromCharCode(65 + p.sel.host)}, which its scenario does not have` });
    }
    const refused = this.linkLessonError(p.lesson);
    if (refused) return this.reply({ ok: false, error: refused });
    run.install(next, { twin: p.compare ?? null });
    if (p.sel) run.selected = { ...p.sel };
    this.openLinkLesson(p);
    return this.reply({ ok: true });
  }

  /**
   * Run the same scenario (config and every command so far) under another driver profile, to
   * the instant on screen. The choice is part of the scenario, so a link carries it.
   */
  setProfile(profile: ProfileId): Reply<Frame> { return this.reply(this.run.reprofile(profile)); }
  /** Compare mode on (with the profile to compare against) or off (null). */
  setCompare(profile: ProfileId | null): Frame {
    this.run.twin(profile && PROFILE_IDS.includes(profile) ? profile : null);
    return this.frame();
  }

  /** The scenario as recorded so far (config + every command), for the share link. */
  exportScenario(): { scenario: Scenario; t: number } { return this.run.recorded(); }
  summary(): Summary { return this.run.tl.sim.summary(); }

  /** What is kept in memory, in counts (all bounded at any duration). */
  bounds(): TransportBounds { return this.run.bounds(); }
}

export function createTransportApi(simOptions: SimOptions = PAGE_SIM): TransportApi {
  return new TransportApi(simOptions);
}
