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
  'mlx5-qp': { tag: 'code', title: 'mlx5 qp.c', primary: 'Linux / MLNX-OFED drivers/infiniband/hw/mlx5/qp.c: firmware event → IBV_EVENT_* mapping; after →RESET the unpolled CQEs of the QP are removed (mlx5_ib_cq_clean); no firmware command for RTS→SQD' },
  'mlx5-ifc': { tag: 'code', title: 'mlx5_ifc_qpc_bits', primary: 'include/linux/mlx5/mlx5_ifc.h: the QP context as laid out in the command mailbox (232 bytes); which fields the driver writes and which the device advances. The size of an entry in the device\'s own context memory is firmware-private' },
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
  'model-transport': { tag: 'model', title: 'The transport model', primary: 'packet by packet, one pipeline per direction, a context cache on the NIC, costs in ns chosen to be plausible, not measured; which driver each rule follows is named where drivers differ' },
  'model-walk': { tag: 'model', title: 'The QP table walk', primary: 'a page-table-shaped walk from QPN to context (the page\'s model; no vendor documents its table); 4 KiB pages and 256 B entries from mlx4/hns' },
  'model-cache': { tag: 'model', title: 'The banked context cache', primary: 'set-associative (8 ways, set = low QPN bits, after HNS\'s banks); entries per preset fitted so the knee lands where the measurements put it (CX3 112, Connect-IB 288, CX5 512)' },
  'model-timing': { tag: 'model', title: 'Miss cost and overlap', primary: 't = t_hit + m·L/K: one PCIe read L per miss (750 ns, a fit to FaSST within pcie-bench\'s range), K misses overlapping (CX3 1, Connect-IB ~47, CX5 ~32: fits)' },
  'model-engines': { tag: 'model', title: 'Eviction engines', primary: 'fixed logic, a programmable engine, a firmware trap: every latency is the page\'s assumption; no RNIC publishes its eviction logic' },
  'model-race': { tag: 'model', title: 'Control write vs lookup', primary: 'cycle counts for a firmware modify against a pipeline read, and three protections (busy bit, seqlock, dual-ported row): the page\'s reasoning' },
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
