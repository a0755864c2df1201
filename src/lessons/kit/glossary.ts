// The glossary: every term the lessons use, defined in a sentence. A lesson's catalogue entry
// carries the entries its own text uses (termsIn), and the lesson panel shows them as tooltips.
/** A glossary entry a lesson's text uses. */
export interface Term { term: string; def: string; spellings: string[] }

interface Entry { def: string; also?: string[] }

export const GLOSSARY: Readonly<Record<string, Entry>> = {
  QP: { def: 'Queue Pair: a send queue and a receive queue through which software hands work to the NIC; the unit the NIC keeps a context for.', also: ['Queue Pair', 'QPs'] },
  QPN: { def: 'QP number: the 24-bit name of a QP on its NIC; packets carry the destination QPN, and the NIC uses it to find the context.', also: ['QPNs'] },
  QPC: { def: 'QP context: the NIC\'s record of one QP (state, peer, PSNs, counters, queue positions).', also: ['context', 'contexts'] },
  WR: { def: 'Work request: what software posts (ibv_post_send / ibv_post_recv); it becomes a WQE in a queue.', also: ['WRs', 'work request'] },
  WQE: { def: 'Work queue entry: a posted work request as it sits in the send or receive queue, read by the NIC.', also: ['WQEs'] },
  CQ: { def: 'Completion queue: the ring the NIC writes completions into and software polls.', also: ['CQs'] },
  CQE: { def: 'Completion queue entry: one completion (wr_id, status, QPN, …) the NIC writes for a finished work request.', also: ['CQEs'] },
  wr_id: { def: 'The 64-bit tag software gives a work request; the NIC copies it into the completion so software knows which request finished.' },
  signaled: { def: 'A send WR posted with IBV_SEND_SIGNALED asks for a CQE when it succeeds; an unsignaled one asks for none on success.', also: ['unsignaled'] },
  SQ: { def: 'Send queue: work this QP asks its NIC to do (sends, RDMA writes and reads, atomics).' },
  RQ: { def: 'Receive queue: buffers where incoming SENDs may land.' },
  PSN: { def: 'Packet sequence number: 24 bits in every packet of a connection; the responder expects them in order.', also: ['PSNs'] },
  SSN: { def: 'Send sequence number: counts the WQEs the requester has started.' },
  MSN: { def: 'Message sequence number: counts the messages the responder completed; carried back in ACKs.' },
  ACK: { def: 'Acknowledgement: the responder tells the requester that packets up to a PSN arrived.', also: ['ACKs', 'ACKed'] },
  NAK: { def: 'Negative acknowledgement: the responder refuses a packet (out of sequence, not ready, invalid request, access error).', also: ['NAKs'] },
  RNR: { def: 'Receiver not ready: an RC responder with no receive posted answers a SEND with an RNR NAK; the sender waits the advertised time and retries.' },
  RC: { def: 'Reliable Connected: one QP talks to one peer QP; every packet is acknowledged and lost ones are resent.' },
  UC: { def: 'Unreliable Connected: connected like RC, but nothing is acknowledged or resent.' },
  UD: { def: 'Unreliable Datagram: each send names its destination; messages fit in one packet; nothing is resent.' },
  RESET: { def: 'The state a QP is created in: the NIC ignores it.' },
  INIT: { def: 'Initialised: bound to a port, a partition and access rights; receives may be posted.' },
  RTR: { def: 'Ready To Receive: knows its peer; the responder side works.' },
  RTS: { def: 'Ready To Send: both sides work.' },
  SQD: { def: 'Send Queue Drained: new sends wait; those started run to completion.' },
  SQE: { def: 'Send Queue Error: a QP state in which the send queue is halted while the receive queue keeps working; SQE→RTS resumes sending.' },
  ERR: { def: 'Error: the state a QP enters on an error it cannot recover from by itself; only a move to RESET leaves it — ERR→ERR stays in ERR.' },
  requester: { def: 'The side of a connection that sends a request (SEND, RDMA WRITE/READ, atomic) and waits for its acknowledgement or response.' },
  responder: { def: 'The side that receives a request, places or serves it, and acknowledges or responds.' },
  'producer index': { def: 'How far the queue\'s writer has filled a ring; for the SQ and RQ that is software, which then rings the doorbell.', also: ['producer'] },
  'consumer index': { def: 'How far the queue\'s reader has taken entries; for the SQ and RQ that is the NIC.', also: ['consumer'] },
  doorbell: { def: 'A write from software to the NIC\'s memory-mapped register that says "new WQEs are in the queue".' },
  MTU: { def: 'Maximum transfer unit: the largest payload in one packet.' },
  'path MTU': { def: 'The MTU of this connection\'s path (256 B to 4 KiB), set at INIT→RTR; a message is cut into packets of this size.' },
  timeout: { def: 'The RC ACK timeout exponent: the requester waits 4.096 µs × 2^timeout for an ACK before resending (0 = wait forever).' },
  retry_cnt: { def: 'How many times an RC requester resends after a timeout or sequence NAK before the WR fails with RETRY_EXC_ERR.' },
  'P_Key': { def: 'Partition key: which partition a QP belongs to; pkey_index picks it from the port\'s table.', also: ['pkey_index'] },
  'Q_Key': { def: 'A 32-bit key a UD datagram must carry for the receiving QP to accept it.' },
  LID: { def: 'Local identifier: the 16-bit address of an InfiniBand port inside its subnet.' },
  GID: { def: 'Global identifier: a 128-bit, IPv6-shaped port address; on RoCE it is how the peer is addressed.', also: ['GRH'] },
  'address vector': { def: 'The route to the peer passed at INIT→RTR (ah_attr): on InfiniBand a LID, on RoCE a GRH with the peer\'s GID.', also: ['AV'] },
  RoCE: { def: 'RDMA over Converged Ethernet: the InfiniBand transport carried in Ethernet/UDP; peers are addressed by GID.' },
  APM: { def: 'Automatic path migration: an RC QP keeps an alternate path and switches to it on failure (InfiniBand only).' },
  max_rd_atomic: { def: 'Initiator depth: how many RDMA READs and atomics this QP may have outstanding as requester.' },
  max_dest_rd_atomic: { def: 'Responder resources: how many incoming READs and atomics this QP will hold state for as responder.' },
  EINVAL: { def: 'The errno ibv_modify_qp returns for an illegal transition or a wrong set of attributes — without saying which.' },
  ICM: { def: 'InfiniHost context memory: host memory the driver hands the NIC for its tables (contexts, translation entries).' },
  SRAM: { def: 'The NIC\'s on-chip memory; part of it caches QP contexts.' },
  PCIe: { def: 'The bus between host and NIC; a read over it (a context fetch) costs most of a microsecond.' },
  K: { def: 'Overlap: how many packets the model\'s NIC keeps in process at once; K = 1 means a miss blocks everything.' },
  Mops: { def: 'Millions of operations (packets or messages) per second.' },
  knee: { def: 'Where a throughput curve starts to fall.' },
  set: { def: 'In a set-associative cache, the group of slots a given QPN may occupy (here the QPN modulo the number of sets: its low bits when that number is a power of two).', also: ['sets'] },
  way: { def: 'One slot of a set; an 8-way cache has 8 slots per set.', also: ['ways'] },
  bank: { def: 'An independently addressed part of a cache; HNS picks one of 8 banks by the QPN\'s low 3 bits.', also: ['banked', 'banks'] },
  LRU: { def: 'Least recently used: evict the entry touched longest ago.' },
  FIFO: { def: 'First in, first out: a replacement policy that keeps the entries in the order they were filled and evicts the front one.' },
  LFU: { def: 'Least frequently used: evict the entry with the fewest uses.' },
  '2Q': { def: 'A two-queue replacement policy (Johnson & Shasha): newcomers enter a small FIFO (A1in); a QP fetched again while a ghost list (A1out) still remembers its QPN enters the main LRU (Am).' },
  CLOCK: { def: 'An approximation of LRU: a hand sweeps the slots and evicts the first whose reference bit is clear.' },
  Zipf: { def: 'A skewed popularity law: the k-th most popular QP gets traffic ∝ 1/k^s.' },
  'write-back': { def: 'Writing a changed (dirty) context from the cache back to host memory before its slot is reused.', also: ['dirty'] },
  pinning: { def: 'Marking a context so the cache never evicts it.', also: ['pinned', 'pin'] },
  seqlock: { def: 'A reader retries if a writer\'s sequence counter changed (or was odd) during its read.' },
  FaSST: { def: 'Fast, Scalable and Simple distributed Transactions (Kalia, Kaminsky, Andersen, OSDI 2016): a transaction system whose RPCs travel as UD datagrams; its published logs also measure RC throughput against the number of QPs.' },
  HNS: { def: 'HiSilicon\'s RoCE NIC family (the Linux hns driver, drivers/infiniband/hw/hns).' },
  Jain: { def: 'Jain\'s fairness index (Jain, Chiu, Hawe 1984): (Σx)² / (n·Σx²) over n shares; 1 when all are equal, 1/n when one takes everything.', also: ['Jain index', 'Jain\'s index'] },
  'banked cache': { def: 'A cache split into banks (or sets) that each hold only the entries whose address bits select them, so one bank can be full while another has room.' },
  'class-C errors': { def: 'In the IBTA\'s grouping of responder errors, the class of a request the responder cannot carry out (an invalid request, an access violation, too many reads): it answers with a NAK and the QP goes to ERR.', also: ['class C errors', 'class C'] },
  'micro-engine': { def: 'A small programmable processor inside a NIC\'s pipeline that runs short routines in place of fixed logic.', also: ['micro-engines'] },
  'firmware trap': { def: 'Handing a decision from the NIC\'s hardware pipeline to its firmware, which runs on the NIC\'s embedded processor.', also: ['trap to firmware', 'traps'] },
  waterfall: { def: 'A latency chart that draws each phase of one operation as a bar starting where the previous one ended.' },
  XRC: { def: 'eXtended Reliable Connected: a transport in which one send QP reaches every receive context of a remote node, and receives land in a shared receive queue chosen by the sender.' },
  DC: { def: 'Dynamically Connected transport (Mellanox/NVIDIA): a reliable transport whose initiator connects to a target for a burst and then disconnects, so one QP serves many peers in turn.', also: ['DCT', 'DCI'] },
  SRQ: { def: 'Shared receive queue: one pool of receive buffers that several QPs draw from (ibv_create_srq).', also: ['SRQs', 'shared receive queue'] },
  PD: { def: 'Protection domain: the container that ties QPs, memory regions and address handles together; a QP can use only memory registered in its own PD (ibv_alloc_pd).', also: ['PDs', 'protection domain'] },
  MR: { def: 'Memory region: a buffer registered with the NIC (ibv_reg_mr), pinned and translated, named by an lkey locally and an rkey remotely.', also: ['MRs', 'memory region'] },
  lkey: { def: 'The local key of a memory region: what a work request\'s scatter/gather entry names so the NIC may use that buffer.' },
  rkey: { def: 'The remote key of a memory region: what a peer puts in an RDMA READ, WRITE or atomic to reach that buffer.' },
  StaR: { def: 'A paper (ICNP 2021) reporting that a recent RNIC keeps peak performance for fewer than 450 connections.' },
  PipeDevice: { def: 'A paper (SIGCOMM 2022) reporting commodity RNICs about 50% slower with 4096 connections.' },
  SRNIC: { def: 'A scalable RNIC design (NSDI 2023) that keeps 10K connections performant by minimising per-QP on-chip state.' },
  EQ: { def: 'Event queue: where the NIC writes asynchronous events (QP errors, CQ errors) for the driver.' },
  flush: { def: 'Completing a QP\'s outstanding work requests with the status IBV_WC_WR_FLUSH_ERR, without executing them, when the QP is in ERR.', also: ['flushed', 'FLUSH_ERR'] },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS: Array<[string, RegExp]> = Object.entries(GLOSSARY).map(([term, e]) =>
  [term, new RegExp(`(^|[^A-Za-z0-9_])(${[term, ...(e.also ?? [])].map(escape).join('|')})(?![A-Za-z0-9_])`)]);

/** The glossary entries used anywhere in `texts`. */
export function termsIn(texts: readonly string[]): Term[] {
  const all = texts.join('\n');
  return PATTERNS.filter(([, re]) => re.test(all)).map(([term]) => ({ term, def: GLOSSARY[term].def, spellings: spellings(term) }));
}

/** Every spelling that names a term (the term and its other forms), for highlighting in text. */
export function spellings(term: string): string[] {
  const e = GLOSSARY[term];
  return e ? [term, ...(e.also ?? [])] : [];
}
