// The QP table in host memory, allocated lazily: creating a QP allocates the missing tables on
// its path (a page each below the root), destroying the last QP of a table frees it. So memory
// follows the allocated QPs, not the 2^24 QPN space - unless levels = 1 (one flat array).
// Addresses are simulated host-physical addresses from a deterministic page allocator.
import { QpnIndex } from './qpnIndex.ts';
import { tableGeometry, type QpTableConfig, type TableGeometry } from './tableGeometry.ts';

export type { QpTableConfig, TableGeometry } from './tableGeometry.ts';

/** Where simulated host memory starts (4 GiB): arbitrary, MODEL; only differences matter. */
const HOST_BASE = 0x1_0000_0000;

export interface WalkStep {
  level: number;
  kind: 'directory' | 'context';
  /** QPN bits [hi..lo] that index this level. */
  hi: number;
  lo: number;
  index: number;
  /** Start of this level's table, or -1 when it has not been allocated. */
  tableAddr: number;
  entryAddr: number;
  present: boolean;
  onChip: boolean;
  readBytes: number;
}

export interface WalkResult {
  qpn: number;
  steps: WalkStep[];
  /** The QP exists (every table on the path and its context slot are allocated). */
  present: boolean;
  /** PCIe reads this walk costs on a cache miss (stops at the first absent level). */
  hostReads: number;
  contextAddr: number;
}

export interface TableMemory {
  totalBytes: number;
  tablesPerLevel: number[];
  bytesPerLevel: number[];
  allocatedQps: number;
  contextBytes: number;
  flatBytes: number;
}

export interface QpTableSnapshot {
  cfg: QpTableConfig;
  qpns: number[];
  maps: Array<Array<[number, number]>>;
  tableAddr: number[];
  tableRefs: number[];
  freeIds: number[];
  freePages: Array<[number, number[]]>;
  nextAddr: number;
  tablesPerLevel: number[];
}

export class QpTable {
  readonly geometry: TableGeometry;
  // Per level: path prefix → table id. Typed-array hash, not Map: at a million scattered QPs
  // Map's growth rehashes stalled sweep slices for 100+ ms.
  private readonly maps: QpnIndex[];
  private tableAddr: number[] = [];
  private tableRefs: number[] = [];
  private freeIds: number[] = [];
  private freePages = new Map<number, number[]>(); // table bytes → recycled addresses
  private nextAddr: number;
  private readonly present: Uint32Array;
  private allocated = 0;
  private readonly tablesPerLevel: number[];

  constructor(private readonly cfg: QpTableConfig) {
    this.geometry = tableGeometry(cfg);
    const g = this.geometry;
    this.maps = g.bits.map(() => new QpnIndex(16));
    this.tablesPerLevel = g.bits.map(() => 0);
    this.present = new Uint32Array(Math.ceil(2 ** g.qpnBits / 32));
    // The root is allocated once, up front, at HOST_BASE; pages follow it.
    this.maps[0].set(0, this.newTable(0, HOST_BASE));
    this.nextAddr = HOST_BASE + Math.ceil(g.tableBytes[0] / g.pageBytes) * g.pageBytes;
  }

  get allocatedQps(): number {
    return this.allocated;
  }

  has(qpn: number): boolean {
    return (this.present[qpn >>> 5] & (1 << (qpn & 31))) !== 0;
  }

  /** Create the QP's table entry; returns the host bytes newly allocated for its path. */
  allocate(qpn: number): number {
    this.checkQpn(qpn);
    if (this.has(qpn)) return 0;
    const g = this.geometry;
    let added = 0;
    for (let l = 1; l < g.levels; l++) {
      const key = this.prefix(qpn, l);
      let id = this.maps[l].get(key);
      if (id < 0) {
        const addr = this.freePages.get(g.tableBytes[l])?.pop() ?? this.bump(g.tableBytes[l]);
        id = this.newTable(l, addr);
        this.maps[l].set(key, id);
        this.tableRefs[this.maps[l - 1].get(this.prefix(qpn, l - 1))]++;
        added += g.tableBytes[l];
      }
    }
    this.tableRefs[this.maps[g.levels - 1].get(this.prefix(qpn, g.levels - 1))]++;
    this.present[qpn >>> 5] |= 1 << (qpn & 31);
    this.allocated++;
    return added;
  }

  /** Destroy the QP's entry; tables left empty are freed bottom-up. Returns bytes freed. */
  free(qpn: number): number {
    this.checkQpn(qpn);
    if (!this.has(qpn)) return 0;
    const g = this.geometry;
    this.present[qpn >>> 5] &= ~(1 << (qpn & 31));
    this.allocated--;
    let freed = 0;
    for (let l = g.levels - 1; l >= 1; l--) {
      const key = this.prefix(qpn, l);
      const id = this.maps[l].get(key);
      if (--this.tableRefs[id] > 0) return freed;
      this.maps[l].delete(key);
      const holes = this.freePages.get(g.tableBytes[l]) ?? [];
      holes.push(this.tableAddr[id]); // a hole is reused only by a table of the same size
      this.freePages.set(g.tableBytes[l], holes);
      this.freeIds.push(id);
      this.tablesPerLevel[l]--;
      freed += g.tableBytes[l];
    }
    this.tableRefs[this.maps[0].get(0)]--;
    return freed;
  }

  /** The walk a NIC performs for this QPN, level by level. */
  walk(qpn: number): WalkResult {
    this.checkQpn(qpn);
    const g = this.geometry;
    const steps: WalkStep[] = [];
    let hostReads = 0;
    let ok = true;
    for (let l = 0; l < g.levels; l++) {
      const id: number = ok ? this.maps[l].get(this.prefix(qpn, l)) : -1;
      const index = (qpn >>> g.shifts[l]) & (2 ** g.bits[l] - 1);
      const tableAddr = id < 0 ? -1 : this.tableAddr[id];
      const isLeaf = l === g.levels - 1;
      const present: boolean = id >= 0 && (!isLeaf || this.has(qpn));
      const onChip = l < g.onChipLevels;
      if (ok && !onChip) hostReads++;
      steps.push({
        level: l, kind: isLeaf ? 'context' : 'directory', hi: g.shifts[l] + g.bits[l] - 1, lo: g.shifts[l], index,
        tableAddr, entryAddr: tableAddr < 0 ? -1 : tableAddr + index * g.elemBytes[l], present, onChip, readBytes: g.elemBytes[l],
      });
      ok = ok && present;
    }
    const last = steps[steps.length - 1];
    return { qpn, steps, present: ok, hostReads, contextAddr: ok ? last.entryAddr : -1 };
  }

  memory(): TableMemory {
    const g = this.geometry;
    const bytesPerLevel = this.tablesPerLevel.map((t, l) => t * g.tableBytes[l]);
    return {
      totalBytes: bytesPerLevel.reduce((a, b) => a + b, 0), tablesPerLevel: [...this.tablesPerLevel], bytesPerLevel,
      allocatedQps: this.allocated, contextBytes: this.allocated * g.entryBytes, flatBytes: 2 ** g.qpnBits * g.entryBytes,
    };
  }

  snapshot(): QpTableSnapshot {
    const qpns: number[] = [];
    for (let w = 0; w < this.present.length; w++) {
      const word = this.present[w];
      if (word === 0) continue;
      for (let b = 0; b < 32; b++) if (word & (1 << b)) qpns.push(w * 32 + b);
    }
    return {
      cfg: { ...this.cfg }, qpns, maps: this.maps.map((m) => m.entries().sort((a, b) => a[0] - b[0])), tableAddr: [...this.tableAddr],
      tableRefs: [...this.tableRefs], freeIds: [...this.freeIds], freePages: [...this.freePages.entries()].map(([k, v]) => [k, [...v]]),
      nextAddr: this.nextAddr, tablesPerLevel: [...this.tablesPerLevel],
    };
  }

  static restore(snap: QpTableSnapshot): QpTable {
    const t = new QpTable(snap.cfg);
    snap.maps.forEach((entries, l) => { t.maps[l].clear(); for (const [k, v] of entries) t.maps[l].set(k, v); });
    t.tableAddr = [...snap.tableAddr];
    t.tableRefs = [...snap.tableRefs];
    t.freeIds = [...snap.freeIds];
    t.freePages = new Map(snap.freePages.map(([k, v]) => [k, [...v]]));
    t.nextAddr = snap.nextAddr;
    snap.tablesPerLevel.forEach((n, l) => { t.tablesPerLevel[l] = n; });
    for (const q of snap.qpns) t.present[q >>> 5] |= 1 << (q & 31);
    t.allocated = snap.qpns.length;
    return t;
  }

  private prefix(qpn: number, level: number): number {
    const s = this.geometry.shifts[level] + this.geometry.bits[level];
    return s >= 32 ? 0 : qpn >>> s;
  }

  private newTable(level: number, addr: number): number {
    const id = this.freeIds.pop() ?? this.tableAddr.length;
    this.tableAddr[id] = addr;
    this.tableRefs[id] = 0;
    this.tablesPerLevel[level]++;
    return id;
  }

  private bump(bytes: number): number {
    const a = this.nextAddr;
    this.nextAddr += bytes;
    return a;
  }

  private checkQpn(qpn: number): void {
    if (!Number.isInteger(qpn) || qpn < 0 || qpn >= 2 ** this.geometry.qpnBits) {
      throw new RangeError(`QPN ${qpn} is outside the ${this.geometry.qpnBits}-bit QPN space`);
    }
  }
}
