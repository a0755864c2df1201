// Attribute-mask names and bits as libibverbs spells them (rdma-core libibverbs/verbs.h,
// enum ibv_qp_attr_mask; copied in data/qp_state_table.json "attr_bits").
import table from './data/qp_state_table.json' with { type: 'json' };

export const ATTR_NAMES = [
  'IBV_QP_STATE', 'IBV_QP_CUR_STATE', 'IBV_QP_EN_SQD_ASYNC_NOTIFY', 'IBV_QP_ACCESS_FLAGS',
  'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_QKEY', 'IBV_QP_AV', 'IBV_QP_PATH_MTU',
  'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_RQ_PSN',
  'IBV_QP_MAX_QP_RD_ATOMIC', 'IBV_QP_ALT_PATH', 'IBV_QP_MIN_RNR_TIMER', 'IBV_QP_SQ_PSN',
  'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_PATH_MIG_STATE', 'IBV_QP_CAP', 'IBV_QP_DEST_QPN',
  'IBV_QP_RATE_LIMIT',
] as const;
export type AttrName = (typeof ATTR_NAMES)[number];

const bits = table.attr_bits as Record<AttrName, number>;
export const ATTR_BIT: Readonly<Record<AttrName, number>> = bits;
export const STATE_BIT = bits.IBV_QP_STATE;
export const CUR_STATE_BIT = bits.IBV_QP_CUR_STATE;

export function maskOf(names: readonly AttrName[]): number {
  let m = 0;
  for (const n of names) m |= bits[n];
  return m >>> 0;
}

/** Names of the set bits, in bit order; bits with no libibverbs name are shown in hex. */
export function namesOf(mask: number): string[] {
  const out: string[] = [];
  for (let b = 0; b < 32; b++) {
    const bit = (1 << b) >>> 0;
    if (!(mask & bit)) continue;
    const name = ATTR_NAMES.find((n) => bits[n] === bit);
    out.push(name ?? `0x${bit.toString(16)}`);
  }
  return out;
}
