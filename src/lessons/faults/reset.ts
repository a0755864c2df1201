// Topic 10: a QP reset in the middle of a transfer — what is cleared and what late packets do —
// and the QPN-reuse hazard with its two mitigations. (The reset lab also streams a READ back and
// can move the QP to ERR first; no step teaches those yet, so the summary does not promise them.)
import type { Lesson } from './types.ts';

export const resetLesson: Lesson = {
  id: 'reset', lab: 'faults', topic: 10, title: 'Reset in the middle of a transfer',
  summary: 'Move a QP to RESET while a message is half-arrived or while its replay state waits for ACKs, then reuse its QPN: what is cleared, what late packets meet, and two mitigations.',
  // After the transfer has finished (nothing is in flight at 16 µs), at the reset slider's end.
  setup: [{ kind: 'reset', patch: { situation: 'send-half-arrived', resetAtNs: 16_000, errFirst: false, reuse: false, quarantine: false, randomPsn: false } }],
  sources: [
    'reset-book: queues emptied without completions, packets dropped silently',
    'rxe-reset: what is cleared and what is left',
    'psn-window: late packets judged by their PSN',
    'qpn-reuse: QPN reuse, TimeWait quarantine, random initial PSN',
    'rxe-check-addr: rxe also checks an RC packet\'s source address (the model does not)',
    'model-faults: drain-then-reset and a zero-time fence',
  ],
  steps: [
    {
      id: 'why', title: 'Why a reset mid-transfer matters', highlight: 'reset',
      text: [
        'Applications recover from errors by moving a QP to RESET and bringing it up again, or by destroying it and creating a new one — often while packets of the old connection are still on the wire.',
        'The timeline shows one transfer from A to B: the packets, B\'s reassembly of the message, A\'s replay window (PSNs sent and not yet acknowledged), B\'s DMA engine and the context cache. The reset instant is the red line; drag it.',
      ],
    },
    {
      id: 'half', title: 'A message half-arrived', highlight: 'reset',
      text: ['A 4 KiB SEND crosses the wire in four packets. B\'s QP is about to be reset at 5.9 µs, when the first packets have arrived and the rest are still on the wire.'],
      question: {
        kind: 'one', prompt: 'What happens to the SEND packets that reach B after its reset?',
        options: [
          { id: 'accepted', label: 'They are accepted and the message completes', why: 'A QP in RESET processes nothing: it has no receive queue and no expected PSN any more.' },
          { id: 'dropped', label: 'They are dropped silently, and no completion appears' },
          { id: 'nak', label: 'B answers with a NAK', why: 'A QP in RESET sends nothing — not even a NAK (rxe check_type_state drops the packet).' },
        ],
        reveal: [{ kind: 'reset', patch: { situation: 'send-half-arrived', resetAtNs: 5_900 } }],
        outcome: (p) => {
          const late = (p.reset?.result.late ?? []).filter((x) => x.op.startsWith('SEND'));
          return late.length && late.every((x) => (x.outcome ?? x.drop ?? '').startsWith('dropped')) ? 'dropped' : late.some((x) => x.outcome === 'accepted') ? 'accepted' : 'nak';
        },
        stated: 'dropped',
        because: 'In RESET a QP silently drops every incoming packet; the bytes already placed stay in memory, and no completion ever tells the application about them.',
      },
    },
    {
      id: 'cleared', title: 'What RESET clears', highlight: 'reset',
      text: ['Now reset A, the requester, at 6.5 µs, while four WRITEs are in flight.'],
      question: {
        kind: 'several', prompt: 'Which of these does A\'s reset clear?',
        options: [
          { id: 'queues', label: 'The WRs still waiting to be sent (discarded without completions)', why: 'RESET empties the queues and writes no completion for what it discards (rxe_qp_reset).' },
          { id: 'replay', label: 'The replay window: unacknowledged PSNs', why: 'Retry state and the count of unacknowledged packets are cleared: nothing will be retransmitted.' },
          { id: 'cache', label: 'Its copy held in the NIC\'s on-chip cache', why: 'In this model the cached context is invalidated (MODEL: reset-cache), so the next packet for the QPN fetches a fresh one.' },
          { id: 'cqes', label: 'Completions already written to its CQ', why: 'This model follows rxe, which leaves CQEs already in the CQ; mlx5 also purges this QP\'s unpolled CQEs — portable code must handle both.' },
          { id: 'psns', label: 'Its PSNs: next_send_psn goes back to 0', why: 'RESET leaves the PSNs alone (rxe_qp_reset); the sq_psn every RTR→RTS must pass overwrites them on the way back up.' },
          { id: 'bytes', label: 'The bytes its WRITEs already placed in host B\'s memory', why: 'A reset clears a QP, not memory, and not the other host: bytes already placed stay where they landed.' },
        ],
        reveal: [{ kind: 'reset', patch: { situation: 'replay-unacked', resetAtNs: 6_500 } }],
        outcome: (p) => {
          const r = p.reset?.result.resets[0];
          if (!r) return [];
          const out: string[] = [];
          if (r.sq + r.rq > 0) out.push('queues');
          if (r.unackedPsns > 0) out.push('replay');
          if (r.cachedCtx) out.push('cache');
          return out;
        },
        stated: ['queues', 'replay', 'cache'],
        because: 'RESET discards the queued WRs without completions, forgets the replay state and invalidates the cached context; CQEs already written stay (rxe; mlx5 would purge them).',
      },
    },
    {
      id: 'reuse', title: 'The QPN comes back', highlight: 'reset',
      text: [
        'Now destroy both QPs at 6.5 µs and create two new ones between the same two hosts at once, and suppose they get the very same QPNs. That happens: EFA reused a QPN on a fast destroy and re-create (rdma-core PR #1731). rxe, irdma and mlx4 allocate QPNs cyclically, so there a number comes back only after a wrap.',
        'Neither connection, old or new, draws a random starting PSN: both began at PSN 0. A retransmitted WRITE of the old connection is still on the wire.',
      ],
      question: {
        kind: 'one', prompt: 'What happens to the stale WRITE packet when it reaches the new QP on host B?',
        options: [
          { id: 'yes', label: 'It is accepted, and its bytes land in the new connection\'s memory' },
          { id: 'no', label: 'It is dropped: the new QP can tell it belongs to the old connection', why: 'Nothing in the packet says which incarnation of a QPN sent it. This model matches a packet by QPN and PSN alone; rxe\'s check_addr also compares the source address with the QP\'s peer, which does not help here: the new QP has the same peer.' },
          { id: 'dup', label: 'It is re-acknowledged and dropped as a duplicate of a PSN already seen', why: 'A duplicate is a PSN behind the one expected. The new QP has received nothing yet, so it expects the very PSN the stale packet carries.' },
          { id: 'nak', label: 'It is refused with a sequence NAK', why: 'A sequence NAK answers a PSN ahead of the expected one; this PSN is exactly the one the new QP expects.' },
        ],
        reveal: [{ kind: 'reset', patch: { situation: 'replay-unacked', resetAtNs: 6_500, reuse: true, quarantine: false, randomPsn: false } }],
        outcome: (p) => {
          if (p.reset?.result.staleAccepted) return 'yes';
          const fates = (p.reset?.result.late ?? []).map((x) => x.outcome ?? x.drop ?? '');
          return fates.some((f) => /dup/.test(f)) ? 'dup' : fates.some((f) => /nak|seq/i.test(f)) ? 'nak' : 'no';
        },
        stated: 'yes',
        because: 'The packet names the reused QPN and the PSN the new QP expects, so it is taken as new data: the old connection writes into the new one. (The model checks no source address — its simplification; rxe\'s check_addr would check it, and pass it, since the peer is the same host.)',
      },
    },
    {
      id: 'mitigate', title: 'Two mitigations', highlight: 'reset',
      text: ['The IB CM keeps a torn-down connection in TimeWait so its QPN is not reused while old packets may still arrive (a quarantine), and rdma_cm starts every connection at a random 24-bit PSN, so a stale packet fits the new window only by a 2^-24 chance.'],
      task: 'Keep the QPN reuse, and switch on one mitigation so the stale packet is refused.',
      hints: ['The switches under the reset lanes: “Destroy both QPs at the reset, create two new ones” stays on.', 'Turn on “QPN quarantine” or “Random initial PSN” and read the late packet\'s fate again.'],
      check: (p) => !!p.reset && p.reset.settings.reuse && (p.reset.settings.quarantine || p.reset.settings.randomPsn) && !p.reset.result.staleAccepted,
      solution: [{ kind: 'reset', patch: { reuse: true, randomPsn: true } }],
    },
    {
      id: 'diagnose', title: 'Diagnose: bytes nobody sent', highlight: 'reset',
      text: [
        'A storage service recovers from an error by destroying its QP pair and creating a new one at once; neither side uses rdma_cm. Now and then host B finds 1 KiB of old data in a buffer of the new connection, at an offset the new program never wrote to. No completion reports an error, no NAK was sent, both QPs stay in RTS, and the old connection\'s last WRITE was being retransmitted when it was torn down.',
      ],
      question: {
        kind: 'one', prompt: 'What happened, and what prevents it?',
        options: [
          { id: 'stale', label: 'A late packet of the old pair was taken by the new one: use random initial PSNs, or hold freed QPNs back for a while' },
          { id: 'dma', label: 'The reset did not stop B\'s DMA in time: move the QP to ERR and drain it before destroying it', why: 'Bytes already being placed at the reset land before the QP is cleared, but they belong to the old buffer and the old connection; here the bytes came later and went into the new connection.' },
          { id: 'dup', label: 'B accepted a duplicate of a packet of its own new connection: raise the timeout so fewer retransmissions happen', why: 'A duplicate is a PSN behind the one expected, and a responder acknowledges it again without placing it. New data at the expected PSN is not a duplicate.' },
          { id: 'app', label: 'The new program wrote to a wrong address: a bug in A\'s application, nothing the transport can catch', why: 'The new program never posted that WRITE. The packet came from the old connection, and nothing in it told the new QP so.' },
        ],
        reveal: [{ kind: 'reset', patch: { situation: 'replay-unacked', resetAtNs: 6_500, reuse: true, quarantine: false, randomPsn: false } }],
        outcome: (p) => (p.reset?.result.staleAccepted ? 'stale' : (p.reset?.result.late ?? []).some((x) => x.outcome === 'accepted') ? 'dma' : 'app'),
        stated: 'stale',
        because: 'The old connection\'s retransmitted WRITE arrived after the new QPs were created with the same QPNs, and its PSN was exactly the one the new responder expected (both started at 0): the new QP took it as new data. A random 24-bit initial PSN (rdma_cm does it) makes that a 2^-24 chance; a quarantine (the CM\'s TimeWait) keeps the QPN out of use until old packets are gone.',
      },
    },
  ],
};
