// Static reference data for the views, sent once at start-up.
import { ACCESS_NAMES, ATTR_NAMES, COUNTER_DEFS, CONTEXT_FIELDS, DEVICE, INJECTABLE, LC_NAMES, MODIFY_CELLS, OPCODE_TRANSPORTS, PROFILE_IDS, PROFILE_TABLE, PROFILES, QP_STATES, QP_TYPES, hwNext } from '../../core/index.ts';
import type { ProfileId } from '../../core/index.ts';
import type { ReferenceData } from './types.ts';

export function referenceData(): ReferenceData {
  const cells: ReferenceData['cells'] = {};
  for (const t of QP_TYPES) {
    cells[t] = MODIFY_CELLS[t].map((row) => row.map((c) => ({ valid: c.valid, req: [...c.reqNames], opt: [...c.optNames] })));
  }
  return {
    states: QP_STATES, types: QP_TYPES, attrNames: ATTR_NAMES, cells,
    fields: CONTEXT_FIELDS.map((f) => ({ name: f.name, owner: f.owner, attr: 'attr' in f ? f.attr : undefined, doc: f.doc, hw: 'hw' in f ? f.hw : undefined })),
    injectable: INJECTABLE, opcodes: OPCODE_TRANSPORTS, device: { ...DEVICE }, hwTransitions: hwTransitions(),
    profiles: PROFILE_IDS.map((id) => ({ id, label: PROFILES[id].label })), profileTable: PROFILE_TABLE, access: ACCESS_NAMES, counterDefs: COUNTER_DEFS,
  };
}

const HW_LABEL = { SEND_ERROR: 'a send WR completes in error', FATAL: 'QP error (responder error, retry exhausted, catastrophic)', DRAINED: 'last in-flight send completed' } as const;

/**
 * Every move the hardware makes by itself, read from the lifecycle tables (not hand-written).
 * A UC/UD send error follows the profile as the requester does (core/transport/requester.ts:
 * `unreliableSendError` 'ERR' raises the fatal event, rxe_qp_error), so its edge is listed per
 * profile: → SQE where the profile keeps the IBTA's SQE, → ERR under rxe.
 */
function hwTransitions(): ReferenceData['hwTransitions'] {
  const out: ReferenceData['hwTransitions'] = [];
  const events = ['SEND_ERROR', 'FATAL', 'DRAINED'] as const;
  const FATAL = events.indexOf('FATAL');
  const toSqe = PROFILE_IDS.filter((id) => PROFILES[id].unreliableSendError === 'SQE');
  const toErr = PROFILE_IDS.filter((id) => PROFILES[id].unreliableSendError === 'ERR');
  QP_TYPES.forEach((type, ti) => {
    for (let lc = 0; lc < LC_NAMES.length; lc++) {
      events.forEach((event, ei) => {
        const add = (next: number, profiles?: ProfileId[]) => {
          if (next >= 0 && next !== lc) out.push({ type, from: LC_NAMES[lc], to: LC_NAMES[next], event, label: HW_LABEL[event], ...(profiles ? { profiles } : {}) });
        };
        const next = hwNext(ti, lc, ei);
        if (event !== 'SEND_ERROR') { add(next); return; }
        add(next, toSqe);
        if (next >= 0) add(hwNext(ti, lc, FATAL), toErr);
      });
    }
  });
  return out;
}
