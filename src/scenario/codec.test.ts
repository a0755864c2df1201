import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { parseScenario } from '../core/index.ts';
import { decodeShare, encodeShare } from './codec.ts';
import { sandboxScenario } from './presets.ts';

const sc = parseScenario(sandboxScenario());

describe('share link codec', () => {
  it('round-trips scenario and view', () => {
    const link = encodeShare(sc, { t: 12345, sel: { host: 1, qpn: 0x200 }, lesson: 'flush', step: 2 });
    expect(decodeShare(link)).toEqual({ ok: true, value: { scenario: sc, view: { t: 12345, sel: { host: 1, qpn: 0x200 }, lesson: 'flush', step: 2 } } });
  });
  it('round-trips recorded commands (seed 5)', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(1_000_000), fc.nat(1000)), { maxLength: 50 }), (cmds) => {
      const s = parseScenario({ ...sc, commands: cmds.map(([t, wrId]) => ({ t, cmd: { kind: 'postRecv', host: 0, qpn: 0x100, wr: { wrId, length: 64 } } })) });
      const d = decodeShare(encodeShare(s, { t: 0 }));
      expect(d.ok && d.value.scenario).toEqual(s);
    }), { seed: 5, numRuns: 50 });
  });
  it('names the problem for every kind of bad link', () => {
    const cases: [string, RegExp][] = [
      ['x'.repeat(400_001), /at most/],
      ['abc def', /characters/],
      [encodeShare(sc, { t: 1 }).slice(0, 40), /damaged|not valid JSON/],
      [compressToEncodedURIComponent('{"v":1,'), /not valid JSON/],
      [compressToEncodedURIComponent(JSON.stringify({ v: 9, scenario: sc })), /version 9/],
      [compressToEncodedURIComponent(JSON.stringify({ v: 1, scenario: { ...sc, seed: -1 } })), /seed/],
      [compressToEncodedURIComponent(JSON.stringify({ v: 1, scenario: { ...sc, config: { ...sc.config, qps: [{ ...sc.config.qps[0], sqDepth: 1e9 }] } } })), /config\.qps\[0\]\.sqDepth/],
      [compressToEncodedURIComponent(JSON.stringify({ v: 1, scenario: { ...sc, config: { ...sc.config, qps: [{ ...sc.config.qps[0], peer: 9 }] } } })), /peer/],
    ];
    for (const [link, msg] of cases) {
      const r = decodeShare(link);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(msg);
    }
  });
  it('survives arbitrary junk without throwing (seed 8)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => { expect(typeof decodeShare(s).ok).toBe('boolean'); }), { seed: 8, numRuns: 500 });
  });
});
