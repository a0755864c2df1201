import type { ScenarioInput } from '../../core/index.ts';
import type { Lesson } from './types.ts';
import { A, B, bringUpRc, modify, send, load } from './commands.ts';

function scenario(): ScenarioInput {
  return {
    version: 1, seed: 6, title: 'Topic 6: single-QP error handling',
    config: {
      durationNs: 10_000_000,
      // Host A's program polls only when asked, so the error and flush CQEs stay in view.
      hosts: [{ name: 'Host A', cqDepths: [1024], pollIntervalNs: 0 }, { name: 'Host B', cqDepths: [64] }],
      qps: [
        { host: 0, type: 'RC', peer: 1, recvs: 4, refill: true, attrs: { timeout: 2, retry_cnt: 3 } },
        { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true },
        { host: 0, type: 'RC', peer: 3, recvs: 4, refill: true },
        { host: 1, type: 'RC', peer: 2, recvs: 8, refill: true },
      ],
      workloads: [{ id: 'neighbour 0x101', qp: 2, opcode: 'IBV_WR_SEND', length: 1024, intervalNs: 5000 }],
    },
  };
}

const sq = (p: Parameters<NonNullable<Lesson['steps'][number]['check']>>[0]) =>
  p.since('cqe').filter((e) => e.host === A && e.qpn === 0x100 && e.queue === 'sq');

export const errorsLesson: Lesson = {
  id: 'errors',
  topic: 6,
  title: 'When one QP fails',
  summary: 'The failing WR completes with its real status; everything behind it is flushed oldest first; the QP beside it, even on the same CQ, carries on.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'arm', title: 'Arrange a failure', highlight: 'post',
      text: [
        'QPs 0x100 and 0x101 on host A share one completion queue. 0x101 carries steady traffic. We will make 0x100\'s next WR fail with "transport retry counter exceeded": its packets are lost until `retry_cnt` (3) retransmissions have been spent.',
      ],
      task: 'In Post & faults, make QP 0x100\'s next WR fail with IBV_WC_RETRY_EXC_ERR.',
      check: (p) => p.since('fault').some((e) => e.qpn === 0x100),
      solution: [{ kind: 'failNextWr', host: A, qpn: 0x100, status: 'IBV_WC_RETRY_EXC_ERR' }],
    },
    {
      id: 'flush', title: 'One error, then the flush', highlight: 'rings',
      text: [
        'Post four sends. The first times out again and again (4.096 µs × 2^timeout each time), and after the last retry it completes with `IBV_WC_RETRY_EXC_ERR`. The QP moves to ERR and the NIC flushes everything behind it with `IBV_WC_WR_FLUSH_ERR`, oldest first, one CQE each, signaled or not. Its receive queue is flushed as well.',
        'Only `wr_id`, `status` and `qp_num` are valid in an error or flush CQE: do not trust opcode or byte_len there. Host A\'s program polls only when you press "Poll CQ", so the entries wait in the ring for you.',
      ],
      task: 'Post four sends on QP 0x100 and watch the CQ.',
      check: (p) => { const c = sq(p); return c.length >= 4 && c[0].status === 'IBV_WC_RETRY_EXC_ERR' && c.slice(1).every((e) => e.status === 'IBV_WC_WR_FLUSH_ERR'); },
      solution: [1, 2, 3, 4].map((i) => send(A, 0x100, i)), runNs: 300_000,
    },
    {
      id: 'neighbour', title: 'The neighbour is untouched', highlight: 'rings',
      text: ['QP 0x101 shares the CQ but not the failure: an error belongs to one QP. Its CQEs keep arriving with `IBV_WC_SUCCESS` in the same CQ, between and after the flush entries.'],
      task: 'Let it run and find new success completions of QP 0x101.',
      check: (p) => p.since('cqe').some((e) => e.host === A && e.qpn === 0x101 && e.status === 'IBV_WC_SUCCESS'),
      solution: [], runNs: 20_000,
    },
    {
      id: 'post-in-err', title: 'Posting in ERR', highlight: 'rings',
      text: ['Posting to a QP in ERR is legal: the WR is accepted and immediately completed with FLUSH_ERR. The kernel\'s `ib_drain_qp` relies on exactly this to know that every earlier completion has been delivered.'],
      task: 'Post one more send on QP 0x100.',
      check: (p) => sq(p).some((e) => e.status === 'IBV_WC_WR_FLUSH_ERR'),
      solution: [send(A, 0x100, 9)], runNs: 2000,
    },
    {
      id: 'recover', title: 'Recover through RESET', highlight: 'modify',
      text: [
        'ERR is left only through RESET. A move to RESET produces no completions at all: whatever is still queued is discarded. Then the QP is installed again: INIT, RTR, RTS. Host B\'s QP never noticed the trouble, so A must resume with the PSN B expects next (its `next_rcv_psn`).',
      ],
      task: 'Take QP 0x100 to RESET and back to RTS, then send successfully.',
      check: (p) => p.state(A, 0x100) === 'RTS' && sq(p).some((e) => e.status === 'IBV_WC_SUCCESS'),
      solution: (p) => [
        modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'RESET' }),
        ...bringUpRc(A, 0x100, { host: B, qpn: 0x200, rqPsn: p.ctx(B, 0x200, 'next_rcv_psn'), sqPsn: p.ctx(B, 0x200, 'next_send_psn') }),
        send(A, 0x100, 10),
      ],
      runNs: 30_000,
    },
  ],
  sources: ['semantics.md §2 items 7–11 (error CQE, flush order, unsignaled WRs, valid fields), §1 item 4 (posting in ERR), §3 item 17 (RESET discards)'],
};
