import { sandboxScenario } from '../../scenario/presets.ts';
import type { Lesson } from './types.ts';
import { A, load } from './commands.ts';

export const intro: Lesson = {
  id: 'intro',
  topic: 0,
  title: 'Welcome: two hosts, four Queue Pairs',
  summary: 'What a Queue Pair is, what travels on the wire, and where a completion comes from.',
  lab: 'transport',
  setup: [load(sandboxScenario())],
  focus: { host: 0, qpn: 0x100 },
  steps: [
    {
      id: 'play', title: 'Press play', highlight: 'wire',
      text: [
        'Two hosts, A and B, each have an RDMA NIC. Software on each host talks to its NIC through Queue Pairs (QPs): a Send Queue (SQ) for work it asks the NIC to do, and a Receive Queue (RQ) for buffers where incoming messages may land.',
        'Host A\'s QP `0x100` is connected to host B\'s QP `0x200`; `0x101` and `0x201` form a second connection. Three small programs post work on them.',
        'Time here is simulated nanoseconds. At the default speed, one wall-clock second shows one microsecond of the NIC\'s life; the speed slider goes from a tenth of that to ten milliseconds per second.',
      ],
      task: 'Press play (or the space bar) and watch packets cross the wire.',
      check: (p) => p.since('pkt').length >= 4,
      solution: [], runNs: 6000,
    },
    {
      id: 'message', title: 'One message, end to end', highlight: 'rings',
      text: [
        'A send work request (WR) goes into the SQ as a WQE. The NIC reads it, cuts the message into packets of the path MTU, and numbers each packet with a Packet Sequence Number (PSN).',
        'For a reliable connection (RC) the receiver acknowledges; when the ACK is back, the NIC retires the WQE and writes a Completion Queue Entry (CQE) that the program later polls.',
      ],
      task: 'Keep playing until QP 0x100 on host A shows a successful send completion in its CQ.',
      check: (p) => p.since('cqe').some((e) => e.host === A && e.qpn === 0x100 && e.queue === 'sq' && e.status === 'IBV_WC_SUCCESS'),
      solution: [], runNs: 12_000,
    },
    {
      id: 'receiver', title: 'The other end', highlight: 'rings',
      text: [
        'The same message consumed a receive WQE on host B and produced a receive completion there (`IBV_WC_RECV`). If B had posted no receive, the NIC could not place the message: on RC it answers "receiver not ready" (RNR NAK) and the sender waits and retries.',
      ],
      task: 'Select QP 0x200 on host B and find its receive completion.',
      check: (p) => p.since('cqe').some((e) => e.host === 1 && e.queue === 'rq' && e.status === 'IBV_WC_SUCCESS'),
      solution: [], runNs: 6000,
    },
    {
      id: 'lose', title: 'Lose a packet', highlight: 'log',
      text: [
        'Reliable does not mean nothing is lost; it means the NIC notices and resends. The responder expects PSNs in order; a gap makes it answer with a PSN-sequence NAK, and silence makes the sender\'s ACK timer (4.096 µs × 2^timeout) fire.',
      ],
      task: 'Use "Drop next N packets" in Post & faults, then watch the retry in the event log.',
      check: (p) => p.since('retry').length > 0,
      solution: [{ kind: 'dropPackets', count: 2, from: A }], runNs: 150_000,
    },
  ],
  sources: ['semantics.md §2 item 7–9 (completions in order), §8 items 34–36 (timeout, retry_cnt, RNR)', 'qp_context.md §1 (struct ibv_qp_attr)'],
};
