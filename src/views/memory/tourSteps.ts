// The lab's guided tour: per topic, steps of prose saying what to look at and what to drag, and
// the settings each step starts from ("Set it up"), sent through the bridge like any control.
import type { LabConfig, MemoryTab } from '../../worker/memory/types.ts';

export interface TourStep {
  title: string;
  text: string[];
  tab: MemoryTab;
  preset?: LabConfig['preset'];
  setup?: Partial<LabConfig>;
}
export interface TourTopic { id: string; number: number; title: string; steps: TourStep[] }

export const TOUR: readonly TourTopic[] = [
  {
    id: 'table', number: 2, title: 'The QP table',
    steps: [
      { title: 'A QPN is an address', tab: 'walk', preset: 'cx3', setup: { qps: 1000 },
        text: ['The NIC finds a QP’s context the way a CPU finds a page: the 24-bit QPN is cut into indices, one per table level.',
          'Look at the coloured bit strip: each colour is one level’s index. Below it, the walk goes root → directory → context page.'] },
      { title: 'What a level costs', tab: 'walk',
        text: ['Levels held on chip cost nothing; every level in host memory is one PCIe read (~0.75 µs) on a miss.',
          'Set “Levels on chip” to 0 and watch the walk cost triple, then open the Timing tab: the miss waterfall grows by two PCIe reads.'] },
      { title: 'Memory grows with the QPN space', tab: 'walk', setup: { qps: 100_000 },
        text: ['The table is allocated lazily: a page appears when its first QP does. With scattered QPNs, most 4 KiB pages hold one or two live contexts.',
          'Compare “bytes per QP” with the 256 B a context needs, and with the flat array over all 2²⁴ QPNs (4 GiB).'] },
    ],
  },
  {
    id: 'caching', number: 3, title: 'QP caching and the cliff',
    steps: [
      { title: 'All hits', tab: 'cache', preset: 'cx3', setup: { qps: 48 },
        text: ['48 active QPs on a ConnectX-3-like NIC whose context cache holds 112. After the first touch of each QP, every lookup hits (green discs).',
          'The hit-rate readout sits at 100% and throughput at the 11 Mops peak.'] },
      { title: 'Drag past the cache', tab: 'cache', setup: { qps: 1000 },
        text: ['Now 1,000 QPs compete for 112 slots. Most lookups miss: each miss fetches a context over PCIe (↑) and, if the victim is dirty, writes one back (↓).',
          'With K = 1 every miss stalls the pipeline for a full PCIe read: throughput falls about 9×.'] },
      { title: 'The cliff, against the measurements', tab: 'cliff',
        text: ['The blue curve is this model swept from 1 to 1,000,000 QPs; the amber diamonds are FaSST’s raw rc-swarm logs on ConnectX-3 (RAW).',
          'The knee sits just below the cache size because the cache is banked: scattered QPNs load the 8-way sets unevenly.'] },
      { title: 'Overlap softens the cliff', tab: 'cliff', preset: 'connect-ib', setup: { qps: 420 },
        text: ['Connect-IB keeps ~47 fetches in flight, so a 750 ns miss costs only ~16 ns of pipeline time. Same mechanism, a soft knee — as its raw logs show.'] },
    ],
  },
  {
    id: 'policy', number: 8, title: 'Eviction policy',
    steps: [
      { title: 'Uniform traffic: policy barely matters', tab: 'compare', preset: 'cx3', setup: { qps: 300, pattern: 'uniform' },
        text: ['With every QP equally likely, any victim is as good as any other: LRU, FIFO and random converge on hit rate ≈ C/N.',
          'Compare A and B: the difference stays within a point or two.'] },
      { title: 'Skew: keep the hot QPs', tab: 'compare', setup: { qps: 2000, pattern: 'zipf', skew: 1.1 },
        text: ['Under Zipf traffic a few QPs carry most packets. Set A to LFU and B to Random: LFU keeps the heavy hitters, random throws them out.'] },
      { title: 'A scan breaks LRU', tab: 'compare', setup: { qps: 2000, pattern: 'scan', skew: 0.5 },
        text: ['Half the packets go to a small hot set; the rest scan all QPs in order. LRU lets every scanned QP push a hot one out.',
          'Set A to 2Q: a QP seen once only enters the small A1in queue, so the hot QPs in Am survive.'] },
      { title: 'Dirty victims and pinning', tab: 'cache', setup: { qps: 300, pattern: 'uniform' },
        text: ['Every RC packet updates hardware fields (PSNs, counters), so victims are dirty: the purple corner and the ↓ write-backs.',
          'Select a slot and press “Pin this QP”: it is never chosen again; pin a whole set and misses to it bypass the cache.'] },
    ],
  },
  {
    id: 'engines', number: 9, title: 'Eviction engines',
    steps: [
      { title: 'Who decides the victim', tab: 'timing', preset: 'connect-ib', setup: { qps: 1500, engine: 'fixed' },
        text: ['On a miss into a full set something must pick the victim. Fixed-function logic does it in a few ns: look for the thin amber bar in the waterfall.'] },
      { title: 'A programmable engine is serial', tab: 'timing', setup: { engine: 'programmable' },
        text: ['A micro-engine takes ~120 ns per decision and does one at a time. With many misses in flight they queue: the red “wait for engine” bar, and the Engine busy readout near 100%.'] },
      { title: 'Trapping to firmware', tab: 'compare', setup: { engine: 'fixed' },
        text: ['In Compare, give B the firmware engine (~2.5 µs, serial). Its throughput is capped by 1 / (evictions per packet × 2.5 µs), whatever the PCIe latency. All engine latencies are MODEL.'] },
    ],
  },
  {
    id: 'capacity', number: 11, title: 'Capacity and timing',
    steps: [
      { title: 'How many QPs fit', tab: 'capacity', preset: 'cx5', setup: { qps: 4096 },
        text: ['A CX5-like chip with 128 KiB of context SRAM holds 512 contexts. “Performant QPs” is the most active QPs that stay within 5% of peak.',
          'Drag the SRAM slider and the overlap: capacity is set by SRAM, but “performant” also by how well misses overlap.'] },
      { title: 'Control plane vs data plane', tab: 'capacity',
        text: ['modify_qp writes a context word by word through firmware while packets read it at full speed. Unprotected, a packet can see state = RTS with the old PSN.',
          'Try each protection on the same collision: the busy bit stalls the packet, the seqlock retries it, a dual-ported row costs area instead of cycles.'] },
    ],
  },
];
