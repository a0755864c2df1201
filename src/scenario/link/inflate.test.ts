import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import LZString from 'lz-string';
import { inflate } from './inflate.ts';
import { bombData } from './bomb.ts';
import { MAX_JSON_CHARS, MAX_LINK_CHARS } from './envelope.ts';
import { readLink, writeLink } from './index.ts';

const { compressToEncodedURIComponent: pack, decompressFromEncodedURIComponent: unpack } = LZString;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/** lz-string's answer in inflate's terms (a falsy result is damaged; a throw too). */
function reference(data: string): string | null {
  try { return unpack(data) || null; } catch { return null; }
}

describe('inflate: lz-string data with a ceiling', () => {
  it('reads back whatever lz-string wrote, any text (seed 31)', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 })), (s) => {
      fc.pre(s.length > 0);
      expect(inflate(pack(s), 1e6)).toEqual({ ok: true, text: s });
    }), { seed: 31, numRuns: 600 });
  });

  it('gives what lz-string gives for any data, valid or not, within the ceiling (seed 32)', () => {
    const link = pack(JSON.stringify({ preset: 'cx5', qps: 4096, overrides: { policy: 'lfu' }, tab: 'cache' }));
    const junk = fc.oneof(
      fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 1, maxLength: 300 }),
      fc.tuple(fc.nat(link.length - 1), fc.constantFrom(...ALPHABET), fc.nat(20)).map(([i, c, cut]) => `${link.slice(0, i)}${c}${link.slice(i + 1, link.length - cut)}`),
    );
    fc.assert(fc.property(junk, (data) => {
      // lz-string misreads a first code of 3 (it has none): it builds text from "undefined" or throws.
      fc.pre(((ALPHABET.indexOf(data[0]) >> 4) & 3) !== 3);
      const ref = reference(data);
      const got = inflate(data, 1e7);
      expect(got.ok ? got.text : null).toBe(ref);
    }), { seed: 32, numRuns: 3000 });
  });

  it('stops at the ceiling: a 70 kB bomb that expands to 450 million characters is too long, not decoded', () => {
    const data = bombData(30_000);
    expect(data.length).toBeLessThan(MAX_LINK_CHARS);
    expect(inflate(data, MAX_JSON_CHARS)).toEqual({ ok: false, reason: 'too-long' });
    // Under the ceiling, the same construction decodes to exactly what it promises.
    const small = inflate(bombData(100), 10_000);
    expect(small.ok && small.text).toBe('a'.repeat(1 + (101 * 102) / 2 - 1));
  });

  it('the envelope refuses a bomb by its size, at the largest a link may be', () => {
    let codes = 30_000;
    while (bombData(codes * 2).length < MAX_LINK_CHARS - 100) codes *= 2;
    for (const data of [bombData(3000), bombData(codes)]) {
      const r = readLink(`#lab=memory&v=2&d=${data}`);
      expect(r).toEqual({ ok: false, error: 'the link expands to more data than any scenario needs' });
    }
  });

  it('a link whose data is only its end marker, or cut before it, is damaged', () => {
    const good = writeLink('memory', { preset: 'cx3', qps: 48, overrides: {} }).split('d=')[1];
    expect(inflate(good.slice(0, 5), 1e6)).toEqual({ ok: false, reason: 'damaged' });
    expect(inflate('', 1e6)).toEqual({ ok: false, reason: 'damaged' });
    expect(inflate(pack(''), 1e6).ok).toBe(false);
  });
});
