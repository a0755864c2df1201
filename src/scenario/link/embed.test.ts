// embed=1 is a known parameter of the envelope: it goes with any link, bare ones included, and
// says so; any other value is refused naming it. Dropping it leaves the rest of the link as it was.
import { describe, expect, it } from 'vitest';
import { readLink, writeLink } from './index.ts';
import { wantsEmbed, withoutEmbed } from './embed.ts';

const MEMORY_TABLE = '#lab=memory&v=2&d=N4IgDgTgpgzlAuIBcIDGAPAzCANCAjmDMgIwAMFeA9gG5QQQCWAJrMsAL56pUC2YAQ2jsQAkWCoAbRqgCeyEJIgBXXCCgA7AOaMNUBQDNG6KMzWb4TNkhIkATHgDuA2cSQAOLiABG4qTPkUIwMqc21dfSDjUzDLRmtbBxBnV2RPL3gBXxRUAVQAC308CDzI0CoDAzhEJAA2PEgqeChUeEYqDQUNDv0vGDAoGKQAVgoyPElYGA6RFgVM70m1GGawZHGQOCGSDg4gA';

describe('embed=1 in the link envelope', () => {
  it.each(['#embed=1', '#lab=memory&embed=1', '#embed=1&lab=faults'])('opens %s in embed mode', (hash) => {
    const r = readLink(hash);
    expect(r).toMatchObject({ ok: true, value: null, embed: true });
    expect(wantsEmbed(hash)).toBe(true);
  });

  it('goes with a full link, which opens as it would without it', () => {
    // The memory lesson docs/embed-example.html embeds, written again by the envelope.
    const opened = readLink(MEMORY_TABLE);
    if (!opened.ok || opened.lab !== 'memory' || !opened.value) throw new Error('the example link does not open');
    const hash = `#${writeLink('memory', opened.value)}`;
    const framed = readLink(`${hash}&embed=1`);
    expect(framed).toEqual({ ...readLink(hash), embed: true });
    expect(framed.ok && framed.value?.lesson?.id).toBe('table');
  });

  it('is not there unless asked for', () => {
    expect(readLink('#lab=memory')).not.toHaveProperty('embed');
    expect(wantsEmbed('#lab=memory&d=embed=1x')).toBe(false);
  });

  it.each([['#lab=memory&embed=0', /embed must be 1, got "0"/], ['#lab=memory&embed', /embed must be 1, got ""/], ['#embed=1&embed=1', /names "embed" twice/]])('refuses %s', (hash, why) => {
    const r = readLink(hash);
    expect(r.ok ? 'accepted' : r.error).toMatch(why);
  });

  it('drops embed=1 and keeps the rest', () => {
    expect(withoutEmbed('#lab=memory&v=2&d=abc&embed=1')).toBe('#lab=memory&v=2&d=abc');
    expect(withoutEmbed('embed=1&lab=faults')).toBe('lab=faults');
    expect(withoutEmbed('#embed=1')).toBe('#');
  });
});
