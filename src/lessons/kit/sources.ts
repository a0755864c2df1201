// The bibliography every citation on the page and in the code resolves to (docs/sources.md is
// the same list in prose). Each entry names the primary source — a man page, a kernel function,
// a paper with its section — and is tagged the way the project uses it:
//   documented: a man page, a standard as quoted in code, or a paper's own words;
//   code:       read in driver or library source;
//   measured:   computed from a public raw log or data file;
//   model:      this project's reasoning or fit where the public record is silent.
import type { SourceRef } from './types.ts';

export type SourceTag = 'documented' | 'code' | 'measured' | 'model';
export interface SourceEntry { tag: SourceTag; title: string; primary: string }

export const SOURCES: Readonly<Record<string, SourceEntry>> = {
  'man-modify-qp': { tag: 'documented', title: 'ibv_modify_qp(3)', primary: 'rdma-core libibverbs/man/ibv_modify_qp.3: required attributes per transition for RC, UC, UD; the call returns 0 or an errno only' },
  'man-poll-cq': { tag: 'documented', title: 'ibv_poll_cq(3)', primary: 'rdma-core libibverbs/man/ibv_poll_cq.3: only wr_id, status, qp_num and vendor_err are valid in an error completion; a CQ overrun raises IBV_EVENT_CQ_ERR' },
  'man-query-qp': { tag: 'documented', title: 'ibv_query_qp(3)', primary: 'rdma-core libibverbs/man/ibv_query_qp.3 and mlx5 query_qp_attr: of the live part of the context only state, sq_psn, rq_psn and sq_draining come back' },
  'man-ah': { tag: 'documented', title: 'struct ibv_ah_attr', primary: 'rdma-core libibverbs/verbs.h: the address vector (dlid, is_global, grh.dgid, grh.sgid_index, port_num); on a RoCE port the kernel resolves the destination from the GRH (_ib_modify_qp, ib_resolve_eth_dmac)' },
  'kernel-qp-table': { tag: 'code', title: 'qp_state_table, ib_modify_qp_is_ok()', primary: 'Linux drivers/infiniband/core/verbs.c: the legal transitions and, per transport, the required and optional attributes; anything else is EINVAL' },
  'kernel-drain': { tag: 'code', title: '__ib_drain_sq / __ib_drain_rq', primary: 'Linux drivers/infiniband/core/verbs.c: move the QP to ERR, post one more WR, wait for its flush completion' },
  'ibta-in-code': { tag: 'documented', title: 'IBTA clauses quoted in kernel code', primary: 'C10-96 (posting in ERR is flushed), C10-97.2.1 (no receives in RESET), 10.7.3.1 (an error completion is written even when unsignaled), C10-93.1.1 (oversized UD send), class C/G responder errors — as quoted in rxe and rdmavt' },
  'rxe-comp': { tag: 'code', title: 'rxe completer', primary: 'Linux drivers/infiniband/sw/rxe/rxe_comp.c: the failing WQE completes with its status, then flush_send_queue retires the rest oldest first, one CQE each even if unsignaled; a full CQ stops the flush CQEs; retry_cnt counting' },
  'rxe-req': { tag: 'code', title: 'rxe requester', primary: 'Linux drivers/infiniband/sw/rxe/rxe_req.c: check_init_depth (max_rd_atomic credits), at most 128 unacknowledged PSNs, the ACK timer' },
  'rxe-resp': { tag: 'code', title: 'rxe responder', primary: 'Linux drivers/infiniband/sw/rxe/rxe_resp.c: PSN-sequence NAK, duplicates re-acknowledged (READ/ATOMIC replayed from saved resources), RNR NAK, class C errors; responder resources recycled oldest first' },
  'rxe-qp': { tag: 'code', title: 'rxe_qp_reset, rxe_post_recv', primary: 'Linux drivers/infiniband/sw/rxe/rxe_qp.c and rxe_verbs.c: →RESET discards work without completions; no receives in RESET; rxe refuses to leave SQD while draining' },
  'srq-last-wqe': { tag: 'code', title: 'A QP on an SRQ entering ERR', primary: 'Linux rxe_resp.c flush_recv_queue and rdmavt rvt_error_qp: the SRQ\'s WQEs are shared and are not flushed; the QP gets IB_EVENT_QP_LAST_WQE_REACHED instead (mlx5: the SRQ_LAST_WQE firmware event); verbs.c __ib_drain_srq waits for it' },
  'mlx5-qp': { tag: 'code', title: 'mlx5 qp.c', primary: 'Linux / MLNX-OFED drivers/infiniband/hw/mlx5/qp.c: firmware event → IBV_EVENT_* mapping; after →RESET the unpolled CQEs of the QP are removed (mlx5_ib_cq_clean); no firmware command for RTS→SQD' },
  'mlx5-ifc': { tag: 'code', title: 'mlx5_ifc_qpc_bits', primary: 'include/linux/mlx5/mlx5_ifc.h: the QP context as laid out in the command mailbox (232 bytes); which fields the driver writes and which the device advances. The size of an entry in the device\'s own context memory is firmware-private' },
  'rxe-keys': { tag: 'code', title: 'rxe key checks', primary: 'Linux drivers/infiniband/sw/rxe/rxe_resp.c check_rkey and read_reply, rxe_comp.c do_read: the responder looks up the rkey, the range and the access right before it places a byte (NAK Remote Access Error, REM_ACCESS_ERR, both QPs to ERR) and again for each READ response packet; a READ\'s local key is checked only when its response is copied into the local buffer (LOC_PROT_ERR)' },
  'sqe-state': { tag: 'code', title: 'SQE, the send-queue error state', primary: 'Linux drivers/infiniband/core/verbs.c qp_state_table and sw/rdmavt/qp.c: no modify_qp enters SQE; hardware puts a UD or UC QP there after a send error, its receive queue keeps working, and SQE→RTS resumes it; RC goes straight to ERR' },
  'rxe-err': { tag: 'code', title: 'rxe: every send error to ERR', primary: 'Linux drivers/infiniband/sw/rxe/rxe_req.c and rxe_comp.c: the error paths call rxe_qp_error for every QP type, so rxe never uses SQE' },
  'libibv-state': { tag: 'code', title: 'libibverbs ibv_modify_qp / ibv_query_qp', primary: 'rdma-core libibverbs/verbs.c: the state cached in struct ibv_qp changes only on a successful modify or a query; moves the hardware makes (to ERR, to SQE) are seen only through ibv_query_qp' },
  'libmlx5-cq': { tag: 'code', title: 'libmlx5 mlx5_parse_cqe', primary: 'rdma-core providers/mlx5/cq.c: an error CQE retires the named WQE and any earlier unsignaled WQEs at once' },
  'mlx4-icm': { tag: 'code', title: 'mlx4 ICM', primary: 'Linux drivers/net/ethernet/mellanox/mlx4/icm.c, main.c: the driver allocates and maps ICM (host memory the device uses for its tables) in 4 KiB pages and 256 KiB chunks; the QPC entry size comes from firmware (QUERY_DEV_CAP)' },
  'hns-qpc': { tag: 'code', title: 'hns RoCE v2', primary: 'Linux drivers/infiniband/hw/hns: HNS_ROCE_V2_QPC_ENTRY_SZ = 256; the QPC cache picks one of 8 banks by the low 3 bits of the QPN (linux-rdma patch, 2020)' },
  'nbl-cache': { tag: 'code', title: 'nbl RDMA driver header', primary: 'Nebula-Matrix nbl driver header (NBL_IB_DEFS_H): a QPC cache of 512 entries — the one disclosed cache geometry found' },
  'qpn-alloc': { tag: 'code', title: 'QPN allocators', primary: 'rxe_pool.c (xa_alloc_cyclic), mlx4 alloc.c (next-fit bitmap), irdma (next-fit): QPNs are handed out densely, one after another' },
  'devinfo': { tag: 'documented', title: 'ibv_devinfo -v outputs', primary: 'max_qp reported in public issues: ConnectX-3 131000, Connect-IB and ConnectX-5 262144' },
  fasst: { tag: 'measured', title: 'FaSST (Kalia, Kaminsky, Andersen, OSDI 2016)', primary: 'raw rc-swarm logs in efficient/rdma_bench (rc-swarm/sweep/osdi): RC READ throughput against QPs per NIC on ConnectX-3 (cliff 88→176 QPs) and Connect-IB (soft knee); the page\'s amber diamonds' },
  'pcie-bench': { tag: 'measured', title: 'pcie-bench (Neugebauer et al., SIGCOMM 2018)', primary: 'pcie-bench data, lat_dma_sizes: a 64–256 B DMA read takes 546–720 ns median, 745–920 ns mean' },
  star: { tag: 'documented', title: 'StaR (ICNP 2021)', primary: 'Fig. 1 as quoted: the latest RNIC keeps peak performance for fewer than 450 concurrent connections' },
  pipedevice: { tag: 'documented', title: 'PipeDevice (SIGCOMM 2022)', primary: 'as quoted: commodity RNICs lose about 50% with 4096 connections' },
  srnic: { tag: 'documented', title: 'SRNIC (NSDI 2023)', primary: 'abstract: 10K performant connections on chip, by keeping no per-QP scheduler cache' },
  husky: { tag: 'documented', title: 'Husky (NSDI 2023)', primary: '§3 as reproduced in public notes: ConnectX-5 serves about 60 M RDMA READs per second' },
  '2q': { tag: 'documented', title: '2Q (Johnson & Shasha, VLDB 1994)', primary: 'a small FIFO (A1in) admits pages seen once; only a second touch promotes to the main LRU (Am)' },
  hangu: { tag: 'code', title: 'HanGu / csRNA gem5 RNIC model', primary: 'ncsg-group/csRNA: an LRU QPC cache of 256 B contexts — a simulator\'s choice, not a product\'s' },
  'mlx5-eq': { tag: 'code', title: 'mlx5 event queues', primary: 'Linux mlx5 eq.c create_map_eq (an async EQ gets 128 spare entries, the size rounded up to a power of two) and mlx5_eq_async_int (at most 128 EQEs per interrupt, then the consumer index is published and the EQ re-armed); mlx5_ifc.h: EQs have no moderation fields, CQs have cq_period and cq_max_count' },
  'mlx5-err-syndrome': { tag: 'code', title: 'mlx5: QUERY_QP before a fatal QP event', primary: 'Linux mlx5 ib qp.c mlx5_ib_qp_err_syndrome: before IB_EVENT_QP_FATAL or QP_ACCESS_ERR is handed on, the driver issues a synchronous QUERY_QP firmware command to read the error syndrome' },
  'mlx4-eq': { tag: 'code', title: 'mlx4 and mthca EQ overflow', primary: 'Linux mlx4 eq.c mlx4_eq_int and mthca_eq.c: an EQ_OVERFLOW event is logged and the handler carries on; the event that did not fit is gone' },
  'hns-aeq': { tag: 'code', title: 'hns AEQ overflow', primary: 'Linux hns_roce_hw_v2.c: an AEQ overflow arrives as an abnormal interrupt, is logged as such, and a function-level reset is requested' },
  jain: { tag: 'documented', title: 'Jain\'s fairness index', primary: 'R. Jain, D.-M. Chiu, W. Hawe, "A Quantitative Measure of Fairness and Discrimination for Resource Allocation in Shared Computer Systems", DEC-TR-301 (1984): (Σx)² / (n·Σx²)' },
  'port-down': { tag: 'code', title: 'A port going down', primary: 'Linux mlx5 ib main.c handle_port_change and rxe_net.c rxe_port_down: the event becomes IB_EVENT_PORT_ERR and no QP changes state; an RC QP with unacknowledged work fails only when its own retries run out' },
  'ack-timeout': { tag: 'code', title: 'Local ACK timeout and retry_cnt', primary: 'Linux rxe_qp.c (4096 ns << timeout; 0 disables the timer) and rxe_comp.c (retry_cnt retransmissions, then RETRY_EXC_ERR and ERR); rdma_cm cma.c and cm.c derive the timeout exponent (17–18 on RoCE)' },
  'eq-order': { tag: 'code', title: 'Event queues in ring order', primary: 'Linux mlx5 eq.c, mlx4 eq.c, irdma hw.c, bnxt_re qplib_rcfw.c, hns_roce_hw_v2.c: each driver consumes its event ring strictly in ring order and hands events on through FIFO structures; none ranks one QP\'s error above another\'s. mlx5 reports an EQ overrun as fatal' },
  'mlx5-health': { tag: 'code', title: 'mlx5 device death and its flush', primary: 'Linux mlx5 health.c (a 2 s health poll), ib main.c mlx5_ib_handle_internal_error and cq.c sw_comp: after a fatal error the driver makes WR_FLUSH_ERR completions itself, QP by QP in creation order' },
  'reset-book': { tag: 'documented', title: 'RESET by the book', primary: 'T. Shanley, InfiniBand Network Architecture (2003), ch. 12 "Reset State", paraphrasing IBTA 1.x: in RESET the queues are empty, posting fails, no WQE is processed and packets for the QP are dropped silently' },
  'rxe-reset': { tag: 'code', title: 'rxe_qp_reset', primary: 'Linux drivers/infiniband/sw/rxe/rxe_qp.c rxe_qp_reset and rxe_task.c rxe_disable_task: the tasks finish the packet in hand, then every WQE is consumed without a CQE, ring indexes and in-progress opcodes are cleared, READ/ATOMIC replay resources dropped; PSNs, timers, CQEs already written and bytes already placed are left' },
  'psn-window': { tag: 'code', title: 'PSN window and duplicates', primary: 'Linux rxe_resp.c check_psn and duplicate_request, rxe_verbs.h psn_compare: a PSN up to 2^23 behind is a duplicate (re-acknowledged, or a READ/ATOMIC replayed from a saved resource), one ahead is out of sequence' },
  'qpn-reuse': { tag: 'code', title: 'QPN reuse and its guards', primary: 'rxe_pool.c (cyclic QPN allocation), mlx4 alloc.c, EFA in rdma-core PR #1731 (fast recreate reuses the QPN); IB CM cm.c TimeWait and rdma_cm TIMEWAIT_EXIT (quarantine); cma.c draws a random 24-bit initial PSN' },
  'model-faults': { tag: 'model', title: 'The faults model', primary: 'one error engine per NIC with a fixed service time, one EQE per error, same-instant errors queued by QPN, arbitration policies other than FIFO, drain-then-reset with a zero-time fence: the page\'s choices where no public source says what firmware does' },
  'model-transport': { tag: 'model', title: 'The transport model', primary: 'packet by packet, one pipeline per direction, a context cache on the NIC, costs in ns chosen to be plausible, not measured; which driver each rule follows is named where drivers differ' },
  'model-walk': { tag: 'model', title: 'The QP table walk', primary: 'a page-table-shaped walk from QPN to context (the page\'s model; no vendor documents its table); 4 KiB pages and 256 B entries from mlx4/hns' },
  'model-cache': { tag: 'model', title: 'The banked context cache', primary: 'set-associative (8 ways, set = low QPN bits, after HNS\'s banks); entries per preset fitted so the knee lands where the measurements put it (CX3 112, Connect-IB 288, CX5 512)' },
  'model-timing': { tag: 'model', title: 'Miss cost and overlap', primary: 't = t_hit + m·L/K: one PCIe read L per miss (750 ns, a fit to FaSST within pcie-bench\'s range), K misses overlapping (CX3 1, Connect-IB ~47, CX5 ~32: fits)' },
  'model-engines': { tag: 'model', title: 'Eviction engines', primary: 'fixed logic, a programmable engine, a firmware trap: every latency is the page\'s assumption; no RNIC publishes its eviction logic' },
  'model-race': { tag: 'model', title: 'Control write vs lookup', primary: 'cycle counts for a firmware modify against a pipeline read, and three protections (busy bit, seqlock, dual-ported row): the page\'s reasoning' },
  'model-profiles': { tag: 'model', title: 'Driver profiles', primary: 'IBTA, rxe and mlx5 as three rule sets over one model; every difference is a row of the profile table with the code it was read in, and mlx5 firmware choices no public code shows are labelled as the model\'s' },
  'model-presets': { tag: 'model', title: 'Presets calibrated to the sources', primary: 'each preset was fitted to the figures it is compared with; agreeing with them is therefore a check of the fit, not an independent prediction' },
};

/** "key: note" or "key" → the entry; free text stays as it is (tag "unresolved"). */
export function resolveSource(s: string): SourceRef {
  const i = s.indexOf(':');
  const key = (i < 0 ? s : s.slice(0, i)).trim();
  const note = i < 0 ? undefined : s.slice(i + 1).trim() || undefined;
  const e = SOURCES[key];
  return e ? { key, tag: e.tag, title: e.title, primary: e.primary, note } : { key: '', tag: 'unresolved', title: s, primary: '' };
}
