// Opening the page's address: one envelope for every instrument (scenario/link). A refused link
// is named in the instrument on screen (a role="alert" notice) and nothing from it is used.
import { namedLab, readLink } from '../scenario/link/index.ts';
import { memoryStore } from '../store/memory.ts';
import { transportStore } from '../store/transport.ts';
import { openMemory, startMemory } from './memory.ts';
import { openTransport, startTransport } from './transport.ts';

export type Lab = 'transport' | 'memory';

/** Read `hash` and open what it names. Returns the instrument to show. */
export async function openLocation(hash: string, current: Lab | null): Promise<Lab> {
  const d = readLink(hash);
  if (!d.ok) {
    // A refused link that names an instrument opens that instrument as it is (or with its defaults).
    const lab = namedLab(hash) ?? current ?? 'transport';
    await start(lab);
    notify(lab, 'error', `This link could not be opened: ${d.error}. ${lab === 'memory' ? 'The current settings are' : 'The current scenario is'} kept.`);
    return lab;
  }
  await start(d.lab);
  if (d.value === null) return d.lab;
  const error = d.lab === 'transport' ? await openTransport(d.value) : await openMemory(d.value);
  if (error) notify(d.lab, 'error', `This link could not be opened: ${error}. ${d.lab === 'memory' ? 'The current settings are' : 'The current scenario is'} kept.`);
  else notify(d.lab, 'info', d.lab === 'memory' ? 'Opened the shared lab settings.' : 'Opened the shared moment.');
  return d.lab;
}

function start(lab: Lab): Promise<void> {
  return lab === 'transport' ? startTransport() : startMemory();
}

function notify(lab: Lab, kind: 'error' | 'info', text: string): void {
  (lab === 'transport' ? transportStore : memoryStore).getState().showNotice(kind, text);
}
