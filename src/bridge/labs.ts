// The instruments' clients. Each starts its worker on first use; the app (or a test) may install
// its own client instead. Views reach a worker only through these.
import { wrap } from 'comlink';
import type { TransportApi } from '../worker/transport/api.ts';
import type { Frame } from '../worker/transport/types.ts';
import type { MemoryApi } from '../worker/memory/api.ts';
import type { MemFrame } from '../worker/memory/types.ts';
import type { FaultsApi } from '../worker/faults/api.ts';
import type { FaultsFrame } from '../worker/faults/types.ts';
import { LabClient } from './kit/client.ts';

export type TransportClient = LabClient<TransportApi, Frame>;
export type MemoryClient = LabClient<MemoryApi, MemFrame>;
export type FaultsClient = LabClient<FaultsApi, FaultsFrame>;

let transportClient: TransportClient | null = null;
let memoryClient: MemoryClient | null = null;
let faultsClient: FaultsClient | null = null;

export function transport(): TransportClient {
  if (!transportClient) {
    const w = new Worker(new URL('../worker/transport.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-transport' });
    transportClient = new LabClient(wrap<TransportApi>(w));
  }
  return transportClient;
}

export function memory(): MemoryClient {
  if (!memoryClient) {
    const w = new Worker(new URL('../worker/memory.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-memory' });
    memoryClient = new LabClient(wrap<MemoryApi>(w));
  }
  return memoryClient;
}

export function faults(): FaultsClient {
  if (!faultsClient) {
    const w = new Worker(new URL('../worker/faults.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-faults' });
    faultsClient = new LabClient(wrap<FaultsApi>(w));
  }
  return faultsClient;
}

/** Install a client (tests run the worker API in-process). */
export function installTransport(c: TransportClient | null): void {
  transportClient = c;
}

export { LabClient } from './kit/client.ts';
export { cmd, type SendWr } from './commands.ts';
