// The instruments' clients. Each starts its worker on first use, from a factory it calls again
// to restart a worker that crashed, hung or talked garbage; the app (or a test) may install its
// own client instead. Views reach a worker only through these.
import type { TransportApi } from '../worker/transport/api.ts';
import type { Frame } from '../worker/transport/types.ts';
import type { MemoryApi } from '../worker/memory/api.ts';
import type { MemFrame } from '../worker/memory/types.ts';
import type { FaultsApi } from '../worker/faults/api.ts';
import type { FaultsFrame } from '../worker/faults/types.ts';
import { LabClient } from './kit/client.ts';
import { workerConnection } from './kit/channel.ts';

export type TransportClient = LabClient<TransportApi, Frame>;
export type MemoryClient = LabClient<MemoryApi, MemFrame>;
export type FaultsClient = LabClient<FaultsApi, FaultsFrame>;

// Each `new Worker(new URL(…))` is written out: it is how Vite finds and bundles a worker.
const workers = {
  transport: () => new Worker(new URL('../worker/transport.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-transport' }),
  memory: () => new Worker(new URL('../worker/memory.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-memory' }),
  faults: () => new Worker(new URL('../worker/faults.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-faults' }),
};

/** A deadline other than the client's default (tests shorten it); applies to clients started later too. */
let deadlineMs: number | undefined;

let transportClient: TransportClient | null = null;
let memoryClient: MemoryClient | null = null;
let faultsClient: FaultsClient | null = null;

export function transport(): TransportClient {
  transportClient ??= new LabClient(() => workerConnection<TransportApi>(workers.transport), { deadlineMs });
  return transportClient;
}

export function memory(): MemoryClient {
  memoryClient ??= new LabClient(() => workerConnection<MemoryApi>(workers.memory), { deadlineMs });
  return memoryClient;
}

export function faults(): FaultsClient {
  faultsClient ??= new LabClient(() => workerConnection<FaultsApi>(workers.faults), { deadlineMs });
  return faultsClient;
}

/** How long a silent worker may owe an answer before it counts as hung, for every instrument. */
export function setDeadline(ms: number): void {
  deadlineMs = ms;
  for (const c of [transportClient, memoryClient, faultsClient]) c?.setDeadline(ms);
}

/** Install a client (tests run the worker API in-process). */
export function installTransport(c: TransportClient | null): void {
  transportClient = c;
}

export { LabClient, WorkerLost, type Caller, type RecoveryEvent, type RecoveryHooks } from './kit/client.ts';
export { cmd, type SendWr } from './commands.ts';
