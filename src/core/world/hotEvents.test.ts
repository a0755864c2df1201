// Each hot event's own encoder writes exactly the words EventHasher.object() writes for it, so
// trace hashes and challenge codes are what they were before the encoders existed: checked for
// any event each builder can make, alone and interleaved with generic events (block boundaries).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventHasher } from '../kit/traceHash.ts';
import { Trace } from '../kit/trace.ts';
import type { SimEvent } from '../model/events.ts';
import type { Cqe, Packet } from './world.ts';
import { MLX5_SYNDROME_OF } from '../hw/syndrome.ts';
import { foldCqe, foldHw, newHwFold } from '../hw/quantities.ts';
import {
  cacheEvent, cqeEvent, hashCache, hashCqe, hashCqeOf, hashPkt, hashReport, hashState, hashWrError,
  pktEvent, reportEvent, stateEvent, wrErrorEvent,
} from './hotEvents.ts';

// Numbers as the model makes them and as it might: small and large ints, -0, fractions, NaN, ±Infinity.
const num = fc.oneof(fc.integer(), fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), fc.double(), fc.constantFrom(-0, 2 ** 31, -(2 ** 31) - 1));
const text = fc.oneof(fc.constantFrom('IBV_WC_WR_FLUSH_ERR', 'IBV_WC_SUCCESS', 'sq', 'rq', ''), fc.string(), fc.string({ unit: 'binary' }));
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

type Encoded = { ev: SimEvent; enc?: (h: EventHasher, e: never) => void };
const cqe: fc.Arbitrary<Encoded> = fc.record({
  t: num, host: num, cq: num, wr: num, wrId: num, qpn: num, status: text, queue: text, opcode: opt(text), byteLen: opt(num), imm: opt(num),
  // The model's own syndromes are frozen and shared (their words are remembered); others are not.
  syndrome: opt(fc.oneof(fc.record({ value: num, name: text }), fc.constantFrom(...Object.values(MLX5_SYNDROME_OF)))),
}).map(({ t, host, cq, syndrome, ...e }) => ({ ev: cqeEvent(t, host, cq, { ...e, t } as unknown as Cqe, syndrome), enc: hashCqe }));
const cache = fc.tuple(num, num, num, fc.oneof(fc.constant(-1), num), fc.boolean())
  .map(([t, host, qpn, victim, wb]) => ({ ev: cacheEvent(t, host, qpn, victim, wb), enc: hashCache }));
const report = fc.tuple(num, num, num, text, num, num)
  .map(([t, host, qpn, via, cls, ns]) => ({ ev: reportEvent(t, host, qpn, via as never, cls, ns), enc: hashReport }));
const state = fc.tuple(num, num, num, text, text, text)
  .map(([t, host, qpn, from, to, cause]) => ({ ev: stateEvent(t, host, qpn, from, to, cause as never), enc: hashState }));
const wrError = fc.tuple(num, num, num, num, num, text, text, opt(text))
  .map(([t, host, qpn, wr, wrId, status, cause, check]) => ({ ev: wrErrorEvent(t, host, qpn, wr, wrId, status as never, cause as never, check), enc: hashWrError }));
const pkt = fc.record({ t: num, id: num, src: num, dst: num, srcQpn: num, dstQpn: num, op: text, psn: num, bytes: num, syndrome: opt(text), start: num, arrive: num, drop: opt(text) })
  .map(({ t, start, arrive, drop, ...p }) => ({ ev: pktEvent(t, p as unknown as Packet, start, arrive, drop), enc: hashPkt }));
// A generic event between them moves the hot ones across the hasher's 8-word block boundaries.
const generic: fc.Arbitrary<Encoded> = fc.record({ t: num, kind: fc.constant('retry'), host: num, reason: text, left: fc.oneof(num, text) }).map((e) => ({ ev: e as unknown as SimEvent }));
const anyEvent = fc.oneof(cqe, cache, report, state, wrError, pkt, generic);

const viaObject = (evs: Encoded[]): string => {
  const h = new EventHasher();
  for (const { ev } of evs) h.object(ev as unknown as Record<string, unknown>);
  return h.hex();
};
const viaEncoders = (evs: Encoded[]): string => {
  const h = new EventHasher();
  for (const { ev, enc } of evs) if (enc) enc(h, ev as never); else h.object(ev as unknown as Record<string, unknown>);
  return h.hex();
};

describe('hot event encoders', () => {
  it('each writes the words object() writes, for any event its builder makes (seed 180018)', () => {
    for (const kind of [cqe, cache, report, state, wrError, pkt]) {
      fc.assert(fc.property(kind, (e) => { expect(viaEncoders([e])).toBe(viaObject([e])); }), { seed: 180018, numRuns: 300 });
    }
  });

  it('interleaved with generic events, at every block offset, the digest is the same (seed 18001800)', () => {
    fc.assert(fc.property(fc.array(anyEvent, { maxLength: 40 }), (evs) => {
      expect(viaEncoders(evs)).toBe(viaObject(evs));
    }), { seed: 18001800, numRuns: 300 });
  });

  it('a frozen syndrome hashes the same the first time (worked out) and every time after (copied)', () => {
    const flush = MLX5_SYNDROME_OF.IBV_WC_WR_FLUSH_ERR!;
    const evs: Encoded[] = [1, 2, 3].map((t) => ({ ev: cqeEvent(t, 0, 0, { qpn: 7, queue: 'sq', wr: t, wrId: t, status: 'IBV_WC_WR_FLUSH_ERR', t } as Cqe, flush), enc: hashCqe }));
    expect(viaEncoders(evs)).toBe(viaObject(evs));
    // A syndrome with other contents must hash differently: the copy is keyed by the object, not reused blindly.
    const other = [{ ...evs[0], ev: cqeEvent(1, 0, 0, { qpn: 7, queue: 'sq', wr: 1, wrId: 1, status: 'IBV_WC_WR_FLUSH_ERR', t: 1 } as Cqe, { value: 6, name: flush.name }) }];
    expect(viaEncoders(other)).not.toBe(viaEncoders([evs[0]]));
  });

  it('a CQE pushed as a record hashes and folds exactly as its event object does (seed 181818)', () => {
    const cqeArgs = fc.record({
      t: num, host: fc.integer({ min: 0, max: 3 }), cq: num, wr: num, wrId: num, qpn: num,
      status: fc.constantFrom('IBV_WC_WR_FLUSH_ERR', 'IBV_WC_SUCCESS', 'IBV_WC_RETRY_EXC_ERR', 'IBV_WC_LOC_LEN_ERR'),
      queue: fc.constantFrom('sq', 'rq'), opcode: opt(fc.constantFrom('IBV_WC_SEND', 'IBV_WC_RDMA_WRITE', 'IBV_WC_RECV')),
      byteLen: opt(num), imm: opt(num), syndrome: opt(fc.constantFrom(...Object.values(MLX5_SYNDROME_OF))),
    });
    fc.assert(fc.property(fc.array(fc.oneof(cqeArgs, generic), { maxLength: 300 }), (xs) => {
      const byEvent = new Trace<SimEvent>('hash'), byRecord = new Trace<SimEvent>('hash');
      const fa = newHwFold(4), fb = newHwFold(4);
      fa.silentSends[5] = 1; fb.silentSends[5] = 1;
      for (const x of xs) {
        if ('ev' in x) { byEvent.push(x.ev); byRecord.push(x.ev); continue; }
        const { t, host, cq, syndrome, ...rest } = x;
        const e = { ...rest, t } as unknown as Cqe;
        const ev = cqeEvent(t, host, cq, e, syndrome);
        byEvent.push(ev); // the generic walk: the words every trace hash was made of
        foldHw(fa, ev);
        byRecord.pushRecord(e, host, cq, t, syndrome, hashCqeOf);
        foldCqe(fb, host, e);
      }
      expect(byRecord.hash()).toBe(byEvent.hash());
      expect(byRecord.count).toBe(byEvent.count);
      expect(fb).toEqual(fa);
    }), { seed: 181818, numRuns: 200 });
    // A trace that keeps events cannot take a record: it would have nothing to keep.
    expect(() => new Trace<SimEvent>('full').pushRecord({}, 0, 0, 0, undefined, () => {})).toThrow(/full trace keeps events/);
  });

  it('a trace fed through pushWith hashes and keeps events exactly as push does (seed 1818)', () => {
    fc.assert(fc.property(fc.array(anyEvent, { maxLength: 600 }), (evs) => {
      const a = new Trace<SimEvent>('full', 100), b = new Trace<SimEvent>('full', 100);
      for (const { ev, enc } of evs) { a.push(ev); if (enc) b.pushWith(ev, enc as (h: EventHasher, e: SimEvent) => void); else b.push(ev); }
      expect(b.hash()).toBe(a.hash());
      expect(b.count).toBe(a.count);
      expect(b.events).toEqual(a.events);
    }), { seed: 1818, numRuns: 60 });
  });
});
