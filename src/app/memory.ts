// The NIC-memory instrument's wiring: its client feeds its store, the lesson catalogue is
// fetched once, a link payload is applied (model state in the worker, tab and inputs in the
// store), and the share link is built from both.
import { memory } from '../bridge/labs.ts';
import { writeLink, type MemoryPayload } from '../scenario/link/index.ts';
import { memoryStore } from '../store/memory.ts';
import { savedDone, trackProgress } from './progress.ts';

let started: Promise<void> | null = null;

export function startMemory(): Promise<void> {
  if (!started) {
    const c = memory();
    c.onFrame((f) => memoryStore.getState().applyFrame(f));
    c.onError((m) => memoryStore.getState().showNotice('error', `The NIC-memory model stopped: ${m}`));
    started = (async () => {
      const [lessons] = await Promise.all([c.call('lessons'), c.call('frame')]);
      memoryStore.getState().setLessons(lessons);
      memoryStore.getState().setSaved(savedDone('memory'));
      trackProgress('memory', memoryStore as never, memoryHash, (d) => memoryStore.getState().setSaved(d));
    })();
  }
  return started;
}

export async function openMemory(p: MemoryPayload): Promise<string | null> {
  await startMemory();
  const r = await memory().call('applyLink', { preset: p.preset, qps: p.qps, overrides: p.overrides, compare: p.compare, speed: p.speed, lesson: p.lesson });
  if (!r.ok) return r.error ?? 'it was refused';
  const st = memoryStore.getState();
  st.setTab(p.tab ?? 'cache');
  st.setCapacityInput(p.capacity ?? null);
  if (p.race) st.setRace(p.race);
  if (p.lesson) st.setLessonOpen(true);
  return null;
}

export async function memoryLink(): Promise<string> {
  return `${location.origin}${location.pathname}#${await memoryHash()}`;
}

/** The link's hash (without '#') for the lab as it stands. */
export async function memoryHash(): Promise<string> {
  const c = memory();
  const s = await c.call('linkState');
  const st = memoryStore.getState();
  const payload: MemoryPayload = { preset: s.preset, qps: s.qps, overrides: s.overrides, compare: s.compare, tab: st.tab, race: st.race };
  const cap = st.capacityInput;
  // The calculator's inputs as the panel sets them (a named engine; table levels as the lab has them).
  if (cap) payload.capacity = { ...cap, table: { levels: cap.table.levels, entryBytes: cap.table.entryBytes, pageBytes: cap.table.pageBytes, onChipLevels: cap.table.onChipLevels }, engine: typeof cap.engine === 'string' ? cap.engine : undefined };
  if (st.frame) payload.speed = st.frame.speed;
  if (st.frame?.lesson) payload.lesson = { id: st.frame.lesson.id, step: st.frame.lesson.step };
  return writeLink('memory', payload);
}

export function playMemory(on: boolean): void {
  void memory().act(on ? 'play' : 'pause');
}
