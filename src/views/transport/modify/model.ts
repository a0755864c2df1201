// The modify_qp panel's pure parts: which attribute carries which ibv_qp_attr field, how the
// kernel table cell classifies each attribute, the sensible values "Fill required" proposes,
// and the equivalent C. Everything here reads static reference data or the frame; nothing
// decides what the device will do — the worker answers that when the person submits.
import type { AttrName, ModifyAttrs } from '../../../core/index.ts';
import type { QpView, ReferenceData } from '../../../worker/transport/types.ts';
import type { Draft } from '../../../store/transport.ts';
import { ACCESS_FLAGS, MIG_STATES, hex } from '../format.ts';

export type Cls = 'required' | 'optional' | 'not-allowed';
export type InputKind = 'state' | 'number' | 'hex' | 'bool' | 'access' | 'mtu' | 'dlid' | 'mig' | 'none';

export interface AttrMeta {
  name: string;
  /** ModifyAttrs key (the command), or undefined when the model takes the bit without a value. */
  key?: string;
  /** The struct ibv_qp_attr member as C spells it. */
  cField?: string;
  input: InputKind;
  min?: number;
  max?: number;
  hint: string;
}

/** Every IBV_QP_* bit, in libibverbs order, with what it writes. */
export const ATTR_META: Record<string, AttrMeta> = {
  IBV_QP_STATE: { name: 'IBV_QP_STATE', key: 'qp_state', cField: 'qp_state', input: 'state', hint: 'the target state (set by the Target select above)' },
  IBV_QP_CUR_STATE: { name: 'IBV_QP_CUR_STATE', key: 'cur_qp_state', cField: 'cur_qp_state', input: 'state', hint: '"assume the QP is in this state"; the kernel checks the table from it' },
  IBV_QP_EN_SQD_ASYNC_NOTIFY: { name: 'IBV_QP_EN_SQD_ASYNC_NOTIFY', key: 'en_sqd_async_notify', cField: 'en_sqd_async_notify', input: 'bool', hint: 'raise IBV_EVENT_SQ_DRAINED when SQD has drained' },
  IBV_QP_ACCESS_FLAGS: { name: 'IBV_QP_ACCESS_FLAGS', key: 'qp_access_flags', cField: 'qp_access_flags', input: 'access', hint: 'what the remote side may do to this QP’s memory (responder)' },
  IBV_QP_PKEY_INDEX: { name: 'IBV_QP_PKEY_INDEX', key: 'pkey_index', cField: 'pkey_index', input: 'number', min: 0, max: 65535, hint: 'index in the port’s P_Key table (64 entries)' },
  IBV_QP_PORT: { name: 'IBV_QP_PORT', key: 'port_num', cField: 'port_num', input: 'number', min: 0, max: 255, hint: 'physical port; this device has port 1' },
  IBV_QP_QKEY: { name: 'IBV_QP_QKEY', key: 'qkey', cField: 'qkey', input: 'hex', min: 0, max: 0xffffffff, hint: 'Q_Key checked on incoming UD datagrams' },
  IBV_QP_AV: { name: 'IBV_QP_AV', key: 'ah_dlid', cField: 'ah_attr.dlid', input: 'dlid', min: 0, max: 65535, hint: 'address vector: on this RoCE port a GRH with the peer\'s GID (Host A = GID index 1, Host B = 2 in this model); on InfiniBand the peer\'s LID' },
  IBV_QP_PATH_MTU: { name: 'IBV_QP_PATH_MTU', key: 'path_mtu', cField: 'path_mtu', input: 'mtu', hint: 'packet payload size on this path' },
  IBV_QP_TIMEOUT: { name: 'IBV_QP_TIMEOUT', key: 'timeout', cField: 'timeout', input: 'number', min: 0, max: 31, hint: 'local ACK timeout 4.096 µs × 2^t (0 = never)' },
  IBV_QP_RETRY_CNT: { name: 'IBV_QP_RETRY_CNT', key: 'retry_cnt', cField: 'retry_cnt', input: 'number', min: 0, max: 7, hint: 'retransmissions after timeout / PSN NAK' },
  IBV_QP_RNR_RETRY: { name: 'IBV_QP_RNR_RETRY', key: 'rnr_retry', cField: 'rnr_retry', input: 'number', min: 0, max: 7, hint: 'retries after RNR NAK (7 = infinite)' },
  IBV_QP_RQ_PSN: { name: 'IBV_QP_RQ_PSN', key: 'rq_psn', cField: 'rq_psn', input: 'number', min: 0, max: 0xffffff, hint: 'first PSN expected from the peer = its sq_psn' },
  IBV_QP_MAX_QP_RD_ATOMIC: { name: 'IBV_QP_MAX_QP_RD_ATOMIC', key: 'max_rd_atomic', cField: 'max_rd_atomic', input: 'number', min: 0, max: 255, hint: 'requester: reads/atomics this QP may have in flight' },
  IBV_QP_ALT_PATH: { name: 'IBV_QP_ALT_PATH', input: 'none', cField: 'alt_ah_attr', hint: 'alternate path (APM); InfiniBand only — this port is RoCE' },
  IBV_QP_MIN_RNR_TIMER: { name: 'IBV_QP_MIN_RNR_TIMER', key: 'min_rnr_timer', cField: 'min_rnr_timer', input: 'number', min: 0, max: 31, hint: 'RNR NAK timer code this QP advertises as responder' },
  IBV_QP_SQ_PSN: { name: 'IBV_QP_SQ_PSN', key: 'sq_psn', cField: 'sq_psn', input: 'number', min: 0, max: 0xffffff, hint: 'first PSN this QP sends = the peer’s rq_psn' },
  IBV_QP_MAX_DEST_RD_ATOMIC: { name: 'IBV_QP_MAX_DEST_RD_ATOMIC', key: 'max_dest_rd_atomic', cField: 'max_dest_rd_atomic', input: 'number', min: 0, max: 255, hint: 'responder: incoming reads/atomics this QP serves at once' },
  IBV_QP_PATH_MIG_STATE: { name: 'IBV_QP_PATH_MIG_STATE', key: 'path_mig_state', cField: 'path_mig_state', input: 'mig', hint: 'APM migration state' },
  IBV_QP_CAP: { name: 'IBV_QP_CAP', input: 'none', cField: 'cap', hint: 'resize the queues; no transition accepts it' },
  IBV_QP_DEST_QPN: { name: 'IBV_QP_DEST_QPN', key: 'dest_qp_num', cField: 'dest_qp_num', input: 'hex', min: 0, max: 0xffffffff, hint: 'the peer QP number (24 bits)' },
  IBV_QP_RATE_LIMIT: { name: 'IBV_QP_RATE_LIMIT', key: 'rate_limit', cField: 'rate_limit', input: 'number', min: 0, max: 0xffffffff, hint: 'packet pacing in kbps (raw-packet QPs only)' },
};

/** Field order of struct ibv_qp_attr (rdma-core verbs.h), for the generated C. */
const C_ORDER = ['qp_state', 'cur_qp_state', 'path_mtu', 'path_mig_state', 'qkey', 'rq_psn', 'sq_psn', 'dest_qp_num',
  'qp_access_flags', 'cap', 'ah_attr.dlid', 'alt_ah_attr', 'pkey_index', 'en_sqd_async_notify', 'max_rd_atomic',
  'max_dest_rd_atomic', 'min_rnr_timer', 'port_num', 'timeout', 'retry_cnt', 'rnr_retry', 'rate_limit'];

export const NO_STATE_CHANGE = '';

export type { Draft };

export interface Classified {
  from: string;
  to: string;
  valid: boolean;
  cls: Record<string, Cls>;
  req: string[];
  opt: string[];
}

/**
 * Classify every attribute for (type, from, to) from the reference cell. IBV_QP_STATE is
 * required whenever the state changes and not allowed otherwise (the cell is from→from then);
 * with IBV_QP_CUR_STATE checked, the kernel looks the cell up from the claimed state.
 */
export function classify(ref: Pick<ReferenceData, 'cells' | 'states' | 'attrNames'>, type: string, current: string, draft: Pick<Draft, 'target' | 'checked' | 'values' | 'from'>): Classified {
  // A what-if from-state (checked only) stands for the QP's state; cur_qp_state still claims over it.
  const base = draft.from ?? current;
  const claimed = draft.checked.includes('IBV_QP_CUR_STATE') && typeof draft.values.cur_qp_state === 'string' ? draft.values.cur_qp_state : base;
  const from = claimed;
  const to = draft.target === NO_STATE_CHANGE ? from : draft.target;
  const fi = ref.states.indexOf(from);
  const ti = ref.states.indexOf(to);
  const cell = ref.cells[type]?.[fi]?.[ti] ?? { valid: false, req: [], opt: [] };
  const cls: Record<string, Cls> = {};
  for (const a of ref.attrNames) {
    if (a === 'IBV_QP_STATE') cls[a] = draft.target === NO_STATE_CHANGE ? 'optional' : 'required';
    else cls[a] = cell.req.includes(a) ? 'required' : cell.opt.includes(a) ? 'optional' : 'not-allowed';
  }
  return { from, to, valid: cell.valid, cls, req: cell.req, opt: cell.opt };
}

/** The command's mask and attrs for a draft: only checked attributes, in libibverbs order. */
export function buildCommand(attrNames: readonly AttrName[], draft: Draft): { mask: AttrName[]; attrs: ModifyAttrs } {
  const mask = attrNames.filter((a) => draft.checked.includes(a));
  const attrs: Record<string, number | string> = {};
  for (const a of mask) {
    const m = ATTR_META[a];
    if (!m?.key) continue;
    if (a === 'IBV_QP_STATE') { if (draft.target !== NO_STATE_CHANGE) attrs.qp_state = draft.target; continue; }
    const v = draft.values[m.key];
    // State attributes carry names; every other attribute a number. Anything else (a half-typed
    // value) is left out, so the device reads it as 0 — as C would with a zeroed struct.
    if (m.input === 'state' ? typeof v === 'string' && v !== '' : typeof v === 'number' && Number.isFinite(v)) attrs[m.key] = v;
  }
  // The values come from typed inputs (states from the kernel's list, numbers from number
  // fields); the worker validates the command again before the simulation sees it.
  return { mask, attrs: attrs as ModifyAttrs };
}

const MTU_ENUM: Record<number, string> = { 1: 'IBV_MTU_256', 2: 'IBV_MTU_512', 3: 'IBV_MTU_1024', 4: 'IBV_MTU_2048', 5: 'IBV_MTU_4096' };

function cValue(key: string, v: number | string): string {
  switch (key) {
    case 'qp_state': case 'cur_qp_state': return `IBV_QPS_${v}`;
    case 'path_mtu': return MTU_ENUM[Number(v)] ?? String(v);
    case 'qp_access_flags': {
      const n = Number(v);
      const names = ACCESS_FLAGS.filter((f) => n & f.bit).map((f) => f.name);
      return names.length ? names.join(' |\n                         ') : '0';
    }
    case 'qkey': case 'dest_qp_num': return hex(Number(v));
    case 'path_mig_state': return MIG_STATES[Number(v)] ?? String(v);
    default: return String(v);
  }
}

const C_COMMENT: Record<string, string> = {
  timeout: '4.096 µs * 2^timeout',
  rnr_retry: '7 = infinite',
  max_rd_atomic: 'initiator depth (requester)',
  max_dest_rd_atomic: 'responder resources',
  rq_psn: 'peer\'s sq_psn',
  sq_psn: 'peer\'s rq_psn',
};

/**
 * The address vector in C. RoCE: the AV is global; the peer is named by its GID (this model's
 * GIDs are ::ffff:10.0.0.<host + 1>). "no GRH" (0) sets no GRH at all: is_global 0 and no .grh.
 */
function ahAttrC(v: string): string {
  if (Number(v) <= 0) return '{ .is_global = 0, .port_num = 1 }'; // no GRH: no peer GID named
  return `{ .is_global = 1, .grh = { .dgid = /* ::ffff:10.0.0.${v} */ peer_gid, .sgid_index = 0, .hop_limit = 64 }, .port_num = 1 }`;
}

/** The equivalent C: the struct ibv_qp_attr fields this draft sets, and the ibv_modify_qp call. */
export function generateC(attrNames: readonly AttrName[], draft: Draft, qpVar = 'qp'): string {
  const { mask, attrs: typed } = buildCommand(attrNames, draft);
  const attrs = typed as Record<string, number | string | undefined>;
  const fields: [string, string][] = [];
  for (const a of mask) {
    const m = ATTR_META[a];
    if (!m?.cField) continue;
    const v = m.key ? attrs[m.key] : undefined;
    if (m.key && v !== undefined) fields.push([m.cField, cValue(m.key, v)]);
    else if (a === 'IBV_QP_ALT_PATH') fields.push(['alt_ah_attr', '{ /* alternate path */ }']);
    else if (a === 'IBV_QP_CAP') fields.push(['cap', '{ /* new queue sizes */ }']);
  }
  fields.sort((x, y) => C_ORDER.indexOf(x[0]) - C_ORDER.indexOf(y[0]));
  const lines: string[] = ['struct ibv_qp_attr attr = {'];
  const w = Math.max(0, ...fields.map(([f]) => (f === 'ah_attr.dlid' ? 'ah_attr'.length : f.length)));
  for (const [f, v] of fields) {
    const key = f === 'ah_attr.dlid' ? 'ah_attr' : f;
    const val = f === 'ah_attr.dlid' ? ahAttrC(v) : v;
    const cm = C_COMMENT[f] ? ` /* ${C_COMMENT[f]} */` : '';
    lines.push(`    .${key.padEnd(w)} = ${val},${cm}`);
  }
  lines.push('};');
  const maskText = mask.length ? mask.join(' |\n                        ') : '0';
  lines.push(`int ret = ibv_modify_qp(${qpVar}, &attr,`);
  lines.push(`                        ${maskText});`);
  lines.push('if (ret)  /* ret is an errno value, e.g. EINVAL */');
  lines.push('    fprintf(stderr, "ibv_modify_qp: %s\\n", strerror(ret));');
  return lines.join('\n');
}

/** The peer a connected QP should point at: QpView.peer, else the other host's QP at the same index. */
export function peerOf(qp: QpView, all: readonly QpView[]): QpView | undefined {
  const peer = qp.peer;
  if (peer) return all.find((q) => q.host === peer.host && q.qpn === peer.qpn);
  const mine = all.filter((q) => q.host === qp.host).sort((a, b) => a.qpn - b.qpn);
  const idx = mine.findIndex((q) => q.qpn === qp.qpn);
  const otherHost = all.find((q) => q.host !== qp.host)?.host;
  if (otherHost === undefined) return undefined;
  const theirs = all.filter((q) => q.host === otherHost && q.type === qp.type).sort((a, b) => a.qpn - b.qpn);
  return theirs[idx] ?? theirs[0];
}

/** Values a draft starts from: what the QP's context holds now (so the list shows real values). */
export function valuesFromContext(qp: QpView): Record<string, number | string> {
  const c = qp.ctx;
  return {
    cur_qp_state: qp.verbsState,
    en_sqd_async_notify: c.en_sqd_async_notify,
    qp_access_flags: c.qp_access_flags,
    pkey_index: c.pkey_index,
    port_num: c.port_num,
    qkey: c.qkey,
    ah_dlid: c.ah_dlid,
    path_mtu: c.path_mtu,
    timeout: c.timeout,
    retry_cnt: c.retry_cnt,
    rnr_retry: c.rnr_retry,
    rq_psn: c.next_rcv_psn,
    max_rd_atomic: c.max_rd_atomic,
    min_rnr_timer: c.min_rnr_timer,
    sq_psn: c.next_send_psn,
    max_dest_rd_atomic: c.max_dest_rd_atomic,
    path_mig_state: c.path_mig_state,
    dest_qp_num: c.dest_qp_num,
    rate_limit: c.rate_limit,
  };
}

/**
 * "Fill required": check IBV_QP_STATE and every required attribute, and give each a sensible
 * value — the peer's QPN and GID (the address vector), PSNs that match the peer, the usual timers. Values the QP
 * already holds are kept when they are valid.
 */
export function fillRequired(draft: Draft, c: Classified, qp: QpView, all: readonly QpView[], hostLid: (host: number) => number): Draft {
  const peer = peerOf(qp, all);
  const v = { ...draft.values };
  const ctx = qp.ctx;
  const keep = (key: string, ok: (n: number) => boolean, dflt: number) => {
    const cur = Number(v[key]);
    v[key] = Number.isFinite(cur) && ok(cur) ? cur : dflt;
  };
  const need = Object.entries(c.cls).filter(([, k]) => k === 'required').map(([a]) => a);
  for (const a of need) {
    switch (a) {
      case 'IBV_QP_PORT': v.port_num = 1; break;
      case 'IBV_QP_PKEY_INDEX': keep('pkey_index', (n) => n < 64, 0); break;
      case 'IBV_QP_QKEY': keep('qkey', (n) => n > 0, 0x11111111); break;
      case 'IBV_QP_ACCESS_FLAGS': v.qp_access_flags = qp.type === 'RC' ? 1 | 2 | 4 | 8 : qp.type === 'UC' ? 1 | 2 : 1; break;
      case 'IBV_QP_AV': v.ah_dlid = peer ? hostLid(peer.host) : ctx.ah_dlid || 1; break;
      case 'IBV_QP_DEST_QPN': v.dest_qp_num = peer ? peer.qpn : ctx.dest_qp_num; break;
      case 'IBV_QP_PATH_MTU': keep('path_mtu', (n) => n >= 1 && n <= 5, 3); break;
      case 'IBV_QP_RQ_PSN': v.rq_psn = peer ? peer.ctx.next_send_psn : 0; break;
      case 'IBV_QP_SQ_PSN': v.sq_psn = peer && peer.verbsState !== 'RESET' && peer.verbsState !== 'INIT' ? peer.ctx.next_rcv_psn : ctx.next_send_psn; break;
      case 'IBV_QP_MIN_RNR_TIMER': keep('min_rnr_timer', (n) => n >= 1 && n <= 31, 1); break;
      case 'IBV_QP_MAX_DEST_RD_ATOMIC': keep('max_dest_rd_atomic', (n) => n >= 1 && n <= 16, 4); break;
      case 'IBV_QP_MAX_QP_RD_ATOMIC': keep('max_rd_atomic', (n) => n >= 1 && n <= 16, 4); break;
      case 'IBV_QP_TIMEOUT': keep('timeout', (n) => n >= 1 && n <= 31, 4); break;
      case 'IBV_QP_RETRY_CNT': keep('retry_cnt', (n) => n >= 1 && n <= 7, 3); break;
      case 'IBV_QP_RNR_RETRY': keep('rnr_retry', (n) => n >= 1 && n <= 7, 3); break;
      case 'IBV_QP_CUR_STATE': v.cur_qp_state = qp.verbsState; break;
      default: break;
    }
  }
  // Only the transition's required attributes: optional bits from an earlier call are not
  // carried into the mask (nor into the C), so what is shown is exactly what the table demands.
  const checked = need.includes('IBV_QP_STATE') || c.cls.IBV_QP_STATE !== 'required' ? need : ['IBV_QP_STATE', ...need];
  return { ...draft, checked, values: v };
}

/** A fresh draft towards `target`: only IBV_QP_STATE checked, values as the context holds them. */
export function startDraft(qp: QpView, target: string): Draft {
  return { target, checked: target === NO_STATE_CHANGE ? [] : ['IBV_QP_STATE'], values: valuesFromContext(qp) };
}
