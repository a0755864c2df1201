// Start-up: the worker, the bridge client, the store wiring, and the scenario from the link.
import { wrap } from 'comlink';
import { SimClient, installClient } from '../bridge/index.ts';
import { simStore } from '../store/simStore.ts';
import { decodeShare } from '../scenario/codec.ts';
import { sandboxScenario } from '../scenario/presets.ts';
import type { WorkerApi } from '../worker/api.ts';

export async function boot(): Promise<SimClient> {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
  const client = new SimClient(wrap<WorkerApi>(worker));
  installClient(client);
  // A handle for end-to-end tests and for people driving the page from the console.
  (window as unknown as { qpScope: unknown }).qpScope = { client };
  client.onFrame((f) => simStore.getState().applyFrame(f));
  simStore.getState().setReference(await client.reference());
  simStore.getState().setLessons(await client.lessons());
  await loadFromLocation(client);
  window.addEventListener('hashchange', () => { void loadFromLocation(client); });
  return client;
}

/** `#s=<link>` loads a shared scenario at its instant; a bad link is named and the sandbox kept. */
export async function loadFromLocation(client: SimClient): Promise<void> {
  const m = /[#&]s=([^&]*)/.exec(window.location.hash);
  const store = simStore.getState();
  if (m) {
    const d = decodeShare(m[1]);
    if (d.ok) {
      const r = await client.load(d.value.scenario, d.value.view.t);
      if (r.ok) {
        if (d.value.view.lesson) await client.startLesson(d.value.view.lesson, true, d.value.view.step ?? 0);
        if (d.value.view.sel) store.select(d.value.view.sel);
        return;
      }
      store.showToast('error', `This link could not be opened: ${r.detail}. The current scenario is kept.`);
    } else {
      store.showToast('error', `This link could not be opened: ${d.error}. The current scenario is kept.`);
    }
    if (simStore.getState().frame) return;
  } else if (simStore.getState().frame) {
    return;
  }
  await client.load(sandboxScenario());
}
