// Capacity and timing on the back of an envelope: given an SRAM budget, the context size, the
// table geometry, the packet rate and the miss cost, how many QPs fit on chip, how much host
// memory the table needs, and what throughput to expect with N active QPs. Closed form, for
// uniform traffic over the active QPs on a fully associative cache (IRM: miss ratio
// m = max(0, 1 - C/N)) and per-packet time t = tHit + m·(reads·L + decision)/K - the MODEL
// the presets are fitted with [sources: model-timing, model-cache]. The sweep (sweep.ts) is the simulated version and
// adds banking, other traffic and queueing; the tests check the two agree where both apply.
import { engineCeilingMops, resolveEngine, type EngineId, type EngineSpec } from './engines.ts';
import { estimateTableMemory, tableGeometry, type QpTableConfig } from './tableGeometry.ts';
import type { QpnLayout } from './qpnLayout.ts';

export interface CapacityInput {
  /** On-chip bytes given to QP contexts. */
  sramBytes: number;
  contextBytes: number;
  table: QpTableConfig;
  /** QPs created (they occupy the host table). */
  allocatedQps: number;
  /** QPs with traffic (they compete for the cache). */
  activeQps: number;
  layout?: QpnLayout;
  /** Peak packet rate the pipeline sustains with no misses, Mpps (tHit = 1000 / rate ns). */
  packetRateMpps: number;
  /** One PCIe read, ns. */
  fetchNs: number;
  /** Fetches in flight at once (1 = blocking). */
  overlap: number;
  engine?: EngineId | EngineSpec;
  /** Loss versus peak that still counts as "performant" (default 0.05). */
  lossTarget?: number;
}

export interface CapacityResult {
  cachedQps: number;
  hostMemoryBytes: number;
  hostBytesPerQp: number;
  /** One flat array over the whole QPN space, for comparison. */
  flatTableBytes: number;
  hostReadsPerMiss: number;
  /** Time a miss adds to its own packet: decision + reads × fetch, ns. */
  missCostNs: number;
  missRatio: number;
  peakMops: number;
  throughputMops: number;
  /** 1 - throughput / peak. */
  loss: number;
  /** Ceiling from a serialised eviction engine at this miss ratio. */
  engineCeilingMops: number;
  /** Most active QPs with loss ≤ lossTarget (Infinity if the loss never gets there). */
  performantQps: number;
}

/** Cache capacity in contexts for an SRAM budget: the `entries` of a CacheConfig given bytes. */
export function cacheEntriesFor(sramBytes: number, contextBytes: number): number {
  if (!(sramBytes >= 0) || !(contextBytes > 0)) throw new RangeError(`cacheEntriesFor needs sramBytes ≥ 0 and contextBytes > 0, got ${sramBytes} / ${contextBytes}`);
  return Math.floor(sramBytes / contextBytes);
}

export function capacity(inp: CapacityInput): CapacityResult {
  const bad = (f: string, v: unknown) => new RangeError(`capacity.${f} is invalid: ${String(v)}`);
  if (!(inp.sramBytes >= 0)) throw bad('sramBytes', inp.sramBytes);
  if (!(inp.contextBytes > 0)) throw bad('contextBytes', inp.contextBytes);
  if (!Number.isInteger(inp.allocatedQps) || inp.allocatedQps < 0) throw bad('allocatedQps', inp.allocatedQps);
  if (!Number.isInteger(inp.activeQps) || inp.activeQps < 0) throw bad('activeQps', inp.activeQps);
  if (!(inp.packetRateMpps > 0)) throw bad('packetRateMpps', inp.packetRateMpps);
  if (!(inp.fetchNs >= 0)) throw bad('fetchNs', inp.fetchNs);
  if (!Number.isInteger(inp.overlap) || inp.overlap < 1) throw bad('overlap', inp.overlap);
  const lossTarget = inp.lossTarget ?? 0.05;
  if (!(lossTarget > 0 && lossTarget < 1)) throw bad('lossTarget', lossTarget);

  const g = tableGeometry(inp.table);
  const mem = estimateTableMemory(g, inp.allocatedQps, inp.layout ?? 'dense');
  const eng = resolveEngine(inp.engine ?? 'fixed');
  const C = cacheEntriesFor(inp.sramBytes, inp.contextBytes);
  const N = inp.activeQps;
  const tHit = 1000 / inp.packetRateMpps;
  const missCost = eng.decisionNs + g.hostReadsPerMiss * inp.fetchNs;
  const missRatio = N > C ? 1 - C / N : 0;
  const perOp = tHit + (missRatio * missCost) / inp.overlap;
  const ceiling = engineCeilingMops(eng, missRatio);
  const throughput = Math.min(1000 / perOp, ceiling);
  const peak = 1000 / tHit;

  // Largest miss ratio with loss ≤ target: from the per-op time and from the engine's ceiling.
  const slack = 1 / (1 - lossTarget);
  const mTime = missCost > 0 ? (tHit * (slack - 1) * inp.overlap) / missCost : Infinity;
  const mEngine = eng.occupancyNs > 0 ? 1000 / (peak * (1 - lossTarget) * eng.occupancyNs) : Infinity;
  const mMax = Math.min(mTime, mEngine);
  const performantQps = mMax >= 1 ? Infinity : C === 0 ? 0 : Math.floor(C / (1 - mMax));

  return {
    cachedQps: C, hostMemoryBytes: mem.bytes, hostBytesPerQp: inp.allocatedQps > 0 ? mem.bytes / inp.allocatedQps : 0,
    flatTableBytes: mem.flatBytes, hostReadsPerMiss: g.hostReadsPerMiss, missCostNs: missCost, missRatio,
    peakMops: peak, throughputMops: throughput, loss: 1 - throughput / peak, engineCeilingMops: ceiling, performantQps,
  };
}
