// The Faults instrument's entry: a link payload is applied (model state in the worker, the tab in
// the store), and the share link is built from both. The same link is the recovery snapshot and
// the address; the instant (the storm's clock, seeded) is caught up to, not carried.
import { lazy } from 'react';
import { faults, type Caller } from '../../bridge/labs.ts';
import { LINK_SPECS, type FaultsPayload } from '../../scenario/link/index.ts';
import { faultsStore } from '../../store/faults.ts';
import type { FaultsApi } from '../../worker/faults/api.ts';
import { catchUp, lessonWords, resumeFrom } from '../recovery.ts';
import { grouped } from '../../core/kit/grouped.ts';
import { instrument, placeOf } from '../instrument.ts';
import { lessonActions } from '../../views/shell/LessonPanel.tsx';
import type { FaultsTab } from '../../store/faults.ts';
import { connect } from './faults.spawn.ts';

type Via = Caller<FaultsApi>;

export const FAULTS = instrument({
  id: 'faults',
  title: 'Faults',
  worker: 'The worker of Faults at scale',
  loading: 'Loading the Faults instrument…',
  connect,
  client: faults,
  // A lesson opens at its first step's tab; the hint ladders and a step's restart are the kit's.
  lessons: lessonActions(faults, faultsStore, {
    picked(_id, first) { if (first) faultsStore.getState().setTab(first as FaultsTab); },
  }),
  link: LINK_SPECS.faults,
  store: faultsStore,
  apply: applyFaults,
  payload: faultsPayload,
  /**
   * The storm's settings come back through its link; when nothing acted since the snapshot, the
   * storm (seeded) is replayed to the instant shown, else it starts again; tab and lesson column stay.
   */
  async restore(via, p, { exact, last }) {
    const st = faultsStore.getState();
    const ui = { tab: st.tab, lessonOpen: st.lessonOpen };
    const lesson = last?.lesson ?? null;
    p.lesson = placeOf(lesson);
    if (last) p.speed = last.speed;
    const error = await applyFaults(p, via);
    if (error) throw new Error(`the saved settings could not be reopened: ${error}`);
    const t = exact && last ? last.live.t : 0;
    const back = t > 0 ? await toInstant(via, t) : null;
    const resumed = await resumeFrom(via, lesson);
    st.setTab(ui.tab);
    st.setLessonOpen(ui.lessonOpen);
    if (ui.tab === 'compare') await via.call('showCompare', true);
    const where = back && back.live.t >= t ? `at t = ${(back.live.t / 1000).toFixed(3)} µs of the storm` : 'and the storm starts again from its beginning';
    return `the storm's settings are back (${grouped(p.settings.qps)} QPs, ${p.settings.fault}, ${p.settings.policy}) ${where}${lessonWords(lesson, st.lessons, resumed)}`;
  },
  afresh: 'the instrument starts afresh with its defaults, as nothing had been saved to bring back yet',
  instant: { of: (f) => f.live.t, catchUp: toInstant },
  opened: 'Opened the shared lab settings.',
  kept: 'The current settings are',
  View: lazy(() => import('../../views/faults/FaultsLab.tsx')),
  shown: (on) => { if (!on) void faults().act('pause'); },
});

/** Replay the storm (seeded) to `t`. */
function toInstant(via: Via, t: number) {
  return catchUp(() => via.call('catchUp', t), (f) => f.live.t, t);
}

/** The part of opening a link that a restarted worker goes through too. */
async function applyFaults(p: FaultsPayload, via: Via): Promise<string | null> {
  const r = await via.call('applyLink', { settings: p.settings, reset: p.reset, explorer: p.explorer, compare: p.compare, speed: p.speed, lesson: p.lesson });
  if (!r.ok) return r.error ?? 'it was refused';
  const st = faultsStore.getState();
  st.setTab(p.tab ?? 'storm');
  if (p.lesson) st.setLessonOpen(true);
  return null;
}

/** What a link carries of the instrument as it stands. */
async function faultsPayload(via: Via): Promise<FaultsPayload> {
  const s = await via.call('linkState');
  const st = faultsStore.getState();
  const payload: FaultsPayload = { settings: s.settings, tab: st.tab, speed: s.speed };
  if (s.reset) payload.reset = s.reset;
  if (s.explorer) payload.explorer = s.explorer;
  if (s.compare) payload.compare = s.compare;
  if (st.frame?.lesson) payload.lesson = placeOf(st.frame.lesson);
  return payload;
}
