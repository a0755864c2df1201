// The Web Worker entry: the simulation lives here, off the main thread.
import { expose } from 'comlink';
import { createWorkerApi } from './api.ts';

expose(createWorkerApi());
