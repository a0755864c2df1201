// The transport instrument's entry: its reference data is fetched once, a link payload is
// applied, and the share link is built. The same link is the recovery snapshot and the address:
// a restarted worker, or a reload, reopens it at the last instant shown (the payload carries it).
import { transport, type Caller } from '../../bridge/labs.ts';
import { LINK_SPECS, writeLink, type TransportPayload } from '../../scenario/link/index.ts';
import { transportStore } from '../../store/transport.ts';
import type { TransportApi } from '../../worker/transport/api.ts';
import { TransportLab, follow } from '../../views/transport/TransportLab.tsx';
import { lessonActions } from '../../views/shell/LessonPanel.tsx';
import { connect } from './transport.spawn.ts';
import { exampleChallenge, type ChallengeLink } from '../../scenario/challenge.ts';
import { parseAuthored } from '../../lessons/authored.ts';
import { lessonWords, resumeFrom } from '../recovery.ts';
import { verifier } from '../../bridge/verify.ts';
import { instrument, placeOf, type ViewProps } from '../instrument.ts';

type Via = Caller<TransportApi>;

/** The challenge the last link opened (the worker shows only its status): a restart brings it back. */
let challenge: ChallengeLink | null = null;
/** Where that challenge starts (the link's scenario and instant): the student's commands are those after it. */
let challengeStart: { scenario: unknown; t: number } | null = null;

export const TRANSPORT = instrument({
  id: 'transport',
  title: 'Transport',
  worker: 'The simulation worker of Transport & lifecycle',
  loading: 'Loading Transport & lifecycle…',
  connect,
  client: transport,
  // Free play is the sandbox; a lesson opens at its QP and its first step's place.
  lessons: lessonActions(transport, transportStore, {
    leave: () => transport().act('loadSandbox'),
    picked(id, first) {
      const st = transportStore.getState();
      const focus = st.lessons.find((l) => l.id === id)?.focus;
      if (focus) st.select(focus);
      if (first) follow(first);
    },
  }),
  link: LINK_SPECS.transport,
  store: transportStore,
  async started(c) {
    transportStore.getState().setReference(await c.call('reference'));
    syncSelection();
  },
  apply: applyTransport,
  payload: (via) => transportPayload({}, via),
  snapshot: (via) => transportPayload(challenge && transportStore.getState().frame?.challenge ? { challenge } : {}, via),
  /**
   * The snapshot is the share link's payload (with the challenge in force, which a share link
   * leaves out), reopened through the link's own path; when nothing acted since it was taken, at
   * the last frame's instant (the same run, further on), with the last frame's speed, compare
   * side and lesson, and the store's tab, selection and lesson column as they are.
   */
  async restore(via, p, { exact, last }) {
    const st = transportStore.getState();
    const ui = { tab: st.tab, selected: st.selected, lessonOpen: st.lessonOpen };
    if (exact && last) {
      p.t = last.t;
      p.speed = last.speed;
      p.compare = last.compare?.right;
    }
    const lesson = last?.lesson ?? null;
    p.lesson = placeOf(lesson);
    if (ui.selected) p.sel = ui.selected;
    p.tab = ui.tab;
    const error = await applyTransport(p, via);
    if (error) throw new Error(`the saved moment could not be reopened: ${error}`);
    const resumed = await resumeFrom(via, lesson);
    st.setLessonOpen(ui.lessonOpen);
    return `the simulation is back at t = ${(p.t / 1000).toFixed(3)} µs${lessonWords(lesson, st.lessons, resumed)}`;
  },
  afresh: 'the scenario starts afresh, as nothing had been saved to bring back yet',
  instant: { of: (f) => f.t },
  opened: 'Opened the shared moment.',
  kept: 'The current scenario is',
  View: (props: ViewProps) => <TransportLab {...props} challengeKit={challengeKit} />,
});

/** The part of opening a link that a restarted worker goes through too. */
async function applyTransport(p: TransportPayload, via: Via): Promise<string | null> {
  const r = await via.call('applyLink', p);
  if (!r.ok) return r.error ?? 'it was refused';
  // A restart reopens the snapshot (the same challenge, the student's commands in its scenario): the start stays the link's.
  if (!p.challenge) challengeStart = null;
  else if (!challengeStart || JSON.stringify(p.challenge) !== JSON.stringify(challenge)) challengeStart = { scenario: p.scenario, t: p.t };
  challenge = p.challenge ?? null;
  const st = transportStore.getState();
  if (p.sel) st.select(p.sel);
  if (p.tab) st.setTab(p.tab);
  if (p.lesson) st.setLessonOpen(true);
  return null;
}

/** What a link carries of the moment on screen. */
async function transportPayload(extra: Partial<TransportPayload>, via: Via): Promise<TransportPayload> {
  const { scenario, t } = await via.call('exportScenario');
  const st = transportStore.getState();
  const f = st.frame;
  const payload: TransportPayload = { scenario, t, tab: st.tab };
  if (st.selected) payload.sel = st.selected;
  if (f) payload.speed = f.speed;
  if (f?.lesson) payload.lesson = placeOf(f.lesson);
  if (f?.compare) payload.compare = f.compare.right;
  return { ...payload, ...extra };
}

/**
 * The selection lives in the store (views) and in the worker (lesson checks read it): a click
 * is sent to the worker; a selection made by the worker (a lesson's "do it for me") is shown.
 */
function syncSelection(): void {
  let sent: string | null = null;
  transportStore.subscribe((s, prev) => {
    const sel = s.selected;
    const key = sel ? `${sel.host}/${sel.qpn}` : '';
    const fromWorker = s.frame?.selected;
    const workerKey = fromWorker ? `${fromWorker.host}/${fromWorker.qpn}` : '';
    if (s.frame !== prev.frame && fromWorker && workerKey !== (prev.frame?.selected ? `${prev.frame.selected.host}/${prev.frame.selected.qpn}` : '') && workerKey !== key) {
      sent = workerKey;
      s.select(fromWorker);
      return;
    }
    if (key !== sent && sel) {
      sent = key;
      void transport().call('select', sel.host, sel.qpn);
    }
  });
  const sel = transportStore.getState().selected;
  if (sel) { sent = `${sel.host}/${sel.qpn}`; void transport().call('select', sel.host, sel.qpn); }
}

/** A challenge link: the scenario and moment on screen, the instructor's text and goal (validated, the bad field named). */
async function challengeLink(c: unknown): Promise<string> {
  const r = parseAuthored(c);
  if (!r.ok) throw new Error(r.error);
  const hash = writeLink('transport', await transportPayload({ challenge: c as ChallengeLink, lesson: undefined }, transport()));
  return `${location.origin}${location.pathname}#${hash}`;
}

/** The writer's warnings: the goal replayed headlessly (verify worker) from the scenario and moment on screen, no command added. */
async function challengeCheck(c: unknown): Promise<string[]> {
  const { scenario, t } = await transport().call('exportScenario');
  return verifier().warnings(c, scenario, t);
}

/** The id codes for challenge `c` verify under, were its link made now. */
async function challengeId(c: unknown): Promise<string | null> {
  const { scenario, t } = await transport().call('exportScenario');
  return verifier().writtenId(c, scenario, t);
}

/** "Check my attempt" on a written challenge: the student's commands since the link's start, replayed in the verify worker. */
async function challengeAttempt() {
  if (!challenge || !challengeStart) return { ok: false as const, error: 'no written challenge is open' };
  const payload = await transportPayload({}, transport());
  return verifier().attemptWritten(challenge, challengeStart.scenario, challengeStart.t, payload);
}

/** A link to the Verify page with the code filled in: what a student hands in, or shares. */
const verifyLink = (code: string) => `${location.origin}${location.pathname}#verify&codes=${encodeURIComponent(code)}`;

const challengeKit = { example: exampleChallenge(), build: challengeLink, check: challengeCheck, id: challengeId, attempt: challengeAttempt, verifyLink };
