// What the simulation reports: one typed union, stamped with simulated time. The trace of
// these events is what traceHash covers and what every view renders.
import type { QpType } from '../verbs/types.ts';
import type { AsyncEvent, WcOpcode, WcStatus } from './wc.ts';

export type Queue = 'sq' | 'rq';
export type StateCause = 'modify' | 'send-error' | 'fatal' | 'drained' | 'responder-error' | 'cq-overrun' | 'retry-exceeded' | 'device-fatal' | 'ctx-read-error';
export type RxOutcome =
  | 'accepted' | 'duplicate' | 'out-of-sequence' | 'rnr-nak' | 'nak' | 'ack' | 'response'
  | 'dropped-no-qp' | 'dropped-not-ready' | 'dropped-in-error' | 'dropped-qkey' | 'dropped-no-recv'
  | 'dropped-stale' | 'dropped-too-long' | 'dropped-link-down' | 'dropped-wrong-transport' | 'dropped-key' | 'dropped-address';

interface Base { t: number }

export type SimEvent = Base & (
  | { kind: 'qp-created'; host: number; qpn: number; type: QpType; reused?: boolean }
  /**
   * ibv_destroy_qp done. `waitedNs`: how long a draining destroy waited for the flush; `stale`:
   * CQEs of the QP left unpolled in its CQs, naming a QPN that no longer exists; `purged`:
   * unpolled CQEs the driver removed instead (mlx5 qp.c mlx5_ib_cq_clean) [sources: mlx5-qp, rxe-reset].
   */
  | { kind: 'qp-destroyed'; host: number; qpn: number; waitedNs?: number; stale?: number; purged?: number }
  /** A draining ibv_destroy_qp began: the QP goes to ERR (if it is not there) and the application waits. */
  | { kind: 'destroy-wait'; host: number; qpn: number; sq: number; rq: number; unpolled: number }
  | { kind: 'modify'; host: number; qpn: number; from: string; to: string; mask: string[]; changed: string[]; note?: string }
  | { kind: 'modify-refused'; host: number; qpn: number; from: string; to: string; mask: string[]; errno: 'EINVAL'; reason: string; missing: string[]; unexpected: string[]; detail: string }
  | { kind: 'state'; host: number; qpn: number; from: string; to: string; cause: StateCause }
  | { kind: 'post'; host: number; qpn: number; queue: Queue; wr: number; wrId: number; opcode: string; length: number; signaled: boolean }
  | { kind: 'post-refused'; host: number; qpn: number; queue: Queue; wrId: number; errno: 'EINVAL' | 'ENOMEM'; detail: string }
  | { kind: 'pkt'; id: number; src: number; dst: number; srcQpn: number; dstQpn: number; op: string; psn: number; bytes: number; start: number; arrive: number; drop?: string; syndrome?: string }
  | { kind: 'rx'; id: number; host: number; qpn: number; op: string; psn: number; outcome: RxOutcome; detail?: string }
  /** `imm` is imm_data, present exactly when the CQE has IBV_WC_WITH_IMM. */
  /** `syndrome`: under mlx5, an error CQE's MLX5_CQE_SYNDROME_* (value and name) as libmlx5 maps it to `status` (core/hw/syndrome.ts) [sources: libmlx5-syndrome]. */
  | { kind: 'cqe'; host: number; cq: number; qpn: number; queue: Queue; wr: number; wrId: number; status: WcStatus; opcode?: WcOpcode; byteLen?: number; imm?: number; syndrome?: { readonly value: number; readonly name: string } }
  /** CQEs of a QP removed unpolled from a CQ by RESET or destroy (mlx5_ib_cq_clean / mlx5_cq_clean). */
  | { kind: 'cqe-purged'; host: number; cq: number; qpn: number; n: number }
  /** ibv_reg_mr / ibv_dereg_mr. */
  | { kind: 'mr'; host: number; op: 'reg' | 'dereg'; lkey: number; rkey: number; addr: number; length: number; access: string[] }
  /** Bytes landed in host memory the model keeps (an MR's first 128 bytes), as 8-byte words. */
  | { kind: 'mem'; host: number; key: number; addr: number; words: number[]; why: string }
  /** A receive posted to, or taken from, a shared receive queue. */
  | { kind: 'srq'; host: number; srq: number; op: 'post' | 'take' | 'post-refused'; wr?: number; wrId?: number; qpn?: number; left: number; detail?: string }
  | { kind: 'cqe-lost'; host: number; cq: number; qpn: number; queue: Queue; wr: number; wrId: number; status: WcStatus }
  | { kind: 'complete-silent'; host: number; qpn: number; wr: number; wrId: number }
  | { kind: 'async'; host: number; event: AsyncEvent; qpn?: number; cq?: number; port?: number; srq?: number }
  | { kind: 'discard'; host: number; qpn: number; queue: Queue; wr: number; wrId: number }
  | { kind: 'retry'; host: number; qpn: number; reason: 'timeout' | 'psn-nak' | 'rnr-nak'; fromPsn: number; left: number | 'infinite'; waitNs: number }
  /** `stale`: CQEs polled that name a QP already destroyed (a use-after-free hazard for the application). */
  | { kind: 'poll'; host: number; cq: number; n: number; stale?: number }
  /** A fault a person (or a scenario) injected; real errors never use this kind. */
  | { kind: 'fault'; host?: number; qpn?: number; detail: string }
  /** A WR the NIC failed for a real (or injected) cause: its status, and why the QP stops. */
  /** `check`: the key or length check that failed, in words (a real cause, never injected). */
  | { kind: 'wr-error'; host: number; qpn: number; wr: number; wrId: number; status: WcStatus; cause: 'send-error' | 'retry-exceeded'; check?: string }
  | { kind: 'cache'; host: number; qpn: number; result: 'miss' | 'evict'; victim?: number; writeback?: boolean }
  /** The async event queue of a storm channel: an EQE written or lost, an interrupt, a batch consumed. */
  | { kind: 'eq'; host: number; op: 'write' | 'overrun' | 'irq' | 'consume'; event?: AsyncEvent; qpn?: number; cq?: number; used: number; n?: number }
  /** The first report of a faulted QP that software can see, and how it came. */
  | { kind: 'report'; host: number; qpn: number; via: ReportVia; cls: number; ns: number }
  /**
   * A QP moved to RESET: what it held and lost (rxe_qp.c rxe_qp_reset) [sources: rxe-reset, reset-book]. `partial` is a message
   * half-arrived at the responder (its bytes stay in memory, no completion ever appears);
   * `dmaFencedNs` is how long the DMA burst in flight ran on before the reset took it
   * (drain-then-reset); `cachedCtx` whether its context was on chip and is now invalidated.
   */
  | { kind: 'reset'; host: number; qpn: number; from: string; sq: number; rq: number; partial?: { op: 'SEND' | 'RDMA_WRITE'; bytes: number };
      unackedPsns: number; readsWaiting: number; responsesLeft: number; resources: number; timerArmed: boolean; dmaFencedNs: number; cachedCtx: boolean;
      /** An SRQ-attached QP reset before IBV_EVENT_QP_LAST_WQE_REACHED: its dequeued WQEs leak (IBTA 10.3.1 as quoted in the __ib_drain_srq patch) [sources: srq]. */
      srqLeak?: number }
  /** Storm bookkeeping: set-up, shared-cause faults, engine and driver milestones. */
  | { kind: 'storm'; what: string; host?: number; qpn?: number; n?: number; detail?: string }
);

export type ReportVia = 'qp-event' | 'error-cqe' | 'cq-event' | 'device-event';

export type SimEventKind = SimEvent['kind'];
