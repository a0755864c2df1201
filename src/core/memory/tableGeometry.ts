// Geometry of the QP table in host memory: a QPN is an address, split into levels like a page
// table. The last level holds the contexts themselves (pageBytes / entryBytes per page); each
// level above holds pointers (pageBytes / ptrBytes per page); the top level (the root) takes the
// bits left over and is allocated once, the others page by page as QPs appear.
// Defaults: 24-bit QPN (rxe_hdr.h BTH_QPN_MASK) [sources: bth-widths]; 4 KiB pages (mlx4
// MLX4_ICM_PAGE_SHIFT 12, mlx5 MLX5_ADAPTER_PAGE_SHIFT 12) [sources: mlx4-icm];
// 256 B contexts (HNS_ROCE_V2_QPC_ENTRY_SZ, mthca "entry size is 256 bytes") [sources: hns-qpc, model-walk];
// 8 B pointers (64-bit DMA addresses, MODEL). In mlx4 the contexts live in ICM, host memory the
// driver itself allocates and maps for the device (mlx4 icm.c) [sources: mlx4-icm]; how the device
// gets from a QPN to its entry is not documented, so the walk below is the textbook shape (MODEL).
import { QPN_BITS } from './cacheTypes.ts';

export interface QpTableConfig {
  /** Memory reads in a full walk: directory levels + the context level. 1 = one flat array. */
  levels: number;
  entryBytes: number;
  pageBytes: number;
  ptrBytes?: number;
  qpnBits?: number;
  /** Top directory levels whose contents sit in on-chip SRAM: walked without a PCIe read. */
  onChipLevels?: number;
  /** Explicit split, top level first, summing to qpnBits (overrides the derived split). */
  bits?: readonly number[];
}

export interface TableGeometry {
  qpnBits: number;
  levels: number;
  /** Index bits per level, top first; the last level indexes contexts. */
  bits: number[];
  /** Right shift of the QPN to reach each level's index. */
  shifts: number[];
  /** Bytes of one element per level (pointer or context). */
  elemBytes: number[];
  /** Bytes of one table per level, rounded up to whole pages below the root. */
  tableBytes: number[];
  onChipLevels: number;
  /** PCIe reads a miss costs: every level not held on chip. */
  hostReadsPerMiss: number;
  entryBytes: number;
  pageBytes: number;
}

const log2Exact = (x: number) => (Number.isInteger(Math.log2(x)) ? Math.log2(x) : -1);

/** Derive the geometry or throw a RangeError naming the bad field. */
export function tableGeometry(cfg: QpTableConfig): TableGeometry {
  const qpnBits = cfg.qpnBits ?? QPN_BITS;
  const ptrBytes = cfg.ptrBytes ?? 8;
  const { levels, entryBytes, pageBytes } = cfg;
  if (!Number.isInteger(qpnBits) || qpnBits < 1 || qpnBits > 24) throw new RangeError(`table.qpnBits must be 1..24, got ${qpnBits}`);
  if (!Number.isInteger(levels) || levels < 1 || levels > qpnBits) throw new RangeError(`table.levels must be an integer in 1..${qpnBits}, got ${levels}`);
  if (log2Exact(pageBytes) < 0 || pageBytes < 64) throw new RangeError(`table.pageBytes must be a power of two ≥ 64, got ${pageBytes}`);
  if (log2Exact(entryBytes) < 0 || entryBytes > pageBytes) throw new RangeError(`table.entryBytes must be a power of two ≤ pageBytes, got ${entryBytes}`);
  if (log2Exact(ptrBytes) < 0 || ptrBytes > pageBytes) throw new RangeError(`table.ptrBytes must be a power of two ≤ pageBytes, got ${ptrBytes}`);
  let bits: number[];
  if (cfg.bits) {
    bits = [...cfg.bits];
    if (bits.length !== levels || bits.some((b) => !Number.isInteger(b) || b < 1) || bits.reduce((a, b) => a + b, 0) !== qpnBits) {
      throw new RangeError(`table.bits must be ${levels} positive integers summing to ${qpnBits}, got [${bits.join(',')}]`);
    }
  } else if (levels === 1) {
    bits = [qpnBits];
  } else {
    const leaf = Math.min(log2Exact(pageBytes / entryBytes), qpnBits - (levels - 1));
    const per = log2Exact(pageBytes / ptrBytes);
    bits = [Math.max(1, leaf)];
    let left = qpnBits - bits[0];
    for (let l = levels - 2; l >= 1; l--) {
      const b = Math.min(per, left - l); // leave ≥ 1 bit for each level still above
      bits.unshift(b);
      left -= b;
    }
    bits.unshift(left);
    if (left < 1) throw new RangeError(`table.levels ${levels} leaves no bits for the root; use fewer levels`);
  }
  const shifts: number[] = [];
  let acc = 0;
  for (let l = levels - 1; l >= 0; l--) { shifts[l] = acc; acc += bits[l]; }
  const elemBytes = bits.map((_, l) => (l === levels - 1 ? entryBytes : ptrBytes));
  const tableBytes = bits.map((b, l) => {
    const raw = 2 ** b * elemBytes[l];
    return l === 0 ? raw : Math.ceil(raw / pageBytes) * pageBytes;
  });
  const onChipLevels = cfg.onChipLevels ?? 0;
  if (!Number.isInteger(onChipLevels) || onChipLevels < 0 || onChipLevels > levels - 1) {
    throw new RangeError(`table.onChipLevels must be 0..${levels - 1} (the context level is never on chip), got ${onChipLevels}`);
  }
  return { qpnBits, levels, bits, shifts, elemBytes, tableBytes, onChipLevels, hostReadsPerMiss: levels - onChipLevels, entryBytes, pageBytes };
}

export interface TableMemoryEstimate {
  /** Host bytes for the table holding n QPs. */
  bytes: number;
  tablesPerLevel: number[];
  /** Bytes of the contexts alone (n × entryBytes): the floor any layout pays. */
  contextBytes: number;
  /** One flat array over the whole QPN space, for comparison. */
  flatBytes: number;
}

/**
 * Closed form for n QPs: 'dense' = QPNs 0..n-1 (a driver handing them out in order);
 * 'scattered' = n QPNs uniformly random over the QPN space (expected occupied tables).
 */
export function estimateTableMemory(g: TableGeometry, n: number, layout: 'dense' | 'scattered'): TableMemoryEstimate {
  const tablesPerLevel = g.bits.map((_, l) => {
    if (l === 0) return 1;
    const span = 2 ** (g.shifts[l] + g.bits[l]); // QPNs covered by one table of this level
    if (n === 0) return 0;
    if (layout === 'dense') return Math.ceil(n / span);
    const t = 2 ** g.qpnBits / span;
    return t * -Math.expm1(n * Math.log1p(-1 / t)); // t(1 - (1 - 1/t)^n)
  });
  const bytes = tablesPerLevel.reduce((a, t, l) => a + t * g.tableBytes[l], 0);
  return { bytes, tablesPerLevel, contextBytes: n * g.entryBytes, flatBytes: 2 ** g.qpnBits * g.entryBytes };
}
