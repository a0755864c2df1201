// Causes of EINVAL from ibv_modify_qp, derived from the kernel's own table (ib_modify_qp_is_ok,
// core/verbs/modifyTable.ts) for the call asked about: each required attribute left out of the
// mask, an attribute the transition does not take, and a QP not in the state the call assumes
// [sources: kernel-qp-table]. Each becomes a scenario whose modifyQp the engine refuses as the
// kernel would; diagnose.ts keeps it only if that run shows the refusal.
import { ATTR_BIT, namesOf, type AttrName } from '../verbs/attrs.ts';
import { MODIFY_CELLS } from '../verbs/modifyTable.ts';
import { QP_STATES, type QpState, type QpType } from '../verbs/types.ts';
import type { ProfileId } from '../model/profiles.ts';
import type { Cause } from './causes.ts';
import { QA, twoHosts } from './build.ts';

/** The states a scenario can bring a QP to at t = 0, and ERR one modify later. */
const REACHABLE: readonly QpState[] = ['RESET', 'INIT', 'RTR', 'RTS', 'ERR'];

const cell = (t: QpType, from: QpState, to: QpState) => MODIFY_CELLS[t][QP_STATES.indexOf(from)][QP_STATES.indexOf(to)];

function call(title: string, p: ProfileId, type: QpType, from: QpState, to: QpState, mask: readonly AttrName[]) {
  const bringUp = from === 'ERR' ? 'RTS' : (from as 'RESET' | 'INIT' | 'RTR' | 'RTS');
  const toErr = from === 'ERR' ? [{ t: 1_000, cmd: { kind: 'modifyQp' as const, host: 0, qpn: QA, mask: ['IBV_QP_STATE' as const], attrs: { qp_state: 'ERR' as const } } }] : [];
  return twoHosts(title, p, {
    type, a: { bringUp }, b: { bringUp: 'RTS' }, durationNs: 10_000,
    commands: [...toErr, { t: 2_000, cmd: { kind: 'modifyQp', host: 0, qpn: QA, mask: [...mask], attrs: { qp_state: to } } }],
  });
}

const FIX = [
  'read the refusal: the kernel names no attribute, so compare the mask with ibv_modify_qp(3)\'s table for this transition',
  'the QP keeps its state after a refused call: fix the mask (or the state) and call again',
];

/** The causes of EINVAL for `type` modified `from` → `to` (from unknown: every reachable state). */
export function modifyCauses(type: QpType, to: QpState, from?: QpState): Cause[] {
  const froms = from ? [from] : REACHABLE.filter((s) => cell(type, s, to).valid);
  const out: Cause[] = [];
  for (const f of froms) {
    const c = cell(type, f, to);
    if (!c.valid) continue;
    const req = namesOf(c.req) as AttrName[];
    for (const miss of req) {
      const mask = ['IBV_QP_STATE', ...req.filter((a) => a !== miss)] as AttrName[];
      out.push({
        id: `modify-missing-${miss.replace('IBV_QP_', '').toLowerCase()}`,
        cause: `${f} → ${to} without ${miss} in the mask: the transition requires it`,
        rule: `ib_modify_qp_is_ok: ${type} ${f}→${to} requires ${req.join(', ')} [sources: kernel-qp-table]`,
        build: (p) => call(`A calls ibv_modify_qp ${f}→${to} leaving ${miss} out of the mask`, p, type, f, to, mask),
        recovery: [`add ${miss} to the mask (with its value in struct ibv_qp_attr)`, ...FIX],
      });
    }
    const allowed = c.req | c.opt | ATTR_BIT.IBV_QP_STATE;
    const extra = (['IBV_QP_SQ_PSN', 'IBV_QP_DEST_QPN', 'IBV_QP_AV', 'IBV_QP_QKEY', 'IBV_QP_TIMEOUT'] as AttrName[]).find((a) => !(allowed & ATTR_BIT[a]));
    if (extra) out.push({
      id: `modify-unexpected-${extra.replace('IBV_QP_', '').toLowerCase()}`,
      cause: `${f} → ${to} with ${extra} in the mask: the transition does not take it`,
      rule: `ib_modify_qp_is_ok: nothing outside the required and optional attributes of ${type} ${f}→${to} [sources: kernel-qp-table]`,
      build: (p) => call(`A calls ibv_modify_qp ${f}→${to} with ${extra} added`, p, type, f, to, ['IBV_QP_STATE', ...req, extra]),
      recovery: [`take ${extra} out of this call (set it in the transition that takes it)`, ...FIX],
    });
  }
  // The QP is not where the call assumes: a state from which `to` cannot be reached at all.
  for (const s of REACHABLE) {
    if (cell(type, s, to).valid || (from !== undefined && s === from)) continue;
    const want = from ?? froms[0];
    const req = want ? namesOf(cell(type, want, to).req) as AttrName[] : [];
    out.push({
      id: `modify-from-${s.toLowerCase()}`,
      cause: `the QP is in ${s}, not ${want ?? 'the state the call assumes'}: ${s} → ${to} is not a legal transition (a step skipped, or the QP already moved)`,
      rule: `ib_modify_qp_is_ok: ${type} ${s}→${to} is not in the state table [sources: kernel-qp-table]`,
      build: (p) => call(`A's QP is in ${s} when it calls ibv_modify_qp → ${to}`, p, type, s, to, ['IBV_QP_STATE', ...req]),
      recovery: ['ibv_query_qp first: the cached state in struct ibv_qp is stale after the hardware moved the QP (to ERR, to SQE)', `walk the missing steps (RESET → INIT → RTR → RTS) before → ${to}`, ...FIX.slice(1)],
    });
  }
  return out;
}
