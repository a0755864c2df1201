// The six event kinds a storm's flush is made of (cqe, cache, report, state, wr-error, pkt: about
// nine in ten of its events), each built here and hashed by its own encoder.
//
// WHY: the generic hash walks every event's keys, and with dozens of event shapes those reads
// go megamorphic; profiled on the 16,384-QP port-down storm (bench/stormBench.ts), hashing was
// a third of the flush phase. An encoder that knows its kind writes the same words field by
// field (EventHasher.open … end). Each builder fixes its literal's key order, so the words —
// and every trace hash and challenge code made from them — are exactly those of
// EventHasher.object(); hotEvents.test.ts holds each pair equal for any event the builder can make.
import { FALSE_WORD, intKey, keyHash, OBJ_WORD, textHash, textKey, textSlot, TRUE_WORD, type EventHasher } from '../kit/traceHash.ts';
import type { ReportVia, SimEvent, StateCause } from '../model/events.ts';
import type { WcStatus } from '../model/wc.ts';
import type { Cqe, Packet } from './world.ts';

type Ev<K extends SimEvent['kind']> = Extract<SimEvent, { kind: K }>;
export type CqeEvent = Ev<'cqe'>;
export type CacheEvent = Ev<'cache'>;
export type ReportEvent = Ev<'report'>;
export type StateEvent = Ev<'state'>;
export type WrErrorEvent = Ev<'wr-error'>;
export type PktEvent = Ev<'pkt'>;

const K = {
  t: keyHash('t'), kind: keyHash('kind'), host: keyHash('host'), cq: keyHash('cq'), qpn: keyHash('qpn'),
  queue: keyHash('queue'), wr: keyHash('wr'), wrId: keyHash('wrId'), status: keyHash('status'),
  opcode: keyHash('opcode'), byteLen: keyHash('byteLen'), imm: keyHash('imm'), syndrome: keyHash('syndrome'),
  result: keyHash('result'), victim: keyHash('victim'), writeback: keyHash('writeback'),
  via: keyHash('via'), cls: keyHash('cls'), ns: keyHash('ns'), from: keyHash('from'), to: keyHash('to'),
  cause: keyHash('cause'), check: keyHash('check'), id: keyHash('id'), src: keyHash('src'), dst: keyHash('dst'),
  srcQpn: keyHash('srcQpn'), dstQpn: keyHash('dstQpn'), op: keyHash('op'), psn: keyHash('psn'),
  bytes: keyHash('bytes'), start: keyHash('start'), arrive: keyHash('arrive'), drop: keyHash('drop'),
};

// The raw encoders' key words: an int field's (KI) and a string field's (KS), type folded in.
const KI = Object.fromEntries(Object.keys(K).map((k) => [k, intKey(k)])) as Record<keyof typeof K, number>;
const KS = Object.fromEntries(Object.keys(K).map((k) => [k, textKey(k)])) as Record<keyof typeof K, number>;
// Each encoder's `kind` is its own: the value's hash is a constant (the same str() object() takes).
const KIND = { cqe: keyHash('cqe'), cache: keyHash('cache'), report: keyHash('report'), state: keyHash('state'), 'wr-error': keyHash('wr-error'), pkt: keyHash('pkt') };

// A field from index i of the open buffer: an int's two words (any other number through num(),
// at most four), a string's two; undefined writes nothing, as object() skips it. Returns the next index.
function wint(h: EventHasher, b: Int32Array, i: number, ki: number, k: number, v: number | undefined): number {
  if (v === undefined) return i;
  if ((v | 0) === v) { b[i] = ki; b[i + 1] = v; return i + 2; }
  return h.num(i, k, v);
}
function wtext(b: Int32Array, i: number, ks: number, v: string | undefined, slot: number): number {
  if (v === undefined) return i;
  b[i] = ks;
  b[i + 1] = textHash(v, slot);
  return i + 2;
}

/** Each string field's slot for EventHasher.text: its last string and that string's hash. */
const S = {
  cqe_queue: textSlot(), cqe_status: textSlot(), cqe_opcode: textSlot(),
  cache_result: textSlot(), report_via: textSlot(),
  state_from: textSlot(), state_to: textSlot(), state_cause: textSlot(),
  wrerror_status: textSlot(), wrerror_cause: textSlot(), wrerror_check: textSlot(),
  pkt_op: textSlot(), pkt_drop: textSlot(), pkt_syndrome: textSlot(),
};

/** A CQE written. imm and syndrome are keys only when present (a full trace keeps them out of 10^5 flush CQEs). */
export function cqeEvent(t: number, host: number, cq: number, e: Cqe, syndrome?: CqeEvent['syndrome']): CqeEvent {
  if (e.imm === undefined && syndrome === undefined) return { t, kind: 'cqe', host, cq, qpn: e.qpn, queue: e.queue, wr: e.wr, wrId: e.wrId, status: e.status, opcode: e.opcode, byteLen: e.byteLen };
  if (syndrome === undefined) return { t, kind: 'cqe', host, cq, qpn: e.qpn, queue: e.queue, wr: e.wr, wrId: e.wrId, status: e.status, opcode: e.opcode, byteLen: e.byteLen, imm: e.imm };
  return { t, kind: 'cqe', host, cq, qpn: e.qpn, queue: e.queue, wr: e.wr, wrId: e.wrId, status: e.status, opcode: e.opcode, byteLen: e.byteLen, imm: e.imm, syndrome };
}
export function hashCqe(h: EventHasher, e: CqeEvent): void {
  hashCqeOf(h, e, e.host, e.cq, e.t, e.syndrome);
}
/**
 * The words of cqeEvent(t, host, cq, e, syndrome), from the CQE itself: a hash-mode trace takes
 * them with no event object (transport/cq.ts emitCqe, Trace.pushRecord). `e` is the CQE or its event
 * (the fields have the same names).
 */
export function hashCqeOf(h: EventHasher, e: Cqe | CqeEvent, host: number, cq: number, t: number, syndrome: CqeEvent['syndrome']): void {
  const b = h.open();
  let i = h.start;
  b[i++] = OBJ_WORD;
  i = wint(h, b, i, KI.t, K.t, t); b[i++] = KS.kind; b[i++] = KIND.cqe; i = wint(h, b, i, KI.host, K.host, host);
  i = wint(h, b, i, KI.cq, K.cq, cq); i = wint(h, b, i, KI.qpn, K.qpn, e.qpn); i = wtext(b, i, KS.queue, e.queue, S.cqe_queue);
  i = wint(h, b, i, KI.wr, K.wr, e.wr); i = wint(h, b, i, KI.wrId, K.wrId, e.wrId); i = wtext(b, i, KS.status, e.status, S.cqe_status);
  i = wtext(b, i, KS.opcode, e.opcode, S.cqe_opcode); i = wint(h, b, i, KI.byteLen, K.byteLen, e.byteLen); i = wint(h, b, i, KI.imm, K.imm, e.imm);
  if (syndrome !== undefined) i = h.frozenAt(i, K.syndrome, syndrome);
  h.end(i);
}

/** A context fetched into the NIC's cache (`victim`: the context it evicted). */
export function cacheEvent(t: number, host: number, qpn: number, victim: number, writeback: boolean): CacheEvent {
  return victim >= 0 ? { t, kind: 'cache', host, qpn, result: 'evict', victim, writeback } : { t, kind: 'cache', host, qpn, result: 'miss' };
}
export function hashCache(h: EventHasher, e: CacheEvent): void {
  const b = h.open();
  let i = h.start;
  b[i++] = OBJ_WORD;
  i = wint(h, b, i, KI.t, K.t, e.t); b[i++] = KS.kind; b[i++] = KIND.cache; i = wint(h, b, i, KI.host, K.host, e.host);
  i = wint(h, b, i, KI.qpn, K.qpn, e.qpn); i = wtext(b, i, KS.result, e.result, S.cache_result); i = wint(h, b, i, KI.victim, K.victim, e.victim);
  if (e.writeback !== undefined) { b[i++] = K.writeback; b[i++] = e.writeback ? TRUE_WORD : FALSE_WORD; }
  h.end(i);
}

export function reportEvent(t: number, host: number, qpn: number, via: ReportVia, cls: number, ns: number): ReportEvent {
  return { t, kind: 'report', host, qpn, via, cls, ns };
}
export function hashReport(h: EventHasher, e: ReportEvent): void {
  const b = h.open();
  let i = h.start;
  b[i++] = OBJ_WORD;
  i = wint(h, b, i, KI.t, K.t, e.t); b[i++] = KS.kind; b[i++] = KIND.report; i = wint(h, b, i, KI.host, K.host, e.host);
  i = wint(h, b, i, KI.qpn, K.qpn, e.qpn); i = wtext(b, i, KS.via, e.via, S.report_via); i = wint(h, b, i, KI.cls, K.cls, e.cls);
  i = wint(h, b, i, KI.ns, K.ns, e.ns);
  h.end(i);
}

export function stateEvent(t: number, host: number, qpn: number, from: string, to: string, cause: StateCause): StateEvent {
  return { t, kind: 'state', host, qpn, from, to, cause };
}
export function hashState(h: EventHasher, e: StateEvent): void {
  const b = h.open();
  let i = h.start;
  b[i++] = OBJ_WORD;
  i = wint(h, b, i, KI.t, K.t, e.t); b[i++] = KS.kind; b[i++] = KIND.state; i = wint(h, b, i, KI.host, K.host, e.host);
  i = wint(h, b, i, KI.qpn, K.qpn, e.qpn); i = wtext(b, i, KS.from, e.from, S.state_from); i = wtext(b, i, KS.to, e.to, S.state_to);
  i = wtext(b, i, KS.cause, e.cause, S.state_cause);
  h.end(i);
}

export function wrErrorEvent(t: number, host: number, qpn: number, wr: number, wrId: number, status: WcStatus, cause: WrErrorEvent['cause'], check: string | undefined): WrErrorEvent {
  return { t, kind: 'wr-error', host, qpn, wr, wrId, status, cause, check };
}
export function hashWrError(h: EventHasher, e: WrErrorEvent): void {
  const b = h.open();
  let i = h.start;
  b[i++] = OBJ_WORD;
  i = wint(h, b, i, KI.t, K.t, e.t); b[i++] = KS.kind; b[i++] = KIND['wr-error']; i = wint(h, b, i, KI.host, K.host, e.host);
  i = wint(h, b, i, KI.qpn, K.qpn, e.qpn); i = wint(h, b, i, KI.wr, K.wr, e.wr); i = wint(h, b, i, KI.wrId, K.wrId, e.wrId);
  i = wtext(b, i, KS.status, e.status, S.wrerror_status); i = wtext(b, i, KS.cause, e.cause, S.wrerror_cause); i = wtext(b, i, KS.check, e.check, S.wrerror_check);
  h.end(i);
}

export function pktEvent(t: number, p: Packet, start: number, arrive: number, drop: string | undefined): PktEvent {
  return {
    t, kind: 'pkt', id: p.id, src: p.src, dst: p.dst, srcQpn: p.srcQpn, dstQpn: p.dstQpn,
    op: p.op, psn: p.psn, bytes: p.bytes, start, arrive, drop, syndrome: p.syndrome,
  };
}
export function hashPkt(h: EventHasher, e: PktEvent): void {
  const b = h.open();
  let i = h.start;
  b[i++] = OBJ_WORD;
  i = wint(h, b, i, KI.t, K.t, e.t); b[i++] = KS.kind; b[i++] = KIND.pkt; i = wint(h, b, i, KI.id, K.id, e.id);
  i = wint(h, b, i, KI.src, K.src, e.src); i = wint(h, b, i, KI.dst, K.dst, e.dst); i = wint(h, b, i, KI.srcQpn, K.srcQpn, e.srcQpn);
  i = wint(h, b, i, KI.dstQpn, K.dstQpn, e.dstQpn); i = wtext(b, i, KS.op, e.op, S.pkt_op); i = wint(h, b, i, KI.psn, K.psn, e.psn);
  i = wint(h, b, i, KI.bytes, K.bytes, e.bytes); i = wint(h, b, i, KI.start, K.start, e.start); i = wint(h, b, i, KI.arrive, K.arrive, e.arrive);
  i = wtext(b, i, KS.drop, e.drop, S.pkt_drop); i = wtext(b, i, KS.syndrome, e.syndrome, S.pkt_syndrome);
  h.end(i);
}
