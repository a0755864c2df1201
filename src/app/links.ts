// Opening the page's address: one envelope for every instrument (scenario/link). A refused link
// is named in the instrument on screen (a role="alert" notice) and nothing from it is used.
import { namedLab, readLink } from '../scenario/link/index.ts';
import { memoryStore } from '../store/memory.ts';
import { faultsStore } from '../store/faults.ts';
import { openFaults, startFaults } from './faults.ts';
import { transportStore } from '../store/transport.ts';
import { openMemory, startMemory } from './memory.ts';
import { openTransport, startTransport } from './transport.ts';

export type Lab = 'transport' | 'memory' | 'faults';

/** Read `hash` and open what it names. Returns the instrument to show. */
export async function openLocation(hash: string, current: Lab | null): Promise<Lab> {
  const d = readLink(hash);
  if (!d.ok) {
    // A refused link that names an instrument opens that instrument as it is (or with its defaults).
    const lab = namedLab(hash) ?? current ?? 'transport';
    await start(lab);
    notify(lab, 'error', `This link could not be opened: ${d.error}. ${lab === 'transport' ? 'The current scenario is' : 'The current settings are'} kept.`);
    return lab;
  }
  await start(d.lab);
  if (d.value === null) return d.lab;
  const error = d.lab === 'transport' ? await openTransport(d.value) : d.lab === 'memory' ? await openMemory(d.value) : await openFaults(d.value);
  if (error) notify(d.lab, 'error', `This link could not be opened: ${error}. ${d.lab === 'transport' ? 'The current scenario is' : 'The current settings are'} kept.`);
  else notify(d.lab, 'info', d.lab === 'transport' ? 'Opened the shared moment.' : 'Opened the shared lab settings.');
  return d.lab;
}

function start(lab: Lab): Promise<void> {
  return lab === 'transport' ? startTransport() : lab === 'memory' ? startMemory() : startFaults();
}

function notify(lab: Lab, kind: 'error' | 'info', text: string): void {
  const store = lab === 'transport' ? transportStore : lab === 'memory' ? memoryStore : faultsStore;
  store.getState().showNotice(kind, text);
}
