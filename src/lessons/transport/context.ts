import type { ScenarioInput } from '../../core/index.ts';
import type { Lesson, Probe } from './types.ts';
import { A, B, bringUpRc, modify, outOfErr, send, load } from './commands.ts';

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

/** How the four READs left A: one at a time (a response between every two requests), all at once, or refused. */
function readPattern(p: Probe): string {
  if (p.since('post-refused').some((e) => e.host === A)) return 'refused';
  const seq = p.since('pkt').filter((e) => (e.src === A && e.op === 'RDMA_READ_REQUEST') || (e.src === B && e.op.startsWith('RDMA_READ_RESPONSE')));
  let reqs = 0;
  let sawResponse = true;
  for (const e of seq) {
    if (e.op === 'RDMA_READ_REQUEST') {
      if (reqs > 0 && !sawResponse) return 'all';
      reqs++;
      sawResponse = false;
    } else sawResponse = true;
  }
  return reqs >= 4 ? 'one' : 'all';
}

export const contextLesson: Lesson = {
  id: 'context',
  topic: 1,
  title: 'The QP context: who writes what',
  summary: 'Every field of a QP\'s context; which ones software sets with ibv_modify_qp and which the NIC advances itself; max_rd_atomic versus max_dest_rd_atomic.',
  why: 'When a connection stalls or a READ-heavy job is slower than it should be, the answer is in the context: the PSNs say where each side is, and two limits decide how many READs may be in flight.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'fields', title: 'Two kinds of fields', highlight: 'context', speed: 2000,
      text: [
        'A QP\'s context (QPC) is the record the NIC keeps for it. ConnectX-5\'s driver passes it to the firmware in a 232-byte layout (`mlx5_ifc_qpc_bits`); how large an entry is in the NIC\'s own context memory is the firmware\'s private matter (the memory lab assumes 256 B, the size HNS documents).',
        'Some fields are configuration that software writes through `ibv_modify_qp` (marked SW): the port, the peer\'s QPN, the path MTU, the timeout and retry counts. Others the NIC advances as traffic flows (marked HW). A few start as software values and then move (SW+HW): `next_send_psn` begins as the `sq_psn` passed at RTR→RTS.',
      ],
      task: 'Post one 4 KiB RDMA WRITE from QP 0x100 and watch the HW fields change while the SW fields stay still.',
      hints: ['Post & faults is the inspector tab for posting work.', 'Choose the RDMA WRITE opcode and 4096 bytes, then Post.'],
      check: (p) => p.since('cqe').some((e) => e.host === A && e.qpn === 0x100 && e.status === 'IBV_WC_SUCCESS'),
      stuck: outOfErr('the WRITE can no longer complete', [A, 0x100], [B, 0x200]),
      solution: [send(A, 0x100, 1, 'IBV_WR_RDMA_WRITE', 4096)], runNs: 20_000,
    },
    {
      id: 'packets', title: 'Predict: how many packets?', highlight: 'context',
      text: ['The path MTU of this connection is 1024 bytes. Host A is about to send a 3000-byte message on QP 0x100.'],
      question: {
        kind: 'number', prompt: 'How many SEND packets will the 3000-byte message take on the wire?', unit: 'packets',
        reveal: [send(A, 0x100, 2, 'IBV_WR_SEND', 3000)], runNs: 20_000, tolerance: 0,
        outcome: (p) => p.since('pkt').filter((e) => e.src === A && e.op.startsWith('SEND')).length,
        stated: 3,
        variant: (n) => {
          const bytes = [5000, 1025, 4096][(n - 1) % 3];
          const pkts = Math.ceil(bytes / 1024);
          return {
            prompt: `How many SEND packets will a ${bytes}-byte message take on the wire?`,
            reveal: [send(A, 0x100, 2, 'IBV_WR_SEND', bytes)], stated: pkts,
            because: `⌈${bytes} / 1024⌉ = ${pkts} packets: every packet but the last carries a full path MTU.`,
          };
        },
        because: '⌈3000 / 1024⌉ = 3 packets (SEND_FIRST, SEND_MIDDLE, SEND_LAST), so next_send_psn moved by 3, and host B\'s next_rcv_psn by the same 3.',
        wrong: 'A message is cut into packets of the path MTU; only the last may be shorter.',
      },
    },
    {
      id: 'psn', title: 'Who moves what', highlight: 'context',
      text: [
        'Every packet took one PSN: `next_send_psn` advanced by three and, once the ACK came back, `last_acked_psn` caught up. PSNs are 24 bits wide and wrap. `ssn` counts the WQEs the requester started.',
        'The queue indices are shared: the producer indices (`sq_pi`, `rq_pi`) are advanced by software when it posts and rings the doorbell; the consumer indices (`sq_ci`, `rq_ci`) by the NIC as it takes WQEs. Of the live part of the context, `ibv_query_qp` returns only the state, `sq_psn`, `rq_psn`, `sq_draining` and, where paths migrate (InfiniBand APM), `path_mig_state`; this page shows the rest because it is a model.',
      ],
      task: 'Post one more 1 KiB SEND on QP 0x100 and watch sq_pi move when you post, then sq_ci when the NIC has taken the WQE.',
      hints: ['Post & faults is the inspector tab for posting work; the Context tab shows sq_pi and sq_ci.', 'Choose the SEND opcode and 1024 bytes, press Post send, and keep playing until the send completes.'],
      check: (p) => p.since('cqe').some((e) => e.host === A && e.qpn === 0x100 && e.queue === 'sq' && e.status === 'IBV_WC_SUCCESS'),
      stuck: outOfErr('the SEND can no longer complete', [A, 0x100], [B, 0x200]),
      solution: [send(A, 0x100, 3, 'IBV_WR_SEND', 1024)], runNs: 20_000,
    },
    {
      id: 'initiator', title: 'Predict: how four READs leave', highlight: 'context', speed: 2000,
      text: [
        'QP 0x100 was set up with `max_rd_atomic` = 1 (and its peer 0x200 with `max_dest_rd_atomic` = 4). The Context tab shows the live count as `rd_atomic_out`.',
      ],
      question: {
        kind: 'one', prompt: 'Four 4 KiB READs are posted on QP 0x100 at once. How do they leave?',
        options: [
          { id: 'all', label: 'All four requests go out back to back; the responses follow', why: 'max_rd_atomic caps what is outstanding: a second READ request waits until the first response is complete.' },
          { id: 'two', label: 'Two at a time: one READ allowed per end of the connection', why: 'The limit is per QP and per direction, not per end: max_rd_atomic = 1 allows one outstanding READ from this QP.' },
          { id: 'one', label: 'One at a time: each waits until the previous READ\'s data is back' },
          { id: 'refused', label: 'ibv_post_send refuses the three posts beyond the first', why: 'The limit is enforced by the requester holding WQEs back, not by ibv_post_send: the SQ accepts them.' },
        ],
        reveal: reads(A, 0x100, 10), runNs: 60_000,
        outcome: readPattern,
        stated: 'one',
        because: 'The requester takes one credit per READ and gets it back when the response completes (rxe check_init_depth): with max_rd_atomic = 1 the READs are serialised, each paying a full round trip.',
      },
    },
    {
      id: 'responder', title: 'Predict: the other limit', highlight: 'log',
      text: [
        '`max_dest_rd_atomic` is the other limit: the responder resources, how many incoming READs and atomics a QP will hold state for. QP 0x100 serves only 1, but its peer 0x200 was set up with `max_rd_atomic` = 4.',
      ],
      question: {
        kind: 'one', prompt: 'QP 0x200 on host B posts four READs to QP 0x100. What happens?',
        options: [
          { id: 'throttle', label: '0x200 keeps only one READ in flight, because its peer serves one', why: 'max_rd_atomic is not max_dest_rd_atomic: the requester only knows its own limit (4). Here the QPs were set up by hand, and nothing in the packets tells 0x200 that its peer serves fewer. With the connection manager it would: the CM request and reply carry the responder resources and initiator depth (rdma_conn_param), and the passive side may lower them, so both ends are set up to agree.' },
          { id: 'queue', label: '0x100 queues the extra READs and serves them in turn', why: 'A responder holds state for at most max_dest_rd_atomic READs. What it does with one more is not queueing: the standard calls it an invalid request.' },
          { id: 'nak', label: '0x100 answers the excess READ with a NAK; the WR fails and both QPs end in ERR' },
          { id: 'drop', label: '0x100 drops the excess READ unanswered; 0x200 resends it until its retries run out', why: 'A responder that cannot serve a request says so at once: too many READs is an invalid request, answered with a NAK, not dropped. Silence is what a lost packet or an unknown QPN gets.' },
        ],
        reveal: reads(B, 0x200, 20), runNs: 60_000,
        outcome: (p) => {
          const b = p.since('cqe').filter((e) => e.host === B && e.queue === 'sq');
          if (b.some((e) => e.status === 'IBV_WC_REM_INV_REQ_ERR')) return 'nak';
          if (b.some((e) => e.status === 'IBV_WC_RETRY_EXC_ERR')) return 'drop';
          return b.filter((e) => e.status === 'IBV_WC_SUCCESS').length >= 4 ? 'queue' : 'throttle';
        },
        stated: 'nak',
        because: 'The responder NAKs the request beyond its resources (invalid request), 0x200\'s WR completes with IBV_WC_REM_INV_REQ_ERR and the QPs go to ERR. This model follows the IBTA rule as rxe states it for class-C errors; rxe itself recycles its oldest responder resource instead. Either way: a responder\'s max_dest_rd_atomic must be at least its peer\'s max_rd_atomic.',
      },
    },
    {
      id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'log',
      text: [
        'The pair is set up again by a program you cannot read, and B·0x200 posts four 4 KiB READs. You have what an engineer has: completions, async events, QP states (ibv_query_qp) and counters.',
        'On host B: the first READ completes with `IBV_WC_SUCCESS`, the second with `IBV_WC_REM_INV_REQ_ERR`, the last two with `IBV_WC_WR_FLUSH_ERR`; B·0x200 is in ERR. On host A: the async event `IBV_EVENT_QP_REQ_ERR` for A·0x100, which is in ERR too.',
      ],
      question: {
        kind: 'one', prompt: 'What is wrong with the setup, and what must the program do?',
        options: [
          { id: 'limits', label: 'B\'s max_rd_atomic is above A\'s max_dest_rd_atomic: bring both QPs up again with limits that agree' },
          { id: 'rights', label: 'A\'s QP does not allow remote reads (qp_access_flags): grant IBV_ACCESS_REMOTE_READ and reconnect', why: 'Then the first READ would have been refused as well; it succeeded.' },
          { id: 'rkey', label: 'The READs name a bad rkey or an address out of range: fix the registration and reconnect', why: 'A key, range or right refused at the responder is an access error: IBV_WC_REM_ACCESS_ERR and IBV_EVENT_QP_ACCESS_ERR, not an invalid request.' },
          { id: 'loss', label: 'Some READ responses were lost on the wire: raise retry_cnt and post the READs again', why: 'Loss ends in IBV_WC_RETRY_EXC_ERR with the peer unaware in RTS; here A answered with a NAK and raised an event.' },
        ],
        reveal: [
          modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'RESET' }), modify(B, 0x200, ['IBV_QP_STATE'], { qp_state: 'RESET' }),
          // A serves one READ at a time; B asks for four.
          ...bringUpRc(A, 0x100, { host: B, qpn: 0x200, rqPsn: 500, sqPsn: 700 }, { rd: 1, destRd: 1 }),
          ...bringUpRc(B, 0x200, { host: A, qpn: 0x100, rqPsn: 700, sqPsn: 500 }, { rd: 4, destRd: 4 }),
          ...reads(B, 0x200, 40),
        ],
        runNs: 60_000,
        outcome: (p) => {
          const err = p.since('wr-error').find((e) => e.host === B && e.qpn === 0x200)?.status;
          if (err === 'IBV_WC_REM_ACCESS_ERR') return 'rkey';
          if (err === 'IBV_WC_RETRY_EXC_ERR') return 'loss';
          const firstOk = p.since('cqe').some((e) => e.host === B && e.qpn === 0x200 && e.status === 'IBV_WC_SUCCESS');
          return err === 'IBV_WC_REM_INV_REQ_ERR' && firstOk ? 'limits' : 'rights';
        },
        stated: 'limits',
        because: 'A keeps state for max_dest_rd_atomic = 1 incoming READ; the second one, arriving while the first is still held, is an invalid request: A NAKs it and raises QP_REQ_ERR, B\'s WR fails with REM_INV_REQ_ERR, and both QPs are in ERR. Each side\'s max_rd_atomic must not exceed its peer\'s max_dest_rd_atomic: bring both up again (RESET → INIT → RTR → RTS) with limits that agree — rdma_cm exchanges them in its request and reply.',
      },
    },
  ],
  sources: ['man-modify-qp: the attributes and who sets them', 'man-query-qp: what ibv_query_qp returns', 'mlx5-ifc: the 232-byte command layout, SW and HW fields', 'rxe-req: initiator depth', 'rxe-resp: responder resources', 'man-rdma-connect: with rdma_cm the two limits are exchanged', 'model-transport'],
};
