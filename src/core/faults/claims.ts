// Every rule the faults model follows, as data the views can label: documented (a man page,
// the IBTA as quoted, a commit message), code (read in a driver), or model (our reasoning where
// the public record is silent). Sources name reference/verbs/faults-at-scale.md (FAS) and
// semantics.md sections; the code carries the same ids in `MODEL:` comments.

export type ClaimKind = 'documented' | 'code' | 'model';
export interface Claim { id: string; claim: string; kind: ClaimKind; source: string }

export const FAULT_CLAIMS: readonly Claim[] = [
  // The channel
  { id: 'eq-size', kind: 'code', claim: 'An mlx5 async EQ has depth + 128 spare entries, rounded up to a power of two (4096 asked → 8192 slots).', source: 'FAS §A "Real sizes" (eq.c create_map_eq)' },
  { id: 'eq-budget', kind: 'code', claim: 'The mlx5 interrupt handler consumes at most 128 EQEs, publishes the consumer index and re-arms; leftovers wait for the next interrupt.', source: 'FAS §A "Polling budget" (mlx5_eq_async_int); the next-interrupt part INFERRED' },
  { id: 'eq-no-moderation', kind: 'code', claim: 'Event queues have no interrupt moderation on mlx5; moderation (period, max count) exists per CQ.', source: 'FAS §A "No EQ interrupt moderation" (mlx5_ifc eqc/cqc)' },
  { id: 'driver-fifo', kind: 'code', claim: 'QP events go to one ordered workqueue per host: delivered one at a time, in EQ order. Device-level events use a second ordered workqueue.', source: 'FAS §A "One FIFO for all QP events" (mlx5 qp.c), "Device-level events"' },
  { id: 'query-qp', kind: 'code', claim: 'Before a QP_FATAL or QP_ACCESS_ERR reaches the consumer, mlx5 runs a synchronous QUERY_QP: N QPs failing together cost N serialized firmware commands.', source: 'FAS §A "Cost per fatal event" (mlx5_ib_qp_err_syndrome); serialization INFERRED' },
  { id: 'fifo-is-real', kind: 'code', claim: 'No driver examined ranks one QP\'s error above another\'s: each reads its ring in order. FIFO (detection order) is what software sees today.', source: 'FAS §A "Ordering and priority"' },
  { id: 'policies-are-alternatives', kind: 'model', claim: 'Round-robin by QPN, strict priority by class, oldest outstanding work first and weighted fair by class are hardware design alternatives for the NIC\'s error engine, not behaviour of any shipping driver.', source: 'issue 7; FAS §A "Ordering and priority" finds none in use' },
  { id: 'fifo-ties', kind: 'model', claim: 'Errors detected in the same nanosecond are queued by QPN, ascending.', source: 'FAS "What no public source says" #1 (the model choice it proposes)' },
  { id: 'one-eqe-per-error', kind: 'model', claim: 'One error EQE per QP per entry into ERR; no coalescing.', source: 'FAS "What no public source says" #2' },
  { id: 'latencies', kind: 'model', claim: 'Interrupt latency (2 µs), per-EQE handler cost (100 ns), QUERY_QP (10 µs), other dispatch (1 µs), error-engine service per QP (500 ns + a context fetch on a miss), driver flush per CQE (50 ns) are model parameters.', source: 'FAS "What no public source says" #4: only the 128 budget and the QUERY_QP per fatal event are hints' },
  { id: 'error-engine', kind: 'model', claim: 'Each NIC has one error engine that services faulted QPs one at a time: it fetches the QP context through the on-chip cache, writes the failing WQE\'s error CQE and the QP\'s EQE, then hands the QP to one flush engine that writes FLUSH_ERR CQEs QP after QP, oldest WQE first.', source: 'issue 7 ("an error-handling engine with a service rate"); QP-after-QP order as bnxt_re flush lists and mlx5 sw_comp do (FAS §B "Flush generation")' },
  { id: 'ctx-through-cache', kind: 'model', claim: 'Reporting and flushing a QP need its context: both go through the NIC\'s context cache, so a storm can evict the hot set.', source: 'issue 7; cache model in core/memory' },
  // Overrun
  { id: 'overrun-mlx4', kind: 'code', claim: 'mlx4/mthca: an EQ overflow is reported by an EQ_OVERFLOW EQE, logged, and the driver continues; the EQE that did not fit is lost.', source: 'FAS §A "Older Mellanox parts", §D' },
  { id: 'overrun-mlx5', kind: 'model', claim: 'mlx5: an async-EQ overrun surfaces as health syndrome 0x0c and takes the device down (the fatal path): one IBV_EVENT_DEVICE_FATAL, every QP flushed by the driver.', source: 'FAS §A "Overrun" (syndrome list CODE; fatal path INFERRED)' },
  { id: 'overrun-hns', kind: 'code', claim: 'hns hip08+: an AEQ overflow raises an abnormal interrupt, logs "AEQ overflow!" and requests a function-level reset.', source: 'FAS §A "hns", §D' },
  { id: 'reset-as-fatal', kind: 'model', claim: 'The model shows an hns function reset to consumers as IBV_EVENT_DEVICE_FATAL with every QP flushed by the driver, and the function usable again after resetNs (100 ms).', source: 'no public source for what consumers see during an hns reset' },
  { id: 'never-silent', kind: 'model', claim: 'Every faulted QP is either reported (its QP event, its first error CQE, or a CQ/device event that covers it) or counted as a lost report when the storm has drained.', source: 'issue 7 ("overrun is visible and never silent")' },
  // Shared-cause faults
  { id: 'port-down', kind: 'code', claim: 'A port going down changes no QP state; it raises IBV_EVENT_PORT_ERR (and PORT_ACTIVE when it comes back).', source: 'FAS §B "Port down touches no QP" (mlx5 handle_port_change, rxe_port_down)' },
  { id: 'port-down-retries', kind: 'documented', claim: 'RC QPs with unacknowledged work fail one by one as their retry counters run out (RETRY_EXC_ERR, then ERR and flush); idle RC QPs and UD QPs notice nothing.', source: 'FAS §B (INFERRED there from semantics.md items 7, 8, 35)' },
  { id: 'timer-phase', kind: 'model', claim: 'Each QP\'s retransmit timer runs from its own first unacknowledged transmission, so failures spread over the time the transmit engine took to send each QP\'s first packet (plus any posting spread).', source: 'FAS §B "QPs of one dead link do not fail together"; "What no public source says" #8' },
  { id: 'host-crash', kind: 'documented', claim: 'RC has no keepalive: after a remote host crashes, only its peers with unacknowledged work find out, when their retries run out; idle peers never learn.', source: 'FAS §B "Remote host crash"' },
  { id: 'cq-overrun-qp', kind: 'code', claim: 'A receive completion that cannot be written to an overrun CQ takes the QP to ERR (rxe class G); a lost send completion is dropped and the QP goes on (rxe and rdmavt). The CQ itself stays in error.', source: 'semantics.md items 13, 14, 31, 32; FAS §B "CQ overrun shared by many QPs" (firmware behaviour not public)' },
  { id: 'cq-err-covers', kind: 'model', claim: 'Software that receives IBV_EVENT_CQ_ERR knows every QP attached to that CQ is cut off: the model counts it as the report of each such QP that faults.', source: 'ibv_poll_cq.3 "the CQ cannot be used" (semantics.md item 31)' },
  { id: 'ctx-read-error', kind: 'model', claim: 'A PCIe read error while contexts are being fetched fails exactly the QPs whose fetch falls in the error window: each goes to ERR with a catastrophic WQ error (IBV_EVENT_QP_FATAL).', source: 'no public source for this path; WQ_CATAS → QP_FATAL mapping is CODE (FAS §A "Event mapping")' },
  { id: 'device-fatal', kind: 'code', claim: 'mlx5 device death: the health poller notices (every 2 s), mlx5_ib dispatches IB_EVENT_DEVICE_FATAL once and no further events.', source: 'FAS §B "Device fatal detection (mlx5)"' },
  { id: 'device-fatal-flush', kind: 'code', claim: 'After device death no CQEs are written by hardware: poll_cq makes WR_FLUSH_ERR completions from the driver\'s records, per CQ: first the send queues of attached QPs, then the receive queues, in attach order, oldest WQE first.', source: 'FAS §B "Flush after device death (mlx5)"' },
  { id: 'health-delay', kind: 'model', claim: 'The health poller notices a dead device one full poll interval (2 s) after the fault.', source: 'FAS §B: 2000 ms interval plus up to 1 s jitter; the model takes the interval' },
  { id: 'single-qp-rules', kind: 'code', claim: 'Each faulted QP still follows the single-QP rules: the failing WQE completes with its real status first, then everything behind it with WR_FLUSH_ERR in order; a neighbour on the same CQ is untouched.', source: 'semantics.md items 7–10' },
  { id: 'group-interleave', kind: 'model', claim: 'QP groups are created one pair from each group in turn, so the QPNs of different classes interleave (a host setting up connections for several tenants at once).', source: 'model choice: avoids giving FIFO-by-QPN ties a class bias the scenario did not ask for' },
  { id: 'jain', kind: 'model', claim: 'Fairness across classes is Jain\'s index over each class\'s service rate, taken as 1 / (mean channel delay of the class: detection → report). The fault → detection part (retry timers) is the same under every policy, so it is left out.', source: 'R. Jain, D. Chiu, W. Hawe, DEC-TR-301 (1984) for the index; the choice of quantity is the model\'s' },
];

export function claim(id: string): Claim {
  const c = FAULT_CLAIMS.find((x) => x.id === id);
  if (!c) throw new Error(`no claim '${id}'`);
  return c;
}
