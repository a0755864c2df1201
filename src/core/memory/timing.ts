// How cache outcomes become time. The NIC keeps up to K packets in process at once (K =
// `overlap`); it starts one every tHit when a place is free, and a packet without a miss stays
// K × tHit (the pipeline's latency), so the peak rate is 1 / tHit. A miss keeps only its own
// packet longer - eviction decision (waiting for a shared engine if it is busy), then one PCIe
// read per off-chip table level, then any write-back stall - while the other K-1 proceed.
// K = 1 is a blocking cache. In steady state this gives t = tHit + m·(reads·L + decision)/K per
// packet: the MODEL formula the presets are fitted with, t = t_hit + m·L/K [sources: model-timing],
// grown into a mechanism so engines' serialisation and bursts of misses show up by themselves.
// Time unit: integer picoseconds inside this model (peak intervals like 16.7 ns are not whole
// ns; rounding them would move the CX5 peak by 2%); everything reported is converted to ns.
import { ACCESS_MISS_EVICT_DIRTY } from './cacheTypes.ts';
import { resolveEngine, type EngineId, type EngineSpec } from './engines.ts';

export interface TimingConfig {
  /** Issue interval at peak, ns (= 1000 / peak Mops). */
  tHitNs: number;
  /** Latency of one PCIe read of a table level / context, ns. */
  fetchNs: number;
  /** K: packets in process at once, each blocking only itself on a miss. 1 = blocking. */
  overlap: number;
  engine: EngineId | EngineSpec;
  /** Extra stall of a dirty eviction, ns. Default 0: a posted write off the critical path (MODEL). */
  writebackNs?: number;
}

export interface TimingResult {
  packets: number;
  throughputMops: number;
  /** Mean time a packet spends in the NIC (pipeline residence incl. misses), ns. */
  meanLatencyNs: number;
  /** Mean wait for a busy eviction engine per packet, ns. */
  meanEngineWaitNs: number;
  /** Share of the window the eviction engine was busy. */
  engineUtilization: number;
  spanNs: number;
}

export interface TimerSnapshot {
  heap: Float64Array;
  nextIssue: number;
  engineFree: number;
  acc: Float64Array;
}

export const MAX_OVERLAP = 4096;

export function validateTiming(t: TimingConfig): string | null {
  if (!(t.tHitNs > 0) || !Number.isFinite(t.tHitNs)) return `timing.tHitNs must be > 0, got ${t.tHitNs}`;
  if (!(t.fetchNs >= 0) || !Number.isFinite(t.fetchNs)) return `timing.fetchNs must be ≥ 0, got ${t.fetchNs}`;
  if (!Number.isInteger(t.overlap) || t.overlap < 1 || t.overlap > MAX_OVERLAP) return `timing.overlap must be an integer in 1..${MAX_OVERLAP}, got ${t.overlap}`;
  if (t.writebackNs !== undefined && !(t.writebackNs >= 0)) return `timing.writebackNs must be ≥ 0, got ${t.writebackNs}`;
  try { resolveEngine(t.engine); } catch (e) { return (e as Error).message; }
  return null;
}

const ps = (ns: number) => Math.round(ns * 1000);

// Accumulator slots (a Float64Array so a snapshot is one copy).
const A_PACKETS = 0, A_LAT = 1, A_WAIT = 2, A_BUSY = 3, A_FIRST = 4;

export class PacketTimer {
  private readonly tHit: number;
  private readonly resident: number; // K × tHit
  private readonly missPs: number; // reads × fetch
  private readonly decision: number;
  private readonly occupancy: number;
  private readonly wb: number;
  private heap: Float64Array; // min-heap of the times the K places free up
  private nextIssue = 0;
  private engineFree = 0;
  private acc = new Float64Array(5).fill(0);

  constructor(cfg: TimingConfig, readonly readsPerMiss: number) {
    const err = validateTiming(cfg);
    if (err) throw new RangeError(err);
    const eng = resolveEngine(cfg.engine);
    this.tHit = ps(cfg.tHitNs);
    this.resident = cfg.overlap * this.tHit;
    this.missPs = readsPerMiss * ps(cfg.fetchNs);
    this.decision = ps(eng.decisionNs);
    this.occupancy = ps(eng.occupancyNs);
    this.wb = ps(cfg.writebackNs ?? 0);
    this.heap = new Float64Array(cfg.overlap);
    this.acc[A_FIRST] = -1;
  }

  /** One packet. code: the cache's ACCESS_* answer; decided: the eviction engine was consulted. */
  onPacket(code: number, decided: boolean): void {
    const heap = this.heap;
    const issue = heap[0] > this.nextIssue ? heap[0] : this.nextIssue;
    let t = issue;
    if (code !== 0) {
      if (decided) {
        const start = this.engineFree > t ? this.engineFree : t;
        this.acc[A_WAIT] += start - t;
        this.engineFree = start + this.occupancy;
        this.acc[A_BUSY] += this.occupancy;
        t = start + this.decision;
      }
      t += this.missPs;
      if (code === ACCESS_MISS_EVICT_DIRTY) t += this.wb;
    }
    const done = t + this.resident;
    this.nextIssue = issue + this.tHit;
    if (this.acc[A_FIRST] < 0) this.acc[A_FIRST] = issue;
    this.acc[A_PACKETS]++;
    this.acc[A_LAT] += done - issue;
    // Replace the root with `done` and sift down.
    const n = heap.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && heap[r] < heap[l] ? r : l;
      if (heap[c] >= done) break;
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = done;
  }

  /** Forget accumulated figures (end of warm-up); the pipeline state carries on. */
  startWindow(): void {
    this.acc.fill(0);
    this.acc[A_FIRST] = -1;
  }

  result(): TimingResult {
    const a = this.acc;
    const packets = a[A_PACKETS];
    const end = this.heap[0] > this.nextIssue ? this.heap[0] : this.nextIssue;
    const span = packets > 0 ? end - a[A_FIRST] : 0;
    return {
      packets,
      throughputMops: span > 0 ? (packets * 1e6) / span : 0,
      meanLatencyNs: packets > 0 ? a[A_LAT] / packets / 1000 : 0,
      meanEngineWaitNs: packets > 0 ? a[A_WAIT] / packets / 1000 : 0,
      engineUtilization: span > 0 ? Math.min(1, a[A_BUSY] / span) : 0,
      spanNs: span / 1000,
    };
  }

  snapshot(): TimerSnapshot {
    return { heap: this.heap.slice(), nextIssue: this.nextIssue, engineFree: this.engineFree, acc: this.acc.slice() };
  }

  restoreFrom(s: TimerSnapshot): void {
    this.heap = s.heap.slice();
    this.nextIssue = s.nextIssue;
    this.engineFree = s.engineFree;
    this.acc = s.acc.slice();
  }
}
