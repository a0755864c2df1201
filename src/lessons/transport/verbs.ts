// Topic 0, second lesson: the verbs objects a program creates before any traffic — PD, MR, CQ,
// (SRQ), QP — in the order real code creates them, used, and destroyed in reverse, the QP only
// after its flush has been polled. Keys (lkey, rkey) are first met here.
import type { ScenarioInput } from '../../core/index.ts';
import type { Lesson, Probe } from './types.ts';
import { A, B, load, modify, recv } from './commands.ts';

/**
 * Host B already has its objects: a QP (0x200, still in RESET), an SRQ with a QP on it (0x201) and one
 * registered buffer. Host A has only another program's QP (0x100, in RESET), which a link can select.
 */
function scenario(): ScenarioInput {
  return {
    version: 1, seed: 3, title: 'Topic 0: the verbs objects',
    config: {
      durationNs: 5_000_000,
      // Host A's program polls only when asked, so its completions wait in the CQ.
      hosts: [{ name: 'Host A', cqDepths: [256], pollIntervalNs: 0 }, { name: 'Host B' }],
      // B·0x201 takes its receives from B's shared receive queue, which holds 8 buffers.
      qps: [{ host: 0, type: 'RC', bringUp: 'RESET', recvs: 0 }, { host: 1, type: 'RC', bringUp: 'RESET', recvs: 0 }, { host: 1, type: 'RC', bringUp: 'INIT', srq: 0 }],
      mrs: [{ host: 1, length: 4096, access: ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE'], name: 'B buffer' }],
      srqs: [{ host: 1, depth: 16, recvs: 8 }],
    },
  };
}

/** The QP ibv_create_qp gives host A's program (QPNs are handed out in creation order: 0x100 is taken). */
const QA = 0x101;
/** Host A's first key as this model hands keys out: (n << 8) | (0x10 + host) for a host's n-th MR (core/transport/memory.ts); B's buffer has 0x111. */
const A_KEY = 0x110;

const created = (p: Probe) => p.since('qp-created').some((e) => e.host === A);
const write = (wrId: number, rkey: number) => ({
  kind: 'postSend' as const, host: A, qpn: QA,
  wr: { wrId, opcode: 'IBV_WR_RDMA_WRITE' as const, length: 256, signaled: true, sgl: [{ addr: 0x10000, length: 256, lkey: A_KEY }], rdma: { addr: 0x10000, rkey } },
});

export const verbsLesson: Lesson = {
  id: 'verbs',
  topic: 0,
  title: 'The verbs objects: PD, MR, CQ, QP',
  summary: 'What a program creates before the first packet, in the order real code creates it; the keys a registered buffer gets; and tearing it all down in reverse, the QP only once its flush has been polled.',
  why: 'Every RDMA program — a test like ib_write_bw, an MPI library, a storage target — opens the same handful of objects in the same order. Most crashes at shutdown and most "remote access error" reports come from getting that order, or a key, wrong.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 1, qpn: 0x200 },
  steps: [
    {
      id: 'objects', title: 'The objects, in the order code creates them', highlight: 'context',
      text: [
        'A program opens the device (`ibv_open_device`), then allocates a protection domain (`ibv_alloc_pd`): the container every later object is created in. It registers the buffers the NIC may touch (`ibv_reg_mr` takes the PD, an address, a length and access flags), creates completion queues (`ibv_create_cq`), optionally a shared receive queue (`ibv_create_srq`, in the PD), and last the QP (`ibv_create_qp` takes the PD, its send CQ, its receive CQ and the SRQ if any).',
        'Teardown runs in reverse: QPs first, then SRQs and CQs, then MRs, and the PD last. The library enforces part of it: `ibv_destroy_cq` fails while a QP still uses the CQ, and `ibv_dealloc_pd` may fail while anything is still associated with the PD.',
        'This model keeps one PD per host and creates each host\'s CQs when the scenario loads (the model\'s simplification); it models MRs, SRQs and QPs, with their keys and states. Host B already has its objects; on host A this program has none yet (QP 0x100 there belongs to another program and stays in RESET).',
      ],
    },
    {
      id: 'post-early', title: 'Predict: posting on a new QP', highlight: 'log',
      text: ['Host A\'s program calls `ibv_create_qp` for an RC QP on its CQ 0, and posts a 1 KiB SEND on it straight away, before any other call.'],
      question: {
        kind: 'one', prompt: 'What will ibv_post_send do with that SEND?',
        options: [
          { id: 'refused', label: 'Return an error: the new QP cannot take sends yet' },
          { id: 'queued', label: 'Accept it: it waits in the send queue until the QP is ready', why: 'A new QP knows no peer, no PSN and no path; the provider refuses sends until the QP has been taken to RTS (EINVAL in rdmavt and rxe; libmlx5 returns ENOMEM until the send queue is opened at RTS).' },
          { id: 'flushed', label: 'Accept it and complete it at once with a flush error', why: 'Completing a new WR with a flush error is what a QP in ERR does; a new QP is not in error.' },
          { id: 'sent', label: 'Send it to the peer B·0x200', why: 'Nothing has told the QP who its peer is: the peer\'s QPN and address are set later, by ibv_modify_qp.' },
        ],
        reveal: [
          { kind: 'createQp', host: A, type: 'RC', sendCq: 0, recvCq: 0, sqDepth: 64, rqDepth: 64, sqSigAll: false },
          { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 1024, signaled: true } },
        ],
        runNs: 2000,
        outcome: (p) => {
          if (!created(p)) return 'sent';
          if (p.since('post-refused').some((e) => e.host === A && e.queue === 'sq')) return 'refused';
          if (p.since('cqe').some((e) => e.host === A && e.status === 'IBV_WC_WR_FLUSH_ERR')) return 'flushed';
          return p.since('pkt').some((e) => e.src === A) ? 'sent' : 'queued';
        },
        stated: 'refused',
        because: '`ibv_create_qp` gives a QP in RESET, bound to its PD and CQs but to no port and no peer. Sends are refused until three `ibv_modify_qp` calls have taken it to RTS (topic 4): EINVAL under the IBTA and rxe profiles, ENOMEM under mlx5.',
      },
    },
    {
      id: 'register', title: 'Register a buffer: its keys', highlight: 'post',
      text: [
        '`ibv_reg_mr` pins a buffer and gives the NIC its translation. It returns two keys: the lkey, which this host\'s own work requests put in their scatter/gather entries, and the rkey, which this host sends to a peer (out of band) so the peer can name the buffer in an RDMA READ, WRITE or atomic.',
        'In this model the two keys are the same number, as one mlx5 memory key serves as both (the model\'s choice). The access flags decide what may be done through them: IBV_ACCESS_LOCAL_WRITE lets the NIC write the buffer for this host; the REMOTE_* flags let a peer.',
      ],
      task: 'Select a QP of host A (A·0x100 will do), and register a 4096-byte buffer on host A with IBV_ACCESS_LOCAL_WRITE.',
      hints: ['Click A·0x100 to select it; Post & faults is the inspector tab, and its Keys part has “ibv_reg_mr length” and the access flags.', 'Set 4096 bytes, tick LOCAL_WRITE and press Register: the table shows the new MR\'s lkey and rkey.'],
      check: (p) => p.since('mr').some((e) => e.host === A && e.op === 'reg'),
      solution: [{ kind: 'select', host: A, qpn: 0x100 }, { kind: 'regMr', host: A, length: 4096, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0 }],
    },
    {
      id: 'rkey', title: 'Predict: whose key goes in the WRITE', highlight: 'log',
      text: [
        'The two QPs are connected (RESET → INIT → RTR → RTS on both sides). A\'s program now writes 256 bytes from its new buffer into B\'s registered buffer, which allows remote writes. Its gather entry names A\'s buffer by A\'s lkey, 0x110. For the remote side, the programmer passed the rkey from A\'s own `ibv_reg_mr`, 0x110, instead of the one B sent, 0x111.',
      ],
      question: {
        kind: 'one', prompt: 'What will happen to the WRITE?',
        options: [
          { id: 'remote', label: 'B\'s NIC never issued such a key and refuses it: A\'s WR fails and both QPs end in ERR' },
          { id: 'lands', label: 'It lands: any key the NIC issued is good on either side', why: 'An rkey is valid only on the host whose NIC issued it: B\'s NIC looks it up among B\'s own MRs.' },
          { id: 'local', label: 'A\'s NIC catches it: the WR completes with a local protection error and B hears nothing', why: 'A\'s NIC cannot check a remote key: it does not know B\'s MRs. Only the responder can.' },
          { id: 'post', label: 'ibv_post_send refuses it', why: 'The provider checks the opcode, lengths and (on some providers) the local keys at post, never the rkey: that belongs to the peer.' },
        ],
        reveal: [{ kind: 'connectQps', a: { host: A, qpn: QA }, b: { host: B, qpn: 0x200 }, psn: 'zero' }, write(2, A_KEY)],
        runNs: 30_000,
        outcome: (p) => {
          if (p.since('post-refused').some((e) => e.host === A)) return 'post';
          const err = p.since('wr-error').find((e) => e.host === A)?.status;
          if (err === 'IBV_WC_REM_ACCESS_ERR') return 'remote';
          if (err === 'IBV_WC_LOC_PROT_ERR') return 'local';
          return 'lands';
        },
        stated: 'remote',
        because: 'B\'s NIC looks the rkey up among B\'s MRs, finds none (or one without the right), answers with a NAK Remote Access Error and moves its QP to ERR; A\'s WR completes with IBV_WC_REM_ACCESS_ERR and A\'s QP goes to ERR as well. The rkey must be the one the peer\'s ibv_reg_mr returned, sent over the connection setup.',
      },
    },
    {
      id: 'destroy-now', title: 'Predict: destroying with completions unpolled', highlight: 'rings',
      text: [
        'A·0x101 is in ERR and its error completion still sits in A\'s CQ: host A\'s program has not polled it. The program calls `ibv_destroy_qp` on A·0x101 at once. What it finds in the CQ afterwards depends on the provider: the model answers as the driver profile chosen in the toolbar (IBTA by default).',
      ],
      question: {
        kind: 'one', prompt: 'Under the chosen profile, what becomes of the unpolled completion once the QP is destroyed?',
        options: [
          { id: 'purged', label: 'It is removed from the CQ: a later poll never sees it', why: 'That is mlx5 (mlx5_ib_cq_clean removes the QP\'s CQEs), and the IBTA profile does the same: the model\'s choice, where the record is silent (MODEL: reset-cqes). rxe leaves them in the CQ.' },
          { id: 'stale', label: 'It stays in the CQ, naming a QP that no longer exists', why: 'That is rxe, which leaves written CQEs alone; mlx5 removes them when the QP is reset, and so does the IBTA profile (the model\'s choice, MODEL: reset-cqes).' },
          { id: 'wait', label: 'ibv_destroy_qp waits until the program has polled it', why: 'ibv_destroy_qp does not wait for the application: waiting for the flush, and polling it, is the program\'s job before the call.' },
          { id: 'refused', label: 'ibv_destroy_qp refuses (EBUSY) while completions are unpolled', why: 'Unpolled completions do not block the call; it succeeds, and what happens to them is the driver\'s choice.' },
        ],
        reveal: [{ kind: 'destroyQp', host: A, qpn: QA }],
        runNs: 1000,
        outcome: (p) => {
          const d = p.since('qp-destroyed').find((e) => e.host === A);
          if (!d) return 'refused';
          return d.stale ? 'stale' : d.purged ? 'purged' : 'wait';
        },
        stated: 'purged',
        because: 'Destroy first moves the QP to RESET. Under mlx5 that removes the QP\'s unpolled CQEs from its CQs (mlx5_ib_cq_clean); under rxe they stay, naming a QPN that is gone. The IBTA profile removes them too, the model\'s choice (MODEL: reset-cqes): no public text says what the IBTA asks of completions already written, and the profile reads the book\'s empty queues in RESET as covering them. Either way the program has lost track of a work request whose buffer the NIC may have touched: real code drains first.',
      },
    },
    {
      id: 'srq', title: 'Predict: a QP on a shared receive queue', highlight: 'log',
      text: [
        'B·0x201 takes its receive buffers from a shared receive queue (SRQ) that B\'s program created in its PD and filled with 8 buffers; other QPs could draw from it too. B\'s program now moves B·0x201 to ERR, as the first step of taking it down.',
      ],
      question: {
        kind: 'one', prompt: 'What will B\'s program receive for B·0x201?',
        options: [
          { id: 'last-wqe', label: 'No completion for the SRQ\'s buffers, and one async event: the QP has taken its last one' },
          { id: 'flushed', label: 'Eight flush completions, one per buffer in the SRQ', why: 'The SRQ\'s buffers belong to every QP attached to it: flushing them for one QP would take them from the others. They stay in the SRQ.' },
          { id: 'nothing', label: 'Nothing at all: the SRQ\'s buffers were never this QP\'s to report', why: 'The program still needs to know when the QP can no longer take a buffer, or it may destroy the QP while one is in use: the NIC tells it with an event.' },
          { id: 'srq-err', label: 'The SRQ goes into error with the QP, and every QP on it stops receiving', why: 'One QP\'s error does not reach the shared queue: the other QPs keep taking its buffers.' },
        ],
        reveal: [modify(B, 0x201, ['IBV_QP_STATE'], { qp_state: 'ERR' })],
        runNs: 5000,
        outcome: (p) => {
          const flushed = p.since('cqe').filter((e) => e.host === B && e.qpn === 0x201 && e.queue === 'rq').length;
          const last = p.since('async').some((e) => e.host === B && e.qpn === 0x201 && e.event === 'IBV_EVENT_QP_LAST_WQE_REACHED');
          return flushed > 0 ? 'flushed' : last ? 'last-wqe' : 'nothing';
        },
        stated: 'last-wqe',
        because: 'A QP on an SRQ is not flushed from the shared buffers: they stay for the other QPs. Instead the QP raises IBV_EVENT_QP_LAST_WQE_REACHED once it can take no more of them, and only after that event may the program destroy it; destroying earlier leaks the buffer it had taken (IBTA 10.3.1, as the kernel\'s drain code quotes it).',
      },
    },
    {
      id: 'drain', title: 'Destroy after the flush is polled', highlight: 'post',
      text: [
        'The safe order for a QP: move it to ERR, let every outstanding work request come back as a flush completion, poll them all, and only then call `ibv_destroy_qp` and free the buffers the WRs pointed at. A QP on a shared receive queue also waits for `IBV_EVENT_QP_LAST_WQE_REACHED` first. Then the CQ, the MRs and the PD go, in that order.',
        'B·0x200 is in ERR after the refused WRITE. The inspector\'s “Destroy after the flush drains” does it the safe way: ERR, wait until both queues are flushed and every completion polled, then destroy.',
      ],
      task: 'Select B·0x200 and destroy it after its flush drains.',
      hints: ['Post & faults is the inspector tab, with B·0x200 selected.', 'Press “Destroy after the flush drains” and keep playing until the log shows qp-destroyed.'],
      check: (p) => p.since('qp-destroyed').some((e) => e.host === B && e.qpn === 0x200 && e.waitedNs !== undefined),
      // The view then selects a QP that still exists (a destroyed one cannot be linked to).
      solution: [{ kind: 'select', host: B, qpn: 0x200 }, { kind: 'destroyQp', host: B, qpn: 0x200, drain: true }, { kind: 'select', host: A, qpn: 0x100 }],
      runNs: 50_000,
    },
    {
      id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'log',
      text: [
        'Another program, on a host running rxe, shuts a connection down. You have what an engineer has: completions, async events, QP states (ibv_query_qp) and counters.',
        'Its next `ibv_poll_cq` returns a completion with `IBV_WC_WR_FLUSH_ERR` whose `qp_num` names a QP the program no longer has; its handler looks the QP up by that number, finds nothing, and crashes. Of the three receives it had posted on that QP, the other two never come back at all. No async event; the CQ reports no overrun.',
      ],
      question: {
        kind: 'one', prompt: 'What went wrong in the shutdown, and what must it do instead?',
        options: [
          { id: 'early', label: 'The QP was destroyed before its flush was polled: go to ERR, poll every flush completion, then destroy' },
          { id: 'reused', label: 'Another program\'s QP took the same number and these are its completions: ignore them', why: 'A CQ belongs to the program that created it: only QPs that program attached to it write there.' },
          { id: 'overrun', label: 'The CQ overran and handed back old entries: create a larger CQ and poll it more often', why: 'An overrun loses completions and raises IBV_EVENT_CQ_ERR; it never hands back old ones.' },
          { id: 'device', label: 'The NIC wrote garbage into the CQ: reset the device and restart the program', why: 'These are well-formed flush completions of real work requests; the driver left them in the CQ by design.' },
        ],
        // Under rxe: a fresh pair, three receives posted on A's side, ERR, and destroy at once.
        reveal: [
          { kind: 'profile', profile: 'rxe' },
          { kind: 'createQp', host: A, type: 'RC', sendCq: 0, recvCq: 0, sqDepth: 64, rqDepth: 64, sqSigAll: false },
          { kind: 'createQp', host: B, type: 'RC', sendCq: 0, recvCq: 0, sqDepth: 64, rqDepth: 64, sqSigAll: false },
          { kind: 'connectQps', a: { host: A, qpn: 0x102 }, b: { host: B, qpn: 0x202 }, psn: 'zero' },
          recv(A, 0x102, 51), recv(A, 0x102, 52), recv(A, 0x102, 53),
          modify(A, 0x102, ['IBV_QP_STATE'], { qp_state: 'ERR' }),
          { kind: 'destroyQp', host: A, qpn: 0x102 },
        ],
        runNs: 5000,
        outcome: (p) => {
          const d = p.since('qp-destroyed').find((e) => e.host === A && e.qpn === 0x102);
          if (!d) return 'device';
          return d.stale === 1 ? 'early' : d.purged ? 'overrun' : 'reused';
        },
        stated: 'early',
        because: 'ibv_destroy_qp does not wait for the application. The flush had written one completion when the QP was destroyed; rxe leaves it in the CQ, naming a QP that is gone, and the reset inside destroy discards the two receives not yet flushed, without a completion (mlx5 would delete the written one too). The program can no longer tell which buffers the NIC is done with. The safe order: ERR, poll every flush completion (and, on an SRQ, wait for Last WQE Reached), then destroy and free.',
      },
    },
  ],
  sources: [
    'man-verbs-objects: the objects, their arguments, and what destroy refuses',
    'man-reg-mr: lkey and rkey; access flags',
    'rxe-keys: the responder checks the rkey',
    'libmlx5-post: ENOMEM before RTS',
    'rxe-post: EINVAL below RTS',
    'mlx5-qp: RESET removes unpolled CQEs',
    'rxe-reset: rxe leaves them',
    'destroy-after-flush',
    'srq: wait for Last WQE Reached before destroy',
    'model-verbs-objects',
  ],
};
