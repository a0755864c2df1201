import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareProtections, simulateRace, tornWindow } from './raceSim.ts';

describe('control-plane write vs pipeline read of one context', () => {
  // Defaults: 4 words; the writer needs 4 cycles per word, so word i lands at the end of cycle
  // w0 + 4i + 3; the reader samples word i at cycle s + i. Word i is new iff s + i ≥ w0 + 4i + 4,
  // i.e. s - w0 ≥ 3i + 4: the read tears iff word 0 is new and word 3 is old, 4 ≤ s - w0 < 13.
  it('unprotected: the torn window is reader offsets 4..12 after the write starts', () => {
    expect(tornWindow({ writerStart: 0 }).offsets).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('a torn read of RTS→RTS: the new access flags with the old RNR timer', () => {
    const t = simulateRace({ protection: 'none', words: 2, writerStart: 0, readerStart: 5 });
    expect(t.torn).toBe(true);
    expect(t.fields.map((f) => f.seen)).toEqual(['1/0/0', '12 (0.64 ms)']);
    expect(t.events.filter((e) => e.actor === 'reader' && e.action === 'read-word').map((e) => e.value)).toEqual(['new', 'old']);
    // Two words of 4 write cycles each: the window is offsets 4..6 (word 0 landed, word 1 not yet).
    expect(tornWindow({ words: 2, writerStart: 0 }).offsets).toEqual([4, 5, 6]);
  });

  it('a dual-ported SRAM alone does not make a multi-word write atomic: only the whole-context row does', () => {
    // Two ports but the context spread over words is the unprotected case: it tears.
    expect(simulateRace({ protection: 'none', words: 2, writerStart: 0, readerStart: 5 }).torn).toBe(true);
    // The model's dual-port protection moves the context as one row, whatever its word count.
    const wide = simulateRace({ protection: 'dual-port', words: 2, writerStart: 0, readerStart: 5 });
    expect(wide.torn).toBe(false);
    expect(wide.writerCycles).toBe(1);
  });

  it('unprotected reads follow the landing rule word by word (seed 71)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 3 }), fc.nat(60), fc.nat(60),
      (words, wpw, rpw, w0, s) => {
        const t = simulateRace({ protection: 'none', words, writeCyclesPerWord: wpw, readCyclesPerWord: rpw, writerStart: w0, readerStart: s });
        const expected = Array.from({ length: words }, (_, i) => (s + i * rpw >= w0 + (i + 1) * wpw ? 'new' : 'old'));
        expect(t.observed).toEqual(expected);
        expect(t.torn).toBe(expected.includes('new') && expected.includes('old'));
      },
    ), { seed: 71, numRuns: 300 });
  });

  it('every protection prevents the tear, whatever the timing (seed 72)', () => {
    fc.assert(fc.property(
      fc.constantFrom('busy-bit' as const, 'seqlock' as const, 'dual-port' as const),
      fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 3 }), fc.nat(40), fc.nat(40),
      (protection, words, wpw, rpw, w0, s) => {
        const t = simulateRace({ protection, words, writeCyclesPerWord: wpw, readCyclesPerWord: rpw, writerStart: w0, readerStart: s });
        expect(t.torn).toBe(false);
        expect(t.events.filter((e) => e.action === 'done').length).toBe(2);
      },
    ), { seed: 72, numRuns: 400 });
  });

  it('uncontended cost per read: none 0, busy-bit 1 (check), seqlock 2 (two version reads), dual-port 0', () => {
    const far = compareProtections({ writerStart: 0, readerStart: 200 });
    expect(far.map((x) => [x.protection, x.readerOverheadCycles])).toEqual([['none', 0], ['busy-bit', 1], ['seqlock', 2], ['dual-port', 0]]);
    // Writer: 16 cycles of words, +2 for lock/unlock or the two version bumps, 1 for a wide row.
    expect(far.map((x) => x.writerCycles)).toEqual([16, 18, 18, 1]);
  });

  it('contended: busy-bit stalls the reader until unlock; seqlock retries; dual-port arbitrates one cycle', () => {
    const [, busy, seq] = compareProtections({ writerStart: 0, readerStart: 5 });
    // Writer holds the lock from cycle 0, writes cycles 1-16, unlocks at 17: reader stalls 5..17.
    expect(busy.readerStallCycles).toBe(13);
    expect(busy.readerCycles).toBe(13 + 1 + 4);
    expect(seq.retries).toBeGreaterThanOrEqual(1);
    expect(seq.writerStallCycles).toBe(0); // writers never wait for a seqlock reader
    const dp = simulateRace({ protection: 'dual-port', writerStart: 3, readerStart: 3 });
    expect(dp.observed).toEqual(['old', 'old', 'old', 'old']); // pipeline first, then the row write
    expect(dp.writerStallCycles).toBe(1);
    // A reader in progress makes the busy-bit writer wait: the reader holds from cycle 0, reads
    // words in cycles 1-4 and releases as it finishes in cycle 4, so the writer waits in 2 and 3.
    const w = simulateRace({ protection: 'busy-bit', writerStart: 2, readerStart: 0 });
    expect(w.writerStallCycles).toBe(2);
    expect(w.observed).toEqual(['old', 'old', 'old', 'old']);
  });

  it('refuses bad configurations, naming the field', () => {
    expect(() => simulateRace({ protection: 'none', words: 0, writerStart: 0, readerStart: 0 })).toThrow(/race\.words/);
    expect(() => simulateRace({ protection: 'mutex' as never, writerStart: 0, readerStart: 0 })).toThrow(/race\.protection/);
    expect(() => simulateRace({ protection: 'none', words: 2, writerStart: 0, readerStart: 0, fields: [] })).toThrow(/race\.fields/);
  });
});
