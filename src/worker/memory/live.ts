// The live runner: packets of the configured traffic through the core's one packet loop
// (PacketPath, the same the sweep uses), recording what a person watches - the last accesses
// (for flashes), the anatomy of the last miss, and per-window hit rate, throughput and latency.
// After the same packets it has the same cache and numbers as the sweep point at the same N.
import {
  ACCESS_MISS_EVICT, ACCESS_MISS_EVICT_DIRTY, PacketPath, QpTable, resolveEngine, tableGeometry,
  type AccessCode, type CacheStats, type EvictionWhy, type PacketTimer, type QpcCache, type SweepSpec, type Traffic, type TimingResult,
} from '../../core/memory/index.ts';
import type { AccessRec, LiveReadout, MissDetail, SeriesPoint, WaterfallPart } from './types.ts';

const RING = 64;
const SERIES_CAP = 240;
/** Packets at the end of each run() that take the detailed path (waterfall of their misses). */
const DETAIL_TAIL = 48;
/** Readouts average this many windows. */
const READOUT_WINDOWS = 6;

export class LiveRunner {
  private readonly path: PacketPath;
  readonly table: QpTable | null;
  readonly qps: number;
  private allocated = 0;
  packets = 0;
  simNs = 0;
  private readonly ringQ = new Int32Array(RING);
  private readonly ringC = new Uint8Array(RING);
  private readonly ringV = new Int32Array(RING);
  private readonly ringB = new Uint8Array(RING);
  private readonly ringN = new Float64Array(RING);
  /** Why each eviction in the ring happened (captured for the last RING packets of every run). */
  private readonly ringW: Array<EvictionWhy | null> = new Array<EvictionWhy | null>(RING).fill(null);
  private ringPos = 0;
  readonly series: SeriesPoint[] = [];
  lastMiss: MissDetail | null = null;
  /** Bumped whenever the cache contents may have changed. */
  version = 0;
  private inWindow = 0;
  private wHits = 0;
  private wMisses = 0;
  private wEvict = 0;
  private wWb = 0;
  private readonly tHit: number;
  private readonly fetchNs: number;
  private readonly decisionNs: number;
  private readonly writebackNs: number;
  private readonly engineLabel: string;
  private readonly utilisation: number[] = [];

  constructor(readonly spec: SweepSpec, qps: number, withTable: boolean) {
    this.qps = qps;
    this.table = withTable ? new QpTable(spec.table) : null;
    const reads = this.table ? this.table.geometry.hostReadsPerMiss : hostReads(spec);
    this.path = new PacketPath(spec, qps, reads, { track: true });
    const eng = resolveEngine(spec.timing.engine);
    this.tHit = spec.timing.tHitNs;
    this.fetchNs = spec.timing.fetchNs;
    this.decisionNs = eng.decisionNs;
    this.engineLabel = eng.label;
    this.writebackNs = spec.timing.writebackNs ?? 0;
  }

  get traffic(): Traffic { return this.path.traffic; }
  get cache(): QpcCache { return this.path.cache; }
  get timer(): PacketTimer { return this.path.timer; }

  /** Share of the QP table built (1 without a table). */
  get setupProgress(): number {
    return this.table ? this.allocated / this.qps : 1;
  }

  get ready(): boolean {
    return !this.table || this.allocated >= this.qps;
  }

  /** Allocate up to `units` QPs in the host table. Returns the units used. */
  setup(units: number): number {
    if (!this.table) return 0;
    const qpns = this.traffic.qpns;
    const stop = Math.min(this.qps, this.allocated + Math.max(1, Math.floor(units)));
    const used = stop - this.allocated;
    while (this.allocated < stop) this.table.allocate(qpns[this.allocated++]);
    return used;
  }

  /** Run `n` packets; windows of `windowPackets` close into the series. */
  run(n: number, windowPackets: number): void {
    if (n <= 0 || !this.ready) return;
    const w = Math.max(1, Math.floor(windowPackets));
    const fast = Math.max(0, n - DETAIL_TAIL);
    const path = this.path;
    let lastQ = -1, lastCode = 0, lastVictim = -1, lastN = 0, lastDecided = false;
    // Only the packets the ring will still hold explain their evictions (a record costs an object).
    const explainFrom = n - RING;
    for (let i = 0; i < fast; i++) {
      path.cache.captureWhy = i >= explainFrom;
      const code = path.lookup();
      this.record(path.qpn, code, path.bypass);
      path.flight();
      if (code !== 0) { lastQ = path.qpn; lastCode = code; lastVictim = path.victim; lastN = this.packets; lastDecided = path.decided; }
      if (++this.inWindow >= w) this.closeWindow();
    }
    const before = this.lastMiss;
    path.cache.captureWhy = true;
    for (let i = fast; i < n; i++) {
      this.detailedPacket();
      if (++this.inWindow >= w) this.closeWindow();
    }
    if (this.lastMiss === before && lastQ >= 0) {
      // No miss in the measured tail: describe the run's last miss from its terms (engine wait not measured).
      const m = this.anatomy(lastQ, lastCode as AccessCode, lastVictim, lastDecided, NaN, 0);
      m.n = lastN;
      m.latencyNs = m.parts.filter((p) => p.critical).reduce((a, p) => a + p.ns, 0);
      m.measured = false;
      this.lastMiss = m;
    }
    path.cache.captureWhy = false;
    this.version++;
  }

  private record(q: number, code: number, bypass: boolean): void {
    const p = this.ringPos++ % RING;
    this.ringQ[p] = q;
    this.ringC[p] = code;
    this.ringV[p] = this.path.victim;
    this.ringB[p] = bypass ? 1 : 0;
    this.ringN[p] = ++this.packets;
    this.ringW[p] = code >= ACCESS_MISS_EVICT ? this.cache.lastWhy : null;
    if (code === 0) this.wHits++;
    else {
      this.wMisses++;
      if (code >= ACCESS_MISS_EVICT) this.wEvict++;
      if (code === ACCESS_MISS_EVICT_DIRTY) this.wWb++;
    }
  }

  /** One packet with its timing measured, for the waterfall (measured before its flight step). */
  private detailedPacket(): void {
    const path = this.path;
    const before = path.timer.result();
    const code = path.lookup();
    this.record(path.qpn, code, path.bypass);
    if (code === 0) { path.flight(); return; }
    const after = path.timer.result();
    path.flight();
    const latency = after.meanLatencyNs * after.packets - before.meanLatencyNs * before.packets;
    const wait = Math.max(0, after.meanEngineWaitNs * after.packets - before.meanEngineWaitNs * before.packets);
    this.lastMiss = this.anatomy(path.qpn, code, path.victim, path.decided, latency, wait);
  }

  /** Where a miss's time went: the timer's own terms (timing.ts), laid end to end. */
  private anatomy(qpn: number, code: AccessCode, victim: number, decided: boolean, latencyNs: number, waitNs: number): MissDetail {
    const K = this.spec.timing.overlap;
    const parts: WaterfallPart[] = [];
    let t = 0;
    const add = (p: Omit<WaterfallPart, 'startNs'>, at = t) => { parts.push({ ...p, startNs: at }); if (p.critical) t = at + p.ns; };
    add({ id: 'lookup', label: 'Lookup', ns: this.tHit, critical: true, note: `tag match in the set: one pipeline slot (t_hit = ${fmt(this.tHit)} ns); the miss is known here` });
    if (decided && waitNs > 0.0005) add({ id: 'engine-wait', label: 'Wait for engine', ns: waitNs, critical: true, note: `the ${this.engineLabel.toLowerCase()} was busy deciding for an earlier miss` });
    if (decided) add({ id: 'decision', label: 'Eviction decision', ns: this.decisionNs, critical: true, note: `${this.engineLabel}: pick a victim in the full set (MODEL latency)` });
    const reads = this.timer.readsPerMiss;
    const fetchStart = t;
    for (let r = 0; r < reads; r++) {
      add({ id: 'fetch', label: reads > 1 ? `PCIe read ${r + 1}/${reads}` : 'PCIe read of the context', ns: this.fetchNs, critical: true, note: r === reads - 1 ? 'DMA read of the QP context from the host table' : 'DMA read of a table level (not held on chip)' });
    }
    if (code === ACCESS_MISS_EVICT_DIRTY) {
      if (this.writebackNs > 0) add({ id: 'writeback-stall', label: 'Write-back stall', ns: this.writebackNs, critical: true, note: 'the victim must leave before the fill' });
      add({ id: 'writeback', label: `Write-back 0x${victim.toString(16)}`, ns: this.fetchNs, critical: false, note: 'posted PCIe write of the dirty victim to host memory: the packet does not wait for it (MODEL; drawn one transfer long)' }, fetchStart);
    }
    add({ id: 'pipeline', label: 'Rest of pipeline', ns: (K - 1) * this.tHit, critical: true, note: `the remaining ${K - 1} slots of a ${K}-deep pipeline (K = overlap)` });
    return { n: this.packets, qpn, code, victim, latencyNs, hitLatencyNs: K * this.tHit, parts, measured: true };
  }

  private closeWindow(): void {
    const r: TimingResult = this.timer.result();
    const acc = this.wHits + this.wMisses;
    this.simNs += r.spanNs;
    this.series.push({
      packets: this.packets, tNs: this.simNs, hitRate: acc > 0 ? this.wHits / acc : 0, mops: r.throughputMops, latencyNs: r.meanLatencyNs,
      engineWaitNs: r.meanEngineWaitNs, evictionsPerOp: acc > 0 ? this.wEvict / acc : 0, writebacksPerOp: acc > 0 ? this.wWb / acc : 0,
    });
    this.utilisation.push(r.engineUtilization);
    if (this.series.length > SERIES_CAP) { this.series.shift(); this.utilisation.shift(); }
    this.inWindow = this.wHits = this.wMisses = this.wEvict = this.wWb = 0;
    this.timer.startWindow();
  }

  /** Averages over the last few windows: the steady state, weighted by packets and time. */
  readout(): LiveReadout {
    const s = this.series.slice(-READOUT_WINDOWS);
    if (s.length === 0) return { hitRate: 0, mops: 0, latencyNs: 0, engineWaitNs: 0, engineUtilization: 0, evictionsPerOp: 0, writebacksPerOp: 0, valid: false };
    let pk = 0, span = 0, hits = 0, lat = 0, wait = 0, ev = 0, wb = 0, util = 0;
    const u = this.utilisation.slice(-READOUT_WINDOWS);
    for (let i = 0; i < s.length; i++) {
      const p = s[i];
      const prev = i > 0 ? s[i - 1] : this.series[this.series.length - s.length - 1];
      const n = p.packets - (prev ? prev.packets : 0);
      const dt = p.tNs - (prev ? prev.tNs : 0);
      pk += n; span += dt; hits += p.hitRate * n; lat += p.latencyNs * n; wait += p.engineWaitNs * n;
      ev += p.evictionsPerOp * n; wb += p.writebacksPerOp * n; util += u[i] * dt;
    }
    const latencyNs = pk > 0 ? lat / pk : 0;
    const queueNs = (pk > 0 ? wait / pk : 0) + (this.spec.timing.overlap - 1) * this.tHit;
    return {
      hitRate: pk > 0 ? hits / pk : 0, mops: span > 0 ? (pk * 1000) / span : 0, latencyNs,
      queueNs, serviceNs: Math.max(0, latencyNs - queueNs),
      engineWaitNs: pk > 0 ? wait / pk : 0, engineUtilization: span > 0 ? Math.min(1, util / span) : 0,
      evictionsPerOp: pk > 0 ? ev / pk : 0, writebacksPerOp: pk > 0 ? wb / pk : 0, valid: true,
    };
  }

  /** Accesses with packet number > `after`, oldest first (at most the ring). */
  recent(after: number): AccessRec[] {
    const out: AccessRec[] = [];
    const count = Math.min(RING, this.ringPos);
    for (let k = count - 1; k >= 0; k--) {
      const p = (this.ringPos - 1 - k) % RING;
      const n = this.ringN[p];
      if (n <= after) continue;
      const qpn = this.ringQ[p];
      out.push({ n, qpn, set: this.cache.setOf(qpn), code: this.ringC[p] as AccessCode, victim: this.ringV[p], bypass: this.ringB[p] === 1 });
    }
    return out;
  }

  /** Why packet `n`'s lookup evicted, while the ring still holds it (null: no eviction, or gone). */
  evictionWhy(n: number): EvictionWhy | null {
    for (let p = 0; p < RING; p++) if (this.ringN[p] === n) return this.ringW[p];
    return null;
  }

  stats(): CacheStats {
    return { ...this.cache.stats };
  }
}

function hostReads(spec: SweepSpec): number {
  return tableGeometry(spec.table).hostReadsPerMiss;
}

function fmt(ns: number): string {
  return Number.isInteger(ns) ? String(ns) : ns.toFixed(1);
}
