// The six event kinds a storm's flush is made of (cqe, cache, report, state, wr-error, pkt: about
// nine in ten of its events), each built here and hashed by its own encoder.
//
// WHY: the generic hash walks every event's keys, and with dozens of event shapes those reads
// go megamorphic; profiled on the 16,384-QP port-down storm (bench/stormBench.ts), hashing was
// a third of the flush phase. An encoder that knows its kind writes the same words field by
// field (EventHasher.begin … end). Each builder fixes its literal's key order, so the words —
// and every trace hash and challenge code made from them — are exactly those of
// EventHasher.object(); hotEvents.test.ts holds each pair equal for any event the builder can make.
import { keyHash, textSlot, type EventHasher } from '../kit/traceHash.ts';
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

/** Each string field's slot for EventHasher.text: its last string and that string's hash. */
const S = {
  cqe_kind: textSlot(), cqe_queue: textSlot(), cqe_status: textSlot(), cqe_opcode: textSlot(),
  cache_kind: textSlot(), cache_result: textSlot(), report_kind: textSlot(), report_via: textSlot(),
  state_kind: textSlot(), state_from: textSlot(), state_to: textSlot(), state_cause: textSlot(),
  wrerror_kind: textSlot(), wrerror_status: textSlot(), wrerror_cause: textSlot(), wrerror_check: textSlot(),
  pkt_kind: textSlot(), pkt_op: textSlot(), pkt_drop: textSlot(), pkt_syndrome: textSlot(),
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
 * them with no event object (world.ts emitCqe, Trace.pushRecord). `e` is the CQE or its event
 * (the fields have the same names).
 */
export function hashCqeOf(h: EventHasher, e: Cqe | CqeEvent, host: number, cq: number, t: number, syndrome: CqeEvent['syndrome']): void {
  h.begin();
  h.int(K.t, t); h.text(K.kind, 'cqe', S.cqe_kind); h.int(K.host, host); h.int(K.cq, cq); h.int(K.qpn, e.qpn);
  h.text(K.queue, e.queue, S.cqe_queue); h.int(K.wr, e.wr); h.int(K.wrId, e.wrId); h.text(K.status, e.status, S.cqe_status);
  h.text(K.opcode, e.opcode, S.cqe_opcode); h.int(K.byteLen, e.byteLen); h.int(K.imm, e.imm); h.frozen(K.syndrome, syndrome);
  h.end();
}

/** A context fetched into the NIC's cache (`victim`: the context it evicted). */
export function cacheEvent(t: number, host: number, qpn: number, victim: number, writeback: boolean): CacheEvent {
  return victim >= 0 ? { t, kind: 'cache', host, qpn, result: 'evict', victim, writeback } : { t, kind: 'cache', host, qpn, result: 'miss' };
}
export function hashCache(h: EventHasher, e: CacheEvent): void {
  h.begin();
  h.int(K.t, e.t); h.text(K.kind, e.kind, S.cache_kind); h.int(K.host, e.host); h.int(K.qpn, e.qpn); h.text(K.result, e.result, S.cache_result);
  h.int(K.victim, e.victim); h.value(K.writeback, e.writeback);
  h.end();
}

export function reportEvent(t: number, host: number, qpn: number, via: ReportVia, cls: number, ns: number): ReportEvent {
  return { t, kind: 'report', host, qpn, via, cls, ns };
}
export function hashReport(h: EventHasher, e: ReportEvent): void {
  h.begin();
  h.int(K.t, e.t); h.text(K.kind, e.kind, S.report_kind); h.int(K.host, e.host); h.int(K.qpn, e.qpn); h.text(K.via, e.via, S.report_via);
  h.int(K.cls, e.cls); h.int(K.ns, e.ns);
  h.end();
}

export function stateEvent(t: number, host: number, qpn: number, from: string, to: string, cause: StateCause): StateEvent {
  return { t, kind: 'state', host, qpn, from, to, cause };
}
export function hashState(h: EventHasher, e: StateEvent): void {
  h.begin();
  h.int(K.t, e.t); h.text(K.kind, e.kind, S.state_kind); h.int(K.host, e.host); h.int(K.qpn, e.qpn); h.text(K.from, e.from, S.state_from);
  h.text(K.to, e.to, S.state_to); h.text(K.cause, e.cause, S.state_cause);
  h.end();
}

export function wrErrorEvent(t: number, host: number, qpn: number, wr: number, wrId: number, status: WcStatus, cause: WrErrorEvent['cause'], check: string | undefined): WrErrorEvent {
  return { t, kind: 'wr-error', host, qpn, wr, wrId, status, cause, check };
}
export function hashWrError(h: EventHasher, e: WrErrorEvent): void {
  h.begin();
  h.int(K.t, e.t); h.text(K.kind, e.kind, S.wrerror_kind); h.int(K.host, e.host); h.int(K.qpn, e.qpn); h.int(K.wr, e.wr);
  h.int(K.wrId, e.wrId); h.text(K.status, e.status, S.wrerror_status); h.text(K.cause, e.cause, S.wrerror_cause); h.text(K.check, e.check, S.wrerror_check);
  h.end();
}

export function pktEvent(t: number, p: Packet, start: number, arrive: number, drop: string | undefined): PktEvent {
  return {
    t, kind: 'pkt', id: p.id, src: p.src, dst: p.dst, srcQpn: p.srcQpn, dstQpn: p.dstQpn,
    op: p.op, psn: p.psn, bytes: p.bytes, start, arrive, drop, syndrome: p.syndrome,
  };
}
export function hashPkt(h: EventHasher, e: PktEvent): void {
  h.begin();
  h.int(K.t, e.t); h.text(K.kind, e.kind, S.pkt_kind); h.int(K.id, e.id); h.int(K.src, e.src); h.int(K.dst, e.dst);
  h.int(K.srcQpn, e.srcQpn); h.int(K.dstQpn, e.dstQpn); h.text(K.op, e.op, S.pkt_op); h.int(K.psn, e.psn);
  h.int(K.bytes, e.bytes); h.int(K.start, e.start); h.int(K.arrive, e.arrive); h.text(K.drop, e.drop, S.pkt_drop);
  h.text(K.syndrome, e.syndrome, S.pkt_syndrome);
  h.end();
}
