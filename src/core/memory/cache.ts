// The on-chip QP context (QPC) cache: a fixed number of context slots, fully associative or
// set-associative with the set chosen by low QPN bits (as Huawei HNS picks one of 8 QPC banks by
// the low 3 QPN bits, a linux-rdma patch of 2020) [sources: hns-qpc].
// Per access it answers hit / miss / miss+evict / miss+evict-dirty; the timing model turns those
// codes into PCIe reads, write-backs and eviction-engine work. No allocation per access.
import type { Rng } from '../kit/rng.ts';
import {
  ACCESS_HIT, ACCESS_MISS, ACCESS_MISS_EVICT, ACCESS_MISS_EVICT_DIRTY, F_DIRTY, F_INFLIGHT, F_PINNED,
  type CacheConfig, type CacheStats, type CacheView, type InFlightMode, type Policy, type SlotInfo, type SlotView,
} from './cacheTypes.ts';
import { validateCacheConfig } from './cacheConfig.ts';
import { createPolicy } from './policies/index.ts';
import { QpnIndex } from './qpnIndex.ts';
import { SlotIndex } from './slotIndex.ts';
import { evictionWhy, type EvictionWhy } from './evictionWhy.ts';

export * from './cacheTypes.ts';

// Flight-map bits (per QPN, kept even while the QP is not resident).
const FL_ACTIVE = 1;
const FL_EVICTED = 2;

export interface CacheSnapshot {
  v: 1;
  cfg: CacheConfig;
  slotQpn: Int32Array;
  flags: Uint8Array;
  freeStack: Int32Array;
  freeCount: Int32Array;
  blocked: Int32Array;
  policy: unknown;
  stats: CacheStats;
  lastVictim: number;
  flight: Array<[number, number]>;
  pinned: number[];
  /** Per-slot use stamps, when the cache tracks them. */
  use?: { filledAt: Float64Array; lastUse: Float64Array };
}

export interface CacheOptions {
  /**
   * Keep each line's fill and last-use stamps (what `stamp` was at the time), so an eviction can
   * be explained. Off for sweeps: it is two stores per access nobody reads.
   */
  track?: boolean;
}

export class QpcCache {
  readonly entries: number;
  readonly sets: number;
  readonly ways: number;
  readonly inFlightMode: InFlightMode;
  readonly stats: CacheStats = {
    hits: 0, misses: 0, evictions: 0, writebacks: 0, bypasses: 0, inFlightEvictions: 0, refetches: 0, invalidations: 0,
  };
  private victimQpn = -1;
  /** The owner's clock for use stamps (PacketPath: evictionWhy.ts lookupStamp / completionStamp). */
  stamp = 0;
  /** While true (and tracking), each eviction records why (lastWhy). */
  captureWhy = false;
  /** Why the last access evicted, if it did while captureWhy was on; else null. */
  lastWhy: EvictionWhy | null = null;
  private readonly filledAt: Float64Array | null;
  private readonly lastUse: Float64Array | null;

  private readonly cfg: CacheConfig;
  private readonly slotQpn: Int32Array;
  private readonly flags: Uint8Array;
  private readonly freeStack: Int32Array; // per set: [set*ways, set*ways + freeCount[set])
  private readonly freeCount: Int32Array;
  private readonly blocked: Int32Array; // resident slots per set that may not be evicted
  private readonly index: SlotIndex;
  private readonly pinnedSet: QpnIndex;
  private readonly flight: QpnIndex;
  private readonly blockMask: number;
  private readonly setMask: number; // sets - 1 when sets is a power of two, else -1
  private readonly policy: Policy;

  constructor(cfg: CacheConfig, rng: Rng, opts: CacheOptions = {}) {
    const err = validateCacheConfig(cfg);
    if (err) throw new RangeError(err);
    this.cfg = { ...cfg, pinned: cfg.pinned ? [...cfg.pinned] : [] };
    this.entries = cfg.entries;
    this.ways = cfg.ways === 0 ? cfg.entries : cfg.ways;
    this.sets = cfg.entries / this.ways;
    this.inFlightMode = cfg.inFlight ?? 'pin';
    this.blockMask = F_PINNED | (this.inFlightMode === 'pin' ? F_INFLIGHT : 0);
    this.setMask = (this.sets & (this.sets - 1)) === 0 ? this.sets - 1 : -1;
    this.slotQpn = new Int32Array(this.entries).fill(-1);
    this.filledAt = opts.track ? new Float64Array(this.entries).fill(-1) : null;
    this.lastUse = opts.track ? new Float64Array(this.entries).fill(-1) : null;
    this.flags = new Uint8Array(this.entries);
    this.freeStack = new Int32Array(this.entries);
    this.freeCount = new Int32Array(this.sets).fill(this.ways);
    // Pop order fills way 0 first: the stack holds ways in descending order.
    for (let s = 0; s < this.sets; s++) {
      for (let i = 0; i < this.ways; i++) this.freeStack[s * this.ways + i] = s * this.ways + (this.ways - 1 - i);
    }
    this.blocked = new Int32Array(this.sets);
    this.index = new SlotIndex(this.entries);
    const pinned = this.cfg.pinned ?? [];
    this.pinnedSet = new QpnIndex(Math.max(1, pinned.length));
    for (const q of pinned) this.pinnedSet.set(q, 1);
    this.flight = new QpnIndex(64);
    const info: SlotInfo = { sets: this.sets, ways: this.ways, flags: this.flags, slotQpn: this.slotQpn, blockMask: this.blockMask };
    this.policy = createPolicy(cfg.policy, info, rng);
  }

  /** QPN evicted by the last access, or -1. */
  get lastVictim(): number {
    return this.victimQpn;
  }

  setOf(qpn: number): number {
    return this.setMask >= 0 ? qpn & this.setMask : qpn % this.sets;
  }

  /** One lookup by the packet pipeline. write = hardware-updated fields change (marks dirty). */
  access(qpn: number, write: boolean): number {
    const slot = this.index.get(qpn);
    if (slot >= 0) {
      this.stats.hits++;
      if (write) this.flags[slot] |= F_DIRTY;
      this.policy.onHit(slot, this.setMask >= 0 ? qpn & this.setMask : qpn % this.sets);
      this.victimQpn = -1;
      this.lastWhy = null;
      if (this.lastUse) this.lastUse[slot] = this.stamp;
      return ACCESS_HIT;
    }
    return this.miss(qpn, write);
  }

  private miss(qpn: number, write: boolean): number {
    const stats = this.stats;
    stats.misses++;
    this.victimQpn = -1;
    this.lastWhy = null;
    let fl = 0;
    if (this.flight.size > 0) fl = this.flightOnMiss(qpn);
    const set = this.setMask >= 0 ? qpn & this.setMask : qpn % this.sets;
    let f = write ? F_DIRTY : 0;
    if (this.pinnedSet.size > 0 && this.pinnedSet.get(qpn) >= 0) f |= F_PINNED;
    if (fl & FL_ACTIVE) f |= F_INFLIGHT;
    if (this.freeCount[set] > 0) {
      const slot = this.freeStack[set * this.ways + --this.freeCount[set]];
      this.fill(slot, set, qpn, f);
      this.policy.onInsert(slot, set, qpn);
      return ACCESS_MISS;
    }
    if (this.blocked[set] >= this.ways) {
      stats.bypasses++; // every way pinned / in flight: serve from the fetched copy, install nothing
      return ACCESS_MISS;
    }
    const slot = this.policy.victim(set);
    const vq = this.slotQpn[slot];
    const vf = this.flags[slot];
    const inFlight = (vf & F_INFLIGHT) !== 0; // only reachable in writeback-refetch mode
    const dirty = (vf & F_DIRTY) !== 0 || inFlight; // live in-flight state must go back to host
    if (this.captureWhy && this.lastUse && this.filledAt) {
      this.lastWhy = evictionWhy(this.cfg.policy, set, this.sets, this.ways, slot, this.policy.reason(set, slot),
        { slotQpn: this.slotQpn, filledAt: this.filledAt, lastUse: this.lastUse, dirty: (vf & F_DIRTY) !== 0, inFlight }, { qpn, stamp: this.stamp });
    }
    stats.evictions++;
    if (dirty) stats.writebacks++;
    if (inFlight) {
      stats.inFlightEvictions++;
      this.flight.set(vq, Math.max(0, this.flight.get(vq)) | FL_EVICTED);
    }
    this.index.removeSlot(slot);
    this.victimQpn = vq;
    this.fill(slot, set, qpn, f);
    this.policy.onReplace(slot, set, vq, qpn);
    return dirty ? ACCESS_MISS_EVICT_DIRTY : ACCESS_MISS_EVICT;
  }

  /** Fill a slot with a QPN that is not resident. */
  private fill(slot: number, set: number, qpn: number, f: number): void {
    this.slotQpn[slot] = qpn;
    this.flags[slot] = f;
    if (f & this.blockMask) this.blocked[set]++;
    this.index.insert(qpn, slot);
    if (this.lastUse && this.filledAt) { this.lastUse[slot] = this.stamp; this.filledAt[slot] = this.stamp; }
  }

  /** Miss on a QP the flight map knows: count a refetch if it was evicted while in flight. */
  private flightOnMiss(qpn: number): number {
    let fl = Math.max(0, this.flight.get(qpn));
    if (fl & FL_EVICTED) {
      this.stats.refetches++;
      fl &= ~FL_EVICTED;
      if (fl === 0) this.flight.delete(qpn);
      else this.flight.set(qpn, fl);
    }
    return fl;
  }

  /** Mark / clear a QP as having work in flight (kept even while the QP is not resident). */
  setInFlight(qpn: number, inFlight: boolean): void {
    const cur = Math.max(0, this.flight.get(qpn));
    const next = inFlight ? cur | FL_ACTIVE : cur & ~FL_ACTIVE;
    if (next === 0) this.flight.delete(qpn);
    else this.flight.set(qpn, next);
    this.setSlotFlag(qpn, F_INFLIGHT, inFlight);
  }

  /** Pin or unpin a QPN (takes effect now if resident, else when it is next filled). */
  setPinned(qpn: number, pinned: boolean): void {
    if (pinned) this.pinnedSet.set(qpn, 1);
    else this.pinnedSet.delete(qpn);
    this.setSlotFlag(qpn, F_PINNED, pinned);
  }

  /** QP destroyed / reset: drop its context without write-back, and forget its history. */
  invalidate(qpn: number): void {
    this.flight.delete(qpn);
    this.policy.forget(qpn);
    const slot = this.index.get(qpn);
    if (slot < 0) return;
    const set = this.setOf(qpn);
    this.policy.onRemove(slot, set, qpn, false);
    this.index.removeSlot(slot);
    if (this.flags[slot] & this.blockMask) this.blocked[set]--;
    this.flags[slot] = 0;
    this.slotQpn[slot] = -1;
    this.freeStack[set * this.ways + this.freeCount[set]++] = slot;
    this.stats.invalidations++;
  }

  has(qpn: number): boolean {
    return this.index.get(qpn) >= 0;
  }

  isDirty(qpn: number): boolean {
    const slot = this.index.get(qpn);
    return slot >= 0 && (this.flags[slot] & F_DIRTY) !== 0;
  }

  get resident(): number {
    return this.index.size;
  }

  private setSlotFlag(qpn: number, bit: number, on: boolean): void {
    const slot = this.index.get(qpn);
    if (slot < 0) return;
    const set = this.setOf(qpn);
    const wasBlocked = (this.flags[slot] & this.blockMask) !== 0;
    this.flags[slot] = on ? this.flags[slot] | bit : this.flags[slot] & ~bit;
    const isBlocked = (this.flags[slot] & this.blockMask) !== 0;
    if (wasBlocked !== isBlocked) this.blocked[set] += isBlocked ? 1 : -1;
  }

  snapshot(): CacheSnapshot {
    return {
      v: 1, cfg: { ...this.cfg, pinned: [...(this.cfg.pinned ?? [])] },
      slotQpn: this.slotQpn.slice(), flags: this.flags.slice(), freeStack: this.freeStack.slice(),
      freeCount: this.freeCount.slice(), blocked: this.blocked.slice(), policy: this.policy.snapshot(),
      stats: { ...this.stats }, lastVictim: this.lastVictim, flight: this.flight.entries(),
      pinned: this.pinnedSet.entries().map(([q]) => q).sort((a, b) => a - b),
      ...(this.lastUse && this.filledAt ? { use: { filledAt: this.filledAt.slice(), lastUse: this.lastUse.slice() } } : {}),
    };
  }

  /** Rebuild from a snapshot; `rng` must be the restored simulation Rng (the random policy draws from it). */
  static restore(snap: unknown, rng: Rng): QpcCache {
    const s = snap as CacheSnapshot;
    if (!s || s.v !== 1) throw new TypeError('QpcCache.restore: not a cache snapshot (v 1)');
    const c = new QpcCache({ ...s.cfg, pinned: s.pinned }, rng, { track: s.use !== undefined });
    if (s.use && c.filledAt && c.lastUse) { c.filledAt.set(s.use.filledAt); c.lastUse.set(s.use.lastUse); }
    c.slotQpn.set(s.slotQpn);
    c.flags.set(s.flags);
    c.freeStack.set(s.freeStack);
    c.freeCount.set(s.freeCount);
    c.blocked.set(s.blocked);
    for (let i = 0; i < c.entries; i++) if (c.slotQpn[i] >= 0) c.index.insert(c.slotQpn[i], i);
    for (const [q, v] of s.flight) c.flight.set(q, v);
    c.policy.restore(s.policy);
    Object.assign(c.stats, s.stats);
    c.victimQpn = s.lastVictim;
    return c;
  }

  /** Plain data for a UI. For big caches pass a set range: 1M slots of objects is not a view. */
  view(firstSet = 0, setCount = this.sets): CacheView {
    const first = Math.max(0, Math.min(this.sets, firstSet));
    const count = Math.max(0, Math.min(this.sets - first, setCount));
    const slots: SlotView[] = [];
    for (let set = first; set < first + count; set++) {
      for (let way = 0; way < this.ways; way++) {
        const slot = set * this.ways + way;
        const f = this.flags[slot];
        slots.push({
          slot, set, way, qpn: this.slotQpn[slot],
          dirty: (f & F_DIRTY) !== 0, pinned: (f & F_PINNED) !== 0, inFlight: (f & F_INFLIGHT) !== 0,
        });
      }
    }
    return {
      entries: this.entries, sets: this.sets, ways: this.ways, policy: this.cfg.policy, inFlightMode: this.inFlightMode,
      firstSet: first, slots, policyState: this.policy.view(first, count), stats: { ...this.stats }, lastVictim: this.lastVictim,
    };
  }
}
