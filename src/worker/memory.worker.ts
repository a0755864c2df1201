// The NIC-memory lab's Web Worker: the QP-memory model runs here, off the main thread.
import { expose } from 'comlink';
import { holdLifeline } from './kit/lifeline.ts';
import { createMemoryApi } from './memory/api.ts';

holdLifeline();
expose(createMemoryApi({ now: () => performance.now(), sliceMs: 25 }));
