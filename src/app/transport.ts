// The transport instrument's wiring: its client feeds its store, the reference data and lesson
// catalogue are fetched once, a link payload is applied, and the share link is built.
import { transport } from '../bridge/labs.ts';
import { writeLink, type TransportPayload } from '../scenario/link/index.ts';
import { transportStore } from '../store/transport.ts';

let started: Promise<void> | null = null;

/** Start the instrument once: wire the client to the store and fetch what never changes. */
export function startTransport(): Promise<void> {
  if (!started) {
    const c = transport();
    c.onFrame((f) => transportStore.getState().applyFrame(f));
    c.onError((m) => transportStore.getState().showNotice('error', `The simulation stopped: ${m}`));
    started = (async () => {
      const st = transportStore.getState();
      st.setReference(await c.call('reference'));
      st.setLessons(await c.call('lessons'));
      await c.call('frame');
    })();
  }
  return started;
}

/** Open a shared moment; a refusal names the problem and keeps what is on screen. */
export async function openTransport(p: TransportPayload): Promise<string | null> {
  await startTransport();
  const r = await transport().call('applyLink', p);
  if (!r.ok) return r.error ?? 'it was refused';
  const st = transportStore.getState();
  if (p.sel) st.select(p.sel);
  if (p.tab) st.setTab(p.tab);
  if (p.lesson) st.setLessonOpen(true);
  return null;
}

export async function transportLink(): Promise<string> {
  const c = transport();
  const { scenario, t } = await c.call('exportScenario');
  const st = transportStore.getState();
  const f = st.frame;
  const payload: TransportPayload = { scenario, t, tab: st.tab };
  if (st.selected) payload.sel = st.selected;
  if (f) payload.speed = f.speed;
  if (f?.lesson) payload.lesson = { id: f.lesson.id, step: f.lesson.step };
  if (f?.compare) payload.compare = f.compare.right;
  return `${location.origin}${location.pathname}#${writeLink('transport', payload)}`;
}
