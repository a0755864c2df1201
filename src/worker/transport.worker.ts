// The Web Worker entry of the transport instrument: the simulation lives here, off the main thread.
import { expose } from 'comlink';
import { holdLifeline } from './kit/lifeline.ts';
import { createTransportApi } from './transport/api.ts';

holdLifeline();
expose(createTransportApi());
