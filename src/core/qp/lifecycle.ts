// Compact QP lifecycle: a state is one small integer and a transition is a table lookup.
// The tables are GENERATED from qpMachine by asking XState itself (scripts/lifecycle-tables.ts),
// so the fast path cannot drift from the machine: lifecycle.test.ts proves equality over every
// (type, state, event). Measured on this stack: XState transition() ≈35k/s vs a table ≈30M/s
// (XState 5.33.3, Node 20) [sources: xstate-speed], which is why the engine uses this form for every QP.
import type { SnapshotFrom } from 'xstate';
import { HW_NEXT, MODIFY_NEXT } from './lifecycleTables.ts';
import { modifyAllowed } from '../verbs/checkModify.ts';
import { QP_STATES, QP_TYPES, type QpState, type QpType } from '../verbs/types.ts';
import { qpMachine } from './machine.ts';

/** Lifecycle codes: the verbs state values 0..6, plus 7 for SQD once drained. */
export const LC = { RESET: 0, INIT: 1, RTR: 2, RTS: 3, SQD_DRAINING: 4, SQE: 5, ERR: 6, SQD_DRAINED: 7 } as const;
export const LC_COUNT = 8;
export const LC_NAMES = ['RESET', 'INIT', 'RTR', 'RTS', 'SQD (draining)', 'SQE', 'ERR', 'SQD (drained)'] as const;

export const EV_SEND_ERROR = 0;
export const EV_FATAL = 1;
export const EV_DRAINED = 2;

export function verbsState(lc: number): QpState {
  return QP_STATES[lc === LC.SQD_DRAINED ? 4 : lc];
}

type Snap = SnapshotFrom<typeof qpMachine>;

export function lcOfSnapshot(s: Snap): number {
  const v = s.value;
  if (typeof v === 'string') return LC[v as keyof typeof LC];
  return (v as { SQD: string }).SQD === 'drained' ? LC.SQD_DRAINED : LC.SQD_DRAINING;
}

export function snapshotOfLc(qpType: QpType, lc: number): Snap {
  const value = lc === LC.SQD_DRAINING ? { SQD: 'draining' } : lc === LC.SQD_DRAINED ? { SQD: 'drained' } : verbsState(lc);
  return qpMachine.resolveState({ value, context: { qpType } });
}

// HW_NEXT[type][lc][event] and MODIFY_NEXT[type][lc][target]: next lc, or -1 when the
// machine takes no transition (event ignored / modify refused even with a legal mask).
// Generated from the machine by scripts/lifecycle-tables.ts, not derived at load: see there.

/** Hardware event: next lc, or -1 when the event does not apply in this state. */
export function hwNext(ti: number, lc: number, ev: number): number {
  return HW_NEXT[(ti * LC_COUNT + lc) * 3 + ev];
}

/** ibv_modify_qp: next lc, or -1 when refused (kernel table or the SQD-draining rule). */
export function modifyNext(ti: number, lc: number, target: number, mask: number): number {
  const from = lc === LC.SQD_DRAINED ? 4 : lc;
  if (!modifyAllowed(QP_TYPES[ti], from, target, mask)) return -1;
  return MODIFY_NEXT[(ti * LC_COUNT + lc) * QP_STATES.length + target];
}

/** True when the SQD-draining rule (rxe __qp_chk_state), not the kernel table, refuses. */
export function refusedWhileDraining(lc: number, target: number): boolean {
  return lc === LC.SQD_DRAINING && target !== 6;
}

