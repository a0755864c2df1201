// The kernel's qp_state_table as bit masks, indexed [type][from][to].
// Source: data/qp_state_table.json (Linux drivers/infiniband/core/verbs.c, commit f4d8f354).
import table from './data/qp_state_table.json' with { type: 'json' };
import { ATTR_BIT, type AttrName } from './attrs.ts';
import { QP_STATES, QP_TYPES, type QpState, type QpType } from './types.ts';

export interface ModifyCell {
  valid: boolean;
  req: number;
  opt: number;
  reqNames: readonly AttrName[];
  optNames: readonly AttrName[];
}

interface RawTransition {
  from: string;
  to: string;
  valid: boolean;
  req: Record<string, string[]>;
  opt: Record<string, string[]>;
}

const INVALID: ModifyCell = { valid: false, req: 0, opt: 0, reqNames: [], optNames: [] };

function buildCells(): Record<QpType, ModifyCell[][]> {
  const out = {} as Record<QpType, ModifyCell[][]>;
  for (const type of QP_TYPES) {
    out[type] = QP_STATES.map(() => QP_STATES.map(() => INVALID));
  }
  for (const t of table.transitions as RawTransition[]) {
    const from = QP_STATES.indexOf(t.from as QpState);
    const to = QP_STATES.indexOf(t.to as QpState);
    if (from < 0 || to < 0 || !t.valid) continue;
    for (const type of QP_TYPES) {
      const reqNames = (t.req[type] ?? []) as AttrName[];
      const optNames = (t.opt[type] ?? []) as AttrName[];
      out[type][from][to] = {
        valid: true,
        req: reqNames.reduce((m, n) => m | ATTR_BIT[n], 0),
        opt: optNames.reduce((m, n) => m | ATTR_BIT[n], 0),
        reqNames,
        optNames,
      };
    }
  }
  return out;
}

export const MODIFY_CELLS: Readonly<Record<QpType, readonly (readonly ModifyCell[])[]>> = buildCells();

export function modifyCell(type: QpType, from: QpState, to: QpState): ModifyCell {
  return MODIFY_CELLS[type][QP_STATES.indexOf(from)][QP_STATES.indexOf(to)];
}
