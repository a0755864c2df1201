import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { POLICIES } from '../model/stormSchema.ts';
import { newPending, pendingSlots, popPending, pushPending, type PendingKey } from './pending.ts';

// Each policy's order on crafted waiting sets matches its definition (pending.ts header).
const key = (qpn: number, o: Partial<PendingKey> = {}): PendingKey => ({ detectAt: 0, qpn, priority: 0, oldest: 0, cls: 0, ...o });
const drain = (p: ReturnType<typeof newPending>, w: number[] = []) => { const out: number[] = []; for (let s = popPending(p, w); s >= 0; s = popPending(p, w)) out.push(s); return out; };

describe('arbitration policies', () => {
  it('fifo: detection order, ties by QPN ascending (claim fifo-ties)', () => {
    const p = newPending('fifo');
    pushPending(p, 1, key(30, { detectAt: 5 }));
    pushPending(p, 2, key(20, { detectAt: 5 }));
    pushPending(p, 3, key(10, { detectAt: 9 }));
    pushPending(p, 4, key(40, { detectAt: 1 }));
    expect(drain(p)).toEqual([4, 2, 1, 3]);
  });
  it('priority: the higher class priority always first, FIFO within a priority', () => {
    const p = newPending('priority');
    pushPending(p, 1, key(1, { detectAt: 1, priority: 0 }));
    pushPending(p, 2, key(2, { detectAt: 9, priority: 3 }));
    pushPending(p, 3, key(3, { detectAt: 5, priority: 3 }));
    pushPending(p, 4, key(4, { detectAt: 2, priority: 1 }));
    expect(drain(p)).toEqual([3, 2, 4, 1]);
  });
  it('oldest-first: the QP whose oldest outstanding WR was posted first', () => {
    const p = newPending('oldest-first');
    pushPending(p, 1, key(1, { detectAt: 1, oldest: 50 }));
    pushPending(p, 2, key(2, { detectAt: 2, oldest: 10 }));
    pushPending(p, 3, key(3, { detectAt: 3, oldest: 30 }));
    expect(drain(p)).toEqual([2, 3, 1]);
  });
  it('round-robin: one QP from each waiting class in turn (FIFO inside a class); a class that empties is skipped', () => {
    const p = newPending('round-robin');
    // Class 0 holds six QPs detected first, class 1 two, class 2 one: FIFO would serve all of class 0 first.
    for (let i = 0; i < 6; i++) pushPending(p, i, key(i, { cls: 0, detectAt: i }));
    pushPending(p, 10, key(10, { cls: 1, detectAt: 10 }));
    pushPending(p, 11, key(11, { cls: 1, detectAt: 11 }));
    pushPending(p, 20, key(20, { cls: 2, detectAt: 20 }));
    expect(popPending(p, [])).toBe(0);
    expect(popPending(p, [])).toBe(10);
    pushPending(p, 21, key(21, { cls: 2, detectAt: 21 })); // joins class 2's queue, behind 20
    expect(drain(p)).toEqual([20, 1, 11, 21, 2, 3, 4, 5]);
  });
  it('weighted-fair: with both classes backlogged, service is shared 3 : 1 for weights 3 and 1', () => {
    const p = newPending('weighted-fair');
    for (let i = 0; i < 40; i++) { pushPending(p, i, key(i, { cls: 0, detectAt: i })); pushPending(p, 100 + i, key(100 + i, { cls: 1, detectAt: i })); }
    const first = Array.from({ length: 40 }, () => popPending(p, [3, 1]));
    expect(first.filter((s) => s < 100).length).toBe(30);
    expect(first.filter((s) => s >= 100).length).toBe(10);
  });
  it('weighted-fair: an idle class gets no credit for having been idle', () => {
    const p = newPending('weighted-fair');
    for (let i = 0; i < 20; i++) pushPending(p, i, key(i, { cls: 0, detectAt: i }));
    for (let i = 0; i < 10; i++) popPending(p, [1, 1]);
    for (let i = 0; i < 10; i++) pushPending(p, 100 + i, key(100 + i, { cls: 1, detectAt: 20 + i }));
    const next = Array.from({ length: 10 }, () => popPending(p, [1, 1]));
    expect(next.filter((s) => s >= 100).length).toBe(5);
  });
  it('every policy returns each waiting QP exactly once, and can be drained and rebuilt (seed 7007)', () => {
    fc.assert(fc.property(fc.constantFrom(...POLICIES), fc.array(fc.record({ d: fc.nat(50), q: fc.nat(1000), pr: fc.nat(3), o: fc.nat(50), c: fc.nat(3) }), { maxLength: 120 }), (pol, xs) => {
      const p = newPending(pol);
      xs.forEach((x, i) => pushPending(p, i, key(x.q, { detectAt: x.d, priority: x.pr, oldest: x.o, cls: x.c })));
      expect(pendingSlots(p).sort((a, b) => a - b)).toEqual(xs.map((_, i) => i));
      expect(drain(p, [4, 3, 2, 1]).sort((a, b) => a - b)).toEqual(xs.map((_, i) => i));
      expect(p.size).toBe(0);
    }), { seed: 7007, numRuns: 200 });
  });
});
