// ibv_qp_attr as the scenario schema spells it (every field optional; the mask says which count).
import * as v from 'valibot';
import { int } from '../kit/valid.ts';
import { QP_STATES } from '../verbs/types.ts';

const U32 = int(0, 0xffffffff);

export const ModifyAttrsSchema = v.strictObject({
  qp_state: v.optional(v.picklist(QP_STATES)),
  cur_qp_state: v.optional(v.picklist(QP_STATES)),
  en_sqd_async_notify: v.optional(int(0, 1)),
  qp_access_flags: v.optional(int(0, 0xffff)),
  pkey_index: v.optional(int(0, 0xffff)),
  port_num: v.optional(int(0, 255)),
  qkey: v.optional(U32),
  ah_dlid: v.optional(int(0, 0xffff)),
  path_mtu: v.optional(int(0, 7)),
  timeout: v.optional(int(0, 255)),
  retry_cnt: v.optional(int(0, 255)),
  rnr_retry: v.optional(int(0, 255)),
  rq_psn: v.optional(U32),
  max_rd_atomic: v.optional(int(0, 255)),
  alt_port_num: v.optional(int(0, 255)),
  alt_timeout: v.optional(int(0, 255)),
  alt_pkey_index: v.optional(int(0, 0xffff)),
  min_rnr_timer: v.optional(int(0, 255)),
  sq_psn: v.optional(U32),
  max_dest_rd_atomic: v.optional(int(0, 255)),
  path_mig_state: v.optional(int(0, 2)),
  dest_qp_num: v.optional(U32),
  rate_limit: v.optional(U32),
});
export type ModifyAttrs = v.InferOutput<typeof ModifyAttrsSchema>;
