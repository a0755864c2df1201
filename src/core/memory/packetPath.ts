// The one packet loop of the memory model: traffic → context cache → packet timer, and the
// in-flight window (a packet leaves its QP in flight; the oldest in-flight QP's completion packet
// touches its context again). The sweep and the live runner both drive packets through this
// class, so after the same packets they hold the same cache and the same numbers by construction.
import { Rng } from '../kit/rng.ts';
import { QpcCache, type CacheOptions, type CacheSnapshot } from './cache.ts';
import { completionStamp, lookupStamp } from './evictionWhy.ts';
import { ACCESS_MISS_EVICT, type AccessCode } from './cacheTypes.ts';
import { deriveSeed } from './qpnLayout.ts';
import type { SweepSpec } from './sweepSpec.ts';
import { PacketTimer, type TimerSnapshot } from './timing.ts';
import { Traffic, type TrafficSnapshot } from './traffic.ts';

/** Seed tag of the cache's Rng: anything that must replay a sweep point packet for packet uses it. */
export const TAG_CACHE = 11;

export interface PacketPathSnapshot {
  n: number;
  cacheRng: number[];
  cache: CacheSnapshot;
  traffic: TrafficSnapshot;
  timer: TimerSnapshot;
  ring: Int32Array;
}

export class PacketPath {
  traffic: Traffic;
  cache: QpcCache;
  readonly timer: PacketTimer;
  private cacheRng: Rng;
  /** In-flight window: QPNs awaiting their completion packet (-1 empty). */
  private ring: Int32Array;
  /** Packets looked up so far. */
  n = 0;
  /** The last packet's lookup: its QPN, access code, victim, whether it bypassed the cache, whether an eviction decision ran. */
  qpn = -1;
  code: AccessCode = 0;
  victim = -1;
  bypass = false;
  decided = false;

  /** `cache.track`: the live runner's cache keeps use stamps, so its evictions can say why. */
  constructor(spec: SweepSpec, qps: number, readsPerMiss: number, cache: CacheOptions = {}) {
    this.traffic = new Traffic({ ...spec.traffic, qps, seed: spec.seed });
    this.cacheRng = new Rng(deriveSeed(spec.seed, TAG_CACHE));
    this.cache = new QpcCache(spec.cache, this.cacheRng, cache);
    this.timer = new PacketTimer(spec.timing, readsPerMiss);
    this.ring = new Int32Array(spec.inFlightWindow ?? 0).fill(-1);
  }

  /** One whole packet: its lookup, then the in-flight window's step. */
  packet(): AccessCode {
    const code = this.lookup();
    this.flight();
    return code;
  }

  /** The packet's own lookup and timing (call flight() next). */
  lookup(): AccessCode {
    const q = this.traffic.next();
    const cache = this.cache;
    const byp = cache.stats.bypasses;
    cache.stamp = lookupStamp(this.n + 1);
    const code = cache.access(q, this.traffic.write) as AccessCode;
    this.bypass = cache.stats.bypasses !== byp;
    this.decided = code >= ACCESS_MISS_EVICT || this.bypass;
    this.timer.onPacket(code, this.decided);
    this.qpn = q;
    this.code = code;
    this.victim = cache.lastVictim;
    this.n++;
    return code;
  }

  /** The oldest in-flight QP completes (a write to its context), and this packet's QP goes in flight in its place. */
  flight(): void {
    const ring = this.ring;
    if (ring.length === 0) return;
    const i = (this.n - 1) % ring.length;
    const done = ring[i];
    const cache = this.cache;
    if (done >= 0) {
      const b2 = cache.stats.bypasses;
      cache.stamp = completionStamp(this.n);
      const c2 = cache.access(done, true);
      this.timer.onPacket(c2, c2 >= ACCESS_MISS_EVICT || cache.stats.bypasses !== b2);
      ring[i] = -1;
      if (!ring.includes(done)) cache.setInFlight(done, false);
    }
    ring[i] = this.qpn;
    cache.setInFlight(this.qpn, true);
  }

  snapshot(): PacketPathSnapshot {
    return { n: this.n, cacheRng: this.cacheRng.state(), cache: this.cache.snapshot(), traffic: this.traffic.snapshot(), timer: this.timer.snapshot(), ring: this.ring.slice() };
  }

  restore(s: PacketPathSnapshot): void {
    this.n = s.n;
    this.cacheRng = new Rng(s.cacheRng);
    this.cache = QpcCache.restore(s.cache, this.cacheRng);
    this.traffic = Traffic.restore(s.traffic);
    this.timer.restoreFrom(s.timer);
    this.ring = s.ring.slice();
  }
}
