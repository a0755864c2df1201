// The readouts a question may hide "answer first" until the learner locks in, per instrument: the
// keys the views test (views/kit/mask.tsx isMasked; the faults and transport views add their own
// always-on keys). A lesson file naming any other key would mask nothing, so the check refuses it.
// masks.test.ts reads the views' sources and keeps this list equal to the keys they test.
import type { LabId } from '../kit/types.ts';

export const MASK_KEYS: Record<LabId, readonly string[]> = {
  transport: ['modify-check', 'modify-table', 'state-arrows', 'profile-table'],
  memory: ['hit-rate', 'throughput', 'latency', 'evictions', 'engine-util', 'cliff', 'compare', 'sim', 'walk', 'table-memory'],
  faults: ['fault', 'storm-events', 'report', 'policies', 'reset-report', 'reset-lanes'],
};
