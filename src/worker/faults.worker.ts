// The Web Worker entry of the Faults instrument: storms and resets run here, off the main thread.
import { expose } from 'comlink';
import { holdLifeline } from './kit/lifeline.ts';
import { createFaultsApi } from './faults/api.ts';

holdLifeline();
expose(createFaultsApi());
