// The NIC-memory instrument's entry: a link payload is applied (model state in the worker, tab
// and inputs in the store), and the share link is built from both. The same link is the recovery
// snapshot and the address; the instant (packets of live traffic) is caught up to, not carried.
import { lazy } from 'react';
import { memory, type Caller } from '../../bridge/labs.ts';
import { LINK_SPECS, type MemoryPayload } from '../../scenario/link/index.ts';
import { memoryStore } from '../../store/memory.ts';
import type { MemoryApi } from '../../worker/memory/api.ts';
import { catchUp, lessonWords, resumeFrom } from '../recovery.ts';
import { grouped } from '../../core/kit/grouped.ts';
import { instrument, placeOf } from '../instrument.ts';
import { lessonActions } from '../../views/shell/LessonPanel.tsx';
import { noteReply } from '../../views/memory/hooks.ts';
import type { MemoryTab } from '../../store/memory.ts';
import { connect } from './memory.spawn.ts';

type Via = Caller<MemoryApi>;

export const MEMORY = instrument({
  id: 'memory',
  title: 'NIC memory',
  worker: 'The worker of the NIC-memory lab',
  loading: 'Loading the NIC memory lab…',
  connect,
  client: memory,
  // A lesson opens at its first step's tab, and plays: its steps watch live traffic.
  lessons: lessonActions(memory, memoryStore, {
    async picked(id, first) {
      if (first) memoryStore.getState().setTab(first as MemoryTab);
      if (id !== '' && !memory().playing) await memory().act('play');
    },
    async solve() {
      const r = await memory().act('solveStep');
      if (r) noteReply(r);
      if (!memory().playing) await memory().act('play');
    },
  }),
  link: LINK_SPECS.memory,
  store: memoryStore,
  apply: applyMemory,
  payload: memoryPayload,
  /**
   * The lab's settings come back through its link; the tab, the calculator's and the race panel's
   * inputs and the lesson column stay as the store has them; the speed and lesson are the last
   * frame's. When nothing acted since the snapshot, the live run is replayed to the packet count
   * shown (seeded traffic: the same packets, the same cache); otherwise its counters start again.
   */
  async restore(via, p, { exact, last }) {
    const st = memoryStore.getState();
    const ui = { tab: st.tab, capacityInput: st.capacityInput, race: st.race, lessonOpen: st.lessonOpen };
    const lesson = last?.lesson ?? null;
    p.lesson = placeOf(lesson);
    if (last) p.speed = last.speed;
    const error = await applyMemory(p, via);
    if (error) throw new Error(`the saved settings could not be reopened: ${error}`);
    const packets = exact && last ? last.live.packets : 0;
    const back = packets > 0 ? await toPacket(via, packets) : null;
    const resumed = await resumeFrom(via, lesson);
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
  afresh: 'the lab starts afresh with its defaults, as nothing had been saved to bring back yet',
  instant: { of: (f) => f.live.packets, catchUp: toPacket },
  opened: 'Opened the shared lab settings.',
  kept: 'The current settings are',
  View: lazy(() => import('../../views/memory/MemoryLab.tsx')),
  shown: (on) => void memory().act(on ? 'play' : 'pause'),
});

/** Replay the live traffic (seeded) to `packets`. */
function toPacket(via: Via, packets: number) {
  return catchUp(() => via.call('catchUp', packets), (f) => f.live.packets, packets);
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

/** What a link carries of the lab as it stands. */
async function memoryPayload(via: Via): Promise<MemoryPayload> {
  const s = await via.call('linkState');
  const st = memoryStore.getState();
  const payload: MemoryPayload = { preset: s.preset, qps: s.qps, overrides: s.overrides, compare: s.compare, tab: st.tab, race: st.race };
  const cap = st.capacityInput;
  // The calculator's inputs as the panel sets them (a named engine; table levels as the lab has them).
  if (cap) payload.capacity = { ...cap, table: { levels: cap.table.levels, entryBytes: cap.table.entryBytes, pageBytes: cap.table.pageBytes, onChipLevels: cap.table.onChipLevels }, engine: typeof cap.engine === 'string' ? cap.engine : undefined };
  if (st.frame) payload.speed = st.frame.speed;
  if (st.frame?.lesson) payload.lesson = placeOf(st.frame.lesson);
  return payload;
}
