// The ibv_modify_qp calls of pasted code (cCalls.ts), checked in order as the kernel and the
// profile's driver check them: each QP starts in RESET (ibv_create_qp leaves it there), an
// accepted call moves it to the state its attributes name, and the first refusal is the verdict,
// with its reason and the call as it should be [sources: kernel-qp-table, modify-values]. Mask
// parts the reader could not resolve are listed as symbolic; the check runs on the rest.
import { checkModify, type ModifyValueResult } from '../verbs/checkModify.ts';
import { MODIFY_CELLS } from '../verbs/modifyTable.ts';
import { ATTR_BIT, namesOf, type AttrName } from '../verbs/attrs.ts';
import { QP_STATES, type QpState, type QpType } from '../verbs/types.ts';
import type { CheckProfile, ValueAttrs } from '../verbs/checkValues.ts';
import type { DeviceCaps } from '../verbs/deviceCaps.ts';
import { stateOf, type CCall, type CValue } from './cCalls.ts';

export interface CallVerdict {
  call: CCall;
  /** The state the QP is in when the call is made, and the one it asks for ('?' when unknown). */
  from: QpState | '?';
  to: QpState | '?';
  /** 'ok', 'refused', 'unchecked' (its target state is symbolic, or an earlier call on the QP was), 'not-reached' (after the first refusal). */
  verdict: 'ok' | 'refused' | 'unchecked' | 'not-reached';
  result?: ModifyValueResult;
  /** What to change, in words, and the call as it should be (refusals only). */
  fix?: string;
  fixed?: string;
}
export interface CodeVerdict { calls: CallVerdict[]; firstRefusal: number }
export interface CheckOptions {
  type?: QpType;
  profile?: CheckProfile;
  caps?: DeviceCaps;
  /** The state every QP is in before the first call (RESET after ibv_create_qp; a recovery path starts elsewhere). */
  start?: QpState;
}

/** The struct fields each mask bit's value check reads. */
const FIELDS: Partial<Record<AttrName, string[]>> = {
  IBV_QP_PORT: ['port_num'], IBV_QP_PKEY_INDEX: ['pkey_index'], IBV_QP_PATH_MTU: ['path_mtu'], IBV_QP_TIMEOUT: ['timeout'],
  IBV_QP_AV: ['ah_attr', 'ah_attr.is_global', 'ah_attr.grh', 'ah_attr.grh.sgid_index'],
  IBV_QP_MAX_QP_RD_ATOMIC: ['max_rd_atomic'], IBV_QP_MAX_DEST_RD_ATOMIC: ['max_dest_rd_atomic'],
};
/** The fields of `a` the check needs for `attribute` that hold a symbolic value. */
export function symbolicFields(a: Record<string, CValue>, attribute: AttrName): string[] {
  return (FIELDS[attribute] ?? []).filter((f) => f in a && typeof a[f] !== 'number');
}

const num = (v: CValue | undefined) => (typeof v === 'number' ? v : undefined);

/** The values checkValues reads, from the struct's fields (ah_attr flattened). */
export function valueAttrs(a: Record<string, CValue>): ValueAttrs {
  const all: ValueAttrs = {
    port_num: num(a.port_num), pkey_index: num(a.pkey_index), path_mtu: num(a.path_mtu), sgid_index: num(a['ah_attr.grh.sgid_index']),
    max_rd_atomic: num(a.max_rd_atomic), max_dest_rd_atomic: num(a.max_dest_rd_atomic), timeout: num(a.timeout),
  };
  const g = num(a['ah_attr.is_global']);
  if (g !== undefined) all.is_global = g !== 0;
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as ValueAttrs;
}

/** A shortest legal walk of RESET → INIT → RTR → RTS from `from` to `to`, for the fix of an illegal transition. */
function walk(type: QpType, from: QpState, to: QpState): string {
  const order: QpState[] = ['RESET', 'INIT', 'RTR', 'RTS'];
  const i = order.indexOf(from), j = order.indexOf(to);
  if (i >= 0 && j > i) return order.slice(i, j + 1).join(' → ');
  const legal = QP_STATES.filter((s) => MODIFY_CELLS[type][QP_STATES.indexOf(s)][QP_STATES.indexOf(to)].valid);
  return `${to} is reached only from ${legal.join(', ') || 'no state'}`;
}

function fixOf(c: CCall, from: QpState, to: QpState, r: ModifyValueResult, type: QpType): { fix: string; fixed?: string } {
  if (r.ok) return { fix: '' };
  if (r.reason === 'invalid-value') {
    const fix = `${r.attribute}: ${r.detail} (refused by ${r.by})`;
    if (!('fix' in r) || !r.fix) return { fix };
    // The struct the call passes, written as the paste names it: `&attr` → `attr.`, `a` (a pointer) → `a->`.
    const base = c.attr.startsWith('&') ? `${c.attr.slice(1)}.` : `${c.attr}->`;
    return { fix, fixed: `${base}${r.fix.field} = ${r.fix.value}; ibv_modify_qp(${c.qp}, ${c.attr}, ${[...c.mask.names, ...c.mask.symbolic].join(' | ')});` };
  }
  if (r.reason === 'invalid-transition') return { fix: `the QP is in ${from}: ${from} → ${to} is not a transition (${walk(type, from, to)})` };
  const names = [...c.mask.names.filter((n) => !r.unexpected.includes(n)), ...(r.missing as AttrName[])];
  const bits = names.reduce((m, n) => m | ATTR_BIT[n], 0);
  const mask = namesOf(bits).join(' | ');
  const words = [r.missing.length ? `add ${r.missing.join(', ')}` : '', r.unexpected.length ? `take out ${r.unexpected.join(', ')}` : ''].filter(Boolean).join('; ');
  return { fix: words, fixed: `ibv_modify_qp(${c.qp}, ${c.attr}, ${mask});` };
}

export function checkCalls(calls: readonly CCall[], o: CheckOptions = {}): CodeVerdict {
  const type = o.type ?? 'RC';
  const state = new Map<string, QpState | '?'>();
  const out: CallVerdict[] = [];
  let firstRefusal = -1;
  calls.forEach((c, i) => {
    const from = state.get(c.qp) ?? o.start ?? 'RESET';
    const hasState = c.mask.names.includes('IBV_QP_STATE');
    const to: QpState | '?' = hasState ? stateOf(c.attrs.qp_state) ?? '?' : from;
    if (firstRefusal >= 0) { out.push({ call: c, from, to, verdict: 'not-reached' }); return; }
    if (from === '?' || to === '?') { state.set(c.qp, '?'); out.push({ call: c, from, to, verdict: 'unchecked' }); return; }
    let result = checkModify(type, from, c.mask.names, to, { attrs: valueAttrs(c.attrs), caps: o.caps, profile: o.profile });
    // A value refused that the paste leaves symbolic is not known to be wrong: the mask's verdict stands.
    if (!result.ok && result.reason === 'invalid-value' && symbolicFields(c.attrs, result.attribute).length) {
      const unknown = symbolicFields(c.attrs, result.attribute);
      const m = checkModify(type, from, c.mask.names, to);
      result = m.ok ? { ok: true, notes: [`${unknown.join(', ')}: symbolic, so its value is not checked (the mask is)`] } : m;
    }
    if (result.ok) { state.set(c.qp, to); out.push({ call: c, from, to, verdict: 'ok', result }); return; }
    firstRefusal = i;
    out.push({ call: c, from, to, verdict: 'refused', result, ...fixOf(c, from, to, result, type) });
  });
  return { calls: out, firstRefusal };
}
