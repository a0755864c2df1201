import { sandboxScenario } from '../../scenario/presets.ts';
import type { SimEvent } from '../../core/index.ts';
import type { Lesson, Probe } from './types.ts';
import { A, B, load, outOfErr, send } from './commands.ts';

/** The time of the first event after the step's mark that matches, or Infinity. */
const firstAt = <K extends SimEvent['kind']>(p: Probe, kind: K, pred: (e: Extract<SimEvent, { kind: K }>) => boolean) =>
  p.since(kind).find(pred)?.t ?? Infinity;

export const intro: Lesson = {
  id: 'intro',
  topic: 0,
  title: 'Welcome: two hosts, four Queue Pairs',
  summary: 'What a Queue Pair is, what travels on the wire, and where a completion comes from.',
  why: 'Every RDMA program — an MPI library, NCCL, a storage target — talks to its NIC through these queues. Reading a CQE and the packets behind it is how you debug one.',
  lab: 'transport',
  setup: [load(sandboxScenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'play', title: 'Press play', highlight: 'wire', speed: 1000,
      text: [
        'Two hosts, A and B, each have an RDMA NIC. Software on each host talks to its NIC through Queue Pairs (QPs): a send queue (SQ) for work it asks the NIC to do, and a receive queue (RQ) for buffers where incoming messages may land.',
        'Host A\'s QP `0x100` is connected to host B\'s QP `0x200`; `0x101` and `0x201` form a second connection. Three small programs post work on them.',
        'Time here is simulated nanoseconds. At this speed one wall-clock second shows one microsecond of the NIC\'s life; the speed slider goes from a tenth of that to ten milliseconds per second.',
      ],
      task: 'Press Play (or the space bar) and watch packets cross the wire.',
      check: (p) => p.since('pkt').length >= 4,
      solution: [], runNs: 6000,
    },
    {
      id: 'message', title: 'One message, end to end', highlight: 'rings',
      text: [
        'A send work request (WR) goes into the SQ as a work queue entry (WQE). Software rings the NIC\'s doorbell; the NIC reads the WQE, cuts the message into packets of the path MTU, and numbers each packet with a packet sequence number (PSN).',
        'On a reliable connection (RC) the receiver acknowledges what arrived. When the acknowledgement (ACK) is back, the NIC retires the WQE and writes a completion queue entry (CQE) that the program later polls.',
      ],
      task: 'Keep playing until QP 0x100 on host A shows a successful send completion in its CQ.',
      check: (p) => p.since('cqe').some((e) => e.host === A && e.qpn === 0x100 && e.queue === 'sq' && e.status === 'IBV_WC_SUCCESS'),
      stuck: outOfErr('its sends can no longer complete', [A, 0x100], [B, 0x200]),
      solution: [], runNs: 12_000,
    },
    {
      id: 'order', title: 'Predict: what happens first?', highlight: 'log',
      text: ['The model is paused. Host A is about to post one 1 KiB SEND (wr_id 77) on QP 0x100.'],
      question: {
        kind: 'order', prompt: 'Put these in the order the model will show them for wr_id 77.',
        options: [
          { id: 'ack', label: 'the ACK travels B → A', why: 'The ACK answers the data: it cannot leave B before the SEND has arrived there.' },
          { id: 'post', label: 'wr_id 77 is posted to A\'s send queue', why: 'Nothing reaches the wire before software posts the WR and rings the doorbell.' },
          { id: 'scqe', label: 'a send CQE for wr_id 77 appears on host A', why: 'On RC the send completes only when the ACK is back: the CQE says "the peer has it", not "it left".' },
          { id: 'pkt', label: 'the SEND packet leaves host A', why: 'B can place, complete or acknowledge nothing before the packet has crossed the wire.' },
          { id: 'rcqe', label: 'a receive CQE appears on host B', why: 'The receive completes when the message has been placed at B, before B\'s ACK gets back to A. (That B writes its CQE before it sends the ACK is this model\'s order, as in rxe; the IBTA leaves the two unordered.)' },
        ],
        reveal: [send(A, 0x100, 77)], runNs: 20_000,
        outcome: (p) => {
          const post = firstAt(p, 'post', (e: { wrId: number }) => e.wrId === 77);
          const pkt = firstAt(p, 'pkt', (e: { src: number; srcQpn: number; op: string }) => e.src === A && e.srcQpn === 0x100 && e.op.startsWith('SEND'));
          const rcqe = firstAt(p, 'cqe', (e: { host: number; queue: string; t: number }) => e.host === B && e.queue === 'rq' && e.t >= pkt);
          const ack = firstAt(p, 'pkt', (e: { src: number; op: string; t: number }) => e.src === B && e.op.startsWith('ACK') && e.t >= pkt);
          const scqe = firstAt(p, 'cqe', (e: { wrId: number }) => e.wrId === 77);
          return ([['post', post], ['pkt', pkt], ['rcqe', rcqe], ['ack', ack], ['scqe', scqe]] as const).slice().sort((x, y) => x[1] - y[1]).map(([id]) => id);
        },
        stated: ['post', 'pkt', 'rcqe', 'ack', 'scqe'],
        because: 'Post, packet, placement at B, and only after B\'s ACK is back, A\'s send CQE: a reliable send completes when the peer has acknowledged it. B\'s receive CQE before its ACK is this model\'s order, the one rxe\'s responder follows (it writes the CQE, then acknowledges); the IBTA does not order the two, so another NIC may send the ACK first.',
      },
    },
    {
      id: 'receiver', title: 'The other end', highlight: 'rings',
      text: [
        'The same message consumed a receive WQE on host B and produced a receive completion there (`IBV_WC_RECV`). Had B posted no receive, its NIC could not place the message: on RC it answers "receiver not ready" (an RNR NAK) and the sender waits and retries.',
      ],
      task: 'Click QP 0x200 on host B to select it, and find its receive completion in the CQ view.',
      hints: ['The QPs are the boxes on each host in the wire view.', 'Host B is on the right; its QP 0x200 is the peer of A·0x100.', 'Click the box labelled B·0x200: the queues below then show its CQ.'],
      // The receive completion of wr_id 77 is already in B's CQ (the previous step ran it): selecting
      // B·0x200 shows it, so the step finishes whether the model is playing or paused.
      check: (p) => p.selected?.host === B && p.selected.qpn === 0x200,
      stuck: outOfErr('no new receive can complete on B·0x200', [A, 0x100], [B, 0x200]),
      solution: [{ kind: 'select', host: B, qpn: 0x200 }], runNs: 6000,
    },
    {
      id: 'lose', title: 'Predict: a lost packet', highlight: 'log',
      text: [
        'The model is paused. The next two packets leaving host A will be lost on the wire (“Drop the next … packets leaving …” in Post & faults); the programs keep posting behind them.',
      ],
      question: {
        kind: 'one', prompt: 'What makes host A resend first?',
        options: [
          { id: 'psn-nak', label: 'B sees a gap in the PSNs and answers with a NAK', why: 'A gap shows only when a later packet of the same connection arrives; with nothing behind the lost ones, B sees no gap at all.' },
          { id: 'timeout', label: 'A hears nothing and its ACK timer fires', why: 'The ACK timer is the last resort: when a later packet of the connection gets through, B\'s sequence NAK starts the resend long before the timer would.' },
          { id: 'b-timer', label: 'B\'s own timer notices the missing packet and asks A for it', why: 'An RC responder keeps no timer for missing packets: only the requester times out; the responder can only react to a packet that does arrive.' },
          { id: 'error', label: 'Nothing is resent: the WR fails at once', why: 'An RC requester resends up to retry_cnt times before it gives up; one loss is not an error.' },
        ],
        reveal: [{ kind: 'dropPackets', count: 2, from: A }], runNs: 150_000,
        outcome: (p) => p.since('retry')[0]?.reason === 'timeout' ? 'timeout' : p.since('retry')[0] ? 'psn-nak' : 'error',
        because: 'Which one comes first depends on the traffic behind the lost packets: a later packet that arrives reveals the gap at once (a sequence NAK); if nothing follows, only the ACK timer (4.096 µs × 2^timeout) notices.',
        wrong: 'Look at the log: the first "retransmit" line says whether a NAK or the ACK timeout started it. A gap is noticed by a NAK only when a later packet of the same connection arrives.',
      },
    },
    {
      id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'log',
      text: [
        'Later, a user reports that host A\'s program sometimes stalls for a few microseconds. You have what an engineer has: completions, async events, QP states (ibv_query_qp) and counters.',
        'Every completion on both hosts reads `IBV_WC_SUCCESS`; no async event; all four QPs are in RTS. On host A the retransmission counter has gone up; host B\'s receive counters show no "receiver not ready" answers sent.',
      ],
      question: {
        kind: 'one', prompt: 'What happened, and what must the program do?',
        options: [
          { id: 'loss', label: 'A frame was lost on the wire and A\'s NIC resent it: nothing to recover; watch the link' },
          { id: 'rnr', label: 'B had no receive buffer posted in time: post more receives on B, ahead of the traffic', why: 'A missing receive is answered with an RNR NAK, and B\'s counters would show them sent; they show none.' },
          { id: 'failed', label: 'A work request failed on A: reset the QP, bring it up again and repost the work', why: 'A failure shows as an error completion and a QP in ERR; here every completion succeeded and every QP is in RTS.' },
          { id: 'psn', label: 'A\'s starting sq_psn was wrong: reinstall A with the PSN that B expects next', why: 'A wrong starting PSN does not heal after a moment: every message from the first one on would be refused or taken for a duplicate (under this model\'s IBTA and mlx5 profiles it ends in an error completion; under rxe a behind one completes with success while B drops the data). Here only a moment stalled.' },
        ],
        reveal: [{ kind: 'dropPackets', count: 2, from: A }], runNs: 150_000,
        outcome: (p) => {
          if (p.since('wr-error').length > 0) return 'failed';
          const r = p.since('retry');
          if (r.some((e) => e.reason === 'rnr-nak')) return 'rnr';
          return r.length > 0 && p.state(A, 0x100) === 'RTS' ? 'loss' : 'psn';
        },
        stated: 'loss',
        because: 'An RC requester resends what was not acknowledged — after a sequence NAK, or when its ACK timer fires — and completes the WR with success once the peer has it: the program sees only the delay. Repeated resends point at the link or the switch (its error counters), not at the program.',
      },
    },
  ],
  sources: ['man-poll-cq: completions, their fields', 'rxe-resp-order: the receive CQE before the ACK is rxe\'s order, not the IBTA\'s', 'rxe-comp: retries after a timeout or a sequence NAK', 'rxe-resp: sequence NAK and RNR NAK', 'model-transport'],
};
