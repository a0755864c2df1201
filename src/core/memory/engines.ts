// What runs the eviction decision when a miss finds its set full. Each engine has a decision
// latency (on the missing packet's critical path) and an occupancy (how long the engine is busy
// per decision: one shared engine serialises decisions, so occupancy caps evictions per second).
// The three classes and their orders of magnitude are the issue's: fixed-function logic "a few
// ns", a programmable engine "tens to hundreds of ns, serialised", a trap to firmware
// "microseconds". The exact values below are MODEL: the public record gives no measurement of
// any RNIC's eviction logic: no vendor publishes its policy [sources: model-engines].

import { ENGINE_IDS, type EngineId } from './ids.ts';

export { ENGINE_IDS, type EngineId };

export interface EngineSpec {
  id: EngineId | 'custom';
  label: string;
  /** Time from "set is full" to "victim chosen", ns. */
  decisionNs: number;
  /** Time the engine is busy per decision, ns (= decisionNs when serialised). */
  occupancyNs: number;
  note: string;
}

export const ENGINES: Readonly<Record<EngineId, EngineSpec>> = {
  fixed: {
    id: 'fixed', label: 'Fixed-function logic', decisionNs: 4, occupancyNs: 1,
    note: 'MODEL: ~4 cycles at ~1 GHz to read the set\'s policy bits and pick a way; pipelined, a new decision every cycle.',
  },
  programmable: {
    id: 'programmable', label: 'Programmable engine', decisionNs: 120, occupancyNs: 120,
    note: 'MODEL: a small micro-engine runs a policy program (tens of instructions, ~100+ ns); one decision at a time.',
  },
  firmware: {
    id: 'firmware', label: 'Trap to firmware', decisionNs: 2500, occupancyNs: 2500,
    note: 'MODEL: raise an event to the NIC\'s embedded CPU, run a handler, write the answer back: microseconds, serialised.',
  },
};

export function resolveEngine(e: EngineId | EngineSpec): EngineSpec {
  if (typeof e === 'string') {
    const spec = ENGINES[e];
    if (!spec) throw new RangeError(`engine must be one of ${ENGINE_IDS.join(', ')}, got ${String(e)}`);
    return spec;
  }
  if (!(e.decisionNs >= 0) || !(e.occupancyNs >= 0) || !Number.isFinite(e.decisionNs) || !Number.isFinite(e.occupancyNs)) {
    throw new RangeError(`engine decisionNs and occupancyNs must be finite and ≥ 0, got ${e.decisionNs} / ${e.occupancyNs}`);
  }
  return e;
}

/**
 * The ceiling a serialised engine puts on throughput: if a fraction `evictionsPerOp` of packets
 * need a decision, the engine can keep up with at most 1 / (evictionsPerOp × occupancy) packets/s.
 * Returns Mops (Infinity when no packet needs the engine).
 */
export function engineCeilingMops(spec: EngineSpec, evictionsPerOp: number): number {
  const busyNsPerOp = evictionsPerOp * spec.occupancyNs;
  return busyNsPerOp > 0 ? 1000 / busyNsPerOp : Infinity;
}
