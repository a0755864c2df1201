// Typed builders for the transport instrument's commands, so views never assemble a command by
// hand (or cast one). Each reads like the verbs call or the fault it stands for; the worker
// validates every command again before the simulation sees it.
import type { AccessName, AttrName, CommandInput, InjectableStatus, ModifyAttrs, SendWr, Sge } from '../core/index.ts';

type Cmd<K extends CommandInput['kind']> = Extract<CommandInput, { kind: K }>;

// The send work request is the core's own type (one definition), re-exported for the views.
export type { SendWr };

export const cmd = {
  postSend: (host: number, qpn: number, wr: SendWr): Cmd<'postSend'> => ({ kind: 'postSend', host, qpn, wr }),
  postRecv: (host: number, qpn: number, wrId: number, length: number, sgl?: Sge[]): Cmd<'postRecv'> => ({ kind: 'postRecv', host, qpn, wr: { wrId, length, sgl } }),
  modifyQp: (host: number, qpn: number, mask: AttrName[], attrs: ModifyAttrs): Cmd<'modifyQp'> => ({ kind: 'modifyQp', host, qpn, mask, attrs }),
  /** ibv_modify_qp with only IBV_QP_STATE (to ERR or RESET). */
  moveTo: (host: number, qpn: number, state: 'ERR' | 'RESET'): Cmd<'modifyQp'> => ({ kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE'], attrs: { qp_state: state } }),
  pollCq: (host: number, cq: number, max: number): Cmd<'pollCq'> => ({ kind: 'pollCq', host, cq, max }),
  failNextWr: (host: number, qpn: number, status: InjectableStatus): Cmd<'failNextWr'> => ({ kind: 'failNextWr', host, qpn, status }),
  dropPackets: (count: number, from?: number): Cmd<'dropPackets'> => ({ kind: 'dropPackets', count, from }),
  qpFatal: (host: number, qpn: number): Cmd<'qpFatal'> => ({ kind: 'qpFatal', host, qpn }),
  traffic: (id: string, on: boolean): Cmd<'traffic'> => ({ kind: 'traffic', id, on }),
  setPoll: (host: number, intervalNs: number): Cmd<'setPoll'> => ({ kind: 'setPoll', host, intervalNs }),
  /** ibv_reg_mr; the answer names the lkey and rkey. */
  regMr: (host: number, length: number, access: AccessName[], fill?: number): Cmd<'regMr'> => ({ kind: 'regMr', host, length, access, fill }),
  /** ibv_dereg_mr. */
  deregMr: (host: number, lkey: number): Cmd<'deregMr'> => ({ kind: 'deregMr', host, lkey }),
  postSrqRecv: (host: number, srq: number, wrId: number, length: number): Cmd<'postSrqRecv'> => ({ kind: 'postSrqRecv', host, srq, wr: { wrId, length } }),
  /** ibv_modify_srq(IBV_SRQ_LIMIT). */
  armSrqLimit: (host: number, srq: number, limit: number): Cmd<'modifySrq'> => ({ kind: 'modifySrq', host, srq, limit }),
  /** ibv_destroy_qp, at once or after the flush has drained and been polled. */
  destroyQp: (host: number, qpn: number, drain: boolean): Cmd<'destroyQp'> => ({ kind: 'destroyQp', host, qpn, drain }),
};
