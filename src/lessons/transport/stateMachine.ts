import type { ScenarioInput } from '../../core/index.ts';
import type { Lesson } from './types.ts';
import { A, B, modify, load } from './commands.ts';

function scenario(): ScenarioInput {
  return {
    version: 1, seed: 5, title: 'Topic 5: the QP state machine',
    config: {
      durationNs: 5_000_000,
      hosts: [{ name: 'Host A' }, { name: 'Host B' }],
      qps: [
        { host: 0, type: 'RC', peer: 1, recvs: 8, refill: true },
        { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true },
        { host: 0, type: 'RC', bringUp: 'INIT' },
      ],
      workloads: [{ id: 'A→B send', qp: 0, opcode: 'IBV_WR_SEND', length: 4096, intervalNs: 800 }],
    },
  };
}

const refused = (reason: string) => (p: Parameters<NonNullable<Lesson['steps'][number]['check']>>[0]) =>
  p.since('modify-refused').some((e) => e.reason === reason);

export const stateMachineLesson: Lesson = {
  id: 'state-machine',
  topic: 5,
  title: 'The state machine the hardware enforces',
  summary: 'Seven states, the transitions between them, and what a wrong call gets back: EINVAL, and nothing else.',
  why: 'Drivers, rdma_cm and every recovery path walk this graph. A wrong arrow or one attribute too many is an EINVAL with no further detail, so knowing the table is what saves the hours.',
  lab: 'transport',
  setup: [load(scenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'no-arrow', title: 'Not every arrow exists', highlight: 'state',
      text: [
        'The kernel keeps a table, `qp_state_table` in `drivers/infiniband/core/verbs.c`, of which state changes are legal and, per transport, which attributes each one requires and allows. Every driver checks it (`ib_modify_qp_is_ok`) before touching the hardware; a refusal comes back from `ibv_modify_qp` as `EINVAL`, and nothing changes.',
        'There is no way back from RTS to INIT: a QP goes forward through RESET → INIT → RTR → RTS, sideways to SQD and back, down to ERR, and home through RESET.',
      ],
      task: 'Ask QP 0x100 (in RTS) to go to INIT and read the refusal.',
      hints: [
        'The modify_qp tab composes the call for the selected QP, A·0x100, which is in RTS.',
        'Pick “to INIT” in the “to” list; the mask needs nothing but IBV_QP_STATE.',
        'Choose “to INIT” and press ibv_modify_qp(): EINVAL, and the page\'s diagnosis says there is no such transition.',
      ],
      check: refused('invalid-transition'),
      solution: [modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'INIT' })],
    },
    {
      id: 'missing', title: 'A required attribute left out', highlight: 'modify',
      text: ['QP 0x101 waits in INIT. INIT→RTR for RC requires six attributes. The call below passes only two of them.'],
      question: {
        kind: 'several', prompt: 'QP 0x101 asks for INIT→RTR with only IBV_QP_AV and IBV_QP_PATH_MTU. Which attributes will the page\'s diagnosis name as missing?',
        options: [
          { id: 'IBV_QP_DEST_QPN', label: 'IBV_QP_DEST_QPN', why: 'The peer\'s QPN is required to receive on a connected QP.' },
          { id: 'IBV_QP_RQ_PSN', label: 'IBV_QP_RQ_PSN', why: 'The responder must know the first PSN to expect.' },
          { id: 'IBV_QP_SQ_PSN', label: 'IBV_QP_SQ_PSN', why: 'sq_psn belongs to RTR→RTS, the send side: at INIT→RTR it is not even allowed.' },
          { id: 'IBV_QP_MAX_DEST_RD_ATOMIC', label: 'IBV_QP_MAX_DEST_RD_ATOMIC', why: 'An RC responder must say how many READs it serves: max_dest_rd_atomic is required here (max_rd_atomic comes at RTR→RTS).' },
          { id: 'IBV_QP_MIN_RNR_TIMER', label: 'IBV_QP_MIN_RNR_TIMER', why: 'An RC responder advertises its RNR timer in RNR NAKs, so it is required for RC (not for UC).' },
          { id: 'IBV_QP_TIMEOUT', label: 'IBV_QP_TIMEOUT', why: 'The ACK timeout is a requester setting: it comes at RTR→RTS.' },
        ],
        reveal: [modify(A, 0x101, ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU'], { qp_state: 'RTR', ah_dlid: 2, path_mtu: 3 })],
        outcome: (p) => p.since('modify-refused').at(-1)?.missing.filter((m) => ['IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_SQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER', 'IBV_QP_TIMEOUT'].includes(m)) ?? [],
        stated: ['IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'],
        because: 'INIT→RTR for RC requires AV, PATH_MTU, DEST_QPN, RQ_PSN, MAX_DEST_RD_ATOMIC and MIN_RNR_TIMER: everything the receive side needs. The real call only returns EINVAL; the names are the page\'s diagnosis from the kernel\'s table.',
      },
    },
    {
      id: 'unexpected', title: 'An attribute that is not allowed', highlight: 'modify',
      text: ['The table also says what may NOT be passed. In RTS, `dest_qp_num` is fixed: passing IBV_QP_DEST_QPN in an RTS→RTS call is refused, even though the value might be the same.'],
      task: 'Send an RTS→RTS modify to QP 0x100 with IBV_QP_DEST_QPN in the mask.',
      hints: [
        'The modify_qp tab with QP 0x100 selected: target RTS, from RTS.',
        'The RTS→RTS row lists IBV_QP_DEST_QPN under “Not allowed for this transition”: the peer is fixed once the QP is connected.',
        'Check IBV_QP_DEST_QPN (0x200, its own peer, is fine) and press ibv_modify_qp().',
      ],
      check: refused('unexpected-attributes'),
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_DEST_QPN'], { qp_state: 'RTS', dest_qp_num: 0x200 })],
    },
    {
      id: 'same-state', title: 'Changing a QP without changing its state', highlight: 'modify',
      text: ['A mask without IBV_QP_STATE targets the current state: RTS→RTS accepts a few attributes, such as `min_rnr_timer` or the access flags. (RTR→RTR does not exist, so in RTR every modify must change state.)'],
      task: 'Change min_rnr_timer of QP 0x100 without IBV_QP_STATE in the mask.',
      hints: [
        'In the modify_qp tab the “to” list starts with “(no state change)”: that leaves IBV_QP_STATE out of the mask.',
        'With no state change the row is RTS→RTS, and IBV_QP_MIN_RNR_TIMER is one of its optional attributes.',
        'Choose “(no state change)”, check IBV_QP_MIN_RNR_TIMER, give it a value (14, say) and press ibv_modify_qp().',
      ],
      check: (p) => p.since('modify').some((e) => e.from === 'RTS' && e.to === 'RTS'),
      solution: [modify(A, 0x100, ['IBV_QP_MIN_RNR_TIMER'], { min_rnr_timer: 14 })],
    },
    {
      id: 'sqd', title: 'SQD: drain the send queue', highlight: 'state',
      text: [
        'RTS→SQD stops the requester from starting new WQEs; those already started run to completion. When the last one is acknowledged the QP is drained and, if you asked with `en_sqd_async_notify`, the NIC raises `IBV_EVENT_SQ_DRAINED`. Receives keep working throughout.',
        'While it is still draining, rxe refuses every change except →ERR. (Some NICs, such as mlx5, have no firmware command for RTS→SQD at all.)',
      ],
      task: 'Move QP 0x100 to SQD with IBV_QP_EN_SQD_ASYNC_NOTIFY and wait for the event.',
      hints: [
        'The State tab lists the targets legal from RTS; “→ SQD” prepares the call in the modify_qp tab.',
        'RTS→SQD takes one optional attribute, IBV_QP_EN_SQD_ASYNC_NOTIFY: it asks for an event once the drain is done.',
        'Target SQD, check IBV_QP_EN_SQD_ASYNC_NOTIFY (1), press ibv_modify_qp(), then play until the event log shows IBV_EVENT_SQ_DRAINED.',
      ],
      check: (p) => p.since('async').some((e) => e.event === 'IBV_EVENT_SQ_DRAINED'),
      solution: [modify(A, 0x100, ['IBV_QP_STATE', 'IBV_QP_EN_SQD_ASYNC_NOTIFY'], { qp_state: 'SQD', en_sqd_async_notify: 1 })], runNs: 30_000,
    },
    {
      id: 'resume', title: 'Back to RTS', highlight: 'state',
      text: ['SQD→RTS resumes the requester: the WQEs that were posted during the drain, and waited, start now. SQD→RTS accepts a few optional attributes (access flags, min_rnr_timer) but requires none.'],
      task: 'Move QP 0x100 back to RTS.',
      hints: [
        'The State tab shows which targets are legal from SQD.',
        'SQD→RTS requires nothing but IBV_QP_STATE; its optional attributes can stay unchecked.',
        'In the modify_qp tab choose “to RTS”, leave only IBV_QP_STATE checked and press ibv_modify_qp().',
      ],
      check: (p) => p.state(A, 0x100) === 'RTS' && p.since('state').some((e) => e.from.startsWith('SQD') && e.to === 'RTS'),
      solution: [modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'RTS' })],
    },
    {
      id: 'err-reset', title: 'Only RESET leaves ERR', highlight: 'state',
      text: ['Every state can go to RESET. From ERR the only way out is RESET (then INIT, RTR, RTS again); ERR→ERR is allowed but stays in ERR.'],
      task: 'Move QP 0x100 to ERR, try ERR→RTS (refused), then go to RESET.',
      hints: [
        'Three calls, all from the modify_qp tab on QP 0x100: to ERR, then to RTS, then to RESET.',
        'RTS→ERR needs nothing but IBV_QP_STATE; from ERR the table has only RESET (and ERR itself).',
        'Target ERR and press ibv_modify_qp(); target RTS and press it again (EINVAL); then target RESET and press it once more.',
      ],
      check: (p) => p.state(A, 0x100) === 'RESET' && p.since('modify-refused').some((e) => e.from === 'ERR'),
      solution: [modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'ERR' }), modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'RTS' }), modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'RESET' })],
    },
    {
      id: 'reset-err', title: 'Predict: RESET → ERR', highlight: 'state',
      text: ['QP 0x100 is back in RESET. One more transition to try before installing it again.'],
      question: {
        kind: 'one', prompt: 'ibv_modify_qp(RESET → ERR) on QP 0x100: what comes back?',
        options: [
          { id: 'ok', label: '0, and the QP is in ERR: any state can be moved to ERR', why: 'Every state except RESET can go to ERR. RESET→ERR is missing from the kernel\'s table, so it is refused.' },
          { id: 'einval', label: 'EINVAL, and nothing changes' },
          { id: 'noop', label: '0, but the QP stays where it is: with nothing queued there is nothing to flush', why: 'ibv_modify_qp never succeeds without doing what was asked: either the QP moves, or the call fails.' },
        ],
        reveal: [modify(A, 0x100, ['IBV_QP_STATE'], { qp_state: 'ERR' })],
        outcome: (p) => (p.since('modify-refused').length > 0 ? 'einval' : p.state(A, 0x100) === 'ERR' ? 'ok' : 'noop'),
        stated: 'einval',
        because: 'The table has no RESET→ERR cell (a 2023 hns patch says as much): a QP in RESET has nothing to flush, and the way out of RESET is INIT.',
      },
    },
    {
      id: 'diagnose', title: 'Diagnose: an EINVAL in production', highlight: 'modify',
      text: [
        'A recovery routine wants host B\'s QP 0x200, which is in RTS and carrying traffic, to start sending from a new PSN. It calls `ibv_modify_qp` with the mask IBV_QP_STATE | IBV_QP_SQ_PSN and the target state RTS. The call returns EINVAL; `ibv_query_qp` says the QP is still in RTS, and its traffic goes on as before.',
      ],
      question: {
        kind: 'one', prompt: 'Why was it refused, and what would work?',
        options: [
          { id: 'not-allowed', label: 'RTS→RTS does not take sq_psn: only RTR→RTS sets it, so the QP must be reset and brought up again' },
          { id: 'no-arrow', label: 'A QP cannot be modified to the state it is in: leave IBV_QP_STATE out of the mask', why: 'RTS→RTS exists (it takes access flags, min_rnr_timer and a few more); with or without IBV_QP_STATE the target is the same RTS→RTS row.' },
          { id: 'missing', label: 'A required attribute is missing: add IBV_QP_TIMEOUT and IBV_QP_RETRY_CNT', why: 'RTS→RTS requires nothing beyond the state; the problem is an attribute that is there, not one that is missing.' },
          { id: 'busy', label: 'The NIC refused while traffic was in flight: pause the traffic and call again', why: 'The kernel\'s table refuses the call before the hardware is asked; the same call fails on an idle QP.' },
        ],
        reveal: [modify(B, 0x200, ['IBV_QP_STATE', 'IBV_QP_SQ_PSN'], { qp_state: 'RTS', sq_psn: 5000 })],
        outcome: (p) => {
          const r = p.since('modify-refused').at(-1)?.reason;
          return r === 'unexpected-attributes' ? 'not-allowed' : r === 'invalid-transition' ? 'no-arrow' : r === 'missing-attributes' ? 'missing' : 'busy';
        },
        stated: 'not-allowed',
        because: 'The kernel table lists what each transition allows: sq_psn is allowed (and required) only on RTR→RTS. On RTS→RTS it is an attribute too many, hence EINVAL with nothing changed. A new starting PSN means a new bring-up: RESET, INIT, RTR, RTS — and the peer must be told the new PSN.',
      },
    },
  ],
  sources: ['kernel-qp-table: valid cells, required and optional attributes, a modify without IBV_QP_STATE', 'man-modify-qp: the errno', 'rxe-qp: SQD while draining', 'mlx5-qp: no RTS→SQD command', 'man-query-qp: sq_draining'],
};
