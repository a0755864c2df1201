// The Web Worker of the transport instrument's diagnosis desk: it runs the catalogue's scenarios
// (a second or so of simulation) and parses pasted C off the main thread, and it is started only
// when a person opens the desk, so neither the page's entry nor the transport worker carries the
// parser or its WebAssembly.
import { expose } from 'comlink';
import { holdLifeline } from './kit/lifeline.ts';
import { DiagApi } from './diag/api.ts';

holdLifeline();
expose(new DiagApi());
