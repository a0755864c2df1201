// The guided tour panel: one topic at a time, steps of prose, and "Set it up" to load the step's
// settings (through the bridge, like any control).
import { useState } from 'react';
import { memoryClient } from '../../bridge/memoryClient.ts';
import { memoryStore } from '../../store/memoryStore.ts';
import { TOUR, type TourStep } from './tourSteps.ts';
import { noteReply } from './hooks.ts';

export async function applyStep(step: TourStep, currentPreset: string): Promise<void> {
  const c = memoryClient();
  if (step.preset && step.preset !== currentPreset) noteReply(await c.setPreset(step.preset, step.setup?.qps));
  if (step.setup) noteReply(await c.setConfig(step.setup));
  memoryStore.getState().setTab(step.tab);
  if (!memoryStore.getState().frame?.playing) await c.play();
}

export function Tour() {
  const [topic, setTopic] = useState(0);
  const [step, setStep] = useState(0);
  const t = TOUR[topic];
  const s = t.steps[Math.min(step, t.steps.length - 1)];
  return (
    <aside className="flex w-[300px] shrink-0 flex-col gap-2 border-l border-slate-300 bg-white p-2.5" aria-label="Guided tour" data-testid="tour">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-bold text-slate-900">Tour</h2>
        <button type="button" onClick={() => memoryStore.getState().setTour(false)} className="rounded border border-slate-300 px-1.5 text-xs hover:bg-slate-100" aria-label="Close the tour">✕</button>
      </div>
      <div role="tablist" aria-label="Topics" className="flex flex-wrap gap-1">
        {TOUR.map((x, i) => (
          <button key={x.id} type="button" role="tab" aria-selected={i === topic} onClick={() => { setTopic(i); setStep(0); }}
            className={`rounded-md border px-1.5 py-0.5 text-[11px] ${i === topic ? 'border-indigo-700 bg-indigo-700 text-white' : 'border-slate-300 hover:bg-slate-100'}`}>
            {x.number}. {x.title}
          </button>
        ))}
      </div>
      <section className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto" aria-live="polite">
        <p className="text-[11px] text-slate-500">Step {step + 1} of {t.steps.length}</p>
        <h3 className="text-sm font-semibold text-slate-900">{s.title}</h3>
        {s.text.map((p, i) => <p key={i} className="text-[13px] leading-snug text-slate-800">{p}</p>)}
        <button type="button" data-testid="tour-setup" onClick={() => void applyStep(s, memoryStore.getState().frame?.config.preset ?? '')}
          className="self-start rounded-md border border-green-700 bg-green-700 px-2.5 py-1 text-[12px] font-semibold text-white hover:bg-green-800">Set it up</button>
      </section>
      <div className="flex justify-between">
        <button type="button" disabled={step === 0} onClick={() => setStep(step - 1)} className="rounded-md border border-slate-400 px-2 py-0.5 text-[12px] disabled:opacity-40">← Back</button>
        <button type="button" disabled={step >= t.steps.length - 1} onClick={() => setStep(step + 1)} className="rounded-md border border-slate-400 px-2 py-0.5 text-[12px] disabled:opacity-40">Next →</button>
      </div>
    </aside>
  );
}
