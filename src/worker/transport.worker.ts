// The Web Worker entry of the transport instrument: the simulation lives here, off the main thread.
import { expose } from 'comlink';
import { createTransportApi } from './transport/api.ts';

expose(createTransportApi());
