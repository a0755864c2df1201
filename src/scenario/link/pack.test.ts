import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import LZString from 'lz-string';
import { pack } from './pack.ts';

const { compressToEncodedURIComponent: lz } = LZString;

describe('pack: lz-string\'s link data, in linear time', () => {
  it('writes exactly what lz-string writes, for any text (seed 41)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('a', 'b', '{', '"', ':', '_'), maxLength: 2000 }),
      fc.json(),
    );
    fc.assert(fc.property(text, (s) => { expect(pack(s)).toBe(lz(s)); }), { seed: 41, numRuns: 1500 });
  });

  it('keeps lz-string\'s one quirk: the phrase "__proto__" never enters the dictionary (seed 42)', () => {
    // The phrase grows one character per repetition: it takes some forty "__proto__" in a row to reach it.
    const around = fc.array(fc.constantFrom('__proto__', '__proto__', '__proto__', '_', 'proto', '"__proto__":{}', 'x'), { minLength: 40, maxLength: 400 }).map((xs) => xs.join(''));
    fc.assert(fc.property(around, (s) => { expect(pack(s)).toBe(lz(s)); }), { seed: 42, numRuns: 300 });
    for (const n of [50, 1000]) expect(pack('__proto__'.repeat(n))).toBe(lz('__proto__'.repeat(n)));
  });

  it('the repetitive text the fuzzer makes: nesting thousands deep, a long run of one character, a grown array', () => {
    const deep = `${'{"not":'.repeat(3000)}1${'}'.repeat(3000)}`;
    const grown = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ t: i * 100, kind: 'post', qpn: 0x201, wr: { opcode: 'SEND', len: 64 } })));
    for (const s of ['', 'a', deep, 'A'.repeat(20_000), grown]) expect(pack(s)).toBe(lz(s));
  });
});
