// Each driver profile's hardware counters, named as its driver names them, each with its rule:
// which of the model's quantities (quantities.ts) add up to it, and where the name and meaning
// come from. A counter the model cannot produce is listed with `notModelled` (why), never as 0.
//
// mlx5: the port's hw_counters are firmware queue counters the driver only reads
// (drivers/infiniband/hw/mlx5/counters.c: basic_q_cnts, retrans_q_cnts, out_of_seq_q_cnts,
// extended_err_cnts, roce_accl_cnts read by QUERY_Q_COUNTER) [sources: mlx5-counters]; what the
// firmware counts is described only in vendor documentation, so each rule is the model's reading
// of that description [sources: mlx5-counter-meaning]. rxe: the names of rxe_hw_counters.c and the
// line of the driver that increments each [sources: rxe-counters]. IBTA: the specification has
// no transport-level (QP) error counters; its PortCounters attribute, as the kernel exposes it
// under ports/<n>/counters/ (core sysfs.c PORT_PMA_ATTR), is the documented equivalent, and only
// the packet and link counters of it have an event in the model [sources: ib-port-counters].
import type { ProfileId } from '../model/profiles.ts';
import { Q } from './quantities.ts';

type QName = keyof typeof Q;
export interface CounterDef {
  name: string;
  /** The quantities it sums (absent when not modelled). */
  from?: readonly QName[];
  /** Which event increments it, in words. */
  rule: string;
  /** Why the model cannot produce it (present exactly when not modelled). */
  notModelled?: string;
  sources: readonly string[];
  /** Where the rule comes from: read in the driver's code (rxe), documented (the IBTA PortCounters), or the model's reading of a vendor description (mlx5: the firmware is not public). */
  basis: 'code' | 'documented' | 'model';
}

const M5 = ['mlx5-counters', 'mlx5-counter-meaning'] as const;
const m5 = (name: string, from: QName[], rule: string): CounterDef => ({ name, from, rule, sources: M5, basis: 'model' });
const m5no = (name: string, rule: string, notModelled: string): CounterDef => ({ name, rule, notModelled, sources: M5, basis: 'model' });

const MLX5: readonly CounterDef[] = [
  m5('rx_write_requests', ['rxWrite'], 'an RDMA WRITE request message received by this port\'s responder (its first or only packet)'),
  m5('rx_read_requests', ['rxRead'], 'an RDMA READ request received by the responder'),
  m5('rx_atomic_requests', ['rxAtomic'], 'an atomic request received by the responder'),
  m5no('rx_dct_connect', 'a DC target connection request', 'the model has no DC transport'),
  m5('out_of_buffer', ['txRnrNak', 'noRecvDrop'], 'a message dropped for lack of a receive WQE: an RC SEND answered with an RNR NAK, a UC/UD message dropped'),
  m5('out_of_sequence', ['rxOutOfSeq'], 'a request packet received with a PSN ahead of the expected one'),
  m5('duplicate_request', ['rxDuplicate'], 'a request packet received again (PSN behind the expected one)'),
  m5('rnr_nak_retry_err', ['rnrRetried'], 'an RNR NAK received by the requester that did not exhaust rnr_retry'),
  m5('packet_seq_err', ['rxSeqNak'], 'a PSN-sequence-error NAK received by the requester'),
  m5no('implied_nak_seq_err', 'a READ response or ACK arriving with a PSN beyond the expected one (an implied NAK)', 'the model drops an unexpected READ response and waits for the ACK timer; it has no implied-NAK path'),
  m5('local_ack_timeout_err', ['ackTimeout'], 'the requester\'s ACK timer expired (each retransmission it causes, and the expiry that exhausts retry_cnt)'),
  m5('resp_local_length_error', ['respLocLen'], 'a receive completed with LOC_LEN_ERR: the message did not fit the receive buffer'),
  m5('resp_cqe_error', ['rqCqeErr'], 'a receive CQE written with an error other than a flush'),
  m5('req_cqe_error', ['sqCqeErr'], 'a send CQE written with an error other than a flush'),
  m5('req_remote_invalid_request', ['reqRemInvReq'], 'a WR failed by an Invalid Request NAK (REM_INV_REQ_ERR)'),
  m5('req_remote_access_errors', ['reqRemAccess'], 'a WR failed by a Remote Access Error NAK (REM_ACCESS_ERR)'),
  m5('resp_remote_access_errors', ['respRemAccess'], 'the responder refused a request for its rkey, range or access: a Remote Access Error NAK sent'),
  m5('resp_cqe_flush_error', ['rqCqeFlush'], 'a receive CQE written with WR_FLUSH_ERR'),
  m5('req_cqe_flush_error', ['sqCqeFlush'], 'a send CQE written with WR_FLUSH_ERR'),
  m5('req_transport_retries_exceeded', ['retryExceeded'], 'a WR failed with RETRY_EXC_ERR'),
  m5('req_rnr_retries_exceeded', ['rnrExceeded'], 'a WR failed with RNR_RETRY_EXC_ERR'),
  m5no('roce_adp_retrans', 'an adaptive retransmission (RoCE accelerations)', 'the model retransmits on the IBTA ACK timer only; adaptive retransmission is firmware behaviour no public source describes'),
  m5no('roce_adp_retrans_to', 'a timeout of an adaptive retransmission', 'no adaptive retransmission in the model'),
  m5no('roce_slow_restart', 'a slow restart (RoCE accelerations)', 'no congestion control or slow restart in the model'),
  m5no('roce_slow_restart_cnps', 'CNPs during a slow restart', 'no congestion control in the model'),
  m5no('roce_slow_restart_trans', 'transitions into slow restart', 'no congestion control in the model'),
  m5no('rp_cnp_ignored', 'a CNP ignored by the reaction point', 'no ECN or CNPs in the model'),
  m5no('rp_cnp_handled', 'a CNP handled by the reaction point', 'no ECN or CNPs in the model'),
  m5no('np_ecn_marked_roce_packets', 'an ECN-marked RoCE packet received', 'no ECN in the model'),
  m5no('np_cnp_sent', 'a CNP sent by the notification point', 'no ECN or CNPs in the model'),
  m5no('rx_icrc_encapsulated', 'a packet with a bad ICRC', 'the wire in the model never corrupts a packet, it only loses it'),
];

const RX = ['rxe-counters'] as const;
const rx = (name: string, from: QName[], rule: string): CounterDef => ({ name, from, rule, sources: RX, basis: 'code' });
const rxno = (name: string, rule: string, notModelled: string): CounterDef => ({ name, rule, notModelled, sources: RX, basis: 'code' });

const RXE: readonly CounterDef[] = [
  rx('sent_pkts', ['txPkts'], 'rxe_xmit_packet: a packet handed to the network (a port that is down sends nothing)'),
  rx('rcvd_pkts', ['rxPkts'], 'rxe_rcv: a packet that passed the header checks (QP found, transport and state, Q_Key)'),
  rx('duplicate_request', ['rxDuplicate'], 'rxe_resp.c check_psn: an RC request with a PSN behind the expected one'),
  rx('out_of_seq_request', ['rxOutOfSeqNaked'], 'rxe_resp.c check_psn: the first RC request of a PSN gap (later ones are dropped uncounted until the gap closes)'),
  rx('rcvd_rnr_err', ['rxRnrNak'], 'rxe_comp.c check_ack: an RNR NAK received'),
  rx('send_rnr_err', ['txRnrNak'], 'rxe_resp.c: an RNR NAK sent by an RC responder with no receive WQE'),
  rx('rcvd_seq_err', ['rxSeqNak'], 'rxe_comp.c check_ack: a PSN-sequence-error NAK received'),
  rxno('ack_deferred', 'rxe_comp.c: the completer deferred its work to a later run of its task', 'a scheduling detail of rxe\'s tasklets; the model has no tasks'),
  rx('retry_exceeded_err', ['retryExceeded'], 'rxe_comp.c: retry_cnt exhausted, the WQE completes with RETRY_EXC_ERR'),
  rx('retry_rnr_exceeded_err', ['rnrExceeded'], 'rxe_comp.c: rnr_retry exhausted, the WQE completes with RNR_RETRY_EXC_ERR'),
  rx('completer_retry_err', ['retransmit'], 'rxe_comp.c: the completer starts a retransmission (ACK timeout or PSN-sequence NAK)'),
  rxno('send_err', 'rxe_xmit_packet: the network stack refused a packet', 'the model\'s wire accepts every packet it is handed (it may lose it later)'),
  rx('link_downed', ['portErr'], 'rxe_net.c rxe_notify: the netdev went down (here: IBV_EVENT_PORT_ERR)'),
  rx('rdma_sends', ['sendsDone'], 'rxe_comp.c do_complete: a SEND WQE retired successfully, signaled or not'),
  rx('rdma_recvs', ['recvsDone'], 'rxe_resp.c do_complete: a receive completed successfully'),
];

const IB = ['ib-port-counters'] as const;
const ib = (name: string, from: QName[], rule: string): CounterDef => ({ name, from, rule, sources: IB, basis: 'documented' });
const ibno = (name: string, rule: string, notModelled: string): CounterDef => ({ name, rule, notModelled, sources: IB, basis: 'documented' });

const IBTA: readonly CounterDef[] = [
  ib('port_xmit_packets', ['txPkts'], 'PortXmitPkts: a packet the port transmitted'),
  ib('port_rcv_packets', ['rxPortPkts'], 'PortRcvPkts: a packet that arrived at the port while it was up, whatever became of it after (one for a QP that does not exist, is not ready, or has another Q_Key counts too)'),
  ib('port_xmit_discards', ['txDiscardDown'], 'PortXmitDiscards: an outbound packet discarded because the port was down'),
  ib('link_downed', ['portErr'], 'LinkDownedCounter: the link went down (here: IBV_EVENT_PORT_ERR)'),
  ibno('symbol_error', 'SymbolErrorCounter: a physical-layer symbol error', 'the model has no physical layer'),
  ibno('port_rcv_errors', 'PortRcvErrors: a malformed packet received', 'the wire in the model never corrupts a packet'),
  ibno('port_xmit_wait', 'PortXmitWait: ticks the port had data but no credits', 'no link-level flow control in the model'),
  ibno('(transport errors)', 'per-QP sequence, RNR, retry and access errors', 'PortCounters has none: such counts exist only as each driver\'s own hw_counters (mlx5 and rxe among them), under names of its own'),
];

export const COUNTER_DEFS: Readonly<Record<ProfileId, readonly CounterDef[]>> = { ibta: IBTA, rxe: RXE, mlx5: MLX5 };

/** The counters of a profile the model produces, in the driver's order. */
export function modelledCounters(profile: ProfileId): readonly CounterDef[] {
  return COUNTER_DEFS[profile].filter((c) => c.from !== undefined);
}

/** The counters of a profile the model cannot produce (reported by name, never as 0). */
export function countersNotModelled(profile: ProfileId): string[] {
  return COUNTER_DEFS[profile].filter((c) => c.from === undefined).map((c) => c.name);
}

/** One host's counters under a profile, from its quantities: `{ [name]: n }`, modelled ones only. */
export function countersOf(profile: ProfileId, q: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of modelledCounters(profile)) {
    let n = 0;
    for (const k of c.from ?? []) n += q[Q[k]];
    out[c.name] = n;
  }
  return out;
}
