// The diagnosis catalogue: causes the model knows, each with a scenario that makes it happen
// through the model's own rules and key checks (never a scripted status), and its recovery as
// portable verbs steps. diagnose.ts runs every scenario and keeps the causes whose run shows the
// symptoms; nothing here states which symptoms a cause has — the run does.
//
// The order is the catalogue's prior, most common in practice first (MODEL: the project's
// judgement, no public statistics exist) [sources: model-diagnosis]; causes realised only by an
// injected fault (INJECTABLE) come last.
import { INJECTABLE, type InjectableStatus } from '../model/wc.ts';
import type { ScenarioInput } from '../model/schema.ts';
import type { ProfileId } from '../model/profiles.ts';
import { FAST_RETRY, QA, QB, RW, keyedMrs, mrKey, stream, twoHosts } from './build.ts';

export interface Cause {
  id: string;
  cause: string;
  /** The model rule or key check behind it. */
  rule: string;
  build: (profile: ProfileId) => ScenarioInput;
  recovery: readonly string[];
  /** Realised by an injected fault (INJECTABLE), not by a mechanism of the model. */
  injected?: boolean;
}

/** The steps that bring a connected RC QP back after an error: the same for every transport error. */
const RECONNECT = [
  'drain: keep calling ibv_poll_cq until every outstanding WR has come back (the rest as IBV_WC_WR_FLUSH_ERR)',
  'ibv_modify_qp(qp, {qp_state = IBV_QPS_RESET}, IBV_QP_STATE) — or ibv_destroy_qp and create a new QP',
  're-exchange QPN, PSNs, LID/GID and every rkey with the peer out of band (or reconnect with rdma_cm)',
  'RESET → INIT → RTR → RTS again with the new attributes, then re-post the receives and the WRs that failed',
] as const;
const withFirst = (step: string) => [step, ...RECONNECT];

const B_WRITE = (extra = {}) => stream('IBV_WR_RDMA_WRITE', { local: 0, remote: 1, length: 2048, ...extra });
const FAST = { attrs: FAST_RETRY };

export const CAUSES: readonly Cause[] = [
  {
    id: 'stale-rkey-after-peer-restart',
    cause: 'the peer restarted and registered its buffer again: its QP answers, but the rkey this side holds is from before the restart',
    rule: 'the responder checks the rkey of every RDMA request against its registered MRs before it places a byte; an old key names no valid MR → NAK Remote Access Error, the requester completes REM_ACCESS_ERR and both QPs go to ERR [sources: rxe-keys, man-async-event]',
    build: (p) => twoHosts('B restarts its process at 20 µs: its buffer is registered again with a new rkey; A goes on writing with the old one', p, {
      mrs: keyedMrs(), workloads: [B_WRITE()],
      commands: [
        { t: 20_000, cmd: { kind: 'deregMr', host: 1, lkey: mrKey(1, 0) } },
        { t: 20_000, cmd: { kind: 'regMr', host: 1, length: 65536, access: [...RW] } },
      ],
    }),
    recovery: withFirst('fetch the peer\'s new rkey and address after every reconnect: never cache them across a peer restart'),
  },
  {
    id: 'deregistered-region',
    cause: 'the peer deregistered the target buffer (ibv_dereg_mr) while this side was still writing into it',
    rule: 'a deregistered MR is invalid for every later request: the rkey check fails at the responder → NAK Remote Access Error → REM_ACCESS_ERR and ERR on both sides [sources: rxe-keys]',
    build: (p) => twoHosts('B deregisters the buffer A writes into at 20 µs', p, {
      mrs: keyedMrs(), workloads: [B_WRITE()], commands: [{ t: 20_000, cmd: { kind: 'deregMr', host: 1, lkey: mrKey(1, 0) } }],
    }),
    recovery: withFirst('keep an MR registered until the peer has stopped using its rkey (a final message, then dereg)'),
  },
  {
    id: 'mr-without-remote-access',
    cause: 'the target MR was registered without IBV_ACCESS_REMOTE_WRITE (or REMOTE_READ / REMOTE_ATOMIC for reads and atomics)',
    rule: 'the responder checks the MR\'s access flags against the operation → NAK Remote Access Error → REM_ACCESS_ERR [sources: rxe-keys]',
    build: (p) => twoHosts('B registered its buffer with LOCAL_WRITE only; A writes into it', p, { mrs: keyedMrs(['IBV_ACCESS_LOCAL_WRITE']), workloads: [B_WRITE()] }),
    recovery: withFirst('register the target with the IBV_ACCESS_REMOTE_* flag the operation needs'),
  },
  {
    id: 'remote-range',
    cause: 'the remote address and length run past the end of the peer\'s MR',
    rule: 'the responder checks [addr, addr + length) against the MR before placing a byte → NAK Remote Access Error [sources: rxe-keys]',
    build: (p) => twoHosts('A writes 8 KiB into a 4 KiB region of B', p, { mrs: keyedMrs(RW, 4096), workloads: [B_WRITE({ length: 8192 })] }),
    recovery: withFirst('send the peer\'s buffer length with its rkey and check every remote range against it'),
  },
  {
    id: 'peer-qp-destroyed',
    cause: 'the peer\'s QP is gone (its process died or destroyed it): nothing answers, the retries run out',
    rule: 'a packet for a QPN that does not exist is dropped silently; with no ACK the requester retransmits retry_cnt times, then completes RETRY_EXC_ERR [sources: ack-timeout, rxe-recv]',
    build: (p) => twoHosts('B destroys its QP at 20 µs; A goes on sending', p, { a: FAST, workloads: [stream('IBV_WR_SEND')], commands: [{ t: 20_000, cmd: { kind: 'destroyQp', host: 1, qpn: QB } }] }),
    recovery: withFirst('treat RETRY_EXC_ERR as "the peer may be gone": reconnect through the connection manager, which learns whether the peer is back'),
  },
  {
    id: 'peer-qp-reset',
    cause: 'the peer\'s QP was moved to RESET (restarting, or recovering from its own error) and not yet reconnected',
    rule: 'a QP in RESET (or INIT) drops every request; the requester times out retry_cnt times → RETRY_EXC_ERR [sources: rxe-recv, ack-timeout]',
    build: (p) => twoHosts('B moves its QP to RESET at 20 µs; A goes on sending', p, {
      a: FAST, workloads: [stream('IBV_WR_SEND')], commands: [{ t: 20_000, cmd: { kind: 'modifyQp', host: 1, qpn: QB, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } } }],
    }),
    recovery: withFirst('reconnect both sides together: a peer that resets must tell this side (or be told) before traffic resumes'),
  },
  {
    id: 'packets-lost',
    cause: 'the path loses every packet (a cable, a switch, a routing or GID/MTU mismatch): no ACK ever comes back',
    rule: 'each ACK timeout spends one retry; with retry_cnt spent the WR completes RETRY_EXC_ERR and the QP goes to ERR [sources: ack-timeout]',
    build: (p) => twoHosts('every packet from A is lost from 20 µs on', p, { a: FAST, workloads: [stream('IBV_WR_SEND')], commands: [{ t: 20_000, cmd: { kind: 'dropPackets', count: 100_000, from: 0 } }] }),
    recovery: withFirst('check the path first (ibv_devinfo port state, the fabric\'s counters): under mlx5 names, local_ack_timeout_err and req_transport_retries_exceeded rise on this side while packet_seq_err stays flat (a sequence NAK needs a packet to arrive), and the peer\'s counters see nothing'),
  },
  {
    id: 'peer-port-down',
    cause: 'the peer\'s port went down',
    rule: 'packets to or from a port that is down are lost; the requester retries until RETRY_EXC_ERR; the port raises IBV_EVENT_PORT_ERR on its host [sources: ack-timeout, man-async-event]',
    build: (p) => twoHosts('B\'s port goes down at 20 µs', p, { a: FAST, workloads: [stream('IBV_WR_SEND')], commands: [{ t: 20_000, cmd: { kind: 'portDown', host: 1 } }] }),
    recovery: withFirst('wait for IBV_EVENT_PORT_ACTIVE before reconnecting'),
  },
  {
    id: 'no-receive-posted',
    cause: 'the peer posted no receive for a SEND (its receive queue or SRQ ran dry) and rnr_retry ran out',
    rule: 'an RC SEND finding no receive WQE is answered with an RNR NAK; each spends one rnr_retry (7 = forever); then RNR_RETRY_EXC_ERR [sources: rnr-retry]',
    build: (p) => twoHosts('B posts no receives; A sends with rnr_retry = 1', p, { a: { attrs: { rnr_retry: 1 } }, b: { recvs: 0, refill: false }, workloads: [stream('IBV_WR_SEND', { count: 2 })] }),
    recovery: withFirst('keep receives posted ahead of the peer\'s sends (credits), or set rnr_retry = 7 where waiting is acceptable'),
  },
  {
    id: 'receive-too-small',
    cause: 'the peer\'s receive buffer is smaller than the message sent',
    rule: 'the responder finds the message longer than the receive WQE: receive CQE LOC_LEN_ERR (rxe: REM_INV_REQ_ERR) and NAK Invalid Request → the requester completes REM_INV_REQ_ERR [sources: model-profiles]',
    build: (p) => twoHosts('B posts 512-byte receives; A sends 1 KiB', p, { b: { recvLength: 512 }, workloads: [stream('IBV_WR_SEND', { count: 2 })] }),
    recovery: withFirst('agree on the largest message and post receives at least that large'),
  },
  {
    id: 'qp-access-flags',
    cause: 'the peer\'s QP does not allow the operation: qp_access_flags lack IBV_ACCESS_REMOTE_WRITE (or READ / ATOMIC)',
    rule: 'the responder checks the request against the QP\'s qp_access_flags → NAK Invalid Request → REM_INV_REQ_ERR [sources: model-profiles]',
    build: (p) => twoHosts('B\'s QP was moved to INIT with qp_access_flags = 0; A writes', p, { b: { attrs: { qp_access_flags: 0 } }, workloads: [stream('IBV_WR_RDMA_WRITE', { count: 2 })] }),
    recovery: withFirst('set qp_access_flags at RESET→INIT (or INIT→RTR) to every remote operation the peer will issue'),
  },
  {
    id: 'too-many-reads',
    cause: 'more RDMA READs/atomics in flight than the peer\'s max_dest_rd_atomic (this side\'s max_rd_atomic is larger)',
    rule: 'the IBTA and mlx5 profiles NAK the excess with Invalid Request → REM_INV_REQ_ERR; rxe recycles its oldest resource instead [sources: rd-atomic-pair, model-profiles]',
    build: (p) => twoHosts('A reads with max_rd_atomic = 4 from B, whose max_dest_rd_atomic = 1', p, {
      mrs: [{ host: 0, length: 65536, access: ['IBV_ACCESS_LOCAL_WRITE'] }, { host: 1, length: 65536, access: ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_READ'] }],
      a: { attrs: { max_rd_atomic: 4 } }, b: { attrs: { max_dest_rd_atomic: 1 } },
      workloads: [stream('IBV_WR_RDMA_READ', { local: 0, remote: 1, length: 4096, intervalNs: 100, count: 8 })],
    }),
    recovery: withFirst('exchange max_dest_rd_atomic and set this side\'s max_rd_atomic no higher'),
  },
  {
    id: 'bad-local-lkey',
    cause: 'a WR names an lkey that is not registered (or deregistered) on this side',
    rule: 'the requester checks the lkey as it reads the buffer → LOC_PROT_ERR, the QP goes to ERR [sources: rxe-keys]',
    build: (p) => twoHosts('A posts a SEND whose gather list names lkey 0xdead', p, {
      mrs: keyedMrs(),
      commands: [{ t: 5_000, cmd: { kind: 'postSend', host: 0, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, sgl: [{ addr: 0x10000, length: 64, lkey: 0xdead }] } } }],
    }),
    recovery: withFirst('use the lkey of the MR that holds the buffer, and keep the MR registered until the WR completes'),
  },
  {
    id: 'receive-bad-lkey',
    cause: 'the peer posted a receive whose scatter list names a bad lkey',
    rule: 'the responder fails writing into the receive buffer: receive CQE LOC_PROT_ERR (rxe: LOC_QP_OP_ERR) and NAK Remote Operational Error → the requester completes REM_OP_ERR [sources: rxe-keys, model-profiles]',
    build: (p) => twoHosts('B posts a receive naming lkey 0xdead; A sends', p, {
      mrs: keyedMrs(), b: { recvs: 0, refill: false },
      commands: [
        { t: 1_000, cmd: { kind: 'postRecv', host: 1, qpn: QB, wr: { wrId: 5, length: 64, sgl: [{ addr: 0x10000, length: 64, lkey: 0xdead }] } } },
        { t: 5_000, cmd: { kind: 'postSend', host: 0, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64 } } },
      ],
    }),
    recovery: withFirst('post receives only into registered buffers, with their own lkey'),
  },
  {
    id: 'misaligned-atomic',
    cause: 'an atomic\'s remote address is not 8-byte aligned',
    rule: 'the responder NAKs it Invalid Request → REM_INV_REQ_ERR (IBTA, mlx5); rxe refuses the post with EINVAL instead [sources: model-profiles]',
    build: (p) => twoHosts('A posts a FETCH_AND_ADD to B\'s buffer + 4', p, {
      mrs: [{ host: 0, length: 4096, access: ['IBV_ACCESS_LOCAL_WRITE'] }, { host: 1, length: 4096, access: ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_ATOMIC'] }],
      commands: [{ t: 5_000, cmd: { kind: 'postSend', host: 0, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8, sgl: [{ addr: 0x10000, length: 8, lkey: mrKey(0, 0) }], rdma: { addr: 0x10004, rkey: mrKey(1, 0) }, atomic: { compareAdd: 1 } } } }],
    }),
    recovery: withFirst('align atomic targets to 8 bytes'),
  },
  {
    id: 'opcode-not-in-transport',
    cause: 'an RDMA READ (or atomic) posted on a UC QP, which has no such operation',
    rule: 'mlx5 accepts the post and completes the WQE with LOC_QP_OP_ERR; IBTA and rxe refuse the post with EINVAL [sources: libmlx5-post, model-profiles]',
    build: (p) => twoHosts('A posts an RDMA READ on a UC QP', p, { type: 'UC', commands: [{ t: 5_000, cmd: { kind: 'postSend', host: 0, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 64 } } }] }),
    recovery: withFirst('use RC for READs and atomics'),
  },
  {
    id: 'app-moved-to-err',
    cause: 'the application (or a teardown path) moved its own QP to ERR with WRs still queued',
    rule: 'every WR still queued completes with WR_FLUSH_ERR, in order, signaled or not [sources: rxe-comp]',
    build: (p) => twoHosts('A moves its own QP to ERR at 20 µs with sends queued', p, {
      workloads: [stream('IBV_WR_SEND', { intervalNs: 500, count: 60 })],
      commands: [{ t: 20_000, cmd: { kind: 'modifyQp', host: 0, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } }],
    }),
    recovery: ['expected during teardown: poll until every WR is back, then destroy the QP', ...RECONNECT.slice(1)],
  },
  {
    id: 'qp-fatal',
    cause: 'the NIC hit an error on the QP it cannot tie to one WR (a context error)',
    rule: 'the QP goes to ERR and raises IBV_EVENT_QP_FATAL; its queued WRs flush [sources: man-async-event]',
    build: (p) => twoHosts('B\'s QP takes a fatal error at 20 µs', p, { workloads: [stream('IBV_WR_SEND')], commands: [{ t: 20_000, cmd: { kind: 'qpFatal', host: 1, qpn: QB } }] }),
    recovery: withFirst('read the async event (ibv_get_async_event, then ibv_ack_async_event) and recover that QP only'),
  },
  {
    id: 'cq-overrun',
    cause: 'a CQ overran: more completions than its depth, not polled in time',
    rule: 'one IBV_EVENT_CQ_ERR, and the CQ cannot be used from then on: its later entries are lost (ibv_poll_cq(3); mlx5 marks the CQ context overflowed, rdmavt latches cq_full). rxe instead takes entries again once there is room; the model follows the man page under every profile [sources: man-poll-cq, cq-full]',
    build: (p) => twoHosts('B\'s CQ overruns at 20 µs', p, { workloads: [stream('IBV_WR_SEND')], commands: [{ t: 20_000, cmd: { kind: 'cqOverrun', host: 1, cq: 0 } }] }),
    recovery: ['size each CQ for every WQE of every QP on it (send and receive depths)', 'destroy the CQ and its QPs, create them again, reconnect'],
  },
  {
    id: 'device-fatal',
    cause: 'the peer\'s device died (firmware fatal error)',
    rule: 'IBV_EVENT_DEVICE_FATAL; every QP of the device flushes (mlx5: completions made by the driver) [sources: mlx5-health]',
    // mlx5's health poller notices a dead device within 2 s: the run lasts that long [sources: mlx5-health].
    // The hosts poll every 50 µs, not every 1 µs: two million idle polls made this run take seconds.
    build: (p) => twoHosts('B\'s device takes a fatal error at 20 µs', p, { durationNs: 2_100_000_000, pollNs: 50_000, workloads: [stream('IBV_WR_SEND')], commands: [{ t: 20_000, cmd: { kind: 'deviceFatal', host: 1 } }] }),
    recovery: ['close every resource of the device and the device itself', 'reopen it once it is back (driver reset), recreate and reconnect'],
  },
  {
    id: 'port-flap',
    cause: 'the port went down and came back up',
    rule: 'IBV_EVENT_PORT_ERR, then IBV_EVENT_PORT_ACTIVE [sources: man-async-event]',
    build: (p) => twoHosts('B\'s port goes down at 20 µs and comes back at 60 µs', p, {
      a: FAST, workloads: [stream('IBV_WR_SEND')],
      commands: [{ t: 20_000, cmd: { kind: 'portDown', host: 1 } }, { t: 60_000, cmd: { kind: 'portUp', host: 1 } }],
    }),
    recovery: withFirst('reconnect the QPs that failed once PORT_ACTIVE is seen'),
  },
  {
    id: 'sq-drain-requested',
    cause: 'the application moved the QP RTS → SQD asking for the drained notification',
    rule: 'IBV_EVENT_SQ_DRAINED once the send queue is drained: only when en_sqd_async_notify was set (IBTA), always (rxe); mlx5 refuses RTS→SQD [sources: man-modify-qp, rxe-req, mlx5-qp]',
    build: (p) => twoHosts('A drains its send queue with en_sqd_async_notify = 1', p, {
      commands: [{ t: 5_000, cmd: { kind: 'modifyQp', host: 0, qpn: QA, mask: ['IBV_QP_STATE', 'IBV_QP_EN_SQD_ASYNC_NOTIFY'], attrs: { qp_state: 'SQD', en_sqd_async_notify: 1 } } }],
    }),
    recovery: ['expected: SQD → RTS to resume'],
  },
  {
    id: 'first-packet-in-rtr',
    cause: 'the first request reached a connected QP still in RTR',
    rule: 'IBV_EVENT_COMM_EST: the QP may now be moved to RTS [sources: man-async-event]',
    build: (p) => twoHosts('B is left in RTR; A sends', p, { b: { bringUp: 'RTR' }, workloads: [stream('IBV_WR_SEND', { count: 2 })] }),
    recovery: ['expected: move the QP to RTS (rdma_cm does this on ESTABLISHED)'],
  },
  {
    id: 'srq-qp-error',
    cause: 'a QP attached to an SRQ went to ERR',
    rule: 'IBV_EVENT_QP_LAST_WQE_REACHED: no more receive WQEs will be taken from the SRQ for it; SRQ_LIMIT_REACHED when the SRQ falls below its armed limit [sources: srq, man-srq]',
    build: (p) => twoHosts('B\'s QP takes receives from an SRQ with limit 8 and is moved to ERR at 15 µs', p, {
      srqs: [{ host: 1, depth: 16, recvs: 8, refill: true, limit: 8 }], a: { attrs: { rnr_retry: 7 } }, b: { srq: 0, recvs: 0, refill: false },
      workloads: [stream('IBV_WR_SEND', { length: 512, intervalNs: 4000, count: 10 })],
      commands: [{ t: 15_000, cmd: { kind: 'modifyQp', host: 1, qpn: QB, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } }],
    }),
    recovery: ['wait for LAST_WQE_REACHED before destroying an SRQ-attached QP', 'refill the SRQ and re-arm its limit (ibv_modify_srq IBV_SRQ_LIMIT)'],
  },
  // Statuses the model realises only by an injected fault: each names how (model/wc.ts INJECTABLE).
  ...Object.entries(INJECTABLE).map(([status, { how }]): Cause => ({
    id: `injected-${status.replace('IBV_WC_', '').toLowerCase()}`,
    cause: `(injected) ${how}`,
    rule: `an injected fault: the next WR fails with ${status}; the model has no mechanism of its own for it, or this one stands in for the firmware's [sources: model-profiles]`,
    build: (p) => twoHosts(`A's next WR is made to fail with ${status}`, p, {
      a: FAST, b: { recvs: 16 }, workloads: [stream('IBV_WR_SEND', { count: 4 })],
      commands: [{ t: 1_000, cmd: { kind: 'failNextWr', host: 0, qpn: QA, status: status as InjectableStatus } }],
    }),
    recovery: RECONNECT,
    injected: true,
  })),
];
