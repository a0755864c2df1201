// Every field of a QP's context, tagged with who writes it. Software fields are written by
// ibv_modify_qp (the attribute that carries each one is named); hardware fields are advanced
// by the NIC as traffic flows. Classification and names follow struct ibv_qp_attr (verbs.h) and
// the mlx5 QPC (mlx5_ifc_qpc_bits, read back by query_qp_attr) [sources: man-modify-qp, mlx5-ifc].
import type { AttrName } from '../verbs/attrs.ts';

export type Owner = 'sw' | 'hw' | 'sw+hw';
export interface FieldDef {
  name: string;
  owner: Owner;
  bits: 8 | 16 | 32;
  attr?: AttrName;
  doc: string;
  /** Where the field sits in a real context (mlx5 qpc unless stated). */
  hw?: string;
}

export const CONTEXT_FIELDS = [
  // `state` is what ibv_query_qp returns (enum ibv_qp_state: SQD=4, SQE=5, ERR=6). The firmware
  // numbers the same states differently (mlx5 SQER=4, SQD=5, ERR=6, SQ_DRAINING=7, mlx5 qp.h
  // [sources: mlx5-qp-state]), so the context carries that encoding separately as qpc_state rather than claiming
  // one number is both.
  { name: 'state', owner: 'sw+hw', bits: 8, attr: 'IBV_QP_STATE', doc: 'Lifecycle state as libibverbs numbers it (enum ibv_qp_state: RESET 0 … SQD 4, SQE 5, ERR 6); software moves it with modify_qp, hardware moves it to SQE/ERR on errors and from draining to drained.', hw: 'ibv_qp_attr.qp_state (verbs numbering; see qpc_state for mlx5\'s)' },
  { name: 'qpc_state', owner: 'hw', bits: 8, doc: 'The same state as mlx5 firmware encodes it in the QP context: RST 0, INIT 1, RTR 2, RTS 3, SQER 4, SQD 5, ERR 6, SQ_DRAINING 7 (include/linux/mlx5/qp.h; the driver reports SQ_DRAINING to verbs as SQD with sq_draining = 1).', hw: 'qpc.state' },
  { name: 'qp_type', owner: 'sw', bits: 8, doc: 'Transport service: RC, UC or UD (fixed at create).', hw: 'qpc.st' },
  { name: 'port_num', owner: 'sw', bits: 8, attr: 'IBV_QP_PORT', doc: 'Physical port (RESET→INIT).', hw: 'ads.vhca_port_num' },
  { name: 'pkey_index', owner: 'sw', bits: 16, attr: 'IBV_QP_PKEY_INDEX', doc: 'Index into the port P_Key table (RESET→INIT).', hw: 'ads.pkey_index' },
  { name: 'qkey', owner: 'sw', bits: 32, attr: 'IBV_QP_QKEY', doc: 'Q_Key checked on incoming UD datagrams.', hw: 'qpc.q_key' },
  { name: 'qp_access_flags', owner: 'sw', bits: 16, attr: 'IBV_QP_ACCESS_FLAGS', doc: 'Remote write/read/atomic permitted on this QP as responder.', hw: 'qpc.rwe/rre/rae' },
  { name: 'path_mtu', owner: 'sw', bits: 8, attr: 'IBV_QP_PATH_MTU', doc: 'Path MTU code 1..5 = 256..4096 bytes; messages are cut into packets of this size.', hw: 'qpc.mtu' },
  { name: 'ah_dlid', owner: 'sw', bits: 16, attr: 'IBV_QP_AV', doc: 'Address vector: which host the wire leads to. This port is RoCE, so the real AV is a GRH (is_global = 1, the peer\'s GID in grh.dgid, sgid_index); the model keeps only the destination host here (host index + 1). On InfiniBand it would be the LID (dlid).', hw: 'ads.rgid_rip (RoCE) / ads.rlid (IB)' },
  { name: 'dest_qp_num', owner: 'sw', bits: 32, attr: 'IBV_QP_DEST_QPN', doc: 'Remote QPN for a connected QP (24 bits).', hw: 'qpc.remote_qpn' },
  { name: 'max_rd_atomic', owner: 'sw', bits: 8, attr: 'IBV_QP_MAX_QP_RD_ATOMIC', doc: 'Initiator depth: RDMA Read/Atomic requests this QP may have outstanding as requester.', hw: 'qpc.log_sra_max' },
  { name: 'max_dest_rd_atomic', owner: 'sw', bits: 8, attr: 'IBV_QP_MAX_DEST_RD_ATOMIC', doc: 'Responder resources: incoming RDMA Read/Atomic this QP will hold state for.', hw: 'qpc.log_rra_max' },
  { name: 'min_rnr_timer', owner: 'sw', bits: 8, attr: 'IBV_QP_MIN_RNR_TIMER', doc: 'RNR NAK timer code this QP advertises as responder (0..31).', hw: 'qpc.min_rnr_nak' },
  { name: 'timeout', owner: 'sw', bits: 8, attr: 'IBV_QP_TIMEOUT', doc: 'Local ACK timeout 4.096 µs × 2^timeout; 0 = wait forever.', hw: 'ads.ack_timeout' },
  { name: 'retry_cnt', owner: 'sw', bits: 8, attr: 'IBV_QP_RETRY_CNT', doc: 'Retransmissions allowed after a timeout or PSN-sequence NAK.', hw: 'qpc.retry_count' },
  { name: 'rnr_retry', owner: 'sw', bits: 8, attr: 'IBV_QP_RNR_RETRY', doc: 'Retries after RNR NAKs; 7 = infinite.', hw: 'qpc.rnr_retry' },
  { name: 'en_sqd_async_notify', owner: 'sw', bits: 8, attr: 'IBV_QP_EN_SQD_ASYNC_NOTIFY', doc: 'Raise IBV_EVENT_SQ_DRAINED when SQD finishes draining.' },
  { name: 'path_mig_state', owner: 'sw+hw', bits: 8, attr: 'IBV_QP_PATH_MIG_STATE', doc: 'APM state (MIGRATED/REARM/ARMED); hardware changes it on migration.', hw: 'qpc.pm_state' },
  { name: 'alt_port_num', owner: 'sw', bits: 8, attr: 'IBV_QP_ALT_PATH', doc: 'Alternate path port (APM, InfiniBand only: this RoCE model refuses IBV_QP_ALT_PATH).', hw: 'secondary ads' },
  { name: 'alt_pkey_index', owner: 'sw', bits: 16, attr: 'IBV_QP_ALT_PATH', doc: 'P_Key index on the alternate path (APM).', hw: 'secondary ads.pkey_index' },
  { name: 'alt_timeout', owner: 'sw', bits: 8, attr: 'IBV_QP_ALT_PATH', doc: 'Local ACK timeout on the alternate path (APM).', hw: 'secondary ads.ack_timeout' },
  { name: 'rate_limit', owner: 'sw', bits: 32, attr: 'IBV_QP_RATE_LIMIT', doc: 'Packet pacing in kbps (raw packet QPs only in the kernel table).' },
  { name: 'sq_depth', owner: 'sw', bits: 32, doc: 'cap.max_send_wr: send ring size (fixed at create).', hw: 'qpc.log_sq_size' },
  { name: 'rq_depth', owner: 'sw', bits: 32, doc: 'cap.max_recv_wr: receive ring size (fixed at create).', hw: 'qpc.log_rq_size' },
  { name: 'send_cq', owner: 'sw', bits: 16, doc: 'CQ that receives send completions.', hw: 'qpc.cqn_snd' },
  { name: 'recv_cq', owner: 'sw', bits: 16, doc: 'CQ that receives receive completions.', hw: 'qpc.cqn_rcv' },
  { name: 'sq_sig_all', owner: 'sw', bits: 8, doc: 'Every send WR completes with a CQE, whatever its signaled flag.' },
  { name: 'max_inline_data', owner: 'sw', bits: 16, doc: 'cap.max_inline_data: the most bytes one IBV_SEND_INLINE WR may carry in its WQE (fixed at create).' },
  { name: 'srqn', owner: 'sw', bits: 16, doc: 'The SRQ this QP takes its receives from, numbered from 1 (0: its own receive queue). Fixed at create.', hw: 'qpc.rq_type, qpc.srqn_rmpn_xrqn' },
  { name: 'next_send_psn', owner: 'sw+hw', bits: 32, attr: 'IBV_QP_SQ_PSN', doc: 'PSN of the next packet sent; set by sq_psn at RTR→RTS, advanced per packet, rewound on retransmit.', hw: 'qpc.next_send_psn' },
  { name: 'last_acked_psn', owner: 'hw', bits: 32, doc: 'Last PSN the responder acknowledged (requester side).', hw: 'qpc.last_acked_psn' },
  { name: 'next_rcv_psn', owner: 'sw+hw', bits: 32, attr: 'IBV_QP_RQ_PSN', doc: 'PSN the responder expects next; set by rq_psn at INIT→RTR, advanced per packet accepted.', hw: 'qpc.next_rcv_psn' },
  { name: 'ssn', owner: 'hw', bits: 32, doc: 'Send sequence number: WQEs the requester has started.', hw: 'qpc.ssn' },
  { name: 'msn', owner: 'hw', bits: 32, doc: 'Message sequence number the responder returns in ACKs.', hw: 'qpc.rmsn' },
  { name: 'cur_retry_count', owner: 'hw', bits: 8, doc: 'Transport retries left; reloaded from retry_cnt on every valid ACK.', hw: 'qpc.cur_retry_count' },
  { name: 'cur_rnr_retry', owner: 'hw', bits: 8, doc: 'RNR retries left; reloaded from rnr_retry on progress.', hw: 'qpc.cur_rnr_retry' },
  { name: 'rd_atomic_out', owner: 'hw', bits: 8, doc: 'RDMA Read/Atomic requests outstanding as requester (≤ max_rd_atomic).' },
  { name: 'dest_rd_atomic_out', owner: 'hw', bits: 8, doc: 'RDMA Read/Atomic responses being served as responder (≤ max_dest_rd_atomic).' },
  { name: 'sq_pi', owner: 'sw', bits: 32, doc: 'SQ producer index: advanced by software as it posts and rings the doorbell (the NIC keeps a copy of the last value rung). Not returned by ibv_query_qp.', hw: 'qpc.sw_sq_wqebb_counter' },
  { name: 'sq_ci', owner: 'hw', bits: 32, doc: 'SQ consumer index: WQEs the NIC has taken. Not returned by ibv_query_qp.', hw: 'qpc.hw_sq_wqebb_counter' },
  { name: 'rq_pi', owner: 'sw', bits: 32, doc: 'RQ producer index: advanced by software as it posts receives (the NIC reads it from the doorbell record). Not returned by ibv_query_qp.', hw: 'qpc.sw_rq_counter' },
  { name: 'rq_ci', owner: 'hw', bits: 32, doc: 'RQ consumer index: receive WQEs the NIC consumed. Not returned by ibv_query_qp.', hw: 'qpc.hw_rq_counter' },
  { name: 'sq_draining', owner: 'hw', bits: 8, doc: 'In SQD: 1 while sends already started are still completing.', hw: 'state SQ_DRAINING (7)' },
] as const satisfies readonly FieldDef[];

export type FieldName = (typeof CONTEXT_FIELDS)[number]['name'];
export const FIELD_NAMES: readonly FieldName[] = CONTEXT_FIELDS.map((f) => f.name);
