// The Faults instrument's worker API (topics 7 and 10): the kit's playback and lesson calls
// (LabWorker), the storm's settings, policy and compare, the reset view, the claims, and the state a
// share link carries. A plain module (no worker globals); faults.worker.ts only exposes it.
import { QPN_ALLOCATORS, QPN_ALLOCATOR_IDS } from '../../core/faults/qpnAlloc.ts';
import { openFaultsLesson } from '../../lessons/data/open.ts';
import { FAULT_CLAIMS, LC_NAMES, NOTABLE_QPS, POLICIES, RESET_CLAIMS, type NotableQp, type PolicyName } from '../../core/index.ts';
import { parseExplorerSettings, parseResetSettings, parseStormSettings, defaultExplorerSettings, defaultResetSettings, type ExplorerSettings, type ResetSettings, type StormSettings } from '../../core/faults/labConfig.ts';
import { FAULTS_LESSONS, type FaultsAction, type FaultsProbe } from '../../lessons/faults/index.ts';
import { LabWorker, type LessonAt, type LessonModel, type Outcome } from '../kit/labWorker.ts';
import type { Reply } from '../kit/types.ts';
import { buildFrame } from './frame.ts';
import { FaultsLab, SPEED_MAX, SPEED_MIN, type FaultsOptions } from './lab.ts';
import type { ClaimsInfo, FaultsFrame, QpDetail, ReportWhyReply } from './types.ts';

const ok: Outcome = { ok: true };

export class FaultsApi extends LabWorker<FaultsFrame, FaultsProbe, FaultsAction> {
  /** The model is its own playback (playing, speed, busy, tick). */
  constructor(opts: FaultsOptions = {}, private readonly lab = new FaultsLab(opts)) {
    super({ lab: 'faults', lessons: FAULTS_LESSONS, openFile: openFaultsLesson, speed: { min: SPEED_MIN, max: SPEED_MAX }, playback: lab });
  }

  protected body() { return buildFrame(this.lab); }
  /** Play on a storm that has drained (or reached its end) starts it over. */
  protected override canPlay(): boolean {
    if (this.lab.storm.drained() || this.lab.storm.now >= this.lab.end) this.lab.restart();
    return true;
  }

  private settings(patch: Partial<StormSettings>): Outcome {
    if (!patch || typeof patch !== 'object') return { ok: false, error: 'the change must be an object of settings' };
    const r = parseStormSettings({ ...this.lab.settings, ...patch });
    if (!r.ok) return r;
    this.lab.apply(r.value, true);
    return ok;
  }

  private policy(p: PolicyName): Outcome {
    if (!POLICIES.includes(p)) return { ok: false, error: `policy must be one of ${POLICIES.join(', ')}` };
    this.lab.setPolicy(p);
    return ok;
  }

  private resetTo(patch: Partial<ResetSettings>): Outcome {
    if (!patch || typeof patch !== 'object') return { ok: false, error: 'the change must be an object of settings' };
    const r = parseResetSettings({ ...(this.lab.resetSettings ?? defaultResetSettings()), ...patch });
    if (!r.ok) return r;
    this.lab.setReset(r.value);
    return ok;
  }

  private probe(): FaultsProbe {
    const lab = this.lab;
    const g = lab.storm.grid();
    const states: Record<string, number> = {};
    for (const lc of g.lc) states[LC_NAMES[lc]] = (states[LC_NAMES[lc]] ?? 0) + 1;
    const r = lab.reset;
    return {
      settings: { ...lab.settings }, t: lab.storm.now, summary: lab.storm.summary(), drained: lab.storm.drained(), states,
      reset: r ? { settings: r.settings, result: { staleAccepted: r.result.staleAccepted, late: r.result.late, resets: r.result.resets } } : null,
    };
  }

  private applyAction(a: FaultsAction): Outcome {
    const lab = this.lab;
    switch (a.kind) {
      case 'settings': return this.settings(a.patch);
      case 'policy': return this.policy(a.policy);
      case 'restart': lab.restart(); return ok;
      case 'reset': return this.resetTo(a.patch);
      case 'run':
        if (a.ns === undefined) lab.runToEnd(); else lab.advance(lab.storm.now + a.ns);
        return ok;
    }
  }

  protected lessonModel(): LessonModel<FaultsProbe, FaultsAction> {
    return { mark: () => 0, probe: () => this.probe(), apply: (a) => this.applyAction(a) };
  }

  /** Toward simulated `t`, paused, bounded per call (a restart's way back; the frame says how far it got). */
  catchUp(t: number): FaultsFrame { if (Number.isFinite(t)) this.lab.catchUp(t); return this.frame(); }

  /** Change the storm; a bad combination is refused with the field named and the storm kept. */
  setSettings(patch: Partial<StormSettings>): Reply<FaultsFrame> { return this.unlessHeld(() => this.settings(patch)); }
  /** Switch the arbitration policy live (recorded in the storm, so it replays). */
  setPolicy(p: PolicyName): Reply<FaultsFrame> { return this.unlessHeld(() => this.policy(p)); }
  // Held while a lesson's question waits for its answer (LabWorker.held): the frame comes back unchanged.
  restart(): FaultsFrame { if (this.held().ok) this.lab.restart(); return this.frame(); }
  /** The storm to its end (bounded per call; the frame says whether it drained). */
  runToEnd(): FaultsFrame { this.lab.playing = false; if (this.held().ok) this.lab.runToEnd(); return this.frame(); }
  showCompare(on: boolean): FaultsFrame { this.lab.showCompare(on); return this.frame(); }
  setComparePolicy(p: PolicyName): Reply<FaultsFrame> {
    if (!POLICIES.includes(p)) return this.reply({ ok: false, error: `policy must be one of ${POLICIES.join(', ')}` });
    return this.unlessHeld(() => { this.lab.setComparePolicy(p); return ok; });
  }
  /** The reset view: change the situation, the instant, the mitigations (computed at once). */
  setReset(patch: Partial<ResetSettings>): Reply<FaultsFrame> { return this.unlessHeld(() => this.resetTo(patch)); }
  showReset(): FaultsFrame { this.lab.ensureReset(); return this.frame(); }
  claims(): ClaimsInfo { return { faults: FAULT_CLAIMS, reset: RESET_CLAIMS, allocators: QPN_ALLOCATOR_IDS.map((id) => QPN_ALLOCATORS[id]) }; }
  /** What stays bounded however long it plays, in counts: EQ occupancy samples (live storm and twin), kept events. */
  bounds(): { eqSamples: number; twinEqSamples: number; traceKept: number; t: number } {
    const lab = this.lab;
    return {
      eqSamples: lab.storm.eqSeries(0).t.length, twinEqSamples: lab.twin ? lab.twin.eqSeries(0).t.length : 0,
      traceKept: lab.storm.sim.events().length + (lab.twin?.sim.events().length ?? 0), t: lab.storm.now,
    };
  }

  /** The interleaving explorer: every order of up to 6 simultaneous faults; `pick` steps through one. */
  explore(s: unknown, pick: number[] | null = null): Reply<FaultsFrame> {
    const r = parseExplorerSettings(s ?? defaultExplorerSettings());
    if (!r.ok) return this.reply(r);
    const h = this.held();
    if (!h.ok) return this.reply(h);
    this.lab.setExplorer(r.value, Array.isArray(pick) ? pick.filter((x) => Number.isInteger(x)) : null);
    return this.reply(ok);
  }

  /** One QP of the live storm in numbers (index in the grid). */
  qp(i: number): QpDetail | null {
    const g = this.lab.storm.grid();
    if (!Number.isInteger(i) || i < 0 || i >= g.qpn.length) return null;
    return { qpn: g.qpn[i], host: g.host[i], cls: g.cls[i], state: LC_NAMES[g.lc[i]], phase: g.phase[i], detectNs: g.detectNs[i], reportNs: g.reportNs[i], lastFlushNs: g.lastFlushNs[i] };
  }

  /** Why grid QP `i` was reported when it was (or not at all), from the storm's own record; null: no such QP. */
  reportWhy(i: number): ReportWhyReply | null {
    const why = this.lab.storm.why(i);
    return why ? { i, why, ahead: this.lab.storm.servedWhileWaiting(i) } : null;
  }
  /** Grid index of a QP worth asking "why?" about in the live storm, or -1 when it has none. */
  notableQp(kind: NotableQp): number {
    return NOTABLE_QPS.includes(kind) ? this.lab.storm.notable(kind) : -1;
  }

  /** What a share link carries of the model (the tab and lesson travel with it from the main thread). */
  linkState(): { settings: StormSettings; reset: ResetSettings | null; explorer: ExplorerSettings | null; compare: PolicyName | null; speed: number } {
    const lab = this.lab;
    return { settings: { ...lab.settings }, reset: lab.resetSettings, explorer: lab.explorer?.settings ?? null, compare: lab.twin ? lab.comparePolicies[1] : null, speed: lab.speed };
  }
  /** Open a link's state: everything checked before anything changes. */
  applyLink(s: { settings: unknown; reset?: unknown; explorer?: unknown; compare?: PolicyName | null; speed?: number; lesson?: LessonAt }): Reply<FaultsFrame> {
    const st = parseStormSettings(s.settings);
    if (!st.ok) return this.reply({ ok: false, error: `its storm settings are impossible: ${st.error}` });
    const rs = s.reset === undefined || s.reset === null ? null : parseResetSettings(s.reset);
    if (rs && !rs.ok) return this.reply({ ok: false, error: `its reset settings are impossible: ${rs.error}` });
    const ex = s.explorer === undefined || s.explorer === null ? null : parseExplorerSettings(s.explorer);
    if (ex && !ex.ok) return this.reply({ ok: false, error: `its explorer settings are impossible: ${ex.error}` });
    if (s.compare !== undefined && s.compare !== null && !POLICIES.includes(s.compare)) return this.reply({ ok: false, error: `its compare policy must be one of ${POLICIES.join(', ')}` });
    const refused = this.linkLessonError(s.lesson);
    if (refused) return this.reply({ ok: false, error: refused });
    const lab = this.lab;
    lab.playing = false;
    lab.apply(st.value);
    if (rs?.ok) lab.setReset(rs.value);
    if (ex?.ok) lab.setExplorer(ex.value);
    if (s.compare) { lab.showCompare(true); lab.setComparePolicy(s.compare); }
    this.openLinkLesson(s);
    return this.reply(ok);
  }
}

export function createFaultsApi(opts: FaultsOptions = {}): FaultsApi {
  return new FaultsApi(opts);
}
