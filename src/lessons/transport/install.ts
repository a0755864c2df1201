import type { ScenarioInput } from '../../core/index.ts';
import type { Lesson } from './types.ts';
import { A, modify, recv, send, load } from './commands.ts';

/** Host B's QP waits in RTR expecting PSN 1000; host A's QP is born in RESET. */
function scenario(): ScenarioInput {
  return {
    version: 1, seed: 4, title: 'Topic 4: installing a QP',
    config: {
      durationNs: 5_000_000,
      hosts: [{ name: 'Host A' }, { name: 'Host B' }],
      qps: [
        { host: 0, type: 'RC', bringUp: 'RESET' },
        { host: 1, type: 'RC', peer: 0, bringUp: 'RTR', recvs: 8, refill: true, attrs: { rq_psn: 1000 } },
      ],
    },
  };
}

export const installLesson: Lesson = {
  id: 'install',
  topic: 4,
  title: 'Installing a QP: RESET → INIT → RTR → RTS',
  summary: 'Creating a QP allocates a table entry in RESET; three modify calls bind it to a port and a peer and open its send side.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'reset', title: 'Born in RESET', highlight: 'post',
      text: [
        '`ibv_create_qp` gave QP 0x100 an entry in the NIC\'s QP table and a context, in state RESET. In RESET the NIC ignores the QP: it accepts no work and drops any packet addressed to it.',
        'Even receive buffers are refused in RESET (rxe cites IBTA C10-97.2.1).',
      ],
      task: 'Try to post a receive on QP 0x100 and read the refusal.',
      check: (p) => p.since('post-refused').some((e) => e.host === A && e.queue === 'rq'),
      solution: [recv(A, 0x100, 1)],
    },
    {
      id: 'init', title: 'RESET → INIT: port, P_Key, access', highlight: 'modify',
      text: [
        'The first modify binds the QP to a physical port (`port_num`), a partition (`pkey_index` into the port\'s P_Key table) and decides what the peer may do to this host\'s memory (`qp_access_flags`: remote write, read, atomic).',
        'For RC these three attributes are required, and nothing else is allowed in this call.',
      ],
      task: 'Move QP 0x100 to INIT with IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS.',
      check: (p) => p.state(A, 0x100) === 'INIT',
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'], { qp_state: 'INIT', pkey_index: 0, port_num: 1, qp_access_flags: 15 })],
    },
    {
      id: 'recv', title: 'Receives may go in from INIT', highlight: 'post',
      text: ['From INIT on, the RQ accepts buffers, so they are in place before the first message can arrive.'],
      task: 'Post a 4096-byte receive on QP 0x100.',
      check: (p) => p.since('post').some((e) => e.host === A && e.queue === 'rq'),
      solution: [recv(A, 0x100, 2)],
    },
    {
      id: 'rtr', title: 'INIT → RTR: who is the peer', highlight: 'modify',
      text: [
        'Ready To Receive needs the remote end: the address vector (`ah_attr.dlid`, host B is LID 2), the path MTU, the peer\'s QPN (`0x200`), the first PSN to expect from it (`rq_psn`), how many reads it will serve (`max_dest_rd_atomic`) and its RNR timer (`min_rnr_timer`). All six are required for RC.',
        'Applications exchange QPNs and PSNs out of band, over TCP or the RDMA CM, before this call.',
      ],
      task: 'Move QP 0x100 to RTR with the six required attributes.',
      check: (p) => p.state(A, 0x100) === 'RTR',
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'],
        { qp_state: 'RTR', ah_dlid: 2, path_mtu: 3, dest_qp_num: 0x200, rq_psn: 0, max_dest_rd_atomic: 4, min_rnr_timer: 1 })],
    },
    {
      id: 'rts', title: 'RTR → RTS: open the send side', highlight: 'modify',
      text: [
        'Ready To Send adds the requester\'s settings: `sq_psn` (host B expects 1000: see its `next_rcv_psn`), the ACK `timeout`, `retry_cnt`, `rnr_retry` and `max_rd_atomic`. If `sq_psn` disagrees with the peer\'s expectation, every packet is out of sequence and the connection fails after its retries.',
      ],
      task: 'Move QP 0x100 to RTS with sq_psn = 1000.',
      check: (p) => p.state(A, 0x100) === 'RTS',
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'],
        { qp_state: 'RTS', sq_psn: 1000, timeout: 4, retry_cnt: 3, rnr_retry: 3, max_rd_atomic: 4 })],
    },
    {
      id: 'first', title: 'The first message', highlight: 'rings',
      text: ['The QP is installed. A send now travels, host B acknowledges it from RTR (a responder answers from RTR on), and a success CQE appears.'],
      task: 'Post a send on QP 0x100 and see it complete.',
      check: (p) => p.since('cqe').some((e) => e.host === A && e.queue === 'sq' && e.status === 'IBV_WC_SUCCESS'),
      solution: [send(A, 0x100, 3, 'IBV_WR_SEND', 1500)], runNs: 20_000,
    },
  ],
  sources: ['qp_state_table.json (RESET→INIT, INIT→RTR, RTR→RTS required lists; ibv_modify_qp.3 agrees)', 'semantics.md §1 items 1–2, 5'],
};
