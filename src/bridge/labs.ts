// The instruments' clients. Each starts its worker on first use, from a factory it calls again
// to restart a worker that crashed, hung or talked garbage; the app (or a test) may install its
// own client instead. Views reach a worker only through these. Which instruments there are is the
// id list's (scenario/link/labName.ts); a missing factory or API type is a type error here.
import type { TransportApi } from '../worker/transport/api.ts';
import type { Frame } from '../worker/transport/types.ts';
import type { MemoryApi } from '../worker/memory/api.ts';
import type { MemFrame } from '../worker/memory/types.ts';
import type { FaultsApi } from '../worker/faults/api.ts';
import type { FaultsFrame } from '../worker/faults/types.ts';
import type { LabId } from '../scenario/link/labName.ts';
import type { KitFrame, LabApi } from '../worker/kit/types.ts';
import { LabClient } from './kit/client.ts';
import { workerConnection } from './kit/channel.ts';

/** Each instrument's client, by id: its worker API and its frame. */
export interface LabClients {
  transport: LabClient<TransportApi, Frame>;
  memory: LabClient<MemoryApi, MemFrame>;
  faults: LabClient<FaultsApi, FaultsFrame>;
}
export type ClientOf<L extends LabId> = LabClients[L];

export type TransportClient = ClientOf<'transport'>;
export type MemoryClient = ClientOf<'memory'>;
export type FaultsClient = ClientOf<'faults'>;

/** A deadline other than the client's default (tests shorten it); applies to clients started later too. */
let deadlineMs: number | undefined;

/** A client whose worker `start` starts (again after a loss). */
function make<A extends LabApi<F>, F extends KitFrame>(start: () => Worker): LabClient<A, F> {
  return new LabClient(() => workerConnection<A>(start), { deadlineMs });
}

// Each `new Worker(new URL(…))` is written out: it is how Vite finds and bundles a worker.
const MAKE: { readonly [L in LabId]: () => LabClients[L] } = {
  transport: () => make(() => new Worker(new URL('../worker/transport.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-transport' })),
  memory: () => make(() => new Worker(new URL('../worker/memory.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-memory' })),
  faults: () => make(() => new Worker(new URL('../worker/faults.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-faults' })),
};

const clients: { [L in LabId]?: LabClients[L] | null } = {};
/** Clients made elsewhere (an instrument a test adds), so the deadline reaches them too. */
const others = new Set<{ setDeadline(ms: number): void }>();

/** `lab`'s client, started on first use. */
export function labClient<L extends LabId>(lab: L): LabClients[L] {
  const have: LabClients[L] | null | undefined = clients[lab];
  if (have) return have;
  const made = MAKE[lab]();
  clients[lab] = made;
  return made;
}

export const transport = (): TransportClient => labClient('transport');
export const memory = (): MemoryClient => labClient('memory');
export const faults = (): FaultsClient => labClient('faults');

/** How long a silent worker may owe an answer before it counts as hung, for every instrument. */
export function setDeadline(ms: number): void {
  deadlineMs = ms;
  for (const c of [...Object.values(clients), ...others]) c?.setDeadline(ms);
}

/** Follow the page's deadline in a client made outside this module. */
export function followDeadline(c: { setDeadline(ms: number): void }): void {
  others.add(c);
  if (deadlineMs !== undefined) c.setDeadline(deadlineMs);
}

/** Install a client (tests run the worker API in-process). */
export function installClient<L extends LabId>(lab: L, c: LabClients[L] | null): void {
  clients[lab] = c;
}

export { LabClient, WorkerLost, type Caller, type RecoveryEvent, type RecoveryHooks } from './kit/client.ts';
export { cmd, type SendWr } from './commands.ts';
