import { psnName, type ScenarioInput } from '../../core/index.ts';
import type { Lesson, Probe } from './types.ts';
import { A, B, modify, recv, send, load } from './commands.ts';

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

const psnOk = (p: Probe) => p.ctx(A, 0x100, 'next_send_psn') === p.ctx(B, 0x200, 'next_rcv_psn');

export const installLesson: Lesson = {
  id: 'install',
  topic: 4,
  title: 'Installing a QP: RESET → INIT → RTR → RTS',
  summary: 'Creating a QP allocates a table entry in RESET; three modify calls bind it to a port and a peer and open its send side.',
  why: 'Every connection a middleware opens — an MPI rank pair, a NCCL channel, an NVMe-oF queue — goes through these three calls, and most "my QP will not connect" bugs are one wrong attribute here.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'reset', title: 'Predict: born in RESET', highlight: 'post',
      text: [
        '`ibv_create_qp` gave QP 0x100 an entry in the NIC\'s QP table and a context, in state RESET. In RESET the NIC ignores the QP: it drops any packet addressed to it.',
      ],
      question: {
        kind: 'one', prompt: 'Software posts a receive buffer to QP 0x100 while it is still in RESET. What does ibv_post_recv do?',
        options: [
          { id: 'accepted', label: 'Accepts it: buffers can wait in the RQ until the QP is ready', why: 'The RQ exists from creation, but receives are accepted only from INIT on.' },
          { id: 'refused', label: 'Refuses it (EINVAL)' },
          { id: 'flushed', label: 'Accepts it, and the NIC completes it at once with a flush error', why: 'That is what a QP in ERR does with a new WR. RESET is not ERR: a QP in RESET has no work to complete, and a post finds no queue to go into.' },
        ],
        reveal: [recv(A, 0x100, 1)], runNs: 1000,
        outcome: (p) => (p.since('post-refused').some((e) => e.host === A && e.queue === 'rq') ? 'refused' : p.since('cqe').some((e) => e.host === A && e.queue === 'rq') ? 'flushed' : 'accepted'),
        stated: 'refused',
        because: 'Receives are refused in RESET (rxe cites IBTA C10-97.2.1) and accepted from INIT on, so buffers can be in place before the first message arrives.',
      },
    },
    {
      id: 'init', title: 'RESET → INIT: port, P_Key, access', highlight: 'modify',
      text: [
        'The first modify binds the QP to a physical port (`port_num`), a partition (`pkey_index`, an index into the port\'s P_Key table) and decides what the peer may do to this host\'s memory (`qp_access_flags`: remote write, read, atomic).',
        'For RC these three attributes are required, and nothing else is allowed in this call.',
      ],
      task: 'Move QP 0x100 to INIT with IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS.',
      hints: ['The modify_qp tab composes the call; pick the target state first.', 'The table row for RESET → INIT marks three attributes "required".', 'Check PKEY_INDEX = 0, PORT = 1 and ACCESS_FLAGS (remote write, read, atomic), then Submit.'],
      check: (p) => p.state(A, 0x100) === 'INIT',
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'], { qp_state: 'INIT', pkey_index: 0, port_num: 1, qp_access_flags: 15 })],
    },
    {
      id: 'recv', title: 'Receives may go in from INIT', highlight: 'post',
      text: ['From INIT on, the RQ accepts buffers, so they are in place before the first message can arrive.'],
      task: 'Post a 4096-byte receive on QP 0x100.',
      hints: ['Post & faults is the inspector tab for posting work, with QP 0x100 on host A selected.', 'Its receive part posts to the RQ: set 4096 bytes and press Post receive.'],
      check: (p) => p.since('post').some((e) => e.host === A && e.queue === 'rq'),
      solution: [recv(A, 0x100, 2)],
    },
    {
      id: 'rtr', title: 'INIT → RTR: who is the peer', highlight: 'modify',
      text: [
        'Ready To Receive needs the remote end: the address vector (`ah_attr`), the path MTU, the peer\'s QPN (`0x200`), the first PSN to expect from it (`rq_psn`), how many READs it will serve (`max_dest_rd_atomic`) and its RNR timer (`min_rnr_timer`). All six are required for RC.',
        'This port is RoCE, so the address vector is global: `is_global = 1` and a GRH naming host B by its GID (`grh.dgid`, with `sgid_index` choosing this port\'s own GID). On InfiniBand it would name B\'s LID instead. Applications exchange QPNs, PSNs and GIDs out of band — over TCP or the RDMA CM — before this call.',
      ],
      task: 'Move QP 0x100 to RTR with the six required attributes.',
      hints: ['The modify_qp tab, target RTR.', 'The INIT → RTR row marks six attributes required for RC; the peer\'s values are in its context (select B·0x200).', 'AV = host B, PATH_MTU = 1024, DEST_QPN = 0x200, RQ_PSN = B\'s next_send_psn, MAX_DEST_RD_ATOMIC = 4, MIN_RNR_TIMER = 1.'],
      check: (p) => p.state(A, 0x100) === 'RTR',
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'],
        { qp_state: 'RTR', ah_dlid: 2, path_mtu: 3, dest_qp_num: 0x200, rq_psn: 0, max_dest_rd_atomic: 4, min_rnr_timer: 1 })],
    },
    {
      id: 'rts', title: 'RTR → RTS: open the send side', highlight: 'modify',
      text: [
        'Ready To Send adds the requester\'s settings: `sq_psn`, the ACK `timeout`, `retry_cnt`, `rnr_retry` and `max_rd_atomic`. The first PSN you send must be the one host B expects.',
        'If `sq_psn` is ahead of B\'s expectation, B sees a gap: it answers with a sequence NAK and the sender\'s retries run out. If it is behind (by less than 2^23), B takes the packets for duplicates of ones it already has: it acknowledges them again and drops them, so the sender sees ACKs while nothing lands.',
      ],
      task: 'Move QP 0x100 to RTS with the sq_psn host B expects.',
      hints: ['What B expects next is in B·0x200\'s context.', 'Look for next_rcv_psn on host B\'s QP 0x200.', 'sq_psn = 1000, timeout = 4, retry_cnt = 3, rnr_retry = 3, max_rd_atomic = 4.'],
      check: (p) => p.state(A, 0x100) === 'RTS' && psnOk(p),
      stuck: (p) => (p.state(A, 0x100) === 'RTS' && !psnOk(p)
        ? `QP 0x100 is in RTS but will send PSN ${psnName(p.ctx(A, 0x100, 'next_send_psn'))} while host B expects ${psnName(p.ctx(B, 0x200, 'next_rcv_psn'))}. sq_psn is set only on RTR→RTS, and RTS→RTS does not accept it: go back to this step's start and try again.`
        : p.state(A, 0x100) === 'ERR' ? 'QP 0x100 is in ERR: only RESET leaves it. Go back to this step\'s start.' : null),
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'],
        { qp_state: 'RTS', sq_psn: 1000, timeout: 4, retry_cnt: 3, rnr_retry: 3, max_rd_atomic: 4 })],
    },
    {
      id: 'first', title: 'Predict: the first message', highlight: 'rings', speed: 2000,
      text: ['The QP is installed. Host B answers from RTR on (a responder works from RTR), so a send can complete now. QP 0x100 is about to send 1500 bytes with a 1024-byte path MTU.'],
      question: {
        kind: 'number', prompt: 'Host B\'s next_rcv_psn is 1000 now. What will it be once the 1500-byte message has arrived?',
        reveal: [send(A, 0x100, 3, 'IBV_WR_SEND', 1500)], runNs: 20_000, tolerance: 0,
        outcome: (p) => p.ctx(B, 0x200, 'next_rcv_psn'),
        stated: 1002,
        variant: (n) => {
          const bytes = [2500, 1024, 4000][(n - 1) % 3];
          const psn = 1000 + Math.ceil(bytes / 1024);
          return {
            prompt: `Host B's next_rcv_psn is 1000 now. What will it be once a ${bytes}-byte message has arrived?`,
            reveal: [send(A, 0x100, 3, 'IBV_WR_SEND', bytes)], stated: psn,
            because: `⌈${bytes} / 1024⌉ packets take one PSN each from 1000 on, so B expects ${psn} next.`,
          };
        },
        because: 'Two packets (1024 + 476 bytes) take PSNs 1000 and 1001, so B expects 1002 next; B acknowledged them and A\'s send completed.',
        wrong: 'The responder advances its expected PSN by one per packet it accepts, not per message or per byte.',
      },
      stuck: (p) => (p.state(A, 0x100) === 'ERR' ? 'QP 0x100 ended in ERR, so this send can never complete. Go back to this step\'s start.' : null),
    },
  ],
  sources: ['kernel-qp-table: required attributes of RESET→INIT, INIT→RTR, RTR→RTS', 'man-modify-qp', 'man-ah: the address vector on RoCE', 'ibta-in-code: no receives in RESET', 'rxe-resp: duplicates and sequence NAKs'],
};
