// Typed builders for the transport instrument's commands, so views never assemble a command by
// hand (or cast one). Each reads like the verbs call or the fault it stands for; the worker
// validates every command again before the simulation sees it.
import type { AttrName, CommandInput, ModifyAttrs, SendOpcode, WcStatus } from '../core/index.ts';

type Cmd<K extends CommandInput['kind']> = Extract<CommandInput, { kind: K }>;

export interface SendWr { wrId: number; opcode: SendOpcode; length: number; signaled?: boolean; imm?: number; ud?: { host: number; qpn: number; qkey: number } }

export const cmd = {
  postSend: (host: number, qpn: number, wr: SendWr): Cmd<'postSend'> => ({ kind: 'postSend', host, qpn, wr }),
  postRecv: (host: number, qpn: number, wrId: number, length: number): Cmd<'postRecv'> => ({ kind: 'postRecv', host, qpn, wr: { wrId, length } }),
  modifyQp: (host: number, qpn: number, mask: AttrName[], attrs: ModifyAttrs): Cmd<'modifyQp'> => ({ kind: 'modifyQp', host, qpn, mask, attrs }),
  /** ibv_modify_qp with only IBV_QP_STATE (to ERR or RESET). */
  moveTo: (host: number, qpn: number, state: 'ERR' | 'RESET'): Cmd<'modifyQp'> => ({ kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE'], attrs: { qp_state: state } }),
  pollCq: (host: number, cq: number, max: number): Cmd<'pollCq'> => ({ kind: 'pollCq', host, cq, max }),
  failNextWr: (host: number, qpn: number, status: WcStatus): Cmd<'failNextWr'> => ({ kind: 'failNextWr', host, qpn, status }),
  dropPackets: (count: number, from?: number): Cmd<'dropPackets'> => ({ kind: 'dropPackets', count, from }),
  qpFatal: (host: number, qpn: number): Cmd<'qpFatal'> => ({ kind: 'qpFatal', host, qpn }),
  traffic: (id: string, on: boolean): Cmd<'traffic'> => ({ kind: 'traffic', id, on }),
  setPoll: (host: number, intervalNs: number): Cmd<'setPoll'> => ({ kind: 'setPoll', host, intervalNs }),
};
