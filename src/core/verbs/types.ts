/** QP states in libibverbs order (enum ibv_qp_state: RESET=0 … ERR=6). */
export const QP_STATES = ['RESET', 'INIT', 'RTR', 'RTS', 'SQD', 'SQE', 'ERR'] as const;
export type QpState = (typeof QP_STATES)[number];
/** Transports the model runs. The copied table also holds XRC/SMI/GSI/RAW_PACKET columns. */
export const QP_TYPES = ['RC', 'UC', 'UD'] as const;
export type QpType = (typeof QP_TYPES)[number];
