// The Faults instrument's wiring: its client feeds its store, the lesson catalogue is fetched
// once, a link payload is applied (model state in the worker, the tab in the store), and the
// share link is built from both.
import { faults } from '../bridge/labs.ts';
import { writeLink, type FaultsPayload } from '../scenario/link/index.ts';
import { faultsStore } from '../store/faults.ts';

let started: Promise<void> | null = null;

export function startFaults(): Promise<void> {
  if (!started) {
    const c = faults();
    c.onFrame((f) => faultsStore.getState().applyFrame(f));
    c.onError((m) => faultsStore.getState().showNotice('error', `The faults model stopped: ${m}`));
    started = (async () => {
      const [lessons] = await Promise.all([c.call('lessons'), c.call('frame')]);
      faultsStore.getState().setLessons(lessons);
    })();
  }
  return started;
}

export async function openFaults(p: FaultsPayload): Promise<string | null> {
  await startFaults();
  const r = await faults().call('applyLink', { settings: p.settings, reset: p.reset, explorer: p.explorer, compare: p.compare, speed: p.speed, lesson: p.lesson });
  if (!r.ok) return r.error ?? 'it was refused';
  const st = faultsStore.getState();
  st.setTab(p.tab ?? 'storm');
  if (p.lesson) st.setLessonOpen(true);
  return null;
}

export async function faultsLink(): Promise<string> {
  const s = await faults().call('linkState');
  const st = faultsStore.getState();
  const payload: FaultsPayload = { settings: s.settings, tab: st.tab, speed: s.speed };
  if (s.reset) payload.reset = s.reset;
  if (s.explorer) payload.explorer = s.explorer;
  if (s.compare) payload.compare = s.compare;
  if (st.frame?.lesson) payload.lesson = { id: st.frame.lesson.id, step: st.frame.lesson.step };
  return `${location.origin}${location.pathname}#${writeLink('faults', payload)}`;
}

export function playFaults(on: boolean): void {
  if (!on) void faults().act('pause');
}
