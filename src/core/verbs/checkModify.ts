// ib_modify_qp_is_ok() (Linux drivers/infiniband/core/verbs.c) as a pure function.
// Order of checks follows the kernel: CUR_STATE rule, then cell validity, then required,
// then "nothing outside req|opt|STATE". A refusal surfaces from ibv_modify_qp as EINVAL
// (drivers call ib_modify_qp_is_ok; the driver_note of data/qp_state_table.json) [sources: kernel-qp-table].
import { CUR_STATE_BIT, STATE_BIT, maskOf, namesOf, type AttrName } from './attrs.ts';
import { MODIFY_CELLS } from './modifyTable.ts';
import { QP_STATES, type QpState, type QpType } from './types.ts';
import { checkValues, type ModifyValues, type ValueRefusal } from './checkValues.ts';

export type ModifyRefusalReason = 'invalid-transition' | 'missing-attributes' | 'unexpected-attributes';
export type ModifyResult =
  | { ok: true }
  | { ok: false; errno: 'EINVAL'; reason: ModifyRefusalReason; missing: string[]; unexpected: string[] };

/** CUR_STATE is accepted only when the QP is in RTR, RTS, SQD or SQE. */
const CUR_STATE_OK = new Set<QpState>(['RTR', 'RTS', 'SQD', 'SQE']);

/**
 * With a fifth argument, the attribute values are checked as well, under a profile and a device's
 * caps (checkValues.ts): the mask first, as the driver calls ib_modify_qp_is_ok first (the core's
 * address-vector check runs before both) [sources: kernel-qp-table, modify-values].
 */
export function checkModify(type: QpType, current: QpState, mask: number | readonly AttrName[], target?: QpState): ModifyResult;
export function checkModify(type: QpType, current: QpState, mask: number | readonly AttrName[], target: QpState | undefined, values: ModifyValues): ModifyValueResult;
export function checkModify(
  type: QpType,
  current: QpState,
  mask: number | readonly AttrName[],
  target?: QpState,
  values?: ModifyValues,
): ModifyValueResult {
  if (values === undefined) return checkMask(type, current, mask, target);
  const m = typeof mask === 'number' ? mask >>> 0 : maskOf(mask);
  const v = checkValues(m, values);
  // The core's address-vector check (rdma_fill_sgid_attr) runs before the driver's mask check.
  if (v.refusal?.attribute === 'IBV_QP_AV') return v.refusal;
  const r = checkMask(type, current, m, target);
  if (!r.ok) return r;
  return v.refusal ?? (v.notes.length ? { ok: true, notes: v.notes } : { ok: true });
}

/** A refusal of a value (checkValues.ts), or the mask's verdict; an accepted call may carry notes. */
export type ModifyValueResult = ModifyResult | { ok: true; notes: string[] } | ValueRefusal;

function checkMask(
  type: QpType,
  current: QpState,
  mask: number | readonly AttrName[],
  target?: QpState,
): ModifyResult {
  const m = typeof mask === 'number' ? mask >>> 0 : maskOf(mask);
  if (m & STATE_BIT && target === undefined) {
    throw new TypeError('checkModify: mask holds IBV_QP_STATE, so a target state is required');
  }
  const next = m & STATE_BIT ? (target as QpState) : current;
  const cell = MODIFY_CELLS[type][QP_STATES.indexOf(current)][QP_STATES.indexOf(next)];
  const missing = cell.valid ? namesOf(cell.req & ~m) : [];
  const allowed = cell.req | cell.opt | STATE_BIT;
  const unexpected = namesOf(cell.valid ? m & ~allowed : 0);

  if (m & CUR_STATE_BIT && !CUR_STATE_OK.has(current)) {
    const list = unexpected.includes('IBV_QP_CUR_STATE') ? unexpected : ['IBV_QP_CUR_STATE', ...unexpected];
    return refuse('unexpected-attributes', missing, list);
  }
  if (!cell.valid) return refuse('invalid-transition', [], []);
  if (missing.length) return refuse('missing-attributes', missing, unexpected);
  if (unexpected.length) return refuse('unexpected-attributes', missing, unexpected);
  return { ok: true };
}

function refuse(reason: ModifyRefusalReason, missing: string[], unexpected: string[]): ModifyResult {
  return { ok: false, errno: 'EINVAL', reason, missing, unexpected };
}

/** Hot-path form for the engine: true when the kernel would accept the call. */
export function modifyAllowed(type: QpType, from: number, to: number, mask: number): boolean {
  if (mask & CUR_STATE_BIT && !(from === 2 || from === 3 || from === 4 || from === 5)) return false;
  const cell = MODIFY_CELLS[type][from][to];
  if (!cell.valid) return false;
  if ((mask & cell.req) !== cell.req) return false;
  return (mask & ~(cell.req | cell.opt | STATE_BIT)) === 0;
}
