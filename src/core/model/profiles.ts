// Driver profiles: where the reference or the driver code documents that providers behave
// differently, the scenario picks whose behaviour the model follows. The engine reads only
// the fields of DriverProfile; the table of differences (with sources, shown in the page and
// the README) is in profileTable.ts.
//
// 'ibta' is the spec's own words where kernel code or a patch quotes them, and otherwise the IBTA as
// the rdmavt/hfi1/qib drivers reflect it (their code cites IB 1.2 clauses, e.g. C10-96 in
// ib_rvt_state_ops) [sources: ibta-in-code, model-profiles]. Where neither speaks, the profile keeps the model's earlier behaviour and
// the table says MODEL. 'mlx5' follows rdma-core providers/mlx5 and the mlx5 kernel driver at
// rdma-core commit 691953d8 and MLNX-OFED 25.10 [sources: libmlx5-post, mlx5-qp]; firmware behaviour that no public code shows is MODEL = IBTA.
import type { WcStatus } from './wc.ts';

export const PROFILE_IDS = ['ibta', 'rxe', 'mlx5'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

export interface DriverProfile {
  id: ProfileId;
  label: string;
  /** ibv_post_send before the QP has reached RTS: the errno. */
  postSendNotReady: 'EINVAL' | 'ENOMEM';
  /** An opcode the transport lacks (RDMA/atomic on UD, READ/atomic on UC): refused at post, or accepted and completed with LOC_QP_OP_ERR. */
  badOpcode: 'refuse' | 'complete-error';
  /** Atomic gather length: exactly 8 (else EINVAL), at least 8 (else EINVAL), or any length executed as 8 bytes. */
  atomicLength: 'exact8' | 'min8' | 'as8';
  /** An atomic whose remote address is not 8-byte aligned: refused at post (EINVAL), or NAK Invalid Request from the responder. */
  misalignedAtomic: 'refuse' | 'nak';
  /** IBV_SEND_INLINE with more than max_inline_data bytes: the errno. */
  inlineTooLong: 'EINVAL' | 'ENOMEM';
  /** A UC/UD send WR completing in error moves the QP to SQE, or to ERR. */
  unreliableSendError: 'SQE' | 'ERR';
  /** retry_cnt = 7 means retry forever (as rnr_retry = 7 does everywhere). */
  retryCnt7Infinite: boolean;
  /** RTS→SQD: IBV_EVENT_SQ_DRAINED only when en_sqd_async_notify, always, or the move is refused. */
  sqd: 'notify-when-asked' | 'notify-always' | 'refused';
  /** A move to RESET (and ibv_destroy_qp) removes the QP's unpolled CQEs from its CQs. */
  resetPurgesCqes: boolean;
  /** More reads/atomics arriving than max_dest_rd_atomic: NAK Invalid Request, or recycle the oldest resource. */
  excessReads: 'nak' | 'recycle';
  /** A SEND into a receive WQE whose lkey fails: the receive completion's status (requester: REM_OP_ERR). */
  recvBadKey: WcStatus;
  /** A SEND longer than the receive buffer: the receive completion's status (requester: REM_INV_REQ_ERR). */
  recvTooSmall: WcStatus;
  /**
   * An ACK whose PSN lies past the last PSN of the oldest fully sent WQE, and past everything
   * sent: rxe's completer completes a SEND/WRITE with success (rxe_comp.c check_psn); the others
   * ignore an ACK for a PSN never sent (MODEL: ahead-ack).
   */
  aheadAck: 'complete' | 'ignore';
  /** A responder error raises an affiliated event on the responder QP (QP_ACCESS_ERR, QP_REQ_ERR or QP_FATAL, by its cause). */
  responderEvents: boolean;
}

export const PROFILES: Readonly<Record<ProfileId, DriverProfile>> = {
  ibta: {
    id: 'ibta', label: 'IBTA (the spec)', postSendNotReady: 'EINVAL', badOpcode: 'refuse', atomicLength: 'min8', misalignedAtomic: 'nak', inlineTooLong: 'EINVAL',
    unreliableSendError: 'SQE', retryCnt7Infinite: false, sqd: 'notify-when-asked', resetPurgesCqes: true, excessReads: 'nak',
    recvBadKey: 'IBV_WC_LOC_PROT_ERR', recvTooSmall: 'IBV_WC_LOC_LEN_ERR', responderEvents: true, aheadAck: 'ignore',
  },
  rxe: {
    id: 'rxe', label: 'rxe (soft RoCE)', postSendNotReady: 'EINVAL', badOpcode: 'refuse', atomicLength: 'exact8', misalignedAtomic: 'refuse', inlineTooLong: 'EINVAL',
    unreliableSendError: 'ERR', retryCnt7Infinite: true, sqd: 'notify-always', resetPurgesCqes: false, excessReads: 'recycle',
    recvBadKey: 'IBV_WC_LOC_QP_OP_ERR', recvTooSmall: 'IBV_WC_REM_INV_REQ_ERR', responderEvents: false, aheadAck: 'complete',
  },
  mlx5: {
    id: 'mlx5', label: 'mlx5 (ConnectX)', postSendNotReady: 'ENOMEM', badOpcode: 'complete-error', atomicLength: 'as8', misalignedAtomic: 'nak', inlineTooLong: 'ENOMEM',
    unreliableSendError: 'SQE', retryCnt7Infinite: false, sqd: 'refused', resetPurgesCqes: true, excessReads: 'nak',
    recvBadKey: 'IBV_WC_LOC_PROT_ERR', recvTooSmall: 'IBV_WC_LOC_LEN_ERR', responderEvents: true, aheadAck: 'ignore',
  },
};

export function profileOf(id: ProfileId | undefined): DriverProfile {
  return PROFILES[id ?? 'ibta'];
}
