import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { decodeMemoryLink, diffSettings, encodeMemoryLink, memoryLinkParam, MAX_MEMORY_LINK_CHARS, type MemoryLinkState } from './memoryLink.ts';

const state: MemoryLinkState = {
  preset: 'cx5', qps: 4096, tab: 'cliff',
  overrides: { policy: '2q', pattern: 'zipf', skew: 1.2, pinned: [16, 17] },
  compare: { a: { policy: 'lru', engine: 'fixed', entries: 512, ways: 8 }, b: { policy: 'lfu', engine: 'firmware', entries: 1024, ways: 0 } },
};
const raw = (o: unknown) => compressToEncodedURIComponent(JSON.stringify(o));

describe('memory lab link', () => {
  it('round-trips preset, overrides, active QPs, tab and compare sides', () => {
    const text = encodeMemoryLink(state);
    expect(text).toMatch(/^[A-Za-z0-9+\-$]+$/);
    expect(decodeMemoryLink(text)).toEqual({ ok: true, value: state });
    expect(memoryLinkParam(`#lab=memory&m=${text}`)).toBe(text);
    expect(memoryLinkParam('#lab=memory')).toBeNull();
  });

  it('keeps only the settings that differ from the preset', () => {
    const base = { entries: 512, ways: 8, policy: 'lru', engine: 'fixed', fetchNs: 600, overlap: 32, pattern: 'uniform', skew: 0, tableLevels: 3, onChipLevels: 2, pinned: [], seed: 1, inFlight: 'pin', inFlightWindow: 0 } as const;
    expect(diffSettings({ ...base, pinned: [], policy: 'fifo' }, { ...base, pinned: [] })).toEqual({ policy: 'fifo' });
  });

  it.each([
    ['', /no lab settings/],
    ['a'.repeat(MAX_MEMORY_LINK_CHARS + 1), /at most/],
    ['abc def', /characters/],
    ['Zm9vYmFy', /damaged/],
    [raw([1, 2]), /no lab settings/],
    [raw({ v: 2, p: 'cx3', q: 10 }), /version 2/],
    [raw({ v: 1, p: 'cx9', q: 10 }), /preset must be one of/],
    [raw({ v: 1, p: 'cx3', q: 0 }), /active QPs/],
    [raw({ v: 1, p: 'cx3', q: 1.5 }), /active QPs/],
    [raw({ v: 1, p: 'cx3', q: 10, t: 'nope' }), /tab must be one of/],
    [raw({ v: 1, p: 'cx3', q: 10, o: { colour: 'red' } }), /unknown field "colour"/],
    [raw({ v: 1, p: 'cx3', q: 10, o: { ways: 'eight' } }), /ways must be an integer/],
    [raw({ v: 1, p: 'cx3', q: 10, o: { policy: 'mru' } }), /policy must be one of/],
    [raw({ v: 1, p: 'cx3', q: 10, o: { pinned: Array(65).fill(1) } }), /pinned must be a list of at most 64/],
    [raw({ v: 1, p: 'cx3', q: 10, c: { a: { policy: 'lru' } } }), /compare side a lacks engine, entries, ways/],
  ])('names the problem in a bad link (%#)', (text, msg) => {
    const r = decodeMemoryLink(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(msg);
  });
});
