import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SlotTable } from './slotTable.ts';
import { clonePlain } from './clone.ts';

type Op = { op: 'set' | 'delete'; slot: number; v: number };
const ops = fc.array(fc.record({ op: fc.constantFrom('set' as const, 'delete' as const), slot: fc.nat(40), v: fc.integer() }), { maxLength: 120 });

describe('SlotTable answers as the Map it replaced', () => {
  it('get, has, size, delete results and the values (as a multiset) match a Map after any run of sets and deletes (seed 32768)', () => {
    fc.assert(fc.property(ops, (list: Op[]) => {
      const t = new SlotTable<{ v: number }>(), m = new Map<number, { v: number }>();
      for (const o of list) {
        if (o.op === 'set') { t.set(o.slot, { v: o.v }); m.set(o.slot, { v: o.v }); }
        else expect(t.delete(o.slot)).toBe(m.delete(o.slot));
      }
      expect(t.size).toBe(m.size);
      for (let s = 0; s <= 41; s++) { expect(t.has(s)).toBe(m.has(s)); expect(t.get(s)).toEqual(m.get(s)); }
      const sort = (xs: number[]) => xs.sort((a, b) => a - b);
      const seen: number[] = [];
      t.each((x) => seen.push(x.v));
      expect(sort(seen)).toEqual(sort([...m.values()].map((x) => x.v)));
    }), { seed: 32768, numRuns: 200 });
  });

  it('a checkpoint copy (clonePlain) is deep and independent', () => {
    const t = new SlotTable<{ sq: number[] }>();
    t.set(3, { sq: [1] });
    const c = clonePlain({ rt: t }).rt;
    expect(c).toBeInstanceOf(SlotTable);
    t.get(3)!.sq.push(2);
    t.delete(3);
    expect(c.get(3)).toEqual({ sq: [1] });
    expect(c.size).toBe(1);
  });
});
