// Topic 7: one shared cause faults many QPs at once; their reports squeeze through a narrow
// channel; who goes first under each arbitration policy, and at what cost.
import type { Lesson } from './types.ts';

const MS = 1e6;

export const stormLesson: Lesson = {
  id: 'storm', lab: 'faults', topic: 7, title: 'Many QPs failing at once',
  summary: 'One port goes down under 256 connections: who notices, when, and in what order the reports reach software.',
  setup: [{ kind: 'settings', patch: { qps: 256, fault: 'port-down', preset: 'mlx5', eqDepth: 4096, serviceNs: 20_000, eqeNs: 100, policy: 'fifo', classes: 4, mix: 'graded', outstanding: 8 } }],
  sources: [
    'port-down: a port going down changes no QP state; idle QPs never learn', 'man-async-event: IBV_EVENT_PORT_ERR and PORT_ACTIVE',
    'ack-timeout: how long a QP takes to notice',
    'eq-order: reports read in ring order; no driver ranks errors',
    'mlx4-eq: an EQ overflow is logged and the driver carries on',
    'hns-aeq: an AEQ overflow requests a function reset',
    'mlx5-health: device death and the driver\'s own flush',
    'model-faults: error-engine service time and the arbitration policies other than FIFO',
  ],
  steps: [
    {
      id: 'why', title: 'Why a storm matters', highlight: 'storm',
      text: [
        'A training job or a storage cluster keeps thousands of connections open. When a link, a switch port or a whole host fails, hundreds of QPs fail together — and the application learns about each one only when its report gets through the NIC and the driver.',
        'The grid shows 256 RC QPs on host A, each connected to a peer on another host, each with 8 RDMA WRITEs in flight. Colours show each QP\'s phase: healthy, waiting in the error engine, flushing, done. The error engine is the model\'s (MODEL: error-engine): one per NIC, serving faulted QPs one at a time; no vendor documents such a unit, and it stands for whatever firmware does between an error and its report.',
      ],
    },
    {
      id: 'port-down', title: 'The port goes down', highlight: 'storm',
      text: ['Host A\'s port goes down at t = 0. Before you run it, predict what the NIC does to the QPs.'],
      question: {
        kind: 'one', prompt: 'Right after the port goes down (1 ms later), what state are most of the 256 QPs in?',
        options: [
          { id: 'RTS', label: 'Still RTS' },
          { id: 'ERR', label: 'ERR: the NIC moves them all at once', why: 'A port-down event changes no QP\'s state: the driver only dispatches IBV_EVENT_PORT_ERR. Each RC QP finds out on its own, when its retransmissions run out.' },
          { id: 'SQD', label: 'SQD: the NIC drains them', why: 'SQD is entered only when software asks for it (modify to SQD); a port event does not do it.' },
        ],
        reveal: [{ kind: 'run', ns: 1_000_000 }],
        outcome: (p) => Object.entries(p.states).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'RTS',
        stated: 'RTS',
        because: 'A port-down changes no QP state: RC QPs keep retransmitting, and each fails only when its retry budget is spent (read in mlx5 and rxe).',
      },
    },
    {
      id: 'last-report', title: 'How long until the last report?', highlight: 'storm',
      text: ['Each QP retransmits `retry_cnt` = 3 times, each after a timeout of 4.096 µs × 2^14 ≈ 67 ms, then fails with IBV_WC_RETRY_EXC_ERR. The model\'s error engine (MODEL: error-engine) then reports the QPs one by one, 20 µs each (MODEL: latencies — set slow here so you can see the queue).'],
      question: {
        kind: 'number', prompt: 'Under FIFO, how many milliseconds from the fault until the last QP\'s report reaches software?', unit: 'ms',
        reveal: [{ kind: 'run' }],
        outcome: (p) => Math.round(p.summary.reportNs.max / MS),
        relTolerance: 0.05,
        stated: 273,
        because: 'Four tries of about 67 ms each (the first send and three retries) put every failure near 268 ms; the error engine then needs 256 × 20 µs ≈ 5 ms more to report them all.',
        wrong: 'Count the tries: the first transmission and retry_cnt = 3 retransmissions, each followed by a 67 ms timeout, before the first failure; then one report every 20 µs.',
      },
    },
    {
      id: 'priority', title: 'Strict priority by class', highlight: 'policies',
      text: [
        'Now imagine a NIC whose error engine serves its queue by strict priority. The 256 QPs form four classes of 64; class 0 has the highest priority (3), class 3 the lowest (0). No shipping driver does this — every one examined reads its event ring in order — so this is a design alternative (MODEL: policies-are-alternatives).',
        'The engine still takes 20 µs per report, and the QPs still fail within a fraction of a millisecond of each other.',
      ],
      question: {
        kind: 'number', prompt: 'Under strict priority, how many milliseconds later than class 0\'s p99 report delay will class 3\'s be?', unit: 'ms',
        reveal: [{ kind: 'policy', policy: 'priority' }, { kind: 'restart' }, { kind: 'run' }],
        outcome: (p) => Math.round((p.summary.perClass[3].reportP99Ns - p.summary.perClass[0].reportP99Ns) / 10_000) / 100,
        tolerance: 0.4,
        stated: 3.84,
        because: 'Class 3 waits behind the 192 QPs of classes 0 to 2: 192 × 20 µs ≈ 3.84 ms. Against the ≈ 268 ms every QP spends in its retry timers first, priority moves the last class by little more than 1%.',
        wrong: 'The retry timers are the same under every policy; what priority reorders is only the engine\'s queue: count the reports that go before class 3\'s, at 20 µs each.',
      },
    },
    {
      id: 'predict-squeeze', title: 'Predict: a narrow channel', highlight: 'storm',
      text: [
        'Now another fault on an mlx4-family NIC: a context-memory read error (MODEL: ctx-read-error; no public source describes this path) takes 400 QPs to ERR within a fraction of a millisecond, each with an IBV_EVENT_QP_FATAL for the driver. The model\'s error engine (MODEL: error-engine) hands over one every 500 ns; the driver takes 20 µs per event (a slow, loaded host — a MODEL number).',
        'The async event queue was asked for 64 entries; mlx4 adds its spare entries and rounds up to a power of two, which leaves 256 slots (read in code). An event that arrives while every slot is taken overruns the queue, and the driver logs the overrun. Your answer sets this storm up in the settings on the left and runs it.',
      ],
      question: {
        kind: 'number', prompt: 'How many of the 400 events will find the queue full?', unit: 'events',
        reveal: [{ kind: 'settings', patch: { preset: 'mlx4', fault: 'context-read-error', qps: 400, eqDepth: 64, eqeNs: 20_000, serviceNs: 500, idle: 0 } }, { kind: 'restart' }, { kind: 'run' }],
        outcome: (p) => p.summary.eqOverruns, relTolerance: 0.15,
        stated: 140,
        because: 'The engine delivers the 400 events in about 0.2 ms; in that time the driver consumes only a few (one per 20 µs), so the 256 slots fill and the rest overrun the queue: 400 − 256 − 4 = 140. What becomes of those QPs\' reports is the next step.',
        wrong: 'Compare the two rates: one event every half microsecond in, one every 20 µs out. Almost nothing drains while the events arrive, so the slots decide what fits.',
      },
    },
    {
      id: 'squeeze', title: 'A narrow channel overflows', highlight: 'storm',
      text: [
        'Reports of QP_FATAL-class errors travel through the async event queue. An mlx4-family NIC asks for 256 entries + 128 spare and rounds the 384 up to a power of two: 512 slots (read in code). When the queue overruns, the driver logs "EQ overrun" and carries on; that the events which did not fit are lost is the model’s reading.',
        'In this model a context-memory read error is such a fault (MODEL: ctx-read-error; no public source describes this path): every QP whose context is fetched while the error lasts goes to ERR with IBV_EVENT_QP_FATAL.',
        'The driver takes time for every entry it consumes. Set that to 20 µs (a slow, loaded host — a MODEL number) and the queue fills faster than it empties. Even the smallest depth leaves mlx4 256 slots, so it takes more than 256 failing QPs to overflow it.',
      ],
      task: 'Choose the mlx4 preset, a context-memory read error, 512 affected QPs, an event-queue depth of 64 (256 slots after rounding), a driver time of 20 µs per event and the error engine back at 500 ns, and run the storm to the end.',
      hints: [
        'Every setting is in the storm settings on the left: “NIC family”, “Shared-cause fault”, “Event-queue depth asked”, “Driver: time per event”, “Error engine: time per QP”.',
        'Pick mlx4 / mthca and the context-memory read error; set the QPs to 512, the depth to 64, the driver to 20 µs and the engine to 500 ns; then press “To the end” and watch “Lost reports”.',
      ],
      check: (p) => p.settings.preset === 'mlx4' && p.settings.qps === 512 && p.drained && p.summary.eqOverruns > 0,
      solution: [{ kind: 'settings', patch: { preset: 'mlx4', fault: 'context-read-error', qps: 512, eqDepth: 64, eqeNs: 20_000, serviceNs: 500 } }, { kind: 'run' }],
    },
    {
      id: 'never-silent', title: 'Lost, but counted', highlight: 'storm',
      text: [
        'Every faulted QP is either reported or counted as a lost report: the readouts never hide one. On hns an overrun requests a function reset (read in code). On mlx5 the health code lists an EQ-overrun syndrome; that it takes the fatal path, one DEVICE_FATAL and every QP flushed by the driver, is the model\'s reading (MODEL: overrun-mlx5). Switch the preset and watch the difference.',
        'The Policies tab runs the same storm under every policy: the total work is the same, so the overall median barely moves — what changes is who waits.',
      ],
    },
    {
      id: 'idle', title: 'Predict: the QPs with nothing to send', highlight: 'storm',
      text: [
        'Back to the port going down on the mlx5 preset, 256 RC QPs. This time a quarter of them have nothing in flight at the moment of the fault: their programs are between messages.',
      ],
      question: {
        kind: 'number', prompt: 'Once the storm has run to the end, how many QPs will never have reported anything?', unit: 'QPs',
        reveal: [{ kind: 'settings', patch: { fault: 'port-down', preset: 'mlx5', qps: 256, eqDepth: 4096, eqeNs: 100, serviceNs: 20_000, idle: 0.25 } }, { kind: 'restart' }, { kind: 'run' }],
        outcome: (p) => p.summary.unaware, tolerance: 2,
        stated: 64,
        because: 'An RC QP learns of a dead path only through its ACK timer, and the timer runs only while something is unacknowledged. The 64 idle QPs have nothing outstanding: no timer, no error, no report. They stay in RTS until the program posts to them, and then each spends its full retry time before failing. The port event is their only warning: on IBV_EVENT_PORT_ERR a program stops posting on that port, moves its QPs to ERR and drains them, and reconnects after IBV_EVENT_PORT_ACTIVE.',
        wrong: 'Ask what tells an RC QP that its peer is gone: only a timer that runs while it waits for an ACK.',
      },
    },
    {
      id: 'diagnose', title: 'Diagnose: what the program sees', highlight: 'storm',
      text: [
        'Another night, host A running 256 busy RC connections on an mlx5 NIC. The program\'s log shows, in this order: one async event `IBV_EVENT_PORT_ERR`; then nothing for about a quarter of a second; then, QP after QP, a completion with `IBV_WC_RETRY_EXC_ERR` followed by flush completions, each QP ending in ERR. No `IBV_EVENT_DEVICE_FATAL`.',
      ],
      question: {
        kind: 'one', prompt: 'What happened, and what must the program do?',
        options: [
          { id: 'port', label: 'A\'s own port went down: count every QP on it as lost, idle ones too, and reconnect once the port is active' },
          { id: 'remote', label: 'The remote hosts crashed: reconnect to other peers, since the local port and the NIC are fine', why: 'A remote crash raises no event on A\'s port; here the port itself reported PORT_ERR before any QP failed.' },
          { id: 'device', label: 'The NIC itself died: reload the driver and open the device again before anything else', why: 'A dead device raises IBV_EVENT_DEVICE_FATAL once and the driver flushes every QP itself; here each QP failed on its own retry timer.' },
          { id: 'nothing', label: 'Nothing to do until the QPs report: the port event only says the link flickered', why: 'The port event is the earliest and only warning. QPs with no work in flight will never report an error: a program that waits for completions keeps them forever.' },
        ],
        reveal: [{ kind: 'settings', patch: { fault: 'port-down', preset: 'mlx5', eqDepth: 4096, eqeNs: 100, serviceNs: 20_000, idle: 0 } }, { kind: 'restart' }, { kind: 'run' }],
        outcome: (p) => ((p.summary.events.IBV_EVENT_DEVICE_FATAL ?? 0) > 0 ? 'device' : (p.summary.events.IBV_EVENT_PORT_ERR ?? 0) > 0 ? 'port' : (p.summary.events.IBV_EVENT_QP_FATAL ?? 0) > 0 ? 'nothing' : 'remote'),
        stated: 'port',
        because: 'The driver turned the port change into IBV_EVENT_PORT_ERR and changed no QP (read in mlx5 and rxe); each busy RC QP then failed only when its retries ran out, about 268 ms later. A QP with nothing in flight has no timer running and never learns: the program must act on the port event for every QP on that port, and reconnect once the port is active again.',
      },
    },
  ],
};
