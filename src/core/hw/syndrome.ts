// The CQE as mlx5 hardware writes it: an error CQE carries an 8-bit syndrome, and libmlx5 turns
// it into the work-completion status (rdma-core providers/mlx5/cq.c mlx5_handle_error_cqe; the
// values are the MLX5_CQE_SYNDROME_* enum of providers/mlx5/mlx5dv.h) [sources: libmlx5-syndrome].
// The table below is that mapping read backwards: for each status the model produces, the one
// syndrome libmlx5 maps to it. Statuses no syndrome maps to (the EEC/RDD ones, FATAL_ERR,
// RESP_TIMEOUT_ERR) have none; GENERAL_ERR is what libmlx5 answers for a syndrome it does not
// know, so it has no syndrome of its own either.
//
// vendor_err: libmlx5 copies the CQE's separate vendor_err_synd byte into wc.vendor_err. Its
// values are firmware-specific and no public table lists them, so the model gives none and
// invents none [sources: libmlx5-syndrome].
import type { WcStatus } from '../model/wc.ts';

export interface CqeSyndrome { readonly value: number; readonly name: string }

const syn = (value: number, name: string): CqeSyndrome => Object.freeze({ value, name: `MLX5_CQE_SYNDROME_${name}` });

/** Status → the MLX5_CQE_SYNDROME_* that mlx5_handle_error_cqe maps to it. Frozen, shared by every event. */
export const MLX5_SYNDROME_OF: Readonly<Partial<Record<WcStatus, CqeSyndrome>>> = Object.freeze({
  IBV_WC_LOC_LEN_ERR: syn(0x01, 'LOCAL_LENGTH_ERR'),
  IBV_WC_LOC_QP_OP_ERR: syn(0x02, 'LOCAL_QP_OP_ERR'),
  IBV_WC_LOC_PROT_ERR: syn(0x04, 'LOCAL_PROT_ERR'),
  IBV_WC_WR_FLUSH_ERR: syn(0x05, 'WR_FLUSH_ERR'),
  IBV_WC_MW_BIND_ERR: syn(0x06, 'MW_BIND_ERR'),
  IBV_WC_BAD_RESP_ERR: syn(0x10, 'BAD_RESP_ERR'),
  IBV_WC_LOC_ACCESS_ERR: syn(0x11, 'LOCAL_ACCESS_ERR'),
  IBV_WC_REM_INV_REQ_ERR: syn(0x12, 'REMOTE_INVAL_REQ_ERR'),
  IBV_WC_REM_ACCESS_ERR: syn(0x13, 'REMOTE_ACCESS_ERR'),
  IBV_WC_REM_OP_ERR: syn(0x14, 'REMOTE_OP_ERR'),
  IBV_WC_RETRY_EXC_ERR: syn(0x15, 'TRANSPORT_RETRY_EXC_ERR'),
  IBV_WC_RNR_RETRY_EXC_ERR: syn(0x16, 'RNR_RETRY_EXC_ERR'),
  IBV_WC_REM_ABORT_ERR: syn(0x22, 'REMOTE_ABORTED_ERR'),
});

/** What vendor_err holds in the model: nothing, because no public table gives its values. */
export const VENDOR_ERR_NOTE = 'vendor_err is firmware-specific (libmlx5 copies the CQE\'s vendor_err_synd byte); no public table gives its values, so the model shows none';

/** The syndrome an mlx5 error CQE with this status carries, or undefined (success, or a status no syndrome maps to). */
export function mlx5Syndrome(status: WcStatus): CqeSyndrome | undefined {
  return status === 'IBV_WC_SUCCESS' ? undefined : MLX5_SYNDROME_OF[status];
}
