// One event → one readable line: its group (for filters), the QP it concerns, a sentence a
// student can read, and the raw enum names an engineer would grep for.
import type { SimEvent, SimEventKind } from '../../../core/model/events.ts';
import type { LogGroup } from '../../../store/transport.ts';
import { durationText, fieldName, hex, hostLetter, opShort, psnText, qpnHex, shortStatus } from '../format.ts';
import { refusalWords } from '../refusal.ts';

export interface EventLine {
  group: LogGroup;
  host?: number;
  qpn?: number;
  /** Other end, for packets (so "selected QP only" keeps both directions). */
  peerHost?: number;
  peerQpn?: number;
  text: string;
  raw?: string;
  tone: 'normal' | 'good' | 'bad' | 'warn' | 'muted';
}

// Every kind of the union, in exactly one group: the Record makes a new kind without a group a
// type error, and KINDS_OF is inverted from it, so the full log's filters cannot drift from it.
const GROUP: Record<SimEventKind, LogGroup> = {
  'qp-created': 'state', 'qp-destroyed': 'state', 'destroy-wait': 'state', modify: 'state', 'modify-refused': 'state', state: 'state', reset: 'state',
  post: 'work', 'post-refused': 'work', discard: 'work', srq: 'work', mr: 'work',
  pkt: 'packets', rx: 'packets', retry: 'packets', cache: 'packets', mem: 'packets',
  cqe: 'completions', 'cqe-lost': 'completions', 'cqe-purged': 'completions', 'complete-silent': 'completions', poll: 'completions',
  fault: 'faults', 'wr-error': 'faults', async: 'faults', eq: 'faults', report: 'faults', storm: 'faults',
};

/** Each group's event kinds (the full log filters by kind in the worker, where the events are). */
export const KINDS_OF: Readonly<Record<LogGroup, readonly SimEventKind[]>> = (() => {
  const out: Record<LogGroup, SimEventKind[]> = { state: [], work: [], packets: [], completions: [], faults: [] };
  for (const [k, g] of Object.entries(GROUP) as Array<[SimEventKind, LogGroup]>) out[g].push(k);
  return out;
})();

export const GROUP_LABEL: Record<LogGroup, string> = {
  state: 'State & modify',
  work: 'WRs',
  packets: 'Packets',
  completions: 'CQEs',
  faults: 'Faults & async',
};

export const GROUP_TITLE: Record<LogGroup, string> = {
  state: 'QPs created, reset, destroyed or waiting to be; ibv_modify_qp (accepted or refused); state changes',
  work: 'Work requests posted, refused or discarded; SRQ posts and takes; memory regions registered or deregistered',
  packets: 'Packets sent and received, retransmissions, context-cache misses, bytes landing in a memory region',
  completions: 'CQEs written, lost or purged unpolled; unsignaled completions; polls',
  faults: 'Injected faults and asynchronous events (IBV_EVENT_*)',
};

const CAUSE: Record<string, string> = {
  modify: 'by ibv_modify_qp',
  'send-error': 'a send completed in error',
  fatal: 'catastrophic error',
  drained: 'the send queue drained',
  'responder-error': 'responder error',
  'cq-overrun': 'CQ overrun',
  'retry-exceeded': 'retries exhausted',
  'device-fatal': 'the device died',
  'ctx-read-error': 'its context could not be read',
};

const RX: Record<string, string> = {
  accepted: 'accepted', duplicate: 'duplicate', 'out-of-sequence': 'out of sequence → NAK',
  'rnr-nak': 'no receive posted → RNR NAK', nak: 'NAK received', ack: 'ACK received', response: 'response received',
  'dropped-no-qp': 'dropped: no such QP', 'dropped-not-ready': 'dropped: QP not ready', 'dropped-in-error': 'dropped: QP in error',
  'dropped-qkey': 'dropped: Q_Key mismatch', 'dropped-no-recv': 'dropped: no receive posted', 'dropped-stale': 'dropped: stale',
  'dropped-too-long': 'dropped: too long', 'dropped-link-down': 'dropped: link down',
  'dropped-wrong-transport': 'dropped: wrong transport', 'dropped-key': 'dropped: key check failed', 'dropped-address': 'dropped: not from the address vector',
};

const wrOp = (op: string) => op.replace(/^IBV_WR_/, '');

/** The page's own words for the reason the model gives a refused modify (the call itself returns only the errno). */
const isAck = (op: string) => op === 'ACKNOWLEDGE' || op === 'ATOMIC_ACKNOWLEDGE';

/** What happened to a received packet: a NAK is sent by a responder and received by a requester. */
function rxOutcome(op: string, outcome: string, detail?: string): string {
  if (outcome === 'nak' && !isAck(op)) return 'refused → NAK sent';
  // A packet placed whose completion could not be written: placed, then the QP failed.
  if (outcome === 'accepted' && detail && /QP → ERR/.test(detail)) return 'placed, but';
  return RX[outcome] ?? outcome;
}

/** The filter group of an event (cheap: no text is built). */
export function groupOf(e: SimEvent): LogGroup {
  return GROUP[e.kind];
}

/** Does the event concern (host, qpn)? Packets count for both ends. Cheap: no text is built. */
export function eventConcerns(e: SimEvent, host: number, qpn: number): boolean {
  if (e.kind === 'pkt') return (e.src === host && e.srcQpn === qpn) || (e.dst === host && e.dstQpn === qpn);
  if (e.kind === 'poll') return e.host === host;
  return 'host' in e && e.host === host && 'qpn' in e && e.qpn === qpn;
}

export function describe(e: SimEvent): EventLine {
  const group = GROUP[e.kind];
  switch (e.kind) {
    case 'qp-created':
      return { group, host: e.host, qpn: e.qpn, text: `${e.type} QP created in RESET`, raw: 'ibv_create_qp', tone: 'normal' };
    case 'modify':
      return {
        group, host: e.host, qpn: e.qpn, tone: 'good',
        text: `ibv_modify_qp ${e.from === e.to ? `in ${e.from}` : `${e.from} → ${e.to}`} returned 0${e.changed.length ? `; wrote ${e.changed.map(fieldName).join(', ')}` : ''}${e.note ? ` (${e.note})` : ''}`,
        raw: e.mask.join(' | '),
      };
    case 'modify-refused':
      return {
        group, host: e.host, qpn: e.qpn, tone: 'bad',
        text: `ibv_modify_qp ${e.from} → ${e.to} refused: ${e.errno} (the page's diagnosis: ${refusalWords(e.reason)}) — ${e.detail}`,
        raw: e.mask.join(' | '),
      };
    case 'state':
      return { group, host: e.host, qpn: e.qpn, text: `state ${e.from} → ${e.to} (${CAUSE[e.cause] ?? e.cause})`, raw: e.cause, tone: e.to === 'ERR' || e.to === 'SQE' ? 'bad' : 'normal' };
    case 'post':
      return e.queue === 'rq'
        ? { group, host: e.host, qpn: e.qpn, text: `posted receive wr_id ${e.wrId} (${e.length} B) to the RQ`, raw: 'ibv_post_recv', tone: 'muted' }
        : { group, host: e.host, qpn: e.qpn, text: `posted ${wrOp(e.opcode)} wr_id ${e.wrId} (${e.length} B${e.signaled ? ', signaled' : ', unsignaled'}) to the SQ`, raw: e.opcode, tone: 'muted' };
    case 'post-refused':
      return { group, host: e.host, qpn: e.qpn, text: `ibv_post_${e.queue === 'sq' ? 'send' : 'recv'} wr_id ${e.wrId} refused: ${e.errno} — ${e.detail}`, raw: e.errno, tone: 'warn' };
    case 'discard':
      return { group, host: e.host, qpn: e.qpn, text: `${e.queue.toUpperCase()} WR wr_id ${e.wrId} discarded by →RESET (no completion)`, raw: 'discard', tone: 'warn' };
    case 'pkt': {
      const dir = `${hostLetter(e.src)}→${hostLetter(e.dst)}`;
      const what = `${opShort(e.op, e.syndrome)} PSN ${psnText(e.psn)}, ${e.bytes} B, ${qpnHex(e.srcQpn)}→${qpnHex(e.dstQpn)}`;
      return {
        group, host: e.src, qpn: e.srcQpn, peerHost: e.dst, peerQpn: e.dstQpn,
        text: `${dir} ${what}${e.drop ? ` — LOST (${e.drop})` : ''}`,
        raw: e.syndrome && e.syndrome !== 'ACK' ? `${e.op} ${e.syndrome}` : e.op,
        tone: e.drop ? 'bad' : e.syndrome && e.syndrome !== 'ACK' ? 'warn' : 'muted',
      };
    }
    case 'rx':
      return {
        group, host: e.host, qpn: e.qpn,
        text: `received ${opShort(e.op)} PSN ${psnText(e.psn)}: ${rxOutcome(e.op, e.outcome, e.detail)}${e.detail ? ` (${e.detail})` : ''}`,
        raw: e.op, tone: e.outcome.startsWith('dropped') || e.outcome === 'nak' ? 'warn' : 'muted',
      };
    case 'retry':
      return {
        group, host: e.host, qpn: e.qpn, tone: 'warn',
        text: `retransmit from PSN ${psnText(e.fromPsn)} after ${e.reason === 'timeout' ? 'ACK timeout' : e.reason === 'psn-nak' ? 'PSN-sequence NAK' : 'RNR NAK'}; ${e.left === 'infinite' ? 'infinite retries' : `${e.left} retries left`}`,
        raw: e.reason,
      };
    case 'cache':
      return {
        group, host: e.host, qpn: e.qpn, tone: 'muted',
        text: e.result === 'miss' ? 'context cache miss: QPC fetched over PCIe' : `context evicted${e.victim !== undefined ? ` (QP ${qpnHex(e.victim)})` : ''}${e.writeback ? ', written back' : ''}`,
        raw: `cache ${e.result}`,
      };
    case 'cqe':
      return {
        group, host: e.host, qpn: e.qpn, tone: e.status === 'IBV_WC_SUCCESS' ? 'good' : 'bad',
        text: `CQE on CQ ${e.cq}: ${e.queue === 'sq' ? 'send' : 'receive'} wr_id ${e.wrId} ${shortStatus(e.status)}${e.byteLen !== undefined && e.status === 'IBV_WC_SUCCESS' ? `, ${e.byteLen} B` : ''}${e.imm !== undefined ? `, imm_data ${hex(e.imm)}` : ''}${e.syndrome ? ` (syndrome ${hex(e.syndrome.value)}${e.status === 'IBV_WC_WR_FLUSH_ERR' ? '' : '; vendor_err not modelled'})` : ''}`,
        raw: `${e.status}${e.opcode ? ` ${e.opcode}` : ''}${e.imm !== undefined ? ' IBV_WC_WITH_IMM' : ''}${e.syndrome ? ` ${e.syndrome.name}` : ''}`,
      };
    case 'cqe-purged':
      return { group, host: e.host, qpn: e.qpn, tone: 'warn', text: `${e.n} unpolled CQE${e.n === 1 ? '' : 's'} of this QP removed from CQ ${e.cq} (the driver cleans the CQ on RESET)`, raw: 'cq clean' };
    case 'mr':
      return {
        group, host: e.host, tone: e.op === 'reg' ? 'muted' : 'warn', raw: e.op === 'reg' ? 'ibv_reg_mr' : 'ibv_dereg_mr',
        text: e.op === 'reg' ? `registered MR lkey/rkey ${hex(e.lkey)}: ${e.length} B at ${hex(e.addr)}, ${e.access.map((a) => a.replace('IBV_ACCESS_', '')).join(' | ') || 'local read only'}` : `deregistered MR ${hex(e.lkey)}: its keys are invalid from now on`,
      };
    case 'mem':
      return { group, host: e.host, tone: 'good', text: `${e.why} landed at ${hex(e.addr)} (MR ${hex(e.key)}): ${e.words.map((x) => hex(x)).join(' ')}`, raw: 'memory' };
    case 'srq':
      return {
        group, host: e.host, qpn: e.qpn, tone: e.op === 'post-refused' ? 'warn' : 'muted', raw: e.op === 'take' ? 'SRQ dequeue' : 'ibv_post_srq_recv',
        text: e.op === 'post' ? `posted receive wr_id ${e.wrId} to SRQ ${e.srq} (${e.left} waiting)` : e.op === 'take' ? `took receive wr_id ${e.wrId} from SRQ ${e.srq} (${e.left} left)` : `ibv_post_srq_recv to SRQ ${e.srq} refused: ${e.detail ?? ''}`,
      };
    case 'destroy-wait':
      return { group, host: e.host, qpn: e.qpn, tone: 'warn', raw: 'ibv_destroy_qp (draining)', text: `destroy waits for the flush: ${e.sq} send and ${e.rq} receive WRs to flush, ${e.unpolled} CQEs to poll` };
    case 'cqe-lost':
      return { group, host: e.host, qpn: e.qpn, tone: 'bad', text: `CQ ${e.cq} full: the CQE for wr_id ${e.wrId} (${shortStatus(e.status)}) was not written`, raw: `${e.status} IBV_EVENT_CQ_ERR` };
    case 'complete-silent':
      return { group, host: e.host, qpn: e.qpn, tone: 'muted', text: `unsignaled wr_id ${e.wrId} completed without a CQE`, raw: 'unsignaled' };
    case 'poll':
      return { group, host: e.host, text: `application polled CQ ${e.cq}: ${e.n} CQE${e.n === 1 ? '' : 's'}${e.stale ? ` — ${e.stale} of a destroyed QP (stale)` : ''}`, raw: 'ibv_poll_cq', tone: e.stale ? 'bad' : 'muted' };
    case 'fault':
      return { group, host: e.host, qpn: e.qpn, text: `injected fault: ${e.detail}`, raw: 'injected', tone: 'bad' };
    case 'wr-error':
      return {
        group, host: e.host, qpn: e.qpn, tone: 'bad', raw: e.status,
        text: `wr_id ${e.wrId} failed with ${shortStatus(e.status)}${e.cause === 'retry-exceeded' ? ' (retries exhausted)' : ''}${e.check ? ` — ${e.check}` : ''}; the QP stops`,
      };
    case 'async':
      return { group, host: e.host, qpn: e.qpn, text: `async event ${e.event}${e.cq !== undefined ? ` on CQ ${e.cq}` : ''}${e.srq !== undefined ? ` on SRQ ${e.srq}` : ''}`, raw: e.event, tone: 'warn' };
    case 'eq':
      return { group, host: e.host, qpn: e.qpn, text: `event queue ${e.op}${e.n !== undefined ? ` ×${e.n}` : ''} (${e.used} in use)`, raw: e.event, tone: e.op === 'overrun' ? 'bad' : 'muted' };
    case 'report':
      return { group, host: e.host, qpn: e.qpn, text: `software learns of the failure via ${e.via}, ${durationText(e.ns)} after the fault`, raw: e.via, tone: 'warn' };
    case 'qp-destroyed':
      return {
        group, host: e.host, qpn: e.qpn, raw: 'ibv_destroy_qp', tone: e.stale ? 'bad' : 'normal',
        text: `QP destroyed: its QPN is free${e.waitedNs !== undefined ? ` (after waiting ${e.waitedNs} ns for the flush)` : ''}${e.purged ? `; ${e.purged} unpolled CQEs were removed` : ''}${e.stale ? `; ${e.stale} CQEs still in the CQ name a QP that no longer exists` : ''}`,
      };
    case 'reset':
      return {
        group, host: e.host, qpn: e.qpn, tone: 'warn', raw: 'IBV_QPS_RESET',
        text: `reset from ${e.from}: ${e.sq} send and ${e.rq} receive WRs discarded${e.partial ? `, a half-arrived ${e.partial.op} (${e.partial.bytes} B placed) abandoned` : ''}${e.unackedPsns ? `, ${e.unackedPsns} unacknowledged PSNs forgotten` : ''}${e.srqLeak ? `; ${e.srqLeak} WQE(s) taken from the SRQ leak (reset before IBV_EVENT_QP_LAST_WQE_REACHED)` : ''}`,
      };
    case 'storm':
      return { group, host: e.host, qpn: e.qpn, text: `${e.what}${e.detail ? `: ${e.detail}` : ''}`, raw: e.what, tone: 'warn' };
  }
}

/** Does this line concern (host, qpn)? Packets count for both ends. */
export function concerns(l: EventLine, host: number, qpn: number): boolean {
  return (l.host === host && l.qpn === qpn) || (l.peerHost === host && l.peerQpn === qpn);
}
