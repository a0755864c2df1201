// ibv_modify_qp as the model executes it: the kernel table (checkModify), the driver's value
// checks, then the context writes and the state change, all or nothing (ibv_modify_qp.3 NOTES:
// on failure nothing is modified, including the state) [sources: man-modify-qp, kernel-qp-table].
import { ATTR_BIT, CUR_STATE_BIT, STATE_BIT, maskOf, type AttrName } from '../verbs/attrs.ts';
import { checkModify, modifyAllowed } from '../verbs/checkModify.ts';
import { QP_STATES, QP_TYPES } from '../verbs/types.ts';
import type { ModifyAttrs } from '../model/schema.ts';
import { CONTEXT_FIELDS, type FieldName } from '../model/context.ts';
import { LC, modifyNext, refusedWhileDraining, verbsState } from '../qp/lifecycle.ts';
import { emit, runtime, type World } from '../world/world.ts';
import { discardAll, lcName, setLc } from './qpState.ts';
import { markReady } from './nic.ts';
import { canSend } from './requester.ts';
import { PSN_MASK } from './wire.ts';
import { noSuchQp } from '../model/ids.ts';

/** Device limits the driver checks values against (a ConnectX-5-like device: ibv_devinfo -v reports max_qp_rd_atom 16) [sources: devinfo]. */
export const DEVICE = { maxRdAtom: 16, pkeyTableLen: 64, ports: 1 };

type Refusal = { reason: string; missing?: string[]; unexpected?: string[]; detail: string };

/**
 * Driver-level value checks (rxe_qp_chk_attr, rdmavt, _ib_modify_qp), one rule per attribute.
 * A value missing from `attrs` reads as 0, as a zeroed struct ibv_qp_attr would.
 */
const VALUE_RULES: [AttrName, (a: ModifyAttrs, hosts: number) => string | null][] = [
  ['IBV_QP_PORT', (a) => ((a.port_num ?? 0) < 1 || (a.port_num ?? 0) > DEVICE.ports ? `port_num ${a.port_num ?? 0} is not a port of this device (it has port 1)` : null)],
  ['IBV_QP_PKEY_INDEX', (a) => ((a.pkey_index ?? 0) >= DEVICE.pkeyTableLen ? `pkey_index ${a.pkey_index} is past the ${DEVICE.pkeyTableLen}-entry P_Key table` : null)],
  ['IBV_QP_PATH_MTU', (a) => ((a.path_mtu ?? 0) < 1 || (a.path_mtu ?? 0) > 5 ? `path_mtu ${a.path_mtu ?? 0} is not an enum ibv_mtu value (1..5)` : null)],
  ['IBV_QP_TIMEOUT', (a) => ((a.timeout ?? 0) > 31 ? 'timeout is a 5-bit code (0..31)' : null)],
  ['IBV_QP_RETRY_CNT', (a) => ((a.retry_cnt ?? 0) > 7 ? 'retry_cnt is 3 bits (0..7)' : null)],
  ['IBV_QP_RNR_RETRY', (a) => ((a.rnr_retry ?? 0) > 7 ? 'rnr_retry is 3 bits (0..7)' : null)],
  ['IBV_QP_MIN_RNR_TIMER', (a) => ((a.min_rnr_timer ?? 0) > 31 ? 'min_rnr_timer is a 5-bit code (0..31)' : null)],
  ['IBV_QP_MAX_QP_RD_ATOMIC', (a) => ((a.max_rd_atomic ?? 0) > DEVICE.maxRdAtom ? `max_rd_atomic above the device's max_qp_init_rd_atom (${DEVICE.maxRdAtom})` : null)],
  ['IBV_QP_MAX_DEST_RD_ATOMIC', (a) => ((a.max_dest_rd_atomic ?? 0) > DEVICE.maxRdAtom ? `max_dest_rd_atomic above the device's max_qp_rd_atom (${DEVICE.maxRdAtom})` : null)],
  ['IBV_QP_DEST_QPN', (a) => ((a.dest_qp_num ?? 0) > PSN_MASK ? 'dest_qp_num is 24 bits' : null)],
  // The port is RoCE: the address vector must be global, its grh.dgid the peer's GID, from which
  // _ib_modify_qp resolves the destination MAC (ib_resolve_eth_dmac; struct ibv_ah_attr, man-ah).
  // The model keeps the destination as a host number, GID ::ffff:10.0.0.<host + 1>.
  ['IBV_QP_AV', (a, hosts) => avProblem(a.ah_dlid ?? 0, hosts)],
  // _ib_modify_qp: an alternate path exists only on InfiniBand link layers; this port is RoCE.
  ['IBV_QP_ALT_PATH', () => 'alternate paths (APM) are InfiniBand-only; this port runs RoCE'],
];

function avProblem(dest: number, hosts: number): string | null {
  if (dest >= 1 && dest <= hosts) return null;
  const known = `the hosts here are GIDs ::ffff:10.0.0.1 to ::ffff:10.0.0.${hosts}`;
  return dest === 0
    ? `the address vector names no peer: on this RoCE port ah_attr needs a GRH (is_global = 1) whose grh.dgid is the peer's GID (${known})`
    : `the address vector's grh.dgid ::ffff:10.0.0.${dest} is no host's GID (${known})`;
}

const VALUE_BITS = VALUE_RULES.map(([attr]) => ATTR_BIT[attr]);

function valueProblem(w: World, mask: number, a: ModifyAttrs): Refusal | null {
  for (let i = 0; i < VALUE_RULES.length; i++) {
    if (!(mask & VALUE_BITS[i])) continue;
    const detail = VALUE_RULES[i][1](a, w.hosts.length);
    if (detail) return { reason: 'invalid-value', unexpected: [VALUE_RULES[i][0]], detail };
  }
  return null;
}

const WRITES: [AttrName, keyof ModifyAttrs, FieldName][] = [
  ['IBV_QP_PORT', 'port_num', 'port_num'], ['IBV_QP_PKEY_INDEX', 'pkey_index', 'pkey_index'],
  ['IBV_QP_QKEY', 'qkey', 'qkey'], ['IBV_QP_ACCESS_FLAGS', 'qp_access_flags', 'qp_access_flags'],
  ['IBV_QP_PATH_MTU', 'path_mtu', 'path_mtu'], ['IBV_QP_AV', 'ah_dlid', 'ah_dlid'],
  ['IBV_QP_DEST_QPN', 'dest_qp_num', 'dest_qp_num'], ['IBV_QP_MAX_QP_RD_ATOMIC', 'max_rd_atomic', 'max_rd_atomic'],
  ['IBV_QP_MAX_DEST_RD_ATOMIC', 'max_dest_rd_atomic', 'max_dest_rd_atomic'], ['IBV_QP_MIN_RNR_TIMER', 'min_rnr_timer', 'min_rnr_timer'],
  ['IBV_QP_TIMEOUT', 'timeout', 'timeout'], ['IBV_QP_RETRY_CNT', 'retry_cnt', 'retry_cnt'],
  ['IBV_QP_RNR_RETRY', 'rnr_retry', 'rnr_retry'], ['IBV_QP_EN_SQD_ASYNC_NOTIFY', 'en_sqd_async_notify', 'en_sqd_async_notify'],
  ['IBV_QP_PATH_MIG_STATE', 'path_mig_state', 'path_mig_state'], ['IBV_QP_RATE_LIMIT', 'rate_limit', 'rate_limit'],
  ['IBV_QP_RQ_PSN', 'rq_psn', 'next_rcv_psn'], ['IBV_QP_SQ_PSN', 'sq_psn', 'next_send_psn'],
];

const WRITE_BITS = WRITES.map(([bit]) => ATTR_BIT[bit]);

export interface ModifyOutcome { ok: boolean; reason?: string; detail?: string; missing?: string[]; unexpected?: string[] }

export function modifyQp(w: World, host: number, qpn: number, names: readonly AttrName[], attrs: ModifyAttrs): ModifyOutcome {
  const q = w.qps;
  const slot = q.find(host, qpn);
  const mask = maskOf(names);
  const toName = mask & STATE_BIT ? (attrs.qp_state ?? 'RESET') : undefined;
  if (slot < 0) return refuse(w, host, qpn, '?', toName ?? '?', names, { reason: 'no-such-qp', detail: noSuchQp(host, qpn) });
  const lc = q.lc[slot];
  const type = QP_TYPES[q.type[slot]];
  const current = verbsState(lc);
  const target = toName ?? current;
  const fromLabel = lcName(lc);
  if (mask & STATE_BIT && attrs.qp_state === undefined) {
    return refuse(w, host, qpn, fromLabel, target, names, { reason: 'invalid-value', unexpected: ['IBV_QP_STATE'], detail: 'IBV_QP_STATE is in the mask but attr.qp_state is not set (reads as RESET)' });
  }
  const claimed = mask & CUR_STATE_BIT ? (attrs.cur_qp_state ?? 'RESET') : current;
  // The table lookup is the hot path (a million QPs come up through here); the full
  // checkModify runs only to explain a refusal.
  const verdict = modifyAllowed(type, QP_STATES.indexOf(claimed), QP_STATES.indexOf(target), mask) ? { ok: true as const } : checkModify(type, claimed, mask, mask & STATE_BIT ? target : undefined);
  if (!verdict.ok) {
    return refuse(w, host, qpn, fromLabel, target, names, { reason: verdict.reason, missing: verdict.missing, unexpected: verdict.unexpected, detail: explain(verdict.reason, verdict.missing, verdict.unexpected, claimed, target, type) });
  }
  if (claimed !== current) {
    return refuse(w, host, qpn, fromLabel, target, names, { reason: 'invalid-value', unexpected: ['IBV_QP_CUR_STATE'], detail: `cur_qp_state says ${claimed} but the QP is in ${current}: the device refuses the ${claimed}→${target} command` });
  }
  const ti = q.type[slot];
  const tIdx = QP_STATES.indexOf(target);
  if (refusedWhileDraining(lc, tIdx)) {
    return refuse(w, host, qpn, fromLabel, target, names, { reason: 'sq-draining', detail: 'the SQ is still draining: only →ERR is accepted until IBV_EVENT_SQ_DRAINED (rxe __qp_chk_state)' });
  }
  // mlx5 has no firmware command for RTS→SQD or SQD→SQD (optab in __mlx5_ib_modify_qp): -EINVAL
  // although the kernel table allows them [sources: mlx5-qp, kernel-qp-table].
  if (target === 'SQD' && w.profile.sqd === 'refused') {
    return refuse(w, host, qpn, fromLabel, target, names, { reason: 'driver', detail: `mlx5 has no ${current}→SQD firmware command (__mlx5_ib_modify_qp optab): EINVAL, although the kernel table allows it` });
  }
  const problem = valueProblem(w, mask, attrs);
  if (problem) return refuse(w, host, qpn, fromLabel, target, names, problem);
  const next = modifyNext(ti, lc, tIdx, mask);
  if (next < 0) return refuse(w, host, qpn, fromLabel, target, names, { reason: 'invalid-transition', detail: 'the QP machine has no such transition' });

  const tracing = w.trace.mode !== 'off';
  const before = tracing ? CONTEXT_FIELDS.map((d) => q.f[d.name][slot]) : [];
  let note: string | undefined;
  for (let i = 0; i < WRITES.length; i++) {
    if (!(mask & WRITE_BITS[i])) continue;
    const [, key, field] = WRITES[i];
    let v = (attrs[key] as number | undefined) ?? 0;
    if ((key === 'sq_psn' || key === 'rq_psn') && v > PSN_MASK) { note = `${key} ${v} masked to 24 bits (kernel warning)`; v &= PSN_MASK; }
    q.f[field][slot] = v;
  }
  enter(w, slot, lc, next);
  if (tracing) {
    const changed = CONTEXT_FIELDS.filter((d, i) => q.f[d.name][slot] !== before[i]).map((d) => d.name);
    emit(w, { t: w.now, kind: 'modify', host, qpn, from: fromLabel, to: lcName(next), mask: [...names], changed, note });
  }
  setLc(w, slot, next, 'modify');
  if (canSend(w, slot)) markReady(w, slot);
  return { ok: true };
}

/** Context effects of entering a state (before the state event is emitted). */
function enter(w: World, slot: number, from: number, next: number): void {
  const f = w.qps.f;
  if (next === LC.RESET && from !== LC.RESET) discardAll(w, slot);
  if (next === LC.RTS && from === LC.RTR) {
    f.last_acked_psn[slot] = (f.next_send_psn[slot] - 1) & PSN_MASK;
    f.cur_retry_count[slot] = f.retry_cnt[slot];
    f.cur_rnr_retry[slot] = f.rnr_retry[slot];
  }
  if (next === LC.RTS && from === LC.SQE) {
    const rt = runtime(w, slot);
    rt.txIdx = 0;
    rt.txOff = 0;
  }
}

function explain(reason: string, missing: string[], unexpected: string[], from: string, to: string, type: string): string {
  if (reason === 'invalid-transition') return `${from}→${to} is not a transition in the kernel's qp_state_table`;
  if (reason === 'missing-attributes') return `${type} ${from}→${to} requires ${missing.join(', ')}`;
  return `${type} ${from}→${to} does not accept ${unexpected.join(', ')}`;
}

function refuse(w: World, host: number, qpn: number, from: string, to: string, names: readonly string[], r: Refusal): ModifyOutcome {
  emit(w, { t: w.now, kind: 'modify-refused', host, qpn, from, to, mask: [...names], errno: 'EINVAL', reason: r.reason, missing: r.missing ?? [], unexpected: r.unexpected ?? [], detail: r.detail });
  return { ok: false, reason: r.reason, detail: r.detail, missing: r.missing, unexpected: r.unexpected };
}
