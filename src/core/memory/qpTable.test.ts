import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QpTable } from './qpTable.ts';
import { estimateTableMemory, tableGeometry } from './tableGeometry.ts';

// 4 KiB pages hold 4096/256 = 16 contexts (4 bits) or 4096/8 = 512 pointers (9 bits).
const base = { entryBytes: 256, pageBytes: 4096 };

describe('table geometry', () => {
  it('splits a 24-bit QPN: leaf 4 bits, directories 9 bits, root takes the rest', () => {
    expect(tableGeometry({ ...base, levels: 1 }).bits).toEqual([24]);
    expect(tableGeometry({ ...base, levels: 2 }).bits).toEqual([20, 4]);
    expect(tableGeometry({ ...base, levels: 3 }).bits).toEqual([11, 9, 4]);
    expect(tableGeometry({ ...base, levels: 4 }).bits).toEqual([2, 9, 9, 4]);
    expect(tableGeometry({ ...base, levels: 3, bits: [8, 8, 8] }).bits).toEqual([8, 8, 8]);
  });

  it('each level not on chip is one PCIe read on a miss', () => {
    expect(tableGeometry({ ...base, levels: 3 }).hostReadsPerMiss).toBe(3);
    expect(tableGeometry({ ...base, levels: 3, onChipLevels: 2 }).hostReadsPerMiss).toBe(1);
  });

  it('rejects impossible geometries, naming the field', () => {
    expect(() => tableGeometry({ ...base, levels: 0 })).toThrow(/table\.levels/);
    expect(() => tableGeometry({ ...base, levels: 2, pageBytes: 3000 })).toThrow(/table\.pageBytes/);
    expect(() => tableGeometry({ ...base, levels: 2, entryBytes: 232 })).toThrow(/table\.entryBytes/);
    expect(() => tableGeometry({ ...base, levels: 3, bits: [8, 8, 7] })).toThrow(/table\.bits/);
    expect(() => tableGeometry({ ...base, levels: 3, onChipLevels: 3 })).toThrow(/table\.onChipLevels/);
  });
});

describe('QP table walk', () => {
  it('walks one step per level; the level indices concatenate back to the QPN (seed 31)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 5 }), fc.nat((1 << 24) - 1), (levels, qpn) => {
      const t = new QpTable({ ...base, levels });
      t.allocate(qpn);
      const w = t.walk(qpn);
      expect(w.steps.length).toBe(levels);
      expect(w.present).toBe(true);
      expect(w.hostReads).toBe(levels);
      let rebuilt = 0;
      for (const s of w.steps) rebuilt = rebuilt * 2 ** (s.hi - s.lo + 1) + s.index;
      expect(rebuilt).toBe(qpn);
      expect(w.steps[levels - 1].kind).toBe('context');
      expect(w.contextAddr % 256).toBe(0);
    }), { seed: 31, numRuns: 200 });
  });

  it('an absent QP stops the walk at the first missing level', () => {
    const t = new QpTable({ ...base, levels: 3 });
    const w = t.walk(0x123456);
    expect(w.present).toBe(false);
    expect(w.steps.map((s) => s.present)).toEqual([true, false, false]);
    expect(w.hostReads).toBe(2); // root entry read, then the missing directory is discovered
    t.allocate(0x123450); // same leaf page, different context
    expect(t.walk(0x123456).steps.map((s) => s.present)).toEqual([true, true, false]);
  });

  it('distinct QPs get distinct context addresses (seed 32)', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.nat((1 << 24) - 1), { minLength: 2, maxLength: 60 }), (qpns) => {
      const t = new QpTable({ ...base, levels: 3 });
      for (const q of qpns) t.allocate(q);
      const addrs = new Set(qpns.map((q) => t.walk(q).contextAddr));
      expect(addrs.size).toBe(qpns.length);
    }), { seed: 32, numRuns: 100 });
  });
});

describe('QP table memory', () => {
  it('lazily allocated memory equals root + one table per distinct path prefix (seed 33)', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 4 }), fc.uniqueArray(fc.nat((1 << 24) - 1), { maxLength: 300 }), (levels, qpns) => {
      const t = new QpTable({ ...base, levels });
      for (const q of qpns) t.allocate(q);
      const g = t.geometry;
      // Naive count: the distinct high-bit prefixes that select each level's table.
      let expected = g.tableBytes[0];
      for (let l = 1; l < levels; l++) {
        const above = g.shifts[l] + g.bits[l];
        expected += new Set(qpns.map((q) => Math.floor(q / 2 ** above))).size * 4096;
      }
      expect(t.memory().totalBytes).toBe(expected);
      expect(t.allocatedQps).toBe(qpns.length);
    }), { seed: 33, numRuns: 100 });
  });

  it('grows with allocated QPs, not with the QPN space; flat (1 level) pays the whole space', () => {
    const root = tableGeometry({ ...base, levels: 3 }).tableBytes[0]; // 2^11 pointers × 8 B = 16 KiB
    expect(root).toBe(16384);
    const at = (n: number) => { const t = new QpTable({ ...base, levels: 3 }); for (let q = 0; q < n; q++) t.allocate(q); return t.memory().totalBytes - root; };
    // Dense QPNs: 16 contexts per leaf page plus one directory page per 512 leaves.
    expect(at(16384)).toBe(1024 * 4096 + 2 * 4096);
    expect(at(32768)).toBe(2048 * 4096 + 4 * 4096);
    expect(at(32768)).toBe(2 * at(16384));
    const flat = new QpTable({ ...base, levels: 1 });
    expect(flat.memory().totalBytes).toBe(2 ** 24 * 256); // 4 GiB before the first QP
  });

  it('freeing every QP returns every page but the root (seed 34)', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.nat((1 << 24) - 1), { maxLength: 200 }), (qpns) => {
      const t = new QpTable({ ...base, levels: 4 });
      const start = t.memory().totalBytes;
      let added = 0;
      for (const q of qpns) added += t.allocate(q);
      let freed = 0;
      for (const q of qpns) freed += t.free(q);
      expect(freed).toBe(added);
      expect(t.memory().totalBytes).toBe(start);
      expect(t.memory().tablesPerLevel.slice(1)).toEqual([0, 0, 0]);
    }), { seed: 34, numRuns: 100 });
  });

  it('the closed-form estimate matches a dense table exactly and a scattered one on average', () => {
    const g = tableGeometry({ ...base, levels: 3 });
    const t = new QpTable({ ...base, levels: 3 });
    for (let q = 0; q < 50000; q++) t.allocate(q);
    expect(estimateTableMemory(g, 50000, 'dense').bytes).toBe(t.memory().totalBytes);
    // Scattered: 20k random QPNs land on ~18.9k of the 2^20 leaf pages (t(1-(1-1/t)^n)).
    const s = new QpTable({ ...base, levels: 3 });
    let x = 12345;
    while (s.allocatedQps < 20000) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; s.allocate(x >>> 8); }
    const est = estimateTableMemory(g, 20000, 'scattered').bytes;
    expect(Math.abs(s.memory().totalBytes - est) / est).toBeLessThan(0.01);
  });

  it('snapshot / restore preserves addresses, even after frees reshuffled pages', () => {
    const t = new QpTable({ ...base, levels: 3 });
    for (const q of [5, 70000, 9_000_000, 16, 17]) t.allocate(q);
    t.free(70000);
    const u = QpTable.restore(structuredClone(t.snapshot()));
    for (const q of [5, 9_000_000, 16, 17, 70000, 123]) expect(u.walk(q)).toEqual(t.walk(q));
    expect(u.allocate(222222)).toBe(t.allocate(222222));
    expect(u.walk(222222)).toEqual(t.walk(222222));
  });
});
