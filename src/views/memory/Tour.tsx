// The guided tour (topics 2, 3, 8, 9, 11): prose per step, the step's task with a live "done"
// mark (the worker checks it every frame), "Do it for me", and the sources of each topic. The
// content and its checks live in src/lessons/memory; the worker serves them.
import { useEffect, useState } from 'react';
import { memoryClient } from '../../bridge/memoryClient.ts';
import { memoryStore, useMemory } from '../../store/memoryStore.ts';
import type { TourInfo } from '../../worker/memory/types.ts';
import { noteReply } from './hooks.ts';

export function Tour() {
  const [topics, setTopics] = useState<TourInfo[] | null>(null);
  const [topic, setTopic] = useState(0);
  const [step, setStep] = useState(0);
  const done = useMemory((s) => s.frame?.tour?.done ?? null);
  useEffect(() => { void memoryClient().tour().then(setTopics); }, []);
  useEffect(() => {
    if (!topics) return;
    void memoryClient().setTourStep(topics[topic].id, step);
    return () => { void memoryClient().setTourStep(null); };
  }, [topics, topic, step]);
  if (!topics) return <aside className="w-[300px] shrink-0 border-l border-slate-300 bg-white p-3 text-sm text-slate-500">Loading the tour…</aside>;
  const t = topics[topic];
  const s = t.steps[Math.min(step, t.steps.length - 1)];
  const show = () => memoryStore.getState().setTab(s.tab);
  const start = async () => {
    noteReply(await memoryClient().tourApply(t.id, 'start'));
    setStep(0);
    memoryStore.getState().setTab(t.steps[0].tab);
    if (!memoryStore.getState().frame?.playing) await memoryClient().play();
  };
  const solve = async () => {
    noteReply(await memoryClient().tourApply(t.id, step));
    show();
    if (!memoryStore.getState().frame?.playing) await memoryClient().play();
  };
  return (
    <aside className="flex w-[280px] shrink-0 flex-col gap-2 border-l border-slate-300 bg-white p-2.5" aria-label="Guided tour" data-testid="tour">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-bold text-slate-900">Tour</h2>
        <button type="button" onClick={() => memoryStore.getState().setTour(false)} className="rounded border border-slate-300 px-1.5 text-xs hover:bg-slate-100" aria-label="Close the tour">✕</button>
      </div>
      <div role="tablist" aria-label="Topics" className="flex flex-wrap gap-1">
        {topics.map((x, i) => (
          <button key={x.id} type="button" role="tab" aria-selected={i === topic} onClick={() => { setTopic(i); setStep(0); }}
            className={`rounded-md border px-1.5 py-0.5 text-[11px] ${i === topic ? 'border-indigo-700 bg-indigo-700 text-white' : 'border-slate-300 hover:bg-slate-100'}`}>
            {x.number}. {x.title}
          </button>
        ))}
      </div>
      <button type="button" onClick={() => void start()} data-testid="tour-start"
        className="self-start rounded-md border border-slate-400 px-2 py-0.5 text-[12px] font-medium hover:bg-slate-100">Start topic {t.number} from its setup</button>
      <section className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto" aria-live="polite">
        <p className="text-[11px] text-slate-500">Step {step + 1} of {t.steps.length} · look at <button type="button" className="underline" onClick={show}>{s.tab}</button></p>
        <h3 className="text-sm font-semibold text-slate-900">{s.title}</h3>
        {s.text.map((p, i) => <p key={i} className="text-[13px] leading-snug text-slate-800">{p}</p>)}
        {s.task && (
          <div className={`rounded-md border p-2 text-[12px] ${done ? 'border-green-600 bg-green-50' : 'border-amber-400 bg-amber-50'}`} data-testid="tour-task">
            <p className="font-semibold">{done ? '✓ Done: ' : 'Your turn: '}{s.task}</p>
            {s.solvable && !done && <button type="button" onClick={() => void solve()} data-testid="tour-solve" className="mt-1 rounded-md border border-slate-500 bg-white px-2 py-0.5 text-[12px] hover:bg-slate-100">Do it for me</button>}
          </div>
        )}
        {step === t.steps.length - 1 && (
          <div className="mt-1 text-[11px] text-slate-600"><p className="font-semibold">Sources</p><ul className="list-disc pl-4">{t.sources.map((x) => <li key={x}>{x}</li>)}</ul></div>
        )}
      </section>
      <div className="flex justify-between">
        <button type="button" disabled={step === 0} onClick={() => setStep(step - 1)} className="rounded-md border border-slate-400 px-2 py-0.5 text-[12px] disabled:opacity-40">← Back</button>
        <button type="button" disabled={step >= t.steps.length - 1} onClick={() => setStep(step + 1)} className="rounded-md border border-slate-400 px-2 py-0.5 text-[12px] disabled:opacity-40">Next →</button>
      </div>
    </aside>
  );
}
