// Which QPN a new QP gets, per driver: the allocator is the driver's choice, so the reset lab's
// reuse hazard depends on the device. Cyclic allocators (next-fit from the last QPN handed out,
// wrapping at the top of the range) give a destroyed QP's QPN back only after a whole lap;
// lowest-free gives it back at once. Read in code: rxe_pool.c xa_alloc_cyclic; mlx4 alloc.c
// mlx4_bitmap_alloc (next-fit from `last`, wrapping); irdma irdma_alloc_rsrc (next-fit from a
// hint); hns hns_roce_qp.c alloc_qpn_with_bankid ("the QPN should keep increasing until the max
// value is reached", per bank); EFA's fast destroy/recreate gave the same QPN back (rdma-core
// PR #1731) [sources: qpn-alloc, qpn-reuse]. mlx5's QPN comes back from firmware's CREATE_QP;
// its allocation order is in no public source [sources: model-faults].
import type { ClaimKind } from './claims.ts';

export const QPN_ALLOCATOR_IDS = ['rxe', 'mlx4', 'irdma', 'hns', 'efa', 'mlx5'] as const;
export type QpnAllocatorId = (typeof QPN_ALLOCATOR_IDS)[number];

export interface QpnAllocator {
  id: QpnAllocatorId;
  label: string;
  /** cyclic: a freed QPN comes back only after a whole lap of the range; lowest-free: at once. */
  order: 'cyclic' | 'lowest-free';
  kind: ClaimKind;
  source: string;
  key: string;
}

export const QPN_ALLOCATORS: Readonly<Record<QpnAllocatorId, QpnAllocator>> = {
  rxe: { id: 'rxe', label: 'rxe: cyclic', order: 'cyclic', kind: 'code', source: 'rxe_pool.c: QPNs from xa_alloc_cyclic over the QP range', key: 'qpn-alloc' },
  mlx4: { id: 'mlx4', label: 'mlx4: cyclic', order: 'cyclic', kind: 'code', source: 'mlx4 alloc.c mlx4_bitmap_alloc: next-fit from the last QPN given, wrapping to the bottom', key: 'qpn-alloc' },
  irdma: { id: 'irdma', label: 'irdma: cyclic', order: 'cyclic', kind: 'code', source: 'irdma utils.c irdma_alloc_rsrc: next-fit from a hint that follows the last QPN given', key: 'qpn-alloc' },
  hns: { id: 'hns', label: 'hns: cyclic per bank', order: 'cyclic', kind: 'code', source: 'hns_roce_qp.c alloc_qpn_with_bankid: ida_alloc_range from bank->next, which keeps increasing until the bank\'s max', key: 'qpn-alloc' },
  efa: { id: 'efa', label: 'EFA: fast reuse (lowest free)', order: 'lowest-free', kind: 'documented', source: 'rdma-core PR #1731: on EFA a QP destroyed and re-created at once got the same QPN back (rdma-core added a generation to wr_ids)', key: 'qpn-reuse' },
  mlx5: { id: 'mlx5', label: 'mlx5: firmware (MODEL: lowest free)', order: 'lowest-free', kind: 'model', source: 'mlx5 qp.c takes the QPN CREATE_QP returns; firmware\'s order is in no public source, so the model shows the worst case, lowest free', key: 'model-faults' },
};

/** The reset lab's qpnReuse policy for an allocator: cyclic never comes back inside one lab run. */
export function reusePolicyOf(id: QpnAllocatorId): 'lowest-free' | 'fresh' {
  return QPN_ALLOCATORS[id].order === 'cyclic' ? 'fresh' : 'lowest-free';
}
