// The transport instrument's wiring: its client feeds its store, the reference data and lesson
// catalogue are fetched once, a link payload is applied, and the share link is built.
import { transport } from '../bridge/labs.ts';
import { writeLink, type TransportPayload } from '../scenario/link/index.ts';
import { transportStore } from '../store/transport.ts';
import { savedDone, trackProgress } from './progress.ts';
import { parseChallenge } from '../scenario/challenge.ts';

let started: Promise<void> | null = null;

/** Start the instrument once: wire the client to the store and fetch what never changes. */
export function startTransport(): Promise<void> {
  if (!started) {
    const c = transport();
    c.onFrame((f) => transportStore.getState().applyFrame(f));
    c.onError((m) => transportStore.getState().showNotice('error', `The simulation stopped: ${m}`));
    started = (async () => {
      // One round trip, not three: the worker answers in order, the page waits once.
      const [reference, lessons] = await Promise.all([c.call('reference'), c.call('lessons'), c.call('frame')]);
      const st = transportStore.getState();
      st.setReference(reference);
      st.setLessons(lessons);
      st.setSaved(savedDone('transport'));
      trackProgress('transport', transportStore as never, transportHash, (d) => transportStore.getState().setSaved(d));
      syncSelection();
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

/** The link's hash (without '#') for the moment on screen. */
export async function transportHash(extra: Partial<TransportPayload> = {}): Promise<string> {
  const c = transport();
  const { scenario, t } = await c.call('exportScenario');
  const st = transportStore.getState();
  const f = st.frame;
  const payload: TransportPayload = { scenario, t, tab: st.tab };
  if (st.selected) payload.sel = st.selected;
  if (f) payload.speed = f.speed;
  if (f?.lesson) payload.lesson = { id: f.lesson.id, step: f.lesson.step };
  if (f?.compare) payload.compare = f.compare.right;
  return writeLink('transport', { ...payload, ...extra });
}

export async function transportLink(): Promise<string> {
  return `${location.origin}${location.pathname}#${await transportHash()}`;
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
export async function challengeLink(c: unknown): Promise<string> {
  const r = parseChallenge(c);
  if (!r.ok) throw new Error(r.error);
  const hash = await transportHash({ challenge: r.value, lesson: undefined });
  return `${location.origin}${location.pathname}#${hash}`;
}
