import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { parseScenario } from '../../core/index.ts';
import { sandboxScenario } from '../presets.ts';
import { readLink, writeLink, MAX_LINK_CHARS, type MemoryPayload, type TransportPayload } from './index.ts';

const sc = parseScenario(sandboxScenario());
const golden = JSON.parse(readFileSync('fixtures/links/golden-v1.json', 'utf8'));
const pack = (o: unknown) => compressToEncodedURIComponent(JSON.stringify(o));

const transportP: TransportPayload = { scenario: sc, t: 12345, sel: { host: 1, qpn: 0x200 }, tab: 'post', speed: 2000, lesson: { id: 'errors', step: 2 } };
const memoryP: MemoryPayload = {
  preset: 'cx5', qps: 4096, overrides: { policy: '2q', pattern: 'zipf', skew: 1.2, pinned: [16, 17] }, tab: 'capacity',
  compare: { a: { policy: 'lru', engine: 'fixed', entries: 512, ways: 8 }, b: { policy: 'lfu', engine: 'firmware', entries: 1024, ways: 0 } },
  race: { offset: -2, protection: 'seqlock' }, speed: 40_000, lesson: { id: 'capacity', step: 1 },
  capacity: { sramBytes: 131072, contextBytes: 256, table: { levels: 3, entryBytes: 256, pageBytes: 4096, onChipLevels: 2 }, allocatedQps: 5000, activeQps: 4096, packetRateMpps: 60, fetchNs: 750, overlap: 32, engine: 'fixed', lossTarget: 0.05 },
};

describe('link envelope', () => {
  it('round-trips everything each instrument puts in a link', () => {
    expect(readLink(`#${writeLink('transport', transportP)}`)).toEqual({ ok: true, lab: 'transport', value: transportP });
    expect(readLink(`#${writeLink('memory', memoryP)}`)).toEqual({ ok: true, lab: 'memory', value: memoryP });
    expect(writeLink('memory', memoryP)).toMatch(/^lab=memory&v=2&d=[A-Za-z0-9+\-$]+$/);
  });
  it('an empty address opens the transport instrument; #lab=<id> alone opens one with its defaults', () => {
    expect(readLink('')).toEqual({ ok: true, lab: 'transport', value: null });
    expect(readLink('#')).toEqual({ ok: true, lab: 'transport', value: null });
    expect(readLink('#lab=memory')).toEqual({ ok: true, lab: 'memory', value: null });
  });
  it('a faults link carries the storm, the reset view, the compare policy, the tab and the lesson', () => {
    const p = { settings: { qps: 500, fault: 'port-down', preset: 'mlx4', eqDepth: 64, serviceNs: 20000, eqeNs: 100, policy: 'priority', classes: 3, mix: 'equal', outstanding: 8, seed: 1, consumer: 'kernel', idle: 0, classMix: 'interleaved', srq: 0.5, eventNs: 5000, ackNs: 2_000_000, cm: true },
      reset: { situation: 'read-streaming', resetAtNs: 8000, errFirst: true, reuse: false, quarantine: false, randomPsn: true, reusePeer: 'same', allocator: 'rxe' }, compare: 'fifo', tab: 'reset', speed: 1e6, lesson: { id: 'storm', step: 2 } } as const;
    expect(readLink(`#${writeLink('faults', p)}`)).toEqual({ ok: true, lab: 'faults', value: p });
    const bad = readLink(`#lab=faults&v=1&d=${pack({ ...p, settings: { ...p.settings, qps: 0 } })}`);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/settings\.qps: must be at least 1/);
  });
  it('golden version-1 links keep opening (migrated to version 2)', () => {
    for (const g of golden.transport) {
      const r = readLink(g.hash);
      expect(r.ok && r.lab).toBe('transport');
      const v = r.ok && r.lab === 'transport' ? r.value! : null;
      expect(v?.t).toBe(g.t);
      expect(v?.sel).toEqual(g.sel);
      expect(v?.lesson).toEqual(g.lesson);
      expect(v?.scenario.commands).toHaveLength(1);
    }
    for (const g of golden.memory) {
      const r = readLink(g.hash);
      const v = r.ok && r.lab === 'memory' ? r.value! : null;
      expect(v).toMatchObject({ preset: g.preset, qps: g.qps, tab: g.tab });
      expect(v?.overrides.policy ?? 'lru').toBe(g.policy);
    }
  });
  it.each([
    ['#lab=bogus', /no instrument "bogus"/],
    ['#lab=memory&x=1', /does not know: "x"/],
    ['#lab=memory&lab=transport', /names "lab" twice/],
    ['#lab=memory&v=2', /version but no data/],
    ['#lab=memory&v=9&d=abc', /version 9; this page reads versions 1 to 2/],
    ['#lab=memory&v=two&d=abc', /version must be a number/],
    [`#lab=memory&v=2&d=${'A'.repeat(MAX_LINK_CHARS)}`, /at most/],
    ['#lab=memory&v=2&d=abc def', /characters/],
    ['#lab=memory&v=2&d=NoWayThisIsALink', /damaged/],
    [`#lab=memory&v=2&d=${pack({ ...memoryP, colour: 'red' })}`, /colour/],
    [`#lab=memory&v=2&d=${pack({ ...memoryP, overrides: { ways: 'eight' } })}`, /overrides\.ways: must be an integer/],
    [`#lab=memory&v=2&d=${pack({ ...memoryP, overrides: { policy: 'mru' } })}`, /policy: must be one of lru/],
    [`#lab=memory&v=2&d=${pack({ ...memoryP, overrides: { pinned: Array(65).fill(1) } })}`, /at most 64/],
    [`#lab=memory&v=2&d=${pack({ ...memoryP, compare: { a: { policy: 'lru' } } })}`, /compare/],
    [`#lab=memory&v=2&d=${pack({ ...memoryP, tab: 'nope' })}`, /tab: must be one of cache/],
    [`#lab=memory&m=${pack({ v: 1, p: 'cx9', q: 10 })}`, /preset: must be one of/],
    [`#lab=memory&m=${pack({ v: 2, p: 'cx3', q: 10 })}`, /version 2/],
    [`#lab=transport&v=2&d=${pack({ ...transportP, scenario: { ...sc, seed: -1 } })}`, /scenario: .*seed/],
    [`#lab=transport&v=2&d=${pack({ ...transportP, t: -5 })}`, /t: must be at least 0/],
    [`#s=${pack({ v: 1, scenario: { ...sc, config: { ...sc.config, qps: [{ ...sc.config.qps[0], sqDepth: 1e9 }] } } })}`, /config\.qps\[0\]\.sqDepth/],
    [`#s=${'x'.repeat(400_001)}`, /at most/],
  ])('refuses %#, naming the problem', (hash, msg) => {
    const r = readLink(hash);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(msg);
  });
  it('a valid link followed by junk is refused, not opened as if nothing were wrong', () => {
    const good = writeLink('transport', transportP);
    for (const tail of ['A'.repeat(300_000), 'xyz', '&junk', '&d=1', '%20']) {
      const r = readLink(`#${good}${tail}`);
      expect(r.ok, tail.slice(0, 10)).toBe(false);
    }
  });
  it('checks own keys only: names on Object.prototype are unknown keys (seed 21)', () => {
    for (const k of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const withKey = (o: object) => JSON.parse(JSON.stringify(o).replace(/^\{/, `{"${k}":1,`));
      for (const bad of [
        { ...memoryP, overrides: withKey(memoryP.overrides) },
        { ...memoryP, compare: { a: withKey(memoryP.compare!.a), b: memoryP.compare!.b } },
        withKey(memoryP),
        withKey(transportP),
      ]) {
        const lab = 'scenario' in bad ? 'transport' : 'memory';
        const r = readLink(`#lab=${lab}&v=2&d=${pack(bad)}`);
        expect(r.ok, `${lab} with "${k}"`).toBe(false);
      }
    }
  });
  it('survives arbitrary junk and mutations without throwing (seed 8)', () => {
    const good = writeLink('memory', memoryP);
    fc.assert(fc.property(fc.string({ maxLength: 300 }), fc.nat(good.length), fc.string({ maxLength: 8 }), (junk, at, ins) => {
      for (const h of [junk, `#${junk}`, `#${good.slice(0, at)}${ins}${good.slice(at)}`, `#${good}${junk}`]) {
        const r = readLink(h);
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.error.length).toBeGreaterThan(10);
      }
    }), { seed: 8, numRuns: 300 });
  });
});

describe('refusals the link fuzzer found', () => {
  const nested = (n: number, open: string, close: string) => `${open.repeat(n)}{"time":{"op":">","value":0}}${close.repeat(n)}`;
  /** A transport link whose challenge goal is `goal` (JSON text: nesting this deep cannot go through JSON.stringify). */
  const withGoal = (goal: string) => {
    const json = JSON.stringify({ ...transportP, lesson: undefined, challenge: { title: 't', text: '', goal: '@GOAL@' } }).replace('"@GOAL@"', goal);
    return `#lab=transport&v=2&d=${compressToEncodedURIComponent(json)}`;
  };
  it('a challenge nesting goals thousands deep is refused, naming the depth (it exhausted the stack: an uncaught RangeError)', () => {
    for (const goal of [nested(5000, '{"not":', '}'), nested(3000, '{"all":[', ']}'), nested(17, '{"any":[', ']}')]) {
      const r = readLink(withGoal(goal));
      expect(r).toEqual({ ok: false, error: 'the link\'s challenge.goal: must nest goals at most 16 deep' });
    }
    const r = readLink(withGoal(nested(15, '{"not":', '}')));
    expect(r.ok).toBe(true);
  });
  it('a schema that throws instead of refusing still only refuses the link', async () => {
    const { decodeLink, encodeLink } = await import('./envelope.ts');
    const v = await import('valibot');
    const spec = { version: 1, migrations: {}, schema: v.pipe(v.unknown(), v.check(() => { throw new RangeError('Maximum call stack size exceeded'); })) };
    const r = decodeLink(`#${encodeLink('x', 1, { a: 1 })}`, { x: spec }, 'x');
    expect(r).toEqual({ ok: false, error: 'the link could not be read (Maximum call stack size exceeded)' });
  });
});

describe('namedLab', () => {
  it('finds the instrument even in a link that is otherwise refused', async () => {
    const { namedLab } = await import('./index.ts');
    expect(namedLab('#lab=memory&m=broken')).toBe('memory');
    expect(namedLab('#s=broken')).toBe('transport');
    expect(namedLab('#lab=bogus')).toBeNull();
    expect(namedLab('#lab=constructor')).toBeNull();
    expect(namedLab('')).toBeNull();
  });
});
