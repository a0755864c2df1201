// The QP lifecycle as one XState v5 machine: the hardware-enforced state machine of topic 5.
// No timers, no randomness; every hardware-initiated move arrives as an event from the engine.
// The engine advances QPs at scale with lifecycle.ts, which is derived from this machine and
// proven equal to it by lifecycle.test.ts over every (type, state, event).
import { setup } from 'xstate';
import { modifyAllowed } from '../verbs/checkModify.ts';
import { QP_STATES, type QpState, type QpType } from '../verbs/types.ts';

export type QpEvent =
  /** ibv_modify_qp; `target` is the current state when the mask has no IBV_QP_STATE. */
  | { type: 'MODIFY'; target: QpState; mask: number }
  /** A send WR completed in error: RC/UC/UD differ (core/verbs.c qp_state_table, rdmavt, rxe) [sources: sqe-state, rxe-err]. */
  | { type: 'SEND_ERROR' }
  /** Any error that takes the whole QP down (responder error, catastrophic, retry exhausted). */
  | { type: 'FATAL' }
  /** The last in-flight send of a draining SQ completed (rxe_comp.c comp_check_sq_drain_done) [sources: sqd]. */
  | { type: 'DRAINED' };

type ModifyTransition = { guard: { type: 'legalModify'; params: { from: QpState; to: QpState } }; target: string };

/** One guarded MODIFY transition per target state; the guard is the kernel table. */
function modifyTo(from: QpState, selfTarget?: string): ModifyTransition[] {
  return QP_STATES.filter((to) => to !== 'SQE').map((to) => ({
    guard: { type: 'legalModify', params: { from, to } },
    target: to === from && selfTarget ? selfTarget : to === 'SQD' ? '#qp.SQD.draining' : `#qp.${to}`,
  }));
}

export const qpMachine = setup({
  types: {
    context: {} as { qpType: QpType },
    events: {} as QpEvent,
    input: {} as { qpType: QpType },
  },
  guards: {
    legalModify: ({ context, event }, p: { from: QpState; to: QpState }) =>
      event.type === 'MODIFY' && event.target === p.to &&
      modifyAllowed(context.qpType, QP_STATES.indexOf(p.from), QP_STATES.indexOf(p.to), event.mask),
    reliable: ({ context }) => context.qpType === 'RC',
  },
}).createMachine({
  id: 'qp',
  initial: 'RESET',
  context: ({ input }) => ({ qpType: input.qpType }),
  states: {
    RESET: { on: { MODIFY: modifyTo('RESET') } },
    INIT: { on: { MODIFY: modifyTo('INIT'), FATAL: '#qp.ERR' } },
    RTR: { on: { MODIFY: modifyTo('RTR'), FATAL: '#qp.ERR' } },
    RTS: {
      on: {
        MODIFY: modifyTo('RTS'),
        FATAL: '#qp.ERR',
        // RC errors go straight to ERR; UC/UD send errors stop only the SQ (SQE).
        SEND_ERROR: [{ guard: 'reliable', target: '#qp.ERR' }, { target: '#qp.SQE' }],
      },
    },
    SQD: {
      initial: 'draining',
      on: { FATAL: '#qp.ERR', SEND_ERROR: [{ guard: 'reliable', target: '#qp.ERR' }, { target: '#qp.SQE' }] },
      states: {
        // rxe __qp_chk_state: while sq_draining, any state change but →ERR is EINVAL.
        draining: {
          on: {
            DRAINED: 'drained',
            MODIFY: [{ guard: { type: 'legalModify', params: { from: 'SQD', to: 'ERR' } }, target: '#qp.ERR' }],
          },
        },
        drained: { on: { MODIFY: modifyTo('SQD', '#qp.SQD.drained') } },
      },
    },
    SQE: { on: { MODIFY: modifyTo('SQE'), FATAL: '#qp.ERR' } },
    ERR: { on: { MODIFY: modifyTo('ERR') } },
  },
});
