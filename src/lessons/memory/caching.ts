import { grouped } from '../../core/kit/grouped.ts';
import { FASST, type Lesson } from './types.ts';

export const cachingLesson: Lesson = {
  id: 'caching', lab: 'memory', topic: 3, title: 'QP caching and the cliff',
  summary: 'The on-chip context cache: hits, misses, the PCIe fetch on a miss, and the throughput cliff when active QPs outgrow it.',
  why: 'RC needs a QP per peer (often per thread). Once the active QPs outgrow the NIC\'s context cache, packets start paying PCIe reads — the reason FaSST and eRPC avoided RC at scale, and why collective libraries cap their connections.',
  setup: [{ kind: 'preset', preset: 'cx3', qps: 48 }],
  sources: [FASST, 'man-xrc: XRC domains and XRC QPs', 'mlx5dv-dc: the DC transport', 'man-srq', 'fasst-ud: RPCs over UD datagrams (FaSST, eRPC)', 'pcie-bench: one context fetch ≈ 0.55–0.9 µs', 'model-cache: 112 entries, banked', 'model-timing: 750 ns per miss, K = 1 for CX3', 'model-presets', 'qpn-alloc: real allocators hand out QPNs densely'],
  steps: [
    { id: 'hits', title: 'All hits', highlight: 'cache', speed: 5000,
      text: ['48 active QPs on a ConnectX-3-like NIC. Its context cache holds 112 entries in this model (a fit to FaSST\'s measurements, between 80 and 120). After the first touch of each QP every lookup hits (green discs), and throughput sits at the 11 Mops peak FaSST measured — a peak that was probably limited by the 8 CPU cores of that setup, not by the NIC.'] },
    { id: 'predict-631', title: 'Predict: the hit rate at 631 QPs', highlight: 'cache',
      text: ['The same 112 slots, with 631 QPs sending uniformly at random.'],
      question: {
        kind: 'number', prompt: 'What hit rate will the cache show at 631 active QPs?', unit: '%',
        reveal: [{ kind: 'config', patch: { qps: 631 } }], runNs: 200_000, tolerance: 4, masks: ['cliff', 'hit-rate'],
        outcome: (p) => Math.round(p.hitRate * 1000) / 10,
        stated: 18,
        variant: (n) => {
          const qps = [300, 1000, 224][(n - 1) % 3];
          return {
            prompt: `What hit rate will the cache show at ${grouped(qps)} active QPs?`,
            reveal: [{ kind: 'config', patch: { qps } }], stated: undefined,
            because: `About C/N = 112/${qps} under uniform traffic, a little less because the banked cache wastes some slots.`,
          };
        },
        because: 'With uniform traffic over N QPs and C slots the hit rate is about C/N: 112/631 ≈ 18%, a little less here because the banked cache wastes some slots.',
        wrong: 'Every QP is equally likely, and only 112 of the 631 contexts can be on chip at a time.',
      } },
    { id: 'cliff', title: 'Drag past the cache', highlight: 'cache',
      text: ['Most lookups now miss: each miss fetches a context over PCIe (↑) and writes the dirty victim back (↓). With K = 1 (a blocking cache) the pipeline stalls for every fetch.'],
      task: 'Drag the active QPs to 1,000 or more (about nine times the cache) and let the hit rate settle.',
      hints: ['“Active QPs” is the first slider in the settings on the left.', 'Drag it to 1,000 or beyond and keep playing until the hit-rate readout stops moving (below 15%).'],
      check: (p) => p.config.qps >= 1000 && p.valid && p.hitRate < 0.15,
      solution: [{ kind: 'config', patch: { qps: 1000 } }] },
    { id: 'measured', title: 'The cliff, against the measurements', highlight: 'cliff',
      text: ['The blue curve is this model swept from 1 to 1,000,000 QPs; the amber diamonds are FaSST\'s raw rc-swarm logs on ConnectX-3. The preset was fitted to these very points, so their agreement checks the fit, not an independent prediction.',
        'The knee starts below 112 because this model\'s cache is banked (8 ways, set = low QPN bits, after HNS\'s banks): scattered QPNs load the sets unevenly. That is the model\'s explanation of the early knee, not a documented ConnectX-3 design.'] },
    { id: 'conflicts', title: 'Predict: fewer QPs than slots', highlight: 'cache',
      text: ['The 112 slots are not one pool. In this model the cache is set-associative: 8 ways per set, and a QP\'s set is chosen by the low bits of its QPN (after HNS\'s banks). This preset scatters its QPNs at random, unlike the dense allocators of real drivers.'],
      question: {
        kind: 'one', prompt: 'With 93 active QPs sending uniformly, fewer than the 112 slots, what hit rate will the cache settle at?', masks: ['hit-rate', 'evictions'],
        options: [
          { id: 'all', label: '99.9% or more: every QP fits, nothing is evicted', range: [99.9, Infinity], why: 'Fitting in the cache as a whole is not enough: a QP may only use the 8 slots of its own set. Scattered QPNs give some sets more than 8 QPs while others have room, and those sets evict all the time: set conflicts.' },
          { id: 'some', label: 'Between 80% and 99.9%: some QPs still evict each other', range: [80, 99.9] },
          { id: 'cliff', label: 'Below 80%: the cliff has already begun', range: [-Infinity, 80], why: 'Only the sets that got more than 8 QPs miss; most sets hold all of theirs, so most lookups still hit.' },
        ],
        reveal: [{ kind: 'config', patch: { qps: 93 } }], runNs: 200_000,
        measure: { of: (p) => 100 * p.hitRate, unit: '%' },
        stated: 'some',
        because: 'A few sets receive more than their 8 ways\' worth of the 93 scattered QPNs, and in those sets the QPs evict one another on every turn while other sets sit half empty: set conflicts. Dense QPNs, handed out one after another, would spread evenly and all fit.',
      } },
    { id: 'overlap', title: 'Predict: Connect-IB at 420 QPs', highlight: 'cliff',
      text: ['The Connect-IB preset lets ~47 misses overlap (K = 47, a fit to FaSST\'s Connect-IB curve), each still a 750 ns read (a fit, within pcie-bench\'s measured range).'],
      question: {
        kind: 'one', prompt: 'On the Connect-IB preset at 420 active QPs, where will the throughput be?', masks: ['cliff', 'throughput', 'latency'],
        options: [
          { id: 'near', label: 'Still at 70% of its peak or more', range: [70, Infinity] },
          { id: 'mid', label: 'Between 30% and 70% of its peak', range: [30, 70], why: 'Overlap divides the miss cost by K ≈ 47: the loss at 420 QPs is about a fifth, not a half.' },
          { id: 'cliff', label: 'Below 30% of its peak, like ConnectX-3 past its cache', range: [-Infinity, 30], why: 'K = 47 misses in flight: a 750 ns miss costs only ~16 ns of pipeline time, so the same mechanism gives a soft knee.' },
        ],
        reveal: [{ kind: 'preset', preset: 'connect-ib', qps: 420 }], runNs: 200_000,
        measure: { of: (p) => (100 * p.mops) / p.peakMops, unit: '%' },
        stated: 'near',
        because: 'With misses overlapping, throughput is t_hit + m·L/K per packet: the miss cost is divided by K ≈ 47, so 420 QPs lose only about a fifth (FaSST measured −20% near 420).',
      } },
    { id: 'remedies', title: 'Remedies for the cliff', highlight: 'cliff',
      text: [
        'Real systems attack the cliff by making fewer contexts active, each remedy with its own cost (documented in the sources; this lab shows any of them only as fewer active QPs):',
        'XRC (documented, ibv_open_xrcd): a process sends to every process of a remote node through one send QP per node instead of one per process. DC, the Dynamically Connected transport (documented for mlx5, mlx5dv_create_qp): one initiator QP connects to a target for a burst and moves on, so a few QPs serve many peers. A shared receive queue (documented, ibv_create_srq): saves receive buffers across QPs, not the QPs\' contexts, so it helps memory more than the cache. UD-based RPC (FaSST, eRPC): one datagram QP per thread talks to every peer, and reliability moves into software.',
      ] },
    { id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'cache',
      text: ['A job doubles its ranks, and each ConnectX-3 host goes from about 100 to 400 active RC connections. Throughput per NIC falls far more than the extra work explains. What the engineer can read: every completion succeeds, no async event, every QP in RTS, no retransmissions; the NIC\'s PCIe read counter now climbs by nearly one read per packet.'],
      question: {
        kind: 'one', prompt: 'What is the NIC doing, and what helps?',
        options: [
          { id: 'cliff', label: 'The QPs in use outgrew the NIC\'s on-chip cache: almost every lookup misses and must wait; use fewer QPs (share them, or a transport that needs fewer)' },
          { id: 'fabric', label: 'The fabric is congested: raise the ACK timeout and retry_cnt', why: 'Congestion and loss show as retransmissions and NAKs; there are none. The extra PCIe reads come from inside the NIC.' },
          { id: 'data', label: 'The data buffers overload the PCIe bus: send larger messages', why: 'The bytes moved per packet did not change; what grew is the number of reads, one per miss.' },
          { id: 'cpu', label: 'The hosts\' cores cannot post fast enough: add threads', why: 'More threads post more work to the same 400 QPs; the reads per packet, and the loss, stay.' },
        ],
        reveal: [{ kind: 'preset', preset: 'cx3', qps: 398 }], runNs: 200_000,
        outcome: (p) => (p.hitRate < 0.5 && p.mops < 0.6 * p.peakMops ? 'cliff' : 'cpu'),
        stated: 'cliff',
        because: 'About 400 QPs against 112 cached contexts: most lookups miss and each miss is a blocking PCIe read (K = 1 on this NIC). The remedies cut the contexts the NIC must hold: share QPs between threads, a shared receive queue, XRC, DC, or UD-based RPC as FaSST and eRPC do.',
      } },
  ],
};
