// Small builders so lesson solutions read like the verbs calls they stand for.
import type { AttrName, Command, ModifyAttrs, ScenarioInput, SendOpcode } from '../../core/index.ts';
import type { Probe, TransportAction } from './types.ts';

export const A = 0, B = 1;

export function modify(host: number, qpn: number, mask: AttrName[], attrs: ModifyAttrs): Command {
  return { kind: 'modifyQp', host, qpn, mask, attrs };
}

export function send(host: number, qpn: number, wrId: number, opcode: SendOpcode = 'IBV_WR_SEND', length = 1024): Command {
  return { kind: 'postSend', host, qpn, wr: { wrId, opcode, length: opcode.includes('ATOMIC') ? 8 : length, signaled: true } };
}

export function recv(host: number, qpn: number, wrId: number, length = 4096): Command {
  return { kind: 'postRecv', host, qpn, wr: { wrId, length } };
}

/** The three modify calls that take an RC QP from RESET to RTS against a peer. */
export function bringUpRc(host: number, qpn: number, peer: { host: number; qpn: number; rqPsn: number; sqPsn: number }, limits = { rd: 4, destRd: 4 }): Command[] {
  return [
    modify(host, qpn, ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'], { qp_state: 'INIT', pkey_index: 0, port_num: 1, qp_access_flags: 15 }),
    modify(host, qpn, ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'],
      { qp_state: 'RTR', ah_dlid: peer.host + 1, path_mtu: 3, dest_qp_num: peer.qpn, rq_psn: peer.sqPsn, max_dest_rd_atomic: limits.destRd, min_rnr_timer: 1 }),
    modify(host, qpn, ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'],
      { qp_state: 'RTS', sq_psn: peer.rqPsn, timeout: 4, retry_cnt: 3, rnr_retry: 3, max_rd_atomic: limits.rd }),
  ];
}

/** A lesson's setup: load this scenario. */
export function load(scenario: ScenarioInput): TransportAction {
  return { kind: 'load', scenario };
}

/**
 * A step's `stuck` for a task these QPs must stay out of ERR for: once one is there, only RESET
 * leaves it, and the task can no longer be done as the step sets it up (the learner is offered
 * the step's start). `what` finishes "…, so …": what can no longer happen.
 */
export function outOfErr(what: string, ...qps: Array<readonly [host: number, qpn: number]>) {
  return (p: Probe): string | null => {
    for (const [host, qpn] of qps) {
      if (p.state(host, qpn) !== 'ERR') continue;
      return `QP ${String.fromCharCode(65 + host)}·0x${qpn.toString(16)} is in ERR, so ${what}. Only RESET leaves ERR: go back to this step's start.`;
    }
    return null;
  };
}
