// Answer first, in the model itself (issue 17): while a lesson's question is open, every call that
// would change an instrument's model or move its time is refused (or leaves the frame as it was),
// so no experiment run before the learner locks in can answer the question. Once the answer is
// shown, the same calls go through. One table per instrument, on each one's first question step.
import { describe, expect, it } from 'vitest';
import { FAULTS_LESSONS, MEMORY_LESSONS, TRANSPORT_LESSONS } from '../lessons/index.ts';
import { HELD } from './kit/labWorker.ts';
import { createTransportApi } from './transport/api.ts';
import { createMemoryApi } from './memory/api.ts';
import { createFaultsApi } from './faults/api.ts';

/** The first lesson with a question, and that question's step. */
function firstQuestion(lessons: ReadonlyArray<{ id: string; steps: ReadonlyArray<{ question?: unknown }> }>): [string, number] {
  for (const l of lessons) {
    const i = l.steps.findIndex((s) => s.question);
    if (i >= 0) return [l.id, i];
  }
  throw new Error('no question');
}

interface Case { name: string; call: () => unknown }
interface Lab { open(): void; calls: Case[]; print(): string; play(): boolean; reveal(): boolean }
/** What the table needs of any instrument's worker API: the kit's lesson and playback calls. */
interface KitCalls { startLesson(id: string, step: number): { ok: boolean }; play(): { playing: boolean }; revealAnswer(): { ok: boolean } }

/** An instrument at its first question step: `calls` change its model, `print` fingerprints it. */
function lab(api: KitCalls, lessons: Parameters<typeof firstQuestion>[0], calls: Case[], print: () => string, settle = () => {}): Lab {
  const [id, step] = firstQuestion(lessons);
  return {
    open: () => { expect(api.startLesson(id, step).ok).toBe(true); settle(); },
    calls, print,
    play: () => api.play().playing,
    reveal: () => api.revealAnswer().ok,
  };
}

function transport(): Lab {
  const api = createTransportApi();
  return lab(api, TRANSPORT_LESSONS, [
    { name: 'command (drop a packet)', call: () => api.command({ kind: 'dropPackets', count: 1 }) },
    { name: 'step', call: () => api.step() },
    { name: 'seek ahead', call: () => api.seek(api.frame().t + 50_000) },
    { name: 'jump to the next post', call: () => api.jump('post', 1) },
    { name: 'stepBack', call: () => api.stepBack() },
    { name: 'undoFork', call: () => api.undoFork() },
  ],
  // The recorded scenario holds every command and the instant: the whole of a transport run.
  () => { const f = api.frame(); return JSON.stringify([f.t, f.world.qps.map((q) => q.state), api.exportScenario()]); });
}

function memory(): Lab {
  const api = createMemoryApi();
  return lab(api, MEMORY_LESSONS, [
    { name: 'setConfig', call: () => api.setConfig({ qps: 700 }) },
    { name: 'setPreset', call: () => api.setPreset('connect-ib') },
    { name: 'setPinned', call: () => api.setPinned(0x100, true) },
    { name: 'patchCompare', call: () => api.patchCompare('b', { entries: 64 }) },
    { name: 'step', call: () => api.step(5) },
  ],
  () => { const f = api.frame(); return JSON.stringify([f.config, f.live.packets, f.compare?.a ?? null]); },
  () => { api.finishBackground(); });
}

function faults(): Lab {
  const api = createFaultsApi();
  return lab(api, FAULTS_LESSONS, [
    { name: 'setSettings', call: () => api.setSettings({ qps: 512 }) },
    { name: 'setPolicy', call: () => api.setPolicy('priority') },
    { name: 'restart', call: () => api.restart() },
    { name: 'runToEnd', call: () => api.runToEnd() },
    { name: 'setReset', call: () => api.setReset({ resetAtNs: 1000 }) },
    { name: 'explore', call: () => api.explore(null) },
    { name: 'setComparePolicy', call: () => api.setComparePolicy('priority') },
  ],
  () => JSON.stringify([api.frame().live.t, api.linkState()]));
}

describe.each([['transport', transport], ['memory', memory], ['faults', faults]] as const)('%s: an open question holds the model', (_name, make) => {
  it('Play stays paused and every change leaves the frame as it was; a refusal says why', () => {
    const lab = make();
    lab.open();
    const before = lab.print();
    expect(lab.play()).toBe(false);
    for (const c of lab.calls) {
      const r = c.call() as { ok?: boolean; error?: string } | undefined;
      if (r && typeof r === 'object' && 'ok' in r) expect(r, c.name).toMatchObject({ ok: false, error: HELD });
      expect(lab.print(), c.name).toBe(before);
    }
  });
  it('once the answer is shown, Play and the first change go through', () => {
    const lab = make();
    lab.open();
    expect(lab.reveal()).toBe(true);
    const before = lab.print();
    const r = lab.calls[0].call() as { ok?: boolean };
    expect(r.ok).toBe(true);
    expect(lab.print()).not.toBe(before);
  });
});
