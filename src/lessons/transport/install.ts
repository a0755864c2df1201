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
        'Provider libraries decide what a post does here, and they have differed: the model answers as the toolbar\'s driver profile does (IBTA by default).',
      ],
      question: {
        kind: 'one', prompt: 'Under the chosen driver profile, software posts a receive buffer to QP 0x100 while it is still in RESET. What does ibv_post_recv do?',
        options: [
          { id: 'accepted', label: 'Accepts it: buffers can wait in the RQ until the QP is ready', why: 'Older libmlx5 did (before rdma-core PR #1153, 2022); rxe, rdmavt and current libmlx5 keep the receive side closed until INIT.' },
          { id: 'refused', label: 'Refuses it (EINVAL)' },
          { id: 'flushed', label: 'Accepts it, and the NIC completes it at once with a flush error', why: 'That is what a QP in ERR does with a new WR. RESET is not ERR: a QP in RESET has no work to complete, and a post finds no queue to go into.' },
        ],
        reveal: [recv(A, 0x100, 1)], runNs: 1000,
        outcome: (p) => (p.since('post-refused').some((e) => e.host === A && e.queue === 'rq') ? 'refused' : p.since('cqe').some((e) => e.host === A && e.queue === 'rq') ? 'flushed' : 'accepted'),
        stated: 'refused',
        because: 'Every profile here refuses it: rdmavt (IBTA) and rxe check the state (C10-97.2.1); current libmlx5 keeps qp_state_max_gs at -1 until INIT (older libmlx5, before rdma-core PR #1153, accepted it). Post the first receives after RESET → INIT.',
      },
    },
    {
      id: 'init', title: 'RESET → INIT: port, P_Key, access', highlight: 'modify',
      text: [
        'The first modify binds the QP to a physical port (`port_num`), a partition (`pkey_index`, an index into the port\'s P_Key table) and decides what the peer may do to this host\'s memory (`qp_access_flags`: remote write, read, atomic).',
        'For RC these three attributes are required, and nothing else is allowed in this call.',
      ],
      task: 'Move QP 0x100 to INIT with IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS.',
      hints: ['The modify_qp tab composes the call; pick the target state first.', 'The table row for RESET → INIT marks three attributes "required".', 'Check PKEY_INDEX = 0, PORT = 1 and ACCESS_FLAGS (remote write, read, atomic), then press ibv_modify_qp().'],
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
        'rxe\'s completer goes further: an ACK whose PSN lies beyond a sent WR\'s last PSN completes that WR with success, so the program is told a message arrived that B dropped. The model does the same under the toolbar\'s rxe profile; under the IBTA and mlx5 profiles it ignores an ACK for a PSN never sent, and the WR ends in a retry error (MODEL: ahead-ack).',
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
    {
      id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'log',
      text: [
        'A new version of the setup code installs A·0x100 again (RESET, INIT, RTR, RTS) and posts one SEND. You have what an engineer has: completions, async events, QP states (ibv_query_qp) and counters.',
        'On host A, about a quarter of a millisecond later: the SEND completes with `IBV_WC_RETRY_EXC_ERR` and A·0x100 is in ERR. On host B: B·0x200 is in RTR, its `next_rcv_psn` has not moved, its counters show no NAK sent and no duplicate request; no async event on either host.',
      ],
      question: {
        kind: 'one', prompt: 'What went wrong in the new setup code, and what must it do?',
        options: [
          { id: 'target', label: 'A\'s RTR call names another peer (dest_qp_num or address vector): fix it and install A again' },
          { id: 'ahead', label: 'A\'s sq_psn is ahead of the PSN B expects: install A again with B\'s PSN', why: 'B would see a gap and answer with a sequence NAK, which its counters would show; they show none, and its next_rcv_psn never saw a packet.' },
          { id: 'behind', label: 'A\'s sq_psn is behind the PSN B expects: install A again with the PSN that B sent', why: 'B would take the packets for duplicates and acknowledge them again; its duplicate counter would have risen.' },
          { id: 'not-ready', label: 'B·0x200 is not ready to receive in RTR: move B on to RTS as well', why: 'A responder works from RTR: B in RTR answers every request addressed to it.' },
        ],
        reveal: [
          modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'RESET' }),
          modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'], { qp_state: 'INIT', pkey_index: 0, port_num: 1, qp_access_flags: 15 }),
          // The new code's slip: the peer's QPN is off by one (B has no QP 0x201).
          modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'],
            { qp_state: 'RTR', ah_dlid: 2, path_mtu: 3, dest_qp_num: 0x201, rq_psn: 0, max_dest_rd_atomic: 4, min_rnr_timer: 1 }),
          modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'],
            { qp_state: 'RTS', sq_psn: 3000, timeout: 4, retry_cnt: 3, rnr_retry: 3, max_rd_atomic: 4 }),
          send(A, 0x100, 9),
        ],
        runNs: 400_000,
        outcome: (p) => {
          const atB = p.since('rx').filter((e) => e.host === B);
          if (atB.some((e) => e.outcome === 'duplicate')) return 'behind';
          if (atB.some((e) => e.outcome === 'nak' || e.outcome === 'out-of-sequence')) return 'ahead';
          if (atB.some((e) => e.outcome === 'dropped-not-ready')) return 'not-ready';
          return p.since('wr-error').some((e) => e.host === A && e.status === 'IBV_WC_RETRY_EXC_ERR') && atB.every((e) => e.outcome === 'dropped-no-qp') ? 'target' : 'ahead';
        },
        stated: 'target',
        because: 'Packets for a QPN the responder does not have are dropped without an answer (rxe: "no qp"), so A hears nothing, retries until retry_cnt is spent and fails with RETRY_EXC_ERR, while B never sees a packet. The PSNs do not matter here: fix dest_qp_num (and the address vector), then RESET → INIT → RTR → RTS again.',
      },
    },
  ],
  sources: ['kernel-qp-table: required attributes of RESET→INIT, INIT→RTR, RTR→RTS', 'man-modify-qp', 'man-ah: the address vector on RoCE', 'ibta-in-code: no receives in RESET', 'libmlx5-state-gs: libmlx5 refuses posts by state since 2022', 'rxe-resp: duplicates and sequence NAKs', 'rxe-recv: a packet for an unknown QPN is dropped, unanswered', 'rxe-comp-ahead: an ACK beyond a WR\'s last PSN completes it in rxe'],
};
