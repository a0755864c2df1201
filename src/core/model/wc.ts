// Work-completion statuses, opcodes and async events as libibverbs spells them
// (rdma-core libibverbs/verbs.h; values in verbs/data/enums.json).
export const WC_STATUSES = [
  'IBV_WC_SUCCESS', 'IBV_WC_LOC_LEN_ERR', 'IBV_WC_LOC_QP_OP_ERR', 'IBV_WC_LOC_EEC_OP_ERR',
  'IBV_WC_LOC_PROT_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_MW_BIND_ERR', 'IBV_WC_BAD_RESP_ERR',
  'IBV_WC_LOC_ACCESS_ERR', 'IBV_WC_REM_INV_REQ_ERR', 'IBV_WC_REM_ACCESS_ERR', 'IBV_WC_REM_OP_ERR',
  'IBV_WC_RETRY_EXC_ERR', 'IBV_WC_RNR_RETRY_EXC_ERR', 'IBV_WC_LOC_RDD_VIOL_ERR',
  'IBV_WC_REM_INV_RD_REQ_ERR', 'IBV_WC_REM_ABORT_ERR', 'IBV_WC_INV_EECN_ERR',
  'IBV_WC_INV_EEC_STATE_ERR', 'IBV_WC_FATAL_ERR', 'IBV_WC_RESP_TIMEOUT_ERR', 'IBV_WC_GENERAL_ERR',
] as const;
export type WcStatus = (typeof WC_STATUSES)[number];

/** Statuses a person can make the next WR fail with, and how the model realises each one. */
export const INJECTABLE = {
  IBV_WC_LOC_LEN_ERR: { transports: ['RC', 'UC', 'UD'], how: 'the requester finds the gather list longer than the port allows when it starts the WQE' },
  IBV_WC_LOC_QP_OP_ERR: { transports: ['RC', 'UC', 'UD'], how: 'the requester finds the WQE malformed when it starts it' },
  IBV_WC_LOC_PROT_ERR: { transports: ['RC', 'UC', 'UD'], how: 'the local lkey check fails when the requester reads the buffer' },
  IBV_WC_LOC_ACCESS_ERR: { transports: ['RC', 'UC', 'UD'], how: 'a local access violation while the requester reads the buffer' },
  IBV_WC_REM_ACCESS_ERR: { transports: ['RC'], how: 'the responder NAKs with Remote Access Error (rkey check fails) and goes to ERR' },
  IBV_WC_REM_INV_REQ_ERR: { transports: ['RC'], how: 'the responder NAKs with Invalid Request and goes to ERR' },
  IBV_WC_REM_OP_ERR: { transports: ['RC'], how: 'the responder NAKs with Remote Operational Error and goes to ERR' },
  IBV_WC_RETRY_EXC_ERR: { transports: ['RC'], how: 'every packet of this QP is lost on the wire until retry_cnt is used up' },
  IBV_WC_RNR_RETRY_EXC_ERR: { transports: ['RC'], how: 'the responder answers Receiver Not Ready until rnr_retry is used up (never, if rnr_retry = 7)' },
} as const satisfies Readonly<Partial<Record<WcStatus, { transports: readonly string[]; how: string }>>>;
export type InjectableStatus = keyof typeof INJECTABLE;
/** The injectable statuses, for the command's schema. */
export const INJECTABLE_STATUSES = Object.keys(INJECTABLE) as InjectableStatus[];

export const SEND_OPCODES = [
  'IBV_WR_SEND', 'IBV_WR_SEND_WITH_IMM', 'IBV_WR_RDMA_WRITE', 'IBV_WR_RDMA_WRITE_WITH_IMM', 'IBV_WR_RDMA_READ',
  'IBV_WR_ATOMIC_CMP_AND_SWP', 'IBV_WR_ATOMIC_FETCH_AND_ADD',
] as const;
export type SendOpcode = (typeof SEND_OPCODES)[number];

/** Which opcodes each transport accepts in ibv_post_send (rxe rxe_wr_opcode_info masks). */
export const OPCODE_TRANSPORTS: Readonly<Record<SendOpcode, readonly string[]>> = {
  IBV_WR_SEND: ['RC', 'UC', 'UD'],
  IBV_WR_SEND_WITH_IMM: ['RC', 'UC', 'UD'],
  IBV_WR_RDMA_WRITE: ['RC', 'UC'],
  IBV_WR_RDMA_WRITE_WITH_IMM: ['RC', 'UC'],
  IBV_WR_RDMA_READ: ['RC'],
  IBV_WR_ATOMIC_CMP_AND_SWP: ['RC'],
  IBV_WR_ATOMIC_FETCH_AND_ADD: ['RC'],
};

export type WcOpcode = 'IBV_WC_SEND' | 'IBV_WC_RDMA_WRITE' | 'IBV_WC_RDMA_READ' | 'IBV_WC_COMP_SWAP'
  | 'IBV_WC_FETCH_ADD' | 'IBV_WC_RECV' | 'IBV_WC_RECV_RDMA_WITH_IMM';

export const WC_OPCODE_OF: Readonly<Record<SendOpcode, WcOpcode>> = {
  IBV_WR_SEND: 'IBV_WC_SEND',
  IBV_WR_SEND_WITH_IMM: 'IBV_WC_SEND',
  IBV_WR_RDMA_WRITE: 'IBV_WC_RDMA_WRITE',
  // The sender's completion of a write with immediate is a plain RDMA_WRITE (libibverbs).
  IBV_WR_RDMA_WRITE_WITH_IMM: 'IBV_WC_RDMA_WRITE',
  IBV_WR_RDMA_READ: 'IBV_WC_RDMA_READ',
  IBV_WR_ATOMIC_CMP_AND_SWP: 'IBV_WC_COMP_SWAP',
  IBV_WR_ATOMIC_FETCH_AND_ADD: 'IBV_WC_FETCH_ADD',
};

export function isWrite(op: SendOpcode): boolean {
  return op === 'IBV_WR_RDMA_WRITE' || op === 'IBV_WR_RDMA_WRITE_WITH_IMM';
}

export function isAtomic(op: SendOpcode): boolean {
  return op === 'IBV_WR_ATOMIC_CMP_AND_SWP' || op === 'IBV_WR_ATOMIC_FETCH_AND_ADD';
}

export function isReadOrAtomic(op: SendOpcode): boolean {
  return op === 'IBV_WR_RDMA_READ' || op === 'IBV_WR_ATOMIC_CMP_AND_SWP' || op === 'IBV_WR_ATOMIC_FETCH_AND_ADD';
}

export const ASYNC_EVENTS = [
  'IBV_EVENT_CQ_ERR', 'IBV_EVENT_QP_FATAL', 'IBV_EVENT_QP_REQ_ERR', 'IBV_EVENT_QP_ACCESS_ERR',
  'IBV_EVENT_COMM_EST', 'IBV_EVENT_SQ_DRAINED', 'IBV_EVENT_QP_LAST_WQE_REACHED',
  'IBV_EVENT_PORT_ERR', 'IBV_EVENT_PORT_ACTIVE', 'IBV_EVENT_DEVICE_FATAL', 'IBV_EVENT_SRQ_LIMIT_REACHED',
] as const;
export type AsyncEvent = (typeof ASYNC_EVENTS)[number];
