// Topic 6, continued: errors with real causes. Memory keys checked where the hardware checks
// them, and one documented difference between drivers that portable code must survive.
import type { Command, ProfileId, ScenarioInput } from '../../core/index.ts';
import type { Lesson, Probe } from './types.ts';
import { A, B, bringUpRc, load, modify, outOfErr } from './commands.ts';

const ALL = ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE', 'IBV_ACCESS_REMOTE_READ', 'IBV_ACCESS_REMOTE_ATOMIC'] as const;
/** Keys follow registration order (index << 8 | a per-host byte): see the Post & faults tab. */
const A_BUF = 0x110, B_BUF = 0x111, B_LOCAL_ONLY = 0x211, A_NO_ACCESS = 0x210;
const BASE = 0x10000, SECOND = 0x12000;
const QKEY = 0x11111111;

export function keysScenario(profile: ProfileId = 'ibta'): ScenarioInput {
  return {
    version: 1, seed: 10, title: 'Topic 6: errors with real causes',
    config: {
      durationNs: 5_000_000, profile,
      hosts: [{ name: 'Host A' }, { name: 'Host B' }],
      mrs: [
        { host: 0, length: 8192, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0xa1, name: 'A buffer' },
        { host: 1, length: 8192, access: [...ALL], fill: 0xb1, name: 'B buffer' },
        { host: 1, length: 8192, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0xb2, name: 'B local-only' },
        { host: 0, length: 8192, access: [], fill: 0xa2, name: 'A read-only' },
      ],
      qps: [
        { host: 0, type: 'RC', peer: 1 }, { host: 1, type: 'RC', peer: 0, recvs: 4, refill: true, recvMr: 1 },
        { host: 0, type: 'RC', peer: 3 }, { host: 1, type: 'RC', peer: 2, recvs: 4, refill: true, recvMr: 1 },
        { host: 0, type: 'RC', peer: 5 }, { host: 1, type: 'RC', peer: 4, recvs: 4, refill: true, recvMr: 1 },
        { host: 0, type: 'UD', recvs: 4, refill: true }, { host: 1, type: 'UD', recvs: 4, refill: true },
      ],
    },
  };
}

const write = (qpn: number, wrId: number, rkey: number, addr = BASE): Command => ({
  kind: 'postSend', host: A, qpn, wr: { wrId, opcode: 'IBV_WR_RDMA_WRITE', length: 64, signaled: true, sgl: [{ addr: BASE, length: 64, lkey: A_BUF }], rdma: { addr, rkey } },
});
const udFails = (wrId: number): Command[] => [
  { kind: 'failNextWr', host: A, qpn: 0x103, status: 'IBV_WC_LOC_PROT_ERR' },
  { kind: 'postSend', host: A, qpn: 0x103, wr: { wrId, opcode: 'IBV_WR_SEND', length: 64, signaled: true, ud: { host: B, qpn: 0x203, qkey: QKEY } } },
];
const failed = (p: Probe, qpn: number, status: string) => p.since('wr-error').some((e) => e.host === A && e.qpn === qpn && e.status === status);

export const keysLesson: Lesson = {
  id: 'keys',
  topic: 6,
  title: 'Errors with real causes: keys, and drivers that disagree',
  summary: 'The rkey, the access flags and the local key are checked where the hardware checks them; and where drivers disagree, portable code must handle both answers.',
  lab: 'transport',
  why: 'A forgotten access flag, a stale rkey or memory freed under a transfer are among the first errors a real RDMA program meets, and the completion only names a status. Knowing which NIC checked what, and when, is how the status leads back to the line of code.',
  setup: [load(keysScenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'wrong-rkey', title: 'A key the remote never gave', highlight: 'post',
      text: [
        'Registering memory (`ibv_reg_mr`) gives two keys: the lkey the local NIC checks when it reads or writes the buffer, and the rkey the peer must present to reach it. Host B registered its buffer as rkey `0x111`.',
        'An RDMA WRITE carries the rkey in its first packet. Host B\'s NIC looks it up before it writes a byte: no MR, a range outside it, or a missing access right is a NAK Remote Access Error. Host A\'s WR completes with `IBV_WC_REM_ACCESS_ERR`, and host B\'s QP goes to ERR too.',
      ],
      task: 'In Post & faults, press “Cause: WRITE with a wrong rkey” on QP 0x100.',
      hints: ['Post & faults is an inspector tab; QP 0x100 on host A must be selected.', 'The “Memory regions and keys” panel has the cause buttons.', 'Press “Cause: WRITE with a wrong rkey”.'],
      check: (p) => failed(p, 0x100, 'IBV_WC_REM_ACCESS_ERR'),
      // The requester only: B goes to ERR when it refuses the WRITE, before A's error CQE.
      stuck: outOfErr('a new WRITE would be flushed before B could refuse its key', [A, 0x100]),
      solution: [write(0x100, 1, 0xdead00)], runNs: 20_000,
    },
    {
      id: 'no-remote-write', title: 'The right key, the wrong permission', highlight: 'log',
      text: [
        'Host B also registered a buffer with `IBV_ACCESS_LOCAL_WRITE` only (rkey `0x211`). The key exists and the range fits, but the MR does not allow remote writes: the same NAK, the same `IBV_WC_REM_ACCESS_ERR`.',
        'The log names the check that failed, on both hosts: “registered without IBV_ACCESS_REMOTE_WRITE”. A forgotten access flag is one of the first errors a real application meets.',
      ],
      task: 'RDMA WRITE from QP 0x101 into host B\'s buffer with rkey 0x211.',
      hints: ['Select QP 0x101 on host A and open Post & faults.', 'Use a keyed post: opcode RDMA WRITE, remote key 0x211.', 'Or press “Cause: register without REMOTE_WRITE, then WRITE”.'],
      check: (p) => failed(p, 0x101, 'IBV_WC_REM_ACCESS_ERR') && p.since('rx').some((e) => e.host === B && /without IBV_ACCESS_REMOTE_WRITE/.test(e.detail ?? '')),
      stuck: outOfErr('a new WRITE would be flushed before B could check its access rights', [A, 0x101]),
      solution: [write(0x101, 2, B_LOCAL_ONLY, SECOND)], runNs: 20_000,
    },
    {
      id: 'read-lkey', title: 'Predict: a READ into a read-only buffer', highlight: 'log',
      text: [
        'QP 0x102 is about to RDMA READ host B\'s buffer into host A\'s buffer `0x210`, which was registered with no access flag at all — so the NIC may read it but not write it. The profile is the IBTA\'s.',
      ],
      question: {
        kind: 'one',
        prompt: 'What happens to this READ?',
        options: [
          { id: 'post', label: 'ibv_post_send refuses it with EINVAL', why: 'Under this profile posting checks the opcode, the lengths and the queue, not the keys: the NIC checks a key when it touches the memory, as rxe and libmlx5 do (for the IBTA profile this is the model\'s choice). Providers built on rdmavt (hfi1, qib) are different: rvt_post_one_wr checks every SGE\'s lkey at post, with local write access for a READ, and would refuse this one with EINVAL.' },
          { id: 'send', label: 'It fails with LOC_PROT_ERR before the request leaves host A', why: 'A READ sends no local data; its buffer is only written when the response comes back.' },
          { id: 'response', label: 'B sends the data; it fails with LOC_PROT_ERR when the response arrives' },
          { id: 'remote', label: 'Host B refuses the READ: A\'s WR fails with REM_ACCESS_ERR', why: 'Host B\'s buffer allows remote reads; the problem is on host A\'s side.' },
        ],
        reveal: [{ kind: 'postSend', host: A, qpn: 0x102, wr: { wrId: 3, opcode: 'IBV_WR_RDMA_READ', length: 64, signaled: true, sgl: [{ addr: SECOND, length: 64, lkey: A_NO_ACCESS }], rdma: { addr: BASE, rkey: B_BUF } } }],
        runNs: 20_000,
        outcome: (p) => {
          if (p.since('post-refused').some((e) => e.qpn === 0x102)) return 'post';
          if (failed(p, 0x102, 'IBV_WC_REM_ACCESS_ERR')) return 'remote';
          const served = p.since('rx').some((e) => e.host === B && e.op === 'RDMA_READ_REQUEST' && e.outcome === 'accepted');
          return served ? 'response' : 'send';
        },
        stated: 'response',
        because: 'A READ\'s local key is checked as the response is written into the local buffer (rxe_comp.c do_read; the IBTA and mlx5 profiles follow rxe here, the model\'s choice: when mlx5 firmware checks it is not public): host B has already executed the READ when host A finds out.',
      },
    },
    {
      id: 'sqe', title: 'Predict: one UD send fails', highlight: 'state',
      text: [
        'QP 0x103 is a UD QP in RTS. Its next send is about to fail with `IBV_WC_LOC_PROT_ERR` (a fault injected on it), under the IBTA profile the model follows by default.',
      ],
      question: {
        kind: 'one',
        prompt: 'Which state is QP 0x103 in after the failed send?',
        options: [
          { id: 'SQE', label: 'SQE: only its send queue stops' },
          { id: 'ERR', label: 'ERR: both queues flush', why: 'That is what an RC QP does, and what rxe does to every QP type. The IBTA keeps a datagram QP\'s receive side working.' },
          { id: 'RTS', label: 'Still RTS: a datagram QP ignores send errors', why: 'The error is reported and the send queue stops: later sends are flushed until software resumes it.' },
          { id: 'RESET', label: 'RESET', why: 'Nothing but ibv_modify_qp moves a QP to RESET.' },
        ],
        reveal: udFails(4), runNs: 20_000,
        outcome: (p) => p.state(A, 0x103),
        stated: 'SQE',
        because: 'Under the IBTA (and mlx5) a UD or UC send error stops only the send queue: the QP enters SQE, receives keep arriving, and `ibv_modify_qp(SQE → RTS)` resumes sending. SQE is a state only hardware enters; no modify_qp can ask for it.',
      },
    },
    {
      id: 'err', title: 'The same error under rxe', highlight: 'log',
      text: [
        'rxe, the kernel\'s software RoCE, never uses SQE: any send error moves every QP type to ERR, both queues flush, and only RESET brings it back. The same application, the same error, a different state.',
        'Pick rxe under Driver in the toolbar: the same scenario replays under it, the failure you just caused included. Or use “compare with” to run both side by side and see the first event where they part.',
      ],
      task: 'Switch the driver profile to rxe and make QP 0x103 fail the same way.',
      hints: ['Driver is in the toolbar under the header.', 'Choose rxe; then in Post & faults choose IBV_WC_LOC_PROT_ERR under “Make the next WR fail with”, press Arm, and post a send on QP 0x103.', 'Check the state panel: QP 0x103 should now be ERR.'],
      check: (p) => p.profile === 'rxe' && p.state(A, 0x103) === 'ERR',
      solution: [{ kind: 'profile', profile: 'rxe' }, ...udFails(5)], runNs: 20_000,
    },
    {
      id: 'portable', title: 'Portable recovery', highlight: 'modify',
      text: [
        'Code that waits for SQE hangs on rxe; code written for rxe resets a QP that mlx5 would have let resume. Portable code asks `ibv_query_qp` which state the QP is really in (moves the hardware makes are visible only there) and recovers from either: SQE → RTS, or RESET → INIT → RTR → RTS.',
      ],
      task: 'Bring QP 0x103 back through RESET, INIT, RTR and RTS, and send again.',
      hints: ['The modify_qp tab, with QP 0x103 selected: first target RESET.', 'A UD QP needs pkey_index, port and qkey at INIT, nothing at RTR, sq_psn at RTS.', 'The qkey is 0x11111111; then post one send.'],
      check: (p) => p.state(A, 0x103) === 'RTS' && p.since('cqe').some((e) => e.host === A && e.qpn === 0x103 && e.status === 'IBV_WC_SUCCESS'),
      solution: [
        modify(A, 0x103, ['IBV_QP_STATE'], { qp_state: 'RESET' }),
        modify(A, 0x103, ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_QKEY'], { qp_state: 'INIT', pkey_index: 0, port_num: 1, qkey: QKEY }),
        modify(A, 0x103, ['IBV_QP_STATE'], { qp_state: 'RTR' }),
        modify(A, 0x103, ['IBV_QP_STATE', 'IBV_QP_SQ_PSN'], { qp_state: 'RTS', sq_psn: 0 }),
        { kind: 'postSend', host: A, qpn: 0x103, wr: { wrId: 6, opcode: 'IBV_WR_SEND', length: 64, signaled: true, ud: { host: B, qpn: 0x203, qkey: QKEY } } },
      ],
      runNs: 20_000,
    },
    {
      id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'log',
      text: [
        'Back under the IBTA profile, a new connection, A·0x101 to B·0x201, runs a program you cannot read. All you have is what a real engineer has: completions, async events, QP states (ibv_query_qp) and counters.',
        'On host A: one WR completed with `IBV_WC_REM_ACCESS_ERR`, and the two WRs posted after it with `IBV_WC_WR_FLUSH_ERR`; A·0x101 is in ERR. On host B: the async event `IBV_EVENT_QP_ACCESS_ERR` for B·0x201, which is in ERR too; no completion at all on B.',
      ],
      question: {
        kind: 'one', prompt: 'What happened, and what must the two sides do?',
        options: [
          { id: 'rkey', label: 'B refused the access A asked for (rkey, range or right): fix that, then reset both QPs and connect again' },
          { id: 'lkey', label: 'A\'s own buffer was registered wrongly (its lkey): A alone resets and reposts; B is unaffected', why: 'A local key fails on host A alone, as IBV_WC_LOC_PROT_ERR; host B would never hear of it, and here B raised an event and is in ERR.' },
          { id: 'network', label: 'Packets were lost on the way to B: raise retry_cnt; no reset is needed', why: 'Loss ends in IBV_WC_RETRY_EXC_ERR after the retries, and the peer, which saw nothing, stays in RTS. An access error is a NAK: B received the request and refused it.' },
          { id: 'b-only', label: 'B\'s QP broke on its own: A just reposts the flushed WRs', why: 'A is in ERR as well (its later WRs were flushed), and only RESET leaves ERR: both sides must be brought up again, with fresh PSNs exchanged.' },
        ],
        // Reinstall the pair, then the program's WRITE into B's local-only buffer, and two sends behind it.
        reveal: [
          { kind: 'profile', profile: 'ibta' },
          modify(A, 0x101, ['IBV_QP_STATE'], { qp_state: 'RESET' }), modify(B, 0x201, ['IBV_QP_STATE'], { qp_state: 'RESET' }),
          ...bringUpRc(A, 0x101, { host: B, qpn: 0x201, rqPsn: 3000, sqPsn: 7000 }), ...bringUpRc(B, 0x201, { host: A, qpn: 0x101, rqPsn: 7000, sqPsn: 3000 }),
          write(0x101, 7, B_LOCAL_ONLY, SECOND), write(0x101, 8, B_BUF), write(0x101, 9, B_BUF),
        ],
        runNs: 30_000,
        outcome: (p) => {
          const err = p.since('wr-error').find((e) => e.host === A && e.qpn === 0x101)?.status;
          const bEvent = p.since('async').some((e) => e.host === B && e.event === 'IBV_EVENT_QP_ACCESS_ERR');
          if (err === 'IBV_WC_LOC_PROT_ERR') return 'lkey';
          if (err === 'IBV_WC_RETRY_EXC_ERR') return 'network';
          return err === 'IBV_WC_REM_ACCESS_ERR' && bEvent && p.state(A, 0x101) === 'ERR' && p.state(B, 0x201) === 'ERR' ? 'rkey' : 'b-only';
        },
        stated: 'rkey',
        because: 'A NAK Remote Access Error: B checked the rkey, the range and the access rights of the request before placing a byte, refused it, and both ends are in ERR (A by the error completion, B by the access error it raised). The fix is in the key or the registration; then both QPs go RESET → INIT → RTR → RTS with PSNs exchanged again.',
      },
    },
  ],
  sources: [
    'rxe-keys: the rkey, range and access checked before placing; a READ\'s lkey when its response lands',
    'rdmavt-post: hfi1 and qib check every lkey at post',
    'rxe-resp: class C errors and the NAK Remote Access Error',
    'sqe-state: a UD send error stops only the send queue',
    'rxe-err: rxe moves every QP type to ERR',
    'libibv-state: hardware moves are seen only through ibv_query_qp',
    'model-profiles: the profile table in the help (Driver profiles)',
  ],
};
