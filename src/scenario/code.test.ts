// The completion code's format: what goes in comes out, a code is printable and case-insensitive,
// and a mistyped, cut or edited code is refused by its checksum with a message saying so.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCode, encodeCode, type Attempt } from './code.ts';

const HASH = '0123456789abcdef'.repeat(4);
const attempt: Attempt = { challenge: 'memory-cliff', seed: 7, commands: [{ kind: 'config', patch: { qps: 1000 } }], traceHash: HASH };

describe('completion code', () => {
  it('round-trips an attempt (the hash travels as its first 16 hex characters)', () => {
    const code = encodeCode(attempt);
    expect(decodeCode(code)).toEqual({ ok: true, attempt: { ...attempt, traceHash: HASH.slice(0, 16) } });
  });
  it('is printable: QP1-, groups of five base32 characters, a four-character checksum', () => {
    expect(encodeCode(attempt)).toMatch(/^QP1(-[0-9A-HJKMNP-TV-Z]{1,5})+-[0-9A-HJKMNP-TV-Z]{4}$/);
  });
  it('reads back in lower case, without dashes, with O for 0 and I or L for 1', () => {
    const code = encodeCode(attempt);
    const sloppy = code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(decodeCode(sloppy)).toEqual(decodeCode(code));
  });
  it('a changed character is refused by the checksum', () => {
    const code = encodeCode(attempt);
    const i = 10;
    const swapped = code.slice(0, i) + (code[i] === 'A' ? 'B' : 'A') + code.slice(i + 1);
    expect(decodeCode(swapped)).toEqual({ ok: false, error: 'its checksum does not match (a mistyped, cut or altered code)' });
  });
  it('a cut code is refused by the checksum', () => {
    const code = encodeCode(attempt);
    expect(decodeCode(code.slice(0, -6))).toMatchObject({ ok: false, error: expect.stringMatching(/checksum/) });
  });
  it.each([
    ['another prefix', 'XX1-ABCDE-FGHJK', /starts with QP1/],
    ['a letter base32 has no use for', 'QP1-ABCDE-FGHUK', /holds no "U"/],
    ['too short', 'QP1-AB', /cut short/],
    ['too long', `QP1-${'A'.repeat(9000)}`, /at most 8000/],
  ])('%s is refused', (_w, code, msg) => {
    expect(decodeCode(code)).toMatchObject({ ok: false, error: expect.stringMatching(msg) });
  });
  it('round-trips any attempt (fast-check, seed 20261203)', () => {
    const cmd = fc.record({ kind: fc.constantFrom('config', 'settings', 'modifyQp'), n: fc.integer({ min: 0, max: 1 << 20 }), s: fc.string({ maxLength: 12 }) });
    fc.assert(fc.property(
      fc.stringMatching(/^[a-z0-9-]{1,40}$/), fc.integer({ min: 0, max: 0x7fffffff }), fc.array(cmd, { maxLength: 20 }), fc.stringMatching(/^[0-9a-f]{64}$/),
      (challenge, seed, commands, traceHash) => {
        const r = decodeCode(encodeCode({ challenge, seed, commands, traceHash }));
        expect(r).toEqual({ ok: true, attempt: { challenge, seed, commands, traceHash: traceHash.slice(0, 16) } });
      }), { seed: 20261203, numRuns: 200 });
  });
});
