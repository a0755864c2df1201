// The NIC-memory instrument's wiring: its client feeds its store, the lesson catalogue is
// fetched once, a link payload is applied (model state in the worker, tab and inputs in the
// store), and the share link is built from both. The same link is the recovery snapshot.
import { memory, type Caller, type RecoveryHooks } from '../bridge/labs.ts';
import { writeLink, type MemoryPayload } from '../scenario/link/index.ts';
import { memoryStore } from '../store/memory.ts';
import type { MemoryApi } from '../worker/memory/api.ts';
import type { MemFrame } from '../worker/memory/types.ts';
import { savedDone, trackProgress } from './progress.ts';
import { catchUp, lessonWords, resumeFrom, snapshotPayload, superviseLab } from './recovery.ts';
import { grouped } from '../core/kit/grouped.ts';
import { firstAnswers, takeEarlyFrame } from './first.ts';

type Via = Caller<MemoryApi>;

let started: Promise<void> | null = null;

export function startMemory(): Promise<void> {
  if (!started) {
    const c = memory();
    c.onFrame((f) => memoryStore.getState().applyFrame(f));
    superviseLab('memory', c, memoryStore, recovery);
    started = (async () => {
      const [lessons] = await firstAnswers('memory');
      takeEarlyFrame(c, memoryStore);
      memoryStore.getState().setLessons(lessons);
      memoryStore.getState().setSaved(savedDone('memory'));
      trackProgress('memory', memoryStore as never, memoryHash, (d) => memoryStore.getState().setSaved(d));
    })();
  }
  return started;
}

export async function openMemory(p: MemoryPayload): Promise<string | null> {
  await startMemory();
  return applyMemory(p, memory());
}

/** The part of opening a link that a restarted worker goes through too. */
async function applyMemory(p: MemoryPayload, via: Via): Promise<string | null> {
  const r = await via.call('applyLink', { preset: p.preset, qps: p.qps, overrides: p.overrides, compare: p.compare, speed: p.speed, lesson: p.lesson });
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
  return writeLink('memory', await memoryPayload(memory()));
}

/** What a link carries of the lab as it stands. */
async function memoryPayload(via: Via): Promise<MemoryPayload> {
  const s = await via.call('linkState');
  const st = memoryStore.getState();
  const payload: MemoryPayload = { preset: s.preset, qps: s.qps, overrides: s.overrides, compare: s.compare, tab: st.tab, race: st.race };
  const cap = st.capacityInput;
  // The calculator's inputs as the panel sets them (a named engine; table levels as the lab has them).
  if (cap) payload.capacity = { ...cap, table: { levels: cap.table.levels, entryBytes: cap.table.entryBytes, pageBytes: cap.table.pageBytes, onChipLevels: cap.table.onChipLevels }, engine: typeof cap.engine === 'string' ? cap.engine : undefined };
  if (st.frame) payload.speed = st.frame.speed;
  if (st.frame?.lesson) payload.lesson = { id: st.frame.lesson.id, step: st.frame.lesson.step, ...(st.frame.lesson.seed ? { seed: st.frame.lesson.seed } : {}) };
  return payload;
}

/**
 * The lab's settings come back through its link; the tab, the calculator's and the race panel's
 * inputs and the lesson column stay as the store has them; the speed and lesson are the last
 * frame's. When nothing acted since the snapshot, the live run is replayed to the packet count
 * shown (seeded traffic: the same packets, the same cache); otherwise its counters start again.
 */
const recovery: RecoveryHooks<MemoryApi, MemFrame> = {
  snapshot: (via) => memoryPayload(via),
  async restore(via, { snapshot, exact, last }) {
    const st = memoryStore.getState();
    const ui = { tab: st.tab, capacityInput: st.capacityInput, race: st.race, lessonOpen: st.lessonOpen };
    const p = snapshotPayload('memory', snapshot);
    if (!p) {
      await via.call('frame');
      return 'the lab starts afresh with its defaults, as nothing had been saved to bring back yet';
    }
    const lesson = last?.lesson ?? null;
    p.lesson = lesson ? { id: lesson.id, step: lesson.step, ...(lesson.seed ? { seed: lesson.seed } : {}) } : undefined;
    if (last) p.speed = last.speed;
    const error = await applyMemory(p, via);
    if (error) throw new Error(`the saved settings could not be reopened: ${error}`);
    const packets = exact && last ? last.live.packets : 0;
    const back = packets > 0 ? await catchUp(() => via.call('catchUp', packets), (f) => f.live.packets, packets) : null;
    const resumed = await resumeFrom(via as never, lesson);
    st.setTab(ui.tab);
    st.setCapacityInput(ui.capacityInput);
    st.setRace(ui.race);
    st.setLessonOpen(ui.lessonOpen);
    if (ui.tab === 'compare') await via.call('showCompare', true);
    const qps = grouped(p.qps);
    const preset = memoryStore.getState().frame?.preset.label ?? p.preset;
    const where = back && back.live.packets === packets
      ? `at packet ${grouped(packets)}`
      : 'and its live counters start again';
    return `the lab is back with the same settings (${preset}, ${qps} active QPs) ${where}${lessonWords(lesson, st.lessons, resumed)}`;
  },
};

export function playMemory(on: boolean): void {
  void memory().act(on ? 'play' : 'pause');
}
