// The fourth instrument's store, view and registry entry (test-only; see counter.ts).
import { useStore } from 'zustand';
import { LabClient, followDeadline, type Caller } from '../../bridge/labs.ts';
import type { Connection, Failure } from '../../bridge/kit/client.ts';
import { createLabStore } from '../../store/kit.ts';
import { LabNav } from '../../views/shell/LabNav.tsx';
import { LessonPanel, lessonActions } from '../../views/shell/LessonPanel.tsx';
import { catchUp, lessonWords, resumeFrom } from '../recovery.ts';
import { instrument, type ViewProps } from '../instrument.ts';
import { COUNTER_ID, COUNTER_LINK, createCounterApi, type CounterApi, type CounterFrame, type CounterPayload } from './counter.ts';

export const counterStore = createLabStore<CounterFrame, object>(() => ({}));

/** The "workers" started so far, the live one last, each with the alarm that reports its loss. */
export const workers: Array<{ api: CounterApi; alarm: (f: Failure) => void; closed: boolean }> = [];

function connect(): Connection<CounterApi> {
  const w = { api: createCounterApi(), alarm: (_f: Failure): void => { /* a test kills the connection on purpose */ }, closed: false };
  workers.push(w);
  return { api: w.api, watch: (r) => { w.alarm = r; }, close: () => { w.closed = true; } };
}

let client: LabClient<CounterApi, CounterFrame> | null = null;
export function counter(): LabClient<CounterApi, CounterFrame> {
  if (!client) {
    // No animation-frame loop and no heartbeat: the test drives every call.
    client = new LabClient(connect, { schedule: () => 0, cancel: () => undefined, heartbeatMs: 0 });
    followDeadline(client);
  }
  return client;
}

function CounterView({ onResetProgress, actions }: ViewProps) {
  const count = useStore(counterStore, (s) => s.frame?.count ?? 0);
  const lessons = useStore(counterStore, (s) => s.lessons);
  const progress = useStore(counterStore, (s) => s.frame?.lesson ?? null);
  const saved = useStore(counterStore, (s) => s.saved);
  const worker = useStore(counterStore, (s) => s.worker);
  return (
    <main>
      <LabNav current={COUNTER_ID} />
      <output data-testid="count">{count}</output>
      <button type="button" data-testid="add" onClick={() => void counter().act('add', 1)}>Add</button>
      {worker && <p role="alert" data-testid="worker-alert">{worker.text}</p>}
      <LessonPanel lessons={lessons} progress={progress} actions={actions} saved={saved} onResetProgress={onResetProgress}
        freeLabel="Free play" free={{ title: 'Free play', text: 'Count.' }} />
    </main>
  );
}

type Via = Caller<CounterApi>;
const toInstant = (via: Via, t: number) => catchUp(() => via.call('catchUp', t), (f) => f.t, t);
async function apply(p: CounterPayload, via: Via): Promise<string | null> {
  const r = await via.call('applyLink', p);
  return r.ok ? null : r.error ?? 'it was refused';
}

export const COUNTER = instrument({
  id: COUNTER_ID,
  title: 'Counter',
  worker: 'The worker of the counter',
  loading: 'Loading the counter…',
  connect,
  client: counter,
  lessons: lessonActions(counter, counterStore),
  link: COUNTER_LINK,
  store: counterStore,
  apply,
  async payload(via) {
    const s = await via.call('linkState');
    const l = counterStore.getState().frame?.lesson;
    return { count: s.count, ...(l ? { lesson: { id: l.id, step: l.step } } : {}) };
  },
  async restore(via, p, { exact, last }) {
    const lesson = last?.lesson ?? null;
    p.lesson = lesson ? { id: lesson.id, step: lesson.step } : undefined;
    const error = await apply(p, via);
    if (error) throw new Error(error);
    if (exact && last) await toInstant(via, last.t);
    const resumed = await resumeFrom(via, lesson);
    return `the count is back at ${p.count}${lessonWords(lesson, counterStore.getState().lessons, resumed)}`;
  },
  afresh: 'the counter starts afresh',
  instant: { of: (f) => f.t, catchUp: toInstant },
  opened: 'Opened the shared count.',
  kept: 'The current count is',
  View: CounterView,
});
