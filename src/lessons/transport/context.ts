import type { ScenarioInput } from '../../core/index.ts';
import type { Lesson } from './types.ts';
import { A, B, send, load } from './commands.ts';

function scenario(): ScenarioInput {
  return {
    version: 1, seed: 11, title: 'Topic 1: the QP context',
    config: {
      durationNs: 5_000_000,
      hosts: [{ name: 'Host A' }, { name: 'Host B' }],
      qps: [
        { host: 0, type: 'RC', peer: 1, recvs: 8, refill: true, attrs: { max_rd_atomic: 1, max_dest_rd_atomic: 1 } },
        { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true, attrs: { max_rd_atomic: 4, max_dest_rd_atomic: 4 } },
      ],
    },
  };
}

const reads = (host: number, qpn: number, first: number) => [0, 1, 2, 3].map((i) => send(host, qpn, first + i, 'IBV_WR_RDMA_READ', 4096));

export const contextLesson: Lesson = {
  id: 'context',
  topic: 1,
  title: 'The QP context: who writes what',
  summary: 'Every field of a QP\'s context; which ones software sets with ibv_modify_qp and which the NIC advances itself; max_rd_atomic versus max_dest_rd_atomic.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'fields', title: 'Two kinds of fields', highlight: 'context',
      text: [
        'A QP\'s context is the record the NIC keeps for it: in a ConnectX-5 it is 232 bytes laid out by the firmware interface (`mlx5_ifc_qpc_bits`). Some fields are configuration that software writes through `ibv_modify_qp` (marked SW): the port, the peer\'s QPN, the path MTU, the timeout and retry counts.',
        'Others the NIC updates by itself as traffic flows (marked HW): the next PSN to send, the last PSN acknowledged, the retry counters left, the queue indices. A few start as software values and then move (SW+HW): `next_send_psn` begins as the `sq_psn` you pass at RTR→RTS.',
      ],
      task: 'Post one 4 KiB RDMA WRITE from QP 0x100 and watch the HW fields change while the SW fields stay still.',
      check: (p) => p.since('cqe').some((e) => e.host === A && e.qpn === 0x100 && e.status === 'IBV_WC_SUCCESS'),
      solution: [send(A, 0x100, 1, 'IBV_WR_RDMA_WRITE', 4096)], runNs: 20_000,
    },
    {
      id: 'psn', title: 'PSNs move one per packet', highlight: 'context',
      text: [
        'With a 1024-byte path MTU a 4 KiB write is four packets, so `next_send_psn` advanced by four and, once the ACK came back, `last_acked_psn` caught up. On host B, `next_rcv_psn` advanced by the same four. These counters are 24 bits wide and wrap.',
        '`ssn` counts WQEs started, `sq_pi`/`sq_ci` are the SQ producer and consumer indices. None of these can be set by software after RTS: they are the NIC\'s own bookkeeping.',
      ],
      task: 'Send a 3000-byte message and count its packets on the wire.',
      check: (p) => p.since('pkt').filter((e) => e.src === A && e.op.startsWith('SEND')).length >= 3,
      solution: [send(A, 0x100, 2, 'IBV_WR_SEND', 3000)], runNs: 20_000,
    },
    {
      id: 'initiator', title: 'max_rd_atomic: how many reads I may have out', highlight: 'context',
      text: [
        'An RDMA READ or atomic needs state at both ends until its response returns. `max_rd_atomic` is the requester\'s limit, the initiator depth: how many reads/atomics this QP may have outstanding. QP 0x100 has it set to 1.',
        'The counter `rd_atomic_out` shows the live number. With a limit of 1, four reads go out one at a time: each waits for the previous response.',
      ],
      task: 'Post four 4 KiB RDMA READs on QP 0x100 and watch rd_atomic_out never pass 1.',
      check: (p) => p.since('cqe').filter((e) => e.host === A && e.qpn === 0x100 && e.status === 'IBV_WC_SUCCESS').length >= 4,
      solution: reads(A, 0x100, 10), runNs: 40_000,
    },
    {
      id: 'responder', title: 'max_dest_rd_atomic: how many I will serve', highlight: 'log',
      text: [
        '`max_dest_rd_atomic` is the other limit: the responder resources, how many incoming reads/atomics this QP will hold state for. QP 0x100 serves only 1, but its peer 0x200 was told it may have 4 outstanding.',
        'The rule that follows: a responder\'s `max_dest_rd_atomic` must be at least its peer\'s `max_rd_atomic`. When it is not, the responder answers the excess request with a NAK (invalid request), the requester\'s WR completes with `IBV_WC_REM_INV_REQ_ERR`, and both QPs end in ERR.',
      ],
      task: 'Post four reads from QP 0x200 on host B and find the REM_INV_REQ_ERR completion.',
      check: (p) => p.since('cqe').some((e) => e.host === B && e.status === 'IBV_WC_REM_INV_REQ_ERR'),
      solution: reads(B, 0x200, 20), runNs: 40_000,
    },
  ],
  sources: [
    'qp_context.md §1 (max_rd_atomic = initiator depth; max_dest_rd_atomic = responder resources) and §2 (mlx5 QPC, SW vs HW fields)',
    'semantics.md item 38 (rxe check_init_depth), NOTES.md item 7 (man page wording of max_rd_atomic)',
  ],
};
