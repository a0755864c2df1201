// Static reference data for the views, sent once at start-up.
import { ATTR_NAMES, CONTEXT_FIELDS, DEVICE, INJECTABLE, MODIFY_CELLS, OPCODE_TRANSPORTS, QP_STATES, QP_TYPES } from '../core/index.ts';
import type { ReferenceData } from './types.ts';

export function referenceData(): ReferenceData {
  const cells: ReferenceData['cells'] = {};
  for (const t of QP_TYPES) {
    cells[t] = MODIFY_CELLS[t].map((row) => row.map((c) => ({ valid: c.valid, req: [...c.reqNames], opt: [...c.optNames] })));
  }
  return {
    states: QP_STATES, types: QP_TYPES, attrNames: ATTR_NAMES, cells,
    fields: CONTEXT_FIELDS.map((f) => ({ name: f.name, owner: f.owner, attr: 'attr' in f ? f.attr : undefined, doc: f.doc, hw: 'hw' in f ? f.hw : undefined })),
    injectable: INJECTABLE, opcodes: OPCODE_TRANSPORTS, device: { ...DEVICE },
  };
}
