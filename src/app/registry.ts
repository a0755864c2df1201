// The registry of instruments: the one place the page names them. An entry (app/instrument.ts)
// holds an instrument's id and title, its client (worker factory in bridge/labs.ts), link spec,
// store, first calls, open/payload/restore hooks and its view; everything in src/app looks an
// instrument up here instead of branching on its name. The ids beneath the app (lessons, links,
// worker types) come from scenario/link/labName.ts, and the `satisfies` below keeps the two equal.
import { INSTRUMENTS, type LabId } from '../scenario/link/labName.ts';
import type { AnyInstrument } from './instrument.ts';
import { TRANSPORT } from './instruments/transport.tsx';
import { MEMORY } from './instruments/memory.ts';
import { FAULTS } from './instruments/faults.ts';

export const REGISTRY = { transport: TRANSPORT, memory: MEMORY, faults: FAULTS } as const satisfies { readonly [L in LabId]: AnyInstrument & { id: L } };

/** An instrument's id, derived from the registry. */
export type InstrumentId = keyof typeof REGISTRY;

/** The instrument an empty address opens when nothing was saved. */
export const FIRST: InstrumentId = INSTRUMENTS[0];

/** Entries added at run time (a test's own instrument), after the page's own. */
const added = new Map<string, AnyInstrument>();

/** Add an instrument (tests: a fourth, test-only one); its id must be new. */
export function register(e: AnyInstrument): void {
  if (e.id in REGISTRY || added.has(e.id)) throw new Error(`there is already an instrument "${e.id}"`);
  added.set(e.id, e);
}

/** Every instrument, in the order the switch shows them. */
export function instruments(): AnyInstrument[] {
  return [...Object.values(REGISTRY), ...added.values()];
}

export function ids(): string[] {
  return instruments().map((e) => e.id);
}

/** The entry of `id` (an id read from an address is looked up with `find`). */
export function entryOf(id: string): AnyInstrument {
  const e = find(id);
  if (!e) throw new Error(`there is no instrument "${id}"`);
  return e;
}

export function find(id: string): AnyInstrument | undefined {
  return Object.prototype.hasOwnProperty.call(REGISTRY, id) ? REGISTRY[id as InstrumentId] : added.get(id);
}
