import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventHasher } from './traceHash.ts';
import { Trace } from './trace.ts';

const hashOf = (...objs: Record<string, unknown>[]): string => {
  const h = new EventHasher();
  for (const o of objs) h.object(o);
  return h.hex();
};

describe('trace hash (structural, 64 hex characters)', () => {
  it('is byte-stable: a fixed event list always gives this digest (a change here changes every recorded hash)', () => {
    const evs = [
      { t: 0, kind: 'qp-created', host: 0, qpn: 256, type: 'RC' },
      { t: 1150, kind: 'pkt', id: 0, src: 0, dst: 1, op: 'SEND_ONLY', psn: 16777208, bytes: 1102, start: 1770, arrive: 2359, drop: undefined },
      { t: 2000, kind: 'modify', host: 1, qpn: 512, from: 'INIT', to: 'RTR', mask: ['IBV_QP_STATE', 'IBV_QP_AV'], changed: [] },
      { t: 3e9, kind: 'x', big: 2 ** 40, frac: 0.5, neg: -7, yes: true, no: false, nil: null },
    ];
    expect(hashOf(...evs)).toBe('01c41e757da483c5edb318404f6c1f23f826751d53edb13766e4b4ea4a8ee3f0');
  });

  it('an undefined field hashes as an absent one (JSON.stringify skips both)', () => {
    expect(hashOf({ t: 1, kind: 'a', x: undefined, y: 2 })).toBe(hashOf({ t: 1, kind: 'a', y: 2 }));
  });

  it('values, their types, key names, key order and event boundaries all count', () => {
    const base = hashOf({ kind: 'a', v: 1 });
    const others = [
      hashOf({ kind: 'a', v: '1' }), hashOf({ kind: 'a', v: true }), hashOf({ kind: 'a', w: 1 }),
      hashOf({ v: 1, kind: 'a' }), hashOf({ kind: 'a', v: 2 }), hashOf({ kind: 'a', v: [1] }),
      hashOf({ kind: 'a', v: 1.5 }), hashOf({ kind: 'a', v: 2 ** 33 + 1 }), hashOf({ kind: 'a' }, { v: 1 }),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
    expect(hashOf({ kind: 'a', v: [1, 2] })).not.toBe(hashOf({ kind: 'a', v: [2, 1] }));
    expect(hashOf({ kind: 'a', v: 2 ** 33 })).not.toBe(hashOf({ kind: 'a', v: 2 ** 33 + 2 }));
  });

  it('equal JSON gives equal digests: any JSON value, before and after a JSON round trip (seed 4242)', () => {
    fc.assert(fc.property(fc.array(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 }), { maxLength: 12 }), (objs) => {
      const again = objs.map((o) => JSON.parse(JSON.stringify(o)) as Record<string, unknown>);
      expect(hashOf(...again)).toBe(hashOf(...objs));
    }), { seed: 4242, numRuns: 300 });
  });

  it('taking a digest does not disturb the running state; a trace rewinds to the same digest', () => {
    const h = new EventHasher();
    h.object({ kind: 'a', v: 1 });
    const first = h.hex();
    expect(h.hex()).toBe(first);
    const tr = new Trace<Record<string, unknown>>('hash');
    tr.push({ kind: 'a', v: 1 });
    const m = tr.mark();
    const at = tr.hash();
    for (let i = 0; i < 100; i++) tr.push({ kind: 'b', i, s: `detail ${i}` });
    expect(tr.hash()).not.toBe(at);
    tr.rewind(m);
    expect(tr.hash()).toBe(at);
    expect(at).toBe(first);
  });

  it('a trace hashes its events in batches: any run of pushes, marks, rewinds and clones digests as one hasher fed the surviving events in order (seed 256256)', () => {
    type Op = { op: 'push'; n: number } | { op: 'mark' } | { op: 'rewind'; k: number } | { op: 'clone' };
    const ops = fc.array(fc.oneof(
      fc.record({ op: fc.constant('push' as const), n: fc.integer({ min: 1, max: 700 }) }),
      fc.constant({ op: 'mark' as const }),
      fc.record({ op: fc.constant('rewind' as const), k: fc.nat() }),
      fc.constant({ op: 'clone' as const }),
    ), { maxLength: 12 });
    fc.assert(fc.property(ops, (list: Op[]) => {
      let tr = new Trace<Record<string, unknown>>('hash');
      let timeline: Record<string, unknown>[] = [];
      const marks: { m: ReturnType<Trace['mark']>; len: number }[] = [];
      let next = 0;
      for (const o of list) {
        if (o.op === 'push') for (let i = 0; i < o.n; i++) { const e = { kind: i % 3 ? 'x' : 'y', i: next++, s: `e${next}` }; tr.push(e); timeline.push(e); }
        else if (o.op === 'mark') marks.push({ m: tr.mark(), len: timeline.length });
        else if (o.op === 'rewind' && marks.length > 0) { const { m, len } = marks[o.k % marks.length]; tr.rewind(m); timeline = timeline.slice(0, len); marks.splice(0, marks.length, ...marks.filter((x) => x.len <= len)); }
        else if (o.op === 'clone') tr = tr.clone();
        expect(tr.count).toBe(timeline.length);
      }
      expect(tr.hash()).toBe(hashOf(...timeline));
    }), { seed: 256256, numRuns: 80 });
  });
});
