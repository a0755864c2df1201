// The report's rows, in table order. Add a probe module and list it here to add rows.
// quality stays last: its CSP / request / error counts cover the pages the others opened.
import { bundleProbe } from './bundle.ts';
import { framesProbe } from './frames.ts';
import { fuzzProbe } from './fuzz.ts';
import { loadProbe } from './load.ts';
import { qualityProbe } from './quality.ts';
import { recoveryProbe } from './recovery.ts';
import { soakProbe } from './soak.ts';
import type { Probe } from '../types.ts';

export const probes: Probe[] = [bundleProbe, loadProbe, framesProbe, soakProbe, recoveryProbe, fuzzProbe, qualityProbe];
