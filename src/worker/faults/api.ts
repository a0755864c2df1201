// The Faults instrument's worker API (topics 7 and 10): the shared playback and lesson calls
// (LabApi), the storm's settings, policy and compare, the reset view, the claims, and the state a
// share link carries. A plain module (no worker globals); faults.worker.ts only exposes it.
import { FAULT_CLAIMS, LC_NAMES, NOTABLE_QPS, POLICIES, RESET_CLAIMS, type NotableQp, type PolicyName } from '../../core/index.ts';
import { parseExplorerSettings, parseResetSettings, parseStormSettings, defaultExplorerSettings, defaultResetSettings, type ExplorerSettings, type ResetSettings, type StormSettings } from '../../core/faults/labConfig.ts';
import { FAULTS_LESSONS, type FaultsAction, type FaultsProbe } from '../../lessons/faults/index.ts';
import { LessonHost, type ResumeState } from '../kit/lessonHost.ts';
import type { LabApi, LessonInfo, Reply } from '../kit/types.ts';
import { buildFrame } from './frame.ts';
import { FaultsLab, SPEED_MAX, SPEED_MIN, type FaultsOptions } from './lab.ts';
import type { ClaimsInfo, FaultsFrame, QpDetail, ReportWhyReply } from './types.ts';

type Outcome = { ok: boolean; error?: string };
const ok: Outcome = { ok: true };

export function createFaultsApi(opts: FaultsOptions = {}) {
  const lab = new FaultsLab(opts);

  function settings(patch: Partial<StormSettings>): Outcome {
    if (!patch || typeof patch !== 'object') return { ok: false, error: 'the change must be an object of settings' };
    const r = parseStormSettings({ ...lab.settings, ...patch });
    if (!r.ok) return r;
    lab.apply(r.value);
    return ok;
  }

  function policy(p: PolicyName): Outcome {
    if (!POLICIES.includes(p)) return { ok: false, error: `policy must be one of ${POLICIES.join(', ')}` };
    lab.setPolicy(p);
    return ok;
  }

  function reset(patch: Partial<ResetSettings>): Outcome {
    if (!patch || typeof patch !== 'object') return { ok: false, error: 'the change must be an object of settings' };
    const r = parseResetSettings({ ...(lab.resetSettings ?? defaultResetSettings()), ...patch });
    if (!r.ok) return r;
    lab.setReset(r.value);
    return ok;
  }

  function probe(): FaultsProbe {
    const g = lab.storm.grid();
    const states: Record<string, number> = {};
    for (const lc of g.lc) states[LC_NAMES[lc]] = (states[LC_NAMES[lc]] ?? 0) + 1;
    const r = lab.reset;
    return {
      settings: { ...lab.settings }, t: lab.storm.now, summary: lab.storm.summary(), drained: lab.storm.drained(), states,
      reset: r ? { settings: r.settings, result: { staleAccepted: r.result.staleAccepted, late: r.result.late, resets: r.result.resets } } : null,
    };
  }

  function apply(a: FaultsAction): Outcome {
    switch (a.kind) {
      case 'settings': return settings(a.patch);
      case 'policy': return policy(a.policy);
      case 'restart': lab.restart(); return ok;
      case 'reset': return reset(a.patch);
      case 'run':
        if (a.ns === undefined) lab.runToEnd(); else lab.advance(lab.storm.now + a.ns);
        return ok;
    }
  }

  const lessons = new LessonHost<FaultsProbe, FaultsAction>(FAULTS_LESSONS, {
    mark: () => 0, probe, apply, settle: () => undefined, pause: () => { lab.playing = false; },
  });

  const frame = (): FaultsFrame => buildFrame(lab, lessons.progress());
  const reply = (r: Outcome): Reply<FaultsFrame> => (r.ok ? { ok: true, frame: frame() } : { ok: false, error: r.error, frame: frame() });

  const api = {
    frame,
    ping: (): true => true,
    play(): FaultsFrame {
      if (lab.storm.drained() || lab.storm.now >= lab.end) lab.restart();
      lab.playing = true;
      return frame();
    },
    pause(): FaultsFrame { lab.playing = false; return frame(); },
    setSpeed(nsPerSecond: number): FaultsFrame {
      if (Number.isFinite(nsPerSecond)) lab.speed = Math.max(SPEED_MIN, Math.min(SPEED_MAX, nsPerSecond));
      return frame();
    },
    tick(wallMs: number): FaultsFrame { lab.tick(wallMs); return frame(); },
    /** Toward simulated `t`, paused, bounded per call (a restart's way back; the frame says how far it got). */
    catchUp(t: number): FaultsFrame { if (Number.isFinite(t)) lab.catchUp(t); return frame(); },

    /** Change the storm; a bad combination is refused with the field named and the storm kept. */
    setSettings(patch: Partial<StormSettings>): Reply<FaultsFrame> { return reply(settings(patch)); },
    /** Switch the arbitration policy live (recorded in the storm, so it replays). */
    setPolicy(p: PolicyName): Reply<FaultsFrame> { return reply(policy(p)); },
    restart(): FaultsFrame { lab.restart(); return frame(); },
    /** The storm to its end (bounded per call; the frame says whether it drained). */
    runToEnd(): FaultsFrame { lab.playing = false; lab.runToEnd(); return frame(); },
    showCompare(on: boolean): FaultsFrame { lab.showCompare(on); return frame(); },
    setComparePolicy(p: PolicyName): Reply<FaultsFrame> {
      if (!POLICIES.includes(p)) return reply({ ok: false, error: `policy must be one of ${POLICIES.join(', ')}` });
      lab.setComparePolicy(p);
      return reply(ok);
    },
    /** The reset view: change the situation, the instant, the mitigations (computed at once). */
    setReset(patch: Partial<ResetSettings>): Reply<FaultsFrame> { return reply(reset(patch)); },
    showReset(): FaultsFrame { lab.ensureReset(); return frame(); },
    claims(): ClaimsInfo { return { faults: FAULT_CLAIMS, reset: RESET_CLAIMS }; },
    /** What stays bounded however long it plays, in counts: EQ occupancy samples (live storm and twin), kept events. */
    bounds(): { eqSamples: number; twinEqSamples: number; traceKept: number; t: number } {
      return {
        eqSamples: lab.storm.eqSeries(0).t.length, twinEqSamples: lab.twin ? lab.twin.eqSeries(0).t.length : 0,
        traceKept: lab.storm.sim.events().length + (lab.twin?.sim.events().length ?? 0), t: lab.storm.now,
      };
    },

    /** The interleaving explorer: every order of up to 6 simultaneous faults; `pick` steps through one. */
    explore(s: unknown, pick: number[] | null = null): Reply<FaultsFrame> {
      const r = parseExplorerSettings(s ?? defaultExplorerSettings());
      if (!r.ok) return reply(r);
      lab.setExplorer(r.value, Array.isArray(pick) ? pick.filter((x) => Number.isInteger(x)) : null);
      return reply(ok);
    },

    /** One QP of the live storm in numbers (index in the grid). */
    qp(i: number): QpDetail | null {
      const g = lab.storm.grid();
      if (!Number.isInteger(i) || i < 0 || i >= g.qpn.length) return null;
      return { qpn: g.qpn[i], host: g.host[i], cls: g.cls[i], state: LC_NAMES[g.lc[i]], phase: g.phase[i], detectNs: g.detectNs[i], reportNs: g.reportNs[i], lastFlushNs: g.lastFlushNs[i] };
    },

    /** Why grid QP `i` was reported when it was (or not at all), from the storm's own record; null: no such QP. */
    reportWhy(i: number): ReportWhyReply | null {
      const why = lab.storm.why(i);
      return why ? { i, why, ahead: lab.storm.servedWhileWaiting(i) } : null;
    },
    /** Grid index of a QP worth asking "why?" about in the live storm, or -1 when it has none. */
    notableQp(kind: NotableQp): number {
      return NOTABLE_QPS.includes(kind) ? lab.storm.notable(kind) : -1;
    },

    /** What a share link carries of the model (the tab and lesson travel with it from the main thread). */
    linkState(): { settings: StormSettings; reset: ResetSettings | null; explorer: ExplorerSettings | null; compare: PolicyName | null; speed: number } {
      return { settings: { ...lab.settings }, reset: lab.resetSettings, explorer: lab.explorer?.settings ?? null, compare: lab.twin ? lab.comparePolicies[1] : null, speed: lab.speed };
    },
    /** Open a link's state: everything checked before anything changes. */
    applyLink(s: { settings: unknown; reset?: unknown; explorer?: unknown; compare?: PolicyName | null; speed?: number; lesson?: { id: string; step: number; seed?: number } }): Reply<FaultsFrame> {
      const st = parseStormSettings(s.settings);
      if (!st.ok) return reply({ ok: false, error: `its storm settings are impossible: ${st.error}` });
      const rs = s.reset === undefined || s.reset === null ? null : parseResetSettings(s.reset);
      if (rs && !rs.ok) return reply({ ok: false, error: `its reset settings are impossible: ${rs.error}` });
      const ex = s.explorer === undefined || s.explorer === null ? null : parseExplorerSettings(s.explorer);
      if (ex && !ex.ok) return reply({ ok: false, error: `its explorer settings are impossible: ${ex.error}` });
      if (s.compare !== undefined && s.compare !== null && !POLICIES.includes(s.compare)) return reply({ ok: false, error: `its compare policy must be one of ${POLICIES.join(', ')}` });
      const lesson = s.lesson ? FAULTS_LESSONS.find((l) => l.id === s.lesson!.id) : undefined;
      if (s.lesson && !lesson) return reply({ ok: false, error: `it opens a lesson this page does not have ("${s.lesson.id.slice(0, 40)}")` });
      if (s.lesson && lesson && s.lesson.step >= lesson.steps.length) return reply({ ok: false, error: `lesson "${lesson.id}" has ${lesson.steps.length} steps, not ${s.lesson.step + 1}` });
      lab.playing = false;
      lab.apply(st.value);
      if (rs?.ok) lab.setReset(rs.value);
      if (ex?.ok) lab.setExplorer(ex.value);
      if (s.compare) { lab.showCompare(true); lab.setComparePolicy(s.compare); }
      if (s.speed !== undefined) lab.speed = Math.max(SPEED_MIN, Math.min(SPEED_MAX, s.speed));
      lessons.stop();
      if (s.lesson) lessons.start(s.lesson.id, s.lesson.step, true, s.lesson.seed);
      return reply(ok);
    },

    lessons(): LessonInfo[] { return lessons.catalogue(); },
    startLesson(id: string, step = 0, keep = false, seed?: number): Reply<FaultsFrame> { return reply(lessons.start(id, step, keep, seed)); },
    lessonStep(step: number): FaultsFrame { lessons.goTo(step); return frame(); },
    solveStep(): Reply<FaultsFrame> { return reply(lessons.solve()); },
    stopLesson(): FaultsFrame { lessons.stop(); return frame(); },
    answer(a: unknown): Reply<FaultsFrame> { return reply(lessons.answer(a)); },
    // The kit's hint ladder, restore-a-step and resume (issue 8), as every instrument answers them.
    hint: () => reply(lessons.hint()),
    restoreStep: () => reply(lessons.restoreStep()),
    resumeLesson: (id: string, step: number, state: ResumeState) => reply(lessons.resume(id, step, state)),
    variantQuestion: () => reply(lessons.variant()),
    revealAnswer: () => reply(lessons.reveal()),
  };
  return api satisfies LabApi<FaultsFrame>;
}

export type FaultsApi = ReturnType<typeof createFaultsApi>;
