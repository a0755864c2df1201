import type { Command, ScenarioInput } from '../../core/index.ts';
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
        // A·0x102 → B·0x202, whose program posts no receives at all.
        { host: 0, type: 'RC', peer: 5, recvs: 4, refill: true, attrs: { rnr_retry: 2 } },
        { host: 1, type: 'RC', peer: 4, recvs: 0, refill: false },
      ],
      workloads: [{ id: 'neighbour 0x101', qp: 2, opcode: 'IBV_WR_SEND', length: 1024, intervalNs: 5000 }],
    },
  };
}

const sq = (p: Parameters<NonNullable<Lesson['steps'][number]['check']>>[0]) =>
  p.since('cqe').filter((e) => e.host === A && e.qpn === 0x100 && e.queue === 'sq');

const unsignaled = (host: number, qpn: number, wrId: number): Command => ({ kind: 'postSend', host, qpn, wr: { wrId, opcode: 'IBV_WR_SEND', length: 1024, signaled: false } });

export const errorsLesson: Lesson = {
  id: 'errors',
  topic: 6,
  title: 'When one QP fails',
  summary: 'The failing WR completes with its real status; everything behind it is flushed oldest first; the QP beside it, even on the same CQ, carries on.',
  why: 'When one connection of a large job breaks, what the application sees is a burst of error completions. Recovery code — and the kernel\'s ib_drain_qp — is correct only if it knows which completions come, in what order, and that none are skipped.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'arm', title: 'Arrange a failure', highlight: 'post', speed: 20_000,
      text: [
        'QPs 0x100 and 0x101 on host A share one completion queue. 0x101 carries steady traffic. We will make 0x100\'s next WR fail with "transport retry counter exceeded": its packets are lost until `retry_cnt` (3) retransmissions have been spent.',
      ],
      task: 'In Post & faults, make QP 0x100\'s next WR fail with IBV_WC_RETRY_EXC_ERR.',
      hints: ['Post & faults is an inspector tab; QP 0x100 must be the selected QP.', 'The control is “Make the next WR fail with”: choose the status, then press Arm.', 'Pick IBV_WC_RETRY_EXC_ERR and press Arm.'],
      check: (p) => p.since('fault').some((e) => e.qpn === 0x100),
      solution: [{ kind: 'failNextWr', host: A, qpn: 0x100, status: 'IBV_WC_RETRY_EXC_ERR' }],
    },
    {
      id: 'retry-time', title: 'Predict: when the retry fires', highlight: 'wire', speed: 20_000,
      text: [
        'Four sends, wr_id 1 to 4, are about to be posted on QP 0x100, and every packet they send will be lost. The requester keeps a retransmission timer: when no ACK comes back in time it sends again from the oldest unacknowledged PSN. QP 0x100 was created with `timeout` = 2 and `retry_cnt` = 3.',
      ],
      question: {
        kind: 'number', prompt: 'How many microseconds will pass between one retransmission of wr_id 1 and the next?', unit: 'µs',
        // wr_id 3 asks for no completion on success: the next question asks whether its flush writes one.
        reveal: [1, 2, 3, 4].map((i) => (i === 3 ? unsignaled(A, 0x100, i) : send(A, 0x100, i))), runNs: 40_000, tolerance: 0.1,
        outcome: (p) => {
          const r = p.since('retry').filter((e) => e.host === A && e.qpn === 0x100);
          return r.length >= 2 ? (r[1].t - r[0].t) / 1000 : NaN;
        },
        stated: 16.384,
        // Another interval of the same timer: from the first retransmission to the third.
        variant: () => ({
          prompt: 'How many microseconds will pass between the first retransmission of wr_id 1 and the third?', runNs: 80_000,
          outcome: (p) => {
            const r = p.since('retry').filter((e) => e.host === A && e.qpn === 0x100);
            return r.length >= 3 ? (r[2].t - r[0].t) / 1000 : NaN;
          },
          stated: 32.768,
          because: 'Two waits of 4.096 µs × 2^2 = 16.384 µs each: 32.768 µs from the first retransmission to the third.',
        }),
        because: '`timeout` is an exponent: the local ACK timeout is 4.096 µs × 2^timeout, so timeout = 2 waits 16.384 µs before each retransmission (timeout = 14 would wait 67 ms; 0 waits forever). Watch the wire: wr_id 1 and the PSNs behind it go out again every 16.384 µs.',
        wrong: '`timeout` is not a time in µs or ms, nor a number of tries (that is `retry_cnt`): it is the exponent of 4.096 µs × 2^timeout, the wait before every retransmission.',
      },
    },
    {
      id: 'flush', title: 'Predict: the order of the CQEs', highlight: 'rings', speed: 20_000,
      text: [
        'wr_id 1 to 4 are posted on QP 0x100, all signaled but wr_id 3, which asks for no completion on success. wr_id 1 will time out again (4.096 µs × 2^timeout each time) until its three retries are spent. Host A\'s program polls only when you press "Poll CQ", so every entry will wait in the ring.',
      ],
      question: {
        kind: 'one', prompt: 'Once wr_id 1\'s retries are spent, what will QP 0x100\'s send CQEs in the CQ be?',
        options: [
          { id: 'in-order', label: 'wr_id 1 with IBV_WC_RETRY_EXC_ERR, then 2, 3, 4 with IBV_WC_WR_FLUSH_ERR' },
          { id: 'skip-3', label: 'wr_id 1 with IBV_WC_RETRY_EXC_ERR, then 2 and 4 with IBV_WC_WR_FLUSH_ERR', why: 'Being unsignaled spares a CQE only on success: a WR that ends in error, a flush included, always gets one (IBTA 10.7.3.1, as rxe quotes it), or its buffer could never be reclaimed.' },
          { id: 'all-retry', label: 'wr_id 1 to 4, each with IBV_WC_RETRY_EXC_ERR', why: 'Only wr_id 1 spent its retries. The WRs behind it never ran out of anything: the QP went to ERR under them, and they are flushed.' },
          { id: 'newest-first', label: 'wr_id 1 with IBV_WC_RETRY_EXC_ERR, then 4, 3, 2 with IBV_WC_WR_FLUSH_ERR', why: 'A flush walks the queue from head to tail: oldest first, like every completion of a queue.' },
          { id: 'one-only', label: 'Only wr_id 1\'s error CQE: the others vanish with the QP', why: 'Nothing posted is lost silently: every outstanding WR gets a CQE, so software can reclaim its buffers (ib_drain_qp relies on it).' },
          { id: 'flush-first', label: 'wr_id 2, 3, 4 flushed first, then wr_id 1\'s error', why: 'The failing WR is the oldest: its CQE, with its real status, comes first and the flush follows it.' },
        ],
        reveal: [], runNs: 300_000,
        outcome: (p) => {
          const e = sq(p).map((c) => `${c.wrId}:${c.status}`).join(' ');
          const fl = 'IBV_WC_WR_FLUSH_ERR';
          if (e === `1:IBV_WC_RETRY_EXC_ERR 2:${fl} 3:${fl} 4:${fl}`) return 'in-order';
          if (e === `1:IBV_WC_RETRY_EXC_ERR 4:${fl} 3:${fl} 2:${fl}`) return 'newest-first';
          if (e === `1:IBV_WC_RETRY_EXC_ERR 2:${fl} 4:${fl}`) return 'skip-3';
          if (/^[2-4]:/.test(e)) return 'flush-first';
          if (sq(p).length === 1) return 'one-only';
          return 'all-retry';
        },
        stated: 'in-order',
        because: 'wr_id 1 completes with IBV_WC_RETRY_EXC_ERR, the QP goes to ERR, and the NIC flushes the rest oldest first — wr_id 2, 3, 4 with IBV_WC_WR_FLUSH_ERR — one CQE each, the unsignaled wr_id 3 included. Its receive queue is flushed as well. In an error or flush CQE only wr_id, status, qp_num and vendor_err are valid (ibv_poll_cq(3)).',
      },
    },
    {
      id: 'neighbour', title: 'Predict: the neighbour', highlight: 'rings', speed: 20_000,
      text: ['QP 0x101 shares the completion queue with QP 0x100, which is now in ERR. 0x101 has its own connection to host B and steady traffic on it.'],
      question: {
        kind: 'one', prompt: 'What happens to QP 0x101\'s traffic from now on?',
        options: [
          { id: 'ok', label: 'Its CQEs keep arriving with IBV_WC_SUCCESS in the same CQ' },
          { id: 'flushed', label: 'It is flushed too: the two QPs share one CQ', why: 'An error belongs to one QP. A shared CQ is only where completions are written; it does not carry a QP\'s state.' },
          { id: 'stalls', label: 'It stalls until the program has drained the CQ', why: 'Only a full CQ stops completions; the flush entries are few and the ring is deep.' },
        ],
        reveal: [], runNs: 20_000,
        outcome: (p) => (p.since('cqe').some((e) => e.host === A && e.qpn === 0x101 && e.status === 'IBV_WC_SUCCESS') ? 'ok' : p.since('cqe').some((e) => e.qpn === 0x101 && e.status === 'IBV_WC_WR_FLUSH_ERR') ? 'flushed' : 'stalls'),
        stated: 'ok',
        because: 'QP 0x101 never saw the failure: its completions keep landing in the shared CQ, between and after 0x100\'s flush entries.',
      },
    },
    {
      id: 'post-in-err', title: 'Predict: posting in ERR', highlight: 'rings',
      text: ['QP 0x100 is in ERR. Software posts two more sends anyway: wr_id 9 signaled, wr_id 10 unsignaled (it asks for no completion on success).'],
      question: {
        kind: 'one', prompt: 'What will the two posts give back in the CQ?',
        options: [
          { id: 'both', label: 'A CQE for each of wr_id 9 and wr_id 10' },
          { id: '9', label: 'A CQE for wr_id 9 only: wr_id 10 asked for none', why: 'An unsignaled WR does get a CQE when it is flushed: an error completion is written even when the WR asked for none (IBTA 10.7.3.1, as rxe quotes it). (libmlx5 can retire earlier unsignaled WQEs with one error CQE; whether mlx5 firmware writes a flush CQE for each WR posted in ERR is not public, and the model\'s mlx5 profile follows the IBTA there.)' },
          { id: 'refused', label: 'Nothing: ibv_post_send refuses both in ERR', why: 'Posting in ERR is legal (IBTA C10-96, as rdmavt quotes it): the WR is accepted and completed at once with FLUSH_ERR.' },
          { id: 'silent', label: 'Nothing: both are accepted and silently dropped', why: 'Nothing posted is dropped silently: software needs a CQE for every WR to know its buffer is free again.' },
        ],
        reveal: [send(A, 0x100, 9), unsignaled(A, 0x100, 10)], runNs: 4000,
        outcome: (p) => {
          if (p.since('post-refused').some((e) => e.host === A && e.qpn === 0x100)) return 'refused';
          const got = sq(p).filter((e) => e.wrId === 9 || e.wrId === 10).map((e) => e.wrId);
          return got.length === 2 ? 'both' : got.includes(9) ? '9' : 'silent';
        },
        stated: 'both',
        because: 'Both: in ERR every WR is completed with IBV_WC_WR_FLUSH_ERR, signaled or not. ib_drain_qp relies on posting in ERR: it posts one last (signaled) WR after ERR and waits for its flush CQE to know every earlier completion has been delivered.',
      },
    },
    {
      id: 'recover', title: 'Recover through RESET', highlight: 'modify',
      text: [
        'ERR is left only through RESET. A move to RESET writes no completions: whatever is still queued is discarded (rxe). mlx5 goes further and deletes the CQEs of this QP that are still unpolled in the CQ. Then the QP is installed again: INIT, RTR, RTS.',
        'Real code does not patch one end back in. After IBV_WC_RETRY_EXC_ERR it reconnects: both ends go through RESET (or are destroyed and created again) and the two sides exchange QPNs and PSNs afresh, as they did the first time — rdma_cm draws a new random starting PSN for every connection.',
        'This step takes a shortcut only the model allows: host B\'s QP never noticed the trouble, and you can read its `next_rcv_psn`, so A alone is reinstalled and resumes with the PSN B expects. A program on host A cannot read B\'s context; it would have to ask B over its own channel, and B\'s QP may be in any state by then.',
      ],
      task: 'Use the model\'s shortcut: take QP 0x100 to RESET and back to RTS with the PSNs B\'s context shows, then send successfully.',
      hints: ['The modify_qp tab: first target RESET.', 'Then INIT, RTR, RTS as in topic 4; the peer\'s values are in B·0x200\'s context.', 'sq_psn must be B·0x200\'s next_rcv_psn, rq_psn its next_send_psn.'],
      check: (p) => p.state(A, 0x100) === 'RTS' && sq(p).some((e) => e.status === 'IBV_WC_SUCCESS'),
      solution: (p) => [
        modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'RESET' }),
        ...bringUpRc(A, 0x100, { host: B, qpn: 0x200, rqPsn: p.ctx(B, 0x200, 'next_rcv_psn'), sqPsn: p.ctx(B, 0x200, 'next_send_psn') }),
        send(A, 0x100, 10),
      ],
      runNs: 30_000,
    },
    {
      id: 'rnr', title: 'Predict: a peer that posts no receives', highlight: 'log',
      text: [
        'A second connection, A·0x102 to B·0x202. B\'s program has posted no receive buffer and posts none. A·0x102 was brought up with `retry_cnt` = 3 and `rnr_retry` = 2; B advertises the shortest RNR wait.',
      ],
      question: {
        kind: 'one', prompt: 'A·0x102 sends one 1 KiB message. What will its completion say?',
        options: [
          { id: 'rnr-exc', label: 'IBV_WC_RNR_RETRY_EXC_ERR, once B has refused it three times; A·0x102 goes to ERR' },
          { id: 'retry-exc', label: 'IBV_WC_RETRY_EXC_ERR, once retry_cnt is spent', why: 'B does answer, every time, with an RNR NAK: the ACK timer never runs out. "Not ready" answers are counted against rnr_retry, a separate budget.' },
          { id: 'waits', label: 'Nothing ever: rnr_retry only spaces the resends, so the SEND waits until B posts a buffer', why: 'rnr_retry is a count, not a delay: only rnr_retry = 7 retries forever; with 2 the requester gives up after its second retry.' },
          { id: 'success', label: 'IBV_WC_SUCCESS: B acknowledged it and dropped it', why: 'An RC responder acknowledges a SEND only once it has placed it in a receive buffer; without one it answers with an RNR NAK, never an ACK.' },
        ],
        reveal: [send(A, 0x102, 31)], runNs: 200_000,
        outcome: (p) => {
          const err = p.since('wr-error').find((e) => e.host === A && e.qpn === 0x102)?.status;
          if (err === 'IBV_WC_RNR_RETRY_EXC_ERR') return 'rnr-exc';
          if (err === 'IBV_WC_RETRY_EXC_ERR') return 'retry-exc';
          return p.since('cqe').some((e) => e.host === A && e.qpn === 0x102 && e.status === 'IBV_WC_SUCCESS') ? 'success' : 'waits';
        },
        stated: 'rnr-exc',
        because: 'Each RNR NAK spends one rnr_retry and makes A wait the time B advertised (its min_rnr_timer); the first try and two retries are all refused, and the WR completes with IBV_WC_RNR_RETRY_EXC_ERR, the QP in ERR. The cure is on B: post receives ahead of the traffic (or use rnr_retry = 7, which waits forever instead of failing).',
      },
    },
    {
      id: 'events', title: 'The events a program must handle', highlight: 'log',
      text: [
        'Completions report one work request at a time. What happens to a QP, a port or the device comes as an asynchronous event, read with `ibv_get_async_event` and acknowledged with `ibv_ack_async_event`. A program must handle at least these:',
        '`IBV_EVENT_QP_FATAL`, `IBV_EVENT_QP_REQ_ERR` (an invalid request) and `IBV_EVENT_QP_ACCESS_ERR` (an access violation): the QP is in ERR — often the responder side of a failure the peer sees as a NAK. Drain it and reconnect. Which error raises which event is the driver\'s choice (hns and irdma map them one way; rdmavt raises neither of the last two).',
        '`IBV_EVENT_SQ_DRAINED`: a QP moved to SQD has finished the sends it had started, so its attributes may now be changed. `IBV_EVENT_QP_LAST_WQE_REACHED`: a QP on a shared receive queue has taken its last receive; only now may it be destroyed. `IBV_EVENT_PORT_ERR`: the port went down; no QP changes state (a QP with work outstanding fails only when its own retries run out, an idle one never hears of it), so the program must itself decide which QPs on that port to reconnect, after `IBV_EVENT_PORT_ACTIVE`.',
        'And whatever the event, destroy a QP only after its flush: move it to ERR, poll every flush completion, then call `ibv_destroy_qp` and free the buffers its work requests named.',
      ],
    },
    {
      id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'log',
      text: [
        'Later, in production, the same program on A·0x100 reports trouble. You have what an engineer has: completions, async events, QP states (ibv_query_qp) and counters.',
        'On host A: a WR completed with `IBV_WC_RETRY_EXC_ERR`, the WRs behind it with `IBV_WC_WR_FLUSH_ERR`, and A·0x100 is in ERR. No async event on either host. On host B: B·0x200 is still in RTS, and its counters show no error and no NAK sent.',
      ],
      question: {
        kind: 'one', prompt: 'What happened, and what must the two sides do?',
        options: [
          { id: 'silent', label: 'Nothing came back from B (path, port or host down): fix the path, then reconnect both ends' },
          { id: 'access', label: 'B refused A\'s request (a key or permission error): fix the registration and reconnect', why: 'A refusal is a NAK with its own status (IBV_WC_REM_ACCESS_ERR or REM_INV_REQ_ERR), and B would be in ERR with an async event. Here B saw nothing.' },
          { id: 'rnr', label: 'B had no receive posted: post receives on B and resend', why: 'That ends in IBV_WC_RNR_RETRY_EXC_ERR, after RNR NAKs that B\'s counters would show. RETRY_EXC_ERR means no answer at all.' },
          { id: 'a-only', label: 'Only A is broken: reset A alone and resend, B needs nothing', why: 'A can only resume if both ends agree on PSNs, and A cannot know what B last received: real code reconnects both ends with PSNs exchanged afresh.' },
        ],
        reveal: [{ kind: 'failNextWr', host: A, qpn: 0x100, status: 'IBV_WC_RETRY_EXC_ERR' }, send(A, 0x100, 21), send(A, 0x100, 22), send(A, 0x100, 23)],
        runNs: 300_000,
        outcome: (p) => {
          const err = p.since('wr-error').find((e) => e.host === A && e.qpn === 0x100)?.status;
          if (err === 'IBV_WC_REM_ACCESS_ERR' || err === 'IBV_WC_REM_INV_REQ_ERR') return 'access';
          if (err === 'IBV_WC_RNR_RETRY_EXC_ERR') return 'rnr';
          return err === 'IBV_WC_RETRY_EXC_ERR' && p.state(B, 0x200) === 'RTS' && !p.since('async').some((e) => e.host === B) ? 'silent' : 'a-only';
        },
        stated: 'silent',
        because: 'RETRY_EXC_ERR means A sent and resent and heard nothing back, not even a NAK — so B never saw the requests, or its answers were lost. B is unaware and still in RTS. After fixing the path, both ends are reconnected: RESET (or a new QP), new PSNs exchanged, INIT → RTR → RTS.',
      },
    },
  ],
  sources: ['rxe-comp: the error CQE, then the flush oldest first, one CQE each', 'ibta-in-code: error completions even when unsignaled; posting in ERR', 'libmlx5-cq: one error CQE may retire earlier unsignaled WQEs', 'man-poll-cq: the valid fields of an error CQE', 'kernel-drain', 'qpn-reuse: rdma_cm draws a random initial PSN per connection', 'rxe-qp: RESET discards', 'mlx5-qp: RESET removes unpolled CQEs', 'rnr-retry: each RNR NAK spends one rnr_retry; 7 never runs out', 'man-async-event: the events by name', 'hw-async-events: which error raises which event', 'rdmavt-resp: rdmavt raises neither QP_REQ_ERR nor QP_ACCESS_ERR', 'sqd: the drained event', 'srq-last-wqe: Last WQE Reached before destroy', 'port-down: no QP changes state', 'destroy-after-flush'],
};
