// The NIC-memory lab's Web Worker: the QP-memory model runs here, off the main thread.
import { expose } from 'comlink';
import { createMemoryApi } from './memory/api.ts';

expose(createMemoryApi({ now: () => performance.now(), sliceMs: 25 }));
