// The instruments' clients. Each starts its worker on first use, from the connection its registry
// entry gives (app/instruments/<id>.spawn.ts, where the `new Worker(new URL(…))` Vite needs is
// written out), and calls it again to restart a worker that crashed, hung or talked garbage; the
// app (or a test) may install its own client instead. Views reach a worker only through these.
// No instrument is named here but for the typed accessors the three instruments' views use.
import type { TransportApi } from '../worker/transport/api.ts';
import type { Frame } from '../worker/transport/types.ts';
import type { MemoryApi } from '../worker/memory/api.ts';
import type { MemFrame } from '../worker/memory/types.ts';
import type { FaultsApi } from '../worker/faults/api.ts';
import type { FaultsFrame } from '../worker/faults/types.ts';
import type { KitFrame, LabApi } from '../worker/kit/types.ts';
import { LabClient, type Connection } from './kit/client.ts';

export type TransportClient = LabClient<TransportApi, Frame>;
export type MemoryClient = LabClient<MemoryApi, MemFrame>;
export type FaultsClient = LabClient<FaultsApi, FaultsFrame>;

/** What the kit needs of any client: its deadline follows the page's. */
interface Deadlined { setDeadline(ms: number): void }

/** A deadline other than the client's default (tests shorten it); applies to clients started later too. */
let deadlineMs: number | undefined;

/** Each instrument's connection to a fresh worker of its own, by id (its registry entry's `connect`). */
const sources = new Map<string, () => Connection<unknown>>();
/** The clients made or installed so far, by id. */
const clients = new Map<string, Deadlined>();
/** Clients made elsewhere (an instrument a test adds), so the deadline reaches them too. */
const others = new Set<Deadlined>();

/** Where `lab`'s worker comes from (its entry's `connect`); given before its client is first asked for. */
export function provideWorker<A>(lab: string, connect: () => Connection<A>): void {
  if (!sources.has(lab)) sources.set(lab, connect);
}

/**
 * `lab`'s client, started on first use. The one place the client's types are let go: a client is
 * stored by id, and only the id's own accessor (typed by its worker API) or the kit (which asks
 * only what every worker answers) reads it back.
 */
export function labClient<A extends LabApi<F>, F extends KitFrame = KitFrame>(lab: string): LabClient<A, F> {
  const have = clients.get(lab);
  if (have) return have as LabClient<A, F>;
  const connect = sources.get(lab);
  if (!connect) throw new Error(`no worker was given for the instrument "${lab}" (its registry entry's connect)`);
  const made = new LabClient<A, F>(connect as () => Connection<A>, { deadlineMs });
  clients.set(lab, made);
  return made;
}

export const transport = (): TransportClient => labClient<TransportApi, Frame>('transport');
export const memory = (): MemoryClient => labClient<MemoryApi, MemFrame>('memory');
export const faults = (): FaultsClient => labClient<FaultsApi, FaultsFrame>('faults');

/** How long a silent worker may owe an answer before it counts as hung, for every instrument. */
export function setDeadline(ms: number): void {
  deadlineMs = ms;
  for (const c of [...clients.values(), ...others]) c.setDeadline(ms);
}

/** Follow the page's deadline in a client made outside this module. */
export function followDeadline(c: Deadlined): void {
  others.add(c);
  if (deadlineMs !== undefined) c.setDeadline(deadlineMs);
}

/** Install a client (tests run the worker API in-process); null forgets it. */
export function installClient(lab: string, c: Deadlined | null): void {
  if (c) clients.set(lab, c);
  else clients.delete(lab);
}

export { LabClient, WorkerLost, type Caller, type Connection, type RecoveryEvent, type RecoveryHooks } from './kit/client.ts';
export { cmd, type SendWr } from './commands.ts';
