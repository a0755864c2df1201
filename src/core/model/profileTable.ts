// Every difference between providers the model knows, with its sources: shown in the page (the
// transport instrument's help and compare panel) and in the README. Each cell says what that
// profile does and how we know: 'code' (read in driver code), 'documented' (a man page, the
// reference, the IBTA as quoted), 'model' (the record is silent; the model's labelled choice).
// A row whose cells all agree is kept when a learner might expect a difference there.
import type { ProfileId } from './profiles.ts';

export type Basis = 'code' | 'documented' | 'model';
export interface ProfileCell { does: string; basis: Basis }
/** `sources` names each primary source (function, man page); `keys` are its bibliography entries (src/lessons/kit/sources.ts). */
export interface ProfileRow { id: string; what: string; cells: Record<ProfileId, ProfileCell>; sources: string; keys: readonly string[] }

const c = (does: string, basis: Basis): ProfileCell => ({ does, basis });
const IBTA_MODEL = 'MODEL: the firmware\'s behaviour is not public; the profile follows the IBTA';

export const PROFILE_TABLE: readonly ProfileRow[] = [
  {
    id: 'post-not-ready', what: 'ibv_post_send before RTS (RESET, INIT, RTR)',
    cells: {
      ibta: c('refused at post: EINVAL', 'code'),
      rxe: c('refused at post: EINVAL', 'code'),
      mlx5: c('refused at post: ENOMEM — libmlx5 opens the send path only at RTS, so a QP taken INIT→ERR without RTS refuses sends too (rdma-core v40 and later; before v40 libmlx5 accepted the WR without an error and the WQE ran later, once the QP reached RTS)', 'code'),
    },
    sources: 'rxe_post_send; rdmavt ib_rvt_state_ops; rdma-core 988f90bc (2022, first in v40: "mlx5: Enforce IB spec QP state behaviour on post_send()/recv()", whose message says earlier versions returned no error and executed the WRs later) and 691953d8 providers/mlx5 verbs.c set_qp_operational_state (qp_state_max_gs = -1 until RTS), qp.c _mlx5_post_send ("max gs exceeded" → ENOMEM)',
    keys: ['rxe-post', 'rdmavt-post', 'libmlx5-post'],
  },
  {
    id: 'post-recv-reset', what: 'ibv_post_recv in RESET',
    cells: {
      ibta: c('refused at post: EINVAL (C10-22: an immediate error for a WR posted in RESET)', 'documented'),
      rxe: c('refused at post: EINVAL', 'code'),
      mlx5: c('refused at post: EINVAL — the receive path opens at INIT (rdma-core v40 and later; before v40 accepted without an error)', 'code'),
    },
    sources: 'IBTA 1.5 §10.3.1.1 C10-22 as quoted in rdma-core 988f90bc; rxe_post_recv (no receives in RESET); rdma-core providers/mlx5 qp.c mlx5_post_recv (num_sge > rq.qp_state_max_gs → EINVAL), verbs.c set_qp_operational_state (rq opened at INIT)',
    keys: ['rxe-qp', 'libmlx5-post'],
  },
  {
    id: 'bad-opcode', what: 'RDMA or atomic on UD (READ or atomic on UC)',
    cells: {
      ibta: c('refused at post: EINVAL', 'code'),
      rxe: c('refused at post: EINVAL', 'code'),
      mlx5: c(`accepted at post; the WQE completes with IBV_WC_LOC_QP_OP_ERR (${IBTA_MODEL.replace('; the profile follows the IBTA', '; LOC_QP_OP is the CQE syndrome for a WQE the QP cannot execute')})`, 'model'),
    },
    sources: 'rdmavt rvt_qp_valid_operation (qpt_support); rxe validate_send_wr ("bad wr opcode for qp type"); rdma-core providers/mlx5 qp.c _mlx5_post_send (no opcode check for UD), cq.c mlx5_handle_error_cqe',
    keys: ['rdmavt-post', 'rxe-post', 'libmlx5-post', 'libmlx5-cq', 'model-profiles'],
  },
  {
    id: 'atomic-length', what: 'An atomic whose gather list is not 8 bytes',
    cells: {
      ibta: c('under 8: EINVAL at post; more than 8: accepted, 8 bytes used (the profile follows rdmavt; the IBTA text in the reference does not name a status, and the IBV_WC_LOC_LEN_ERR with both buffers unchanged that some published expectations give is not what rdmavt does)', 'code'),
      rxe: c('anything but 8: EINVAL at post', 'code'),
      mlx5: c('any length accepted and executed as 8 bytes', 'code'),
    },
    sources: 'rdmavt rvt_qp_valid_operation (RVT_OPERATION_ATOMIC_SGE: length < 8); kernel rxe validate_send_wr ("atomic length != 8"; the rdma-core rxe provider refuses only < 8); rdma-core providers/mlx5 qp.c set_data_ptr_seg_atomic (byte_count = MLX5_ATOMIC_SIZE)',
    keys: ['rdmavt-post', 'rxe-post', 'libmlx5-post'],
  },
  {
    id: 'atomic-align', what: 'An atomic whose remote address is not 8-byte aligned',
    cells: {
      ibta: c('the responder NAKs it Invalid Request: the requester sees IBV_WC_REM_INV_REQ_ERR, both QPs go to ERR', 'documented'),
      rxe: c('refused at post: EINVAL', 'code'),
      mlx5: c(`accepted at post; then as the IBTA (${IBTA_MODEL.slice(7)})`, 'model'),
    },
    sources: 'IBTA 1.2.1 §9.4.5 as quoted on linux-rdma ("IB/rdmavt: Validate remote_addr during loopback atomic tests"); hfi1/qib rc.c (vaddr & 7 → nack_inv); rxe validate_send_wr ("misaligned atomic address", kernel and rdma-core provider); rdma-core providers/mlx5 qp.c _mlx5_post_send (no alignment check)',
    keys: ['ibta-atomic-align', 'rdmavt-resp', 'rxe-post', 'libmlx5-post', 'model-profiles'],
  },
  {
    id: 'inline-too-long', what: 'IBV_SEND_INLINE with more than max_inline_data bytes',
    cells: {
      ibta: c('EINVAL at post (MODEL: no IBTA text in the reference; the generic invalid-argument errno)', 'model'),
      rxe: c('EINVAL at post', 'code'),
      mlx5: c('ENOMEM at post', 'code'),
    },
    sources: 'rxe validate_send_wr (kernel and rdma-core provider); rdma-core providers/mlx5 qp.c set_data_inl_seg and kernel mlx5 set_data_inl_seg (-ENOMEM)',
    keys: ['rxe-post', 'libmlx5-post', 'model-profiles'],
  },
  {
    id: 'send-error-state', what: 'A UC or UD send WR completing in error',
    cells: {
      ibta: c('QP → SQE: the send queue stops and flushes, receives go on; SQE→RTS recovers', 'documented'),
      rxe: c('QP → ERR: both queues flush; recovery needs RESET', 'code'),
      mlx5: c('QP → SQE (MODEL: mlx5 has a hardware SQER state, read in code; that firmware enters it on a UD send error is not in the code)', 'model'),
    },
    sources: 'kernel qp_state_table (the SQE cells); rdmavt; MAD mad_error_handler; rxe_requester error path → rxe_qp_error; mlx5 MLX5_QP_STATE_SQER',
    keys: ['kernel-qp-table', 'sqe-state', 'rxe-err', 'mlx5-qp', 'model-profiles'],
  },
  {
    id: 'retry-7', what: 'retry_cnt = 7',
    cells: {
      ibta: c('seven retransmissions, then IBV_WC_RETRY_EXC_ERR', 'code'),
      rxe: c('retries forever, as rnr_retry = 7 does', 'code'),
      mlx5: c(`seven retransmissions (${IBTA_MODEL})`, 'model'),
    },
    sources: 'rxe_comp.c (rxe treats retry_cnt 7 as infinite); qib, hfi1 and ipath do not special-case 7',
    keys: ['ack-timeout', 'rdmavt-resp', 'model-profiles'],
  },
  {
    id: 'ahead-ack', what: 'An ACK past the last PSN sent (a responder that expects a later PSN acknowledges duplicates with it)',
    cells: {
      ibta: c('ignored: the WR waits, retries and ends in IBV_WC_RETRY_EXC_ERR (MODEL: no source in this project\'s reference gives a rule for an ACK of a PSN never sent; the model ignores it)', 'model'),
      rxe: c('a fully sent SEND or WRITE past which it lies completes with IBV_WC_SUCCESS, retry counters reloaded (with an sq_psn behind, though the responder dropped its data); a READ or atomic is retried (the model leaves that to its timer)', 'code'),
      mlx5: c(`ignored, as under the IBTA (${IBTA_MODEL})`, 'model'),
    },
    sources: 'rxe_comp.c check_psn (COMPST_COMP_WQE for a pending SEND/WRITE, COMPST_ERROR_RETRY for a READ/atomic); rxe_resp.c duplicate_request (a duplicate SEND/WRITE is acknowledged with the PSN before the one expected)',
    keys: ['rxe-comp-ahead', 'rxe-resp', 'model-profiles'],
  },
  {
    id: 'sqd', what: 'RTS→SQD and IBV_EVENT_SQ_DRAINED',
    cells: {
      ibta: c('allowed; SQ_DRAINED only when en_sqd_async_notify was set', 'documented'),
      rxe: c('allowed; SQ_DRAINED always, asked for or not', 'code'),
      mlx5: c('refused: EINVAL — no firmware command for RTS→SQD', 'code'),
    },
    sources: 'ibv_modify_qp(3); rxe req_check_sq_drain_done; mlx5 __mlx5_ib_modify_qp optab',
    keys: ['man-modify-qp', 'rxe-req', 'mlx5-qp'],
  },
  {
    id: 'reset-cqes', what: 'RESET (and ibv_destroy_qp) while the QP\'s completions sit unpolled in its CQs',
    cells: {
      ibta: c('removed: in RESET the QP\'s CQs hold none of its entries (MODEL: the record documents only mlx5 removing them and rxe keeping them; the model reads the book\'s RESET — queues empty, nothing processed — as covering completions too)', 'model'),
      rxe: c('left in the CQ: after destroy they name a QPN that no longer exists', 'code'),
      mlx5: c('removed (the CQ is cleaned and its consumer index advanced)', 'code'),
    },
    sources: 'rxe_qp_reset; mlx5_ib_cq_clean, libmlx5 mlx5_cq_clean, mlx5 destroy_qp_common; for the IBTA cell only the reasoning: Shanley, InfiniBand Network Architecture ch. 12 "Reset State"',
    keys: ['rxe-reset', 'mlx5-qp', 'reset-book', 'model-profiles'],
  },
  {
    id: 'excess-reads', what: 'More READ/atomic requests arriving than max_dest_rd_atomic',
    cells: {
      ibta: c('NAK Invalid Request: the requester sees IBV_WC_REM_INV_REQ_ERR, both QPs go to ERR', 'documented'),
      rxe: c('no NAK: the responder recycles its oldest resource (only max_dest_rd_atomic = 0 is NAKed)', 'code'),
      mlx5: c(`NAK Invalid Request (${IBTA_MODEL})`, 'model'),
    },
    sources: 'ibv_modify_qp(3) max_dest_rd_atomic (the responder resources); the IBV_WC_REM_INV_REQ_ERR status description (insufficient buffering for a new RDMA or atomic request); rxe_resp.c check_resource ("it is the requesters job to not send too many read/atomic ops, we just recycle the responder resource queue")',
    keys: ['wc-status', 'man-modify-qp', 'rxe-resp', 'model-profiles'],
  },
  {
    id: 'recv-bad-key', what: 'A SEND into a receive WQE whose lkey check fails',
    cells: {
      ibta: c('receive CQE IBV_WC_LOC_PROT_ERR; NAK Remote Operational Error → the requester sees IBV_WC_REM_OP_ERR; the QP goes to ERR (UD too, with no NAK)', 'code'),
      rxe: c('receive CQE IBV_WC_LOC_QP_OP_ERR ("malformed WQE"); the requester sees IBV_WC_REM_OP_ERR; the QP goes to ERR (UD too)', 'code'),
      mlx5: c(`as the IBTA (${IBTA_MODEL.slice(7)})`, 'model'),
    },
    sources: 'rdmavt rvt_get_rwqe → init_sge (IB_WC_LOC_PROT_ERR), hfi1 rc.c nack_op_err, hfi1_ud_rcv and qib_ud_rcv (rvt_get_rwqe < 0 → rvt_rc_error: UD to ERR); rxe_resp.c send_data_in → RESPST_ERR_MALFORMED_WQE ("All, Class A") → do_class_ac_error(NAK_REM_OP_ERR, IB_WC_LOC_QP_OP_ERR)',
    keys: ['rdmavt-resp', 'rxe-resp', 'model-profiles'],
  },
  {
    id: 'recv-too-small', what: 'A SEND longer than the receive buffer',
    cells: {
      ibta: c('receive CQE IBV_WC_LOC_LEN_ERR; the requester sees IBV_WC_REM_INV_REQ_ERR', 'documented'),
      rxe: c('receive CQE IBV_WC_REM_INV_REQ_ERR (class C); the requester sees IBV_WC_REM_INV_REQ_ERR', 'code'),
      mlx5: c(`as the IBTA (${IBTA_MODEL.slice(7)})`, 'model'),
    },
    sources: 'the IBV_WC_LOC_LEN_ERR status description (the incoming message does not fit the posted receive buffer); rxe_resp.c RESPST_ERR_LENGTH → do_class_ac_error(NAK_INVALID_REQ, IB_WC_REM_INV_REQ_ERR); hfi1 answers IB_WC_LOC_QP_OP_ERR here (nack_inv), a third answer',
    keys: ['wc-status', 'rxe-resp', 'rdmavt-resp', 'model-profiles'],
  },
  {
    id: 'responder-events', what: 'An async event on the responder QP when it fails a request',
    cells: {
      ibta: c('an access violation (an rkey, or the receive buffer\'s own lkey) → IBV_EVENT_QP_ACCESS_ERR; an invalid request → IBV_EVENT_QP_REQ_ERR; a remote operational error → IBV_EVENT_QP_FATAL (MODEL: the man page names the events, not which error raises which; the pairing follows the hardware drivers that show one; rdmavt raises none of them)', 'model'),
      rxe: c('none: the error shows only in CQEs and ibv_query_qp', 'code'),
      mlx5: c('the firmware\'s WQ_ACCESS_ERROR, WQ_INVAL_REQ_ERROR and WQ_CATAS_ERROR become IBV_EVENT_QP_ACCESS_ERR, QP_REQ_ERR and QP_FATAL; which one each responder error raises is firmware (MODEL: not public; paired as the IBTA profile)', 'model'),
    },
    sources: 'ibv_get_async_event(3) (QP_ACCESS_ERR "Local access violation error", QP_REQ_ERR "Invalid Request Local Work Queue Error", QP_FATAL); hns hns_roce_local_wq_access_err_handle (R_Key, VA, PD and key-state failures are a Local Access Violation WQ error → QP_ACCESS_ERR); irdma irdma_set_flush_fields (protection faults → QP_ACCESS_ERR, invalid request → QP_REQ_ERR, the rest catastrophic); mlx5_ib_qp_event; rdmavt rvt_rc_error (only QP_LAST_WQE_REACHED); rxe raises no QP_FATAL/REQ_ERR/ACCESS_ERR',
    keys: ['man-async-event', 'hw-async-events', 'mlx5-qp', 'rdmavt-resp', 'rxe-resp', 'model-profiles'],
  },
  {
    id: 'same-qp-access', what: 'A request the QP\'s qp_access_flags do not allow (no difference)',
    cells: {
      ibta: c('NAK Invalid Request → IBV_WC_REM_INV_REQ_ERR (UC: dropped)', 'code'),
      rxe: c('NAK Invalid Request → IBV_WC_REM_INV_REQ_ERR (UC: dropped)', 'code'),
      mlx5: c(`the same (${IBTA_MODEL.slice(7)})`, 'model'),
    },
    sources: 'rxe_resp.c check_op_valid → RESPST_ERR_UNSUPPORTED_OPCODE; hfi1/qib/ipath rc.c "goto nack_inv"; the IBV_WC_REM_INV_REQ_ERR status description (the operation is not supported by this receive queue)',
    keys: ['rxe-resp', 'rdmavt-resp', 'wc-status', 'model-profiles'],
  },
  {
    id: 'same-lkey-per-packet', what: 'A SEND or RDMA WRITE whose lkey check fails (no difference)',
    cells: {
      ibta: c('completes with IBV_WC_LOC_PROT_ERR, the lkey checked packet by packet as the bytes are read: a later SGE fails after the first packets have left (MODEL: the status is documented, the moment is not; the model follows rxe)', 'model'),
      rxe: c('IBV_WC_LOC_PROT_ERR, checked per packet: the first packets have left', 'code'),
      mlx5: c(`the same (${IBTA_MODEL.slice(7)})`, 'model'),
    },
    sources: 'rxe_req.c finish_packet → copy_data (-EFAULT → IB_WC_LOC_PROT_ERR) for each packet; the IBV_WC_LOC_PROT_ERR status description; rdmavt rvt_post_one_wr → rvt_lkey_ok checks every lkey at post instead (EINVAL), a provider no profile follows',
    keys: ['rxe-req', 'wc-status', 'rdmavt-post', 'model-profiles'],
  },
  {
    id: 'same-zero-length', what: 'A zero-length RDMA WRITE or READ with a bad rkey (no difference)',
    cells: {
      ibta: c('not checked: it succeeds', 'code'),
      rxe: c('not checked: it succeeds', 'code'),
      mlx5: c(`not checked (${IBTA_MODEL.slice(7)})`, 'model'),
    },
    sources: 'rxe_resp.c check_rkey ("a zero-byte op is not required to set an addr or rkey"); hfi1 rc.c `if (qp->r_len != 0)` / `if (len)`',
    keys: ['rxe-keys', 'rdmavt-resp', 'model-profiles'],
  },
  {
    id: 'same-ud-mtu', what: 'A UD send larger than the port MTU (no difference)',
    cells: {
      ibta: c('nothing is sent and the WR completes successfully', 'documented'),
      rxe: c('nothing is sent and the WR completes successfully', 'code'),
      mlx5: c(`the same (${IBTA_MODEL.slice(7)}; libmlx5 posts a UD WR of any length — no MTU check in _mlx5_post_send — and would map a LOCAL_LENGTH syndrome to IBV_WC_LOC_LEN_ERR, which published mlx5 expectations report here: that is the firmware's choice, not in any code)`, 'model'),
    },
    sources: 'IBTA C10-93.1.1 as quoted in rxe_req.c rxe_requester; rdma-core providers/mlx5 qp.c _mlx5_post_send (no MTU check), cq.c mlx5_handle_error_cqe (MLX5_CQE_SYNDROME_LOCAL_LENGTH_ERR → IBV_WC_LOC_LEN_ERR)',
    keys: ['ibta-in-code', 'rxe-req', 'libmlx5-post', 'libmlx5-cq', 'model-profiles'],
  },
  {
    id: 'same-write-imm-rkey', what: 'An RDMA WRITE_WITH_IMM whose rkey check fails: the responder\'s receive (no difference)',
    cells: {
      ibta: c('NAK Remote Access Error: the requester sees IBV_WC_REM_ACCESS_ERR; the receive WQE the last packet took completes with IBV_WC_REM_ACCESS_ERR; both QPs go to ERR (MODEL: the status of the responder\'s receive is not documented; the profile follows rxe)', 'model'),
      rxe: c('NAK Remote Access Error: the requester sees IBV_WC_REM_ACCESS_ERR; the receive WQE the last packet took completes with IBV_WC_REM_ACCESS_ERR; both QPs go to ERR', 'code'),
      mlx5: c(`the same (${IBTA_MODEL.slice(7)}; published mlx5 expectations give the responder's receive a local access or protection error, syndromes libmlx5 maps to IBV_WC_LOC_ACCESS_ERR / IBV_WC_LOC_PROT_ERR: which one the firmware writes is not in any code)`, 'model'),
    },
    sources: 'rxe_resp.c check_resource (a WRITE_WITH_IMM\'s last packet takes a receive WQE), check_rkey → RESPST_ERR_RKEY_VIOLATION → do_class_ac_error(AETH_NAK_REM_ACC_ERR, IB_WC_REM_ACCESS_ERR), do_complete; rdma-core providers/mlx5 cq.c mlx5_handle_error_cqe',
    keys: ['rxe-keys', 'rxe-resp', 'libmlx5-cq', 'model-profiles'],
  },
];
