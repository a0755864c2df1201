// The NIC-memory lab's guided tour (topics 2, 3, 8, 9, 11) as data: per topic a starting setup,
// steps of prose, and for the steps that ask something of the learner a task, a predicate that
// says when it is done and the actions that do it. CI replays every solution (tour.test.ts).
import type { PresetId } from '../../core/memory/index.ts';
import type { CompareSide, LabConfig, MemoryTab } from '../../scenario/memoryLink.ts';

/** What a step's check may read: plain numbers of the running lab. */
export interface TourProbe {
  config: LabConfig;
  /** Steady-state readouts of the live runner (valid once a window closed). */
  hitRate: number;
  mops: number;
  engineUtilization: number;
  valid: boolean;
  walkCostNs: number | null;
  compare: { a: CompareSide & { hitRate: number; mops: number; valid: boolean }; b: CompareSide & { hitRate: number; mops: number; valid: boolean } } | null;
}

export type TourAction =
  | { kind: 'preset'; preset: PresetId; qps?: number }
  | { kind: 'config'; patch: Partial<LabConfig> }
  | { kind: 'compare'; a?: Partial<CompareSide>; b?: Partial<CompareSide> }
  | { kind: 'pin'; qpn: number };

export interface TourStep {
  id: string;
  title: string;
  text: string[];
  /** The tab to look at. */
  tab: MemoryTab;
  task?: string;
  check?: (p: TourProbe) => boolean;
  solution?: TourAction[];
}

export interface TourTopic {
  id: string;
  number: number;
  title: string;
  /** Applied when the topic starts ("Start here"). */
  start: TourAction[];
  steps: TourStep[];
  sources: string[];
}

const FASST = 'FaSST (Kalia et al., OSDI 2016) rc-swarm raw logs, efficient/rdma_bench (RAW)';
const cmpReady = (p: TourProbe) => p.compare !== null && p.compare.a.valid && p.compare.b.valid;

export const TOUR: readonly TourTopic[] = [
  {
    id: 'table', number: 2, title: 'The QP table',
    start: [{ kind: 'preset', preset: 'cx3', qps: 1000 }],
    sources: ['4 KiB ICM pages: mlx4/mlx5 page shift 12 (QUOTE)', '256 B contexts: HNS_ROCE_V2_QPC_ENTRY_SZ (QUOTE)', 'The walk itself is the textbook shape (MODEL)'],
    steps: [
      { id: 'address', title: 'A QPN is an address', tab: 'walk',
        text: ['The NIC finds a QP’s context the way a CPU finds a page: the 24-bit QPN is cut into indices, one per table level.',
          'The coloured bit strip shows each level’s index; below it the walk goes root → directory → context page, one level at a time, on every miss.'] },
      { id: 'onchip', title: 'What a level costs', tab: 'walk',
        text: ['Levels kept on chip cost nothing per miss; each level in host memory costs one PCIe read (~0.75 µs).'],
        task: 'Set “Levels on chip” to 0 and watch the walk cost triple.',
        check: (p) => p.config.onChipLevels === 0 && (p.walkCostNs ?? 0) >= 3 * p.config.fetchNs,
        solution: [{ kind: 'config', patch: { onChipLevels: 0 } }] },
      { id: 'memory', title: 'Memory grows with the QPN space', tab: 'walk',
        text: ['The table is allocated lazily: a page appears with its first QP. With scattered QPNs most 4 KiB pages hold one or two live contexts, so the bytes per QP are far above the 256 B a context needs.'],
        task: 'Raise the active QPs to 100,000 or more and read the table memory.',
        check: (p) => p.config.qps >= 100_000,
        solution: [{ kind: 'config', patch: { qps: 100_000 } }] },
    ],
  },
  {
    id: 'caching', number: 3, title: 'QP caching and the cliff',
    start: [{ kind: 'preset', preset: 'cx3', qps: 48 }],
    sources: [FASST, 'Context fetch ≈ 0.75 µs: pcie-bench (RAW); cache ≈ 80–120 contexts: fit to FaSST (MODEL)'],
    steps: [
      { id: 'hits', title: 'All hits', tab: 'cache',
        text: ['48 active QPs on a ConnectX-3-like NIC whose context cache holds 112. After the first touch of each QP every lookup hits (green discs), and throughput sits at the 11 Mops peak.'] },
      { id: 'cliff', title: 'Drag past the cache', tab: 'cache',
        text: ['Now push more QPs through the same 112 slots. Most lookups miss: each miss fetches a context over PCIe (↑) and writes the dirty victim back (↓). With K = 1 the pipeline stalls for every fetch.'],
        task: 'Drag the active QPs past four times the cache size.',
        check: (p) => p.config.qps >= 4 * p.config.entries && p.valid && p.hitRate < 0.3,
        solution: [{ kind: 'config', patch: { qps: 1000 } }] },
      { id: 'measured', title: 'The cliff, against the measurements', tab: 'cliff',
        text: ['The blue curve is this model swept from 1 to 1,000,000 QPs; the amber diamonds are FaSST’s raw rc-swarm logs on ConnectX-3.',
          'The knee starts below 112 because the cache is banked: scattered QPNs load the 8-way sets unevenly.'] },
      { id: 'overlap', title: 'Overlap softens the cliff', tab: 'cliff',
        text: ['Connect-IB keeps ~47 fetches in flight, so a 750 ns miss costs only ~16 ns of pipeline time: the same mechanism, a soft knee.'],
        task: 'Switch to the Connect-IB preset.',
        check: (p) => p.config.preset === 'connect-ib' && p.config.overlap >= 32,
        solution: [{ kind: 'preset', preset: 'connect-ib', qps: 420 }] },
    ],
  },
  {
    id: 'policy', number: 8, title: 'Eviction policy',
    start: [{ kind: 'preset', preset: 'cx3', qps: 1000 }, { kind: 'compare', a: { policy: 'lru' }, b: { policy: 'fifo' } }],
    sources: ['2Q: Johnson & Shasha, VLDB 1994', 'No commercial RNIC publishes its policy (qp-cache-numbers.md (b))'],
    steps: [
      { id: 'uniform', title: 'Uniform traffic: policy barely matters', tab: 'compare',
        text: ['With every QP equally likely any victim is as good as any other: LRU, FIFO and random all converge on a hit rate of about C/N.'] },
      { id: 'zipf', title: 'Skew: keep the hot QPs', tab: 'compare',
        text: ['Under Zipf traffic a few QPs carry most packets. LFU keeps the heavy hitters; random throws them out as often as anything else.'],
        task: 'Choose Zipf traffic, give A LFU and B Random.',
        check: (p) => p.config.pattern === 'zipf' && cmpReady(p) && p.compare!.a.policy === 'lfu' && p.compare!.b.policy === 'random' && p.compare!.a.hitRate > p.compare!.b.hitRate + 0.03,
        solution: [{ kind: 'config', patch: { pattern: 'zipf', skew: 1.1 } }, { kind: 'compare', a: { policy: 'lfu' }, b: { policy: 'random' } }] },
      { id: 'scan', title: 'A scan breaks LRU', tab: 'compare',
        text: ['Half the packets go to a small hot set; the rest scan every QP in order. Under LRU each scanned QP pushes a hot one out. 2Q admits a QP seen once only to its small A1in queue, so the hot QPs in Am survive.'],
        task: 'Choose “Scan + hot set” traffic, give A 2Q and B LRU.',
        check: (p) => p.config.pattern === 'scan' && cmpReady(p) && p.compare!.a.policy === '2q' && p.compare!.b.policy === 'lru' && p.compare!.a.hitRate > p.compare!.b.hitRate + 0.05,
        solution: [{ kind: 'config', patch: { pattern: 'scan', skew: 0.5 } }, { kind: 'compare', a: { policy: '2q' }, b: { policy: 'lru' } }] },
      { id: 'pin', title: 'Dirty victims and pinning', tab: 'cache',
        text: ['Every RC packet updates hardware fields (PSNs, counters), so victims are dirty: the purple corners and the ↓ write-backs. A pinned QP is never chosen as a victim; pin a whole set and misses to it bypass the cache.'],
        task: 'Select a slot in the Cache tab and pin its QP.',
        check: (p) => p.config.pinned.length > 0,
        solution: [{ kind: 'pin', qpn: 16 }] },
    ],
  },
  {
    id: 'engines', number: 9, title: 'Eviction engines',
    start: [{ kind: 'preset', preset: 'connect-ib', qps: 1500 }],
    sources: ['Engine classes and orders of magnitude: the issue; every latency here is MODEL (no RNIC publishes its eviction logic)'],
    steps: [
      { id: 'fixed', title: 'Who decides the victim', tab: 'timing',
        text: ['On a miss into a full set something must pick the victim. Fixed-function logic does it in a few ns: the thin amber bar in the waterfall.'] },
      { id: 'programmable', title: 'A programmable engine is serial', tab: 'timing',
        text: ['A micro-engine takes ~120 ns per decision, one at a time. With dozens of misses in flight the decisions queue: the red “wait for engine” bar, and Engine busy near 100%.'],
        task: 'Switch the eviction engine to the programmable one.',
        check: (p) => p.config.engine === 'programmable' && p.valid && p.engineUtilization > 0.5,
        solution: [{ kind: 'config', patch: { engine: 'programmable' } }] },
      { id: 'firmware', title: 'Trapping to firmware', tab: 'compare',
        text: ['A trap to firmware takes microseconds per decision. Its throughput is capped at 1 / (evictions per packet × 2.5 µs), whatever the PCIe latency.'],
        task: 'In Compare, keep A on fixed logic and give B the firmware engine.',
        check: (p) => cmpReady(p) && p.compare!.a.engine === 'fixed' && p.compare!.b.engine === 'firmware' && p.compare!.b.mops < 0.8 * p.compare!.a.mops,
        solution: [{ kind: 'config', patch: { engine: 'fixed' } }, { kind: 'compare', a: { engine: 'fixed' }, b: { engine: 'firmware' } }] },
    ],
  },
  {
    id: 'capacity', number: 11, title: 'Capacity and timing',
    start: [{ kind: 'preset', preset: 'cx5', qps: 512 }],
    sources: ['StaR (ICNP 2021): knee ≈ 450 (QUOTE)', 'PipeDevice (SIGCOMM 2022): ≈50% at 4096 (QUOTE)', 'Race cycle counts: MODEL'],
    steps: [
      { id: 'fit', title: 'How many QPs fit', tab: 'capacity',
        text: ['A CX5-like chip with 128 KiB of context SRAM holds 512 contexts, and 512 active QPs still run near the 60 Mops peak. “Performant QPs” is the most active QPs that stay within 5% of peak: set by the SRAM, and by how well misses overlap.'] },
      { id: 'half', title: 'Half the throughput at 4096', tab: 'cliff',
        text: ['PipeDevice reports commodity RNICs about 50% down with 4096 connections. The CX5-like preset reproduces it: read the live throughput against the 60 Mops peak.'],
        task: 'Run 4,096 active QPs until the throughput settles near half the peak.',
        check: (p) => p.config.preset === 'cx5' && p.config.qps === 4096 && p.valid && p.mops < 0.6 * (1000 / 16.7),
        solution: [{ kind: 'config', patch: { qps: 4096 } }] },
      { id: 'race', title: 'Control plane vs data plane', tab: 'capacity',
        text: ['modify_qp writes a context word by word through firmware while packets read it at full speed. Unprotected, a packet can see state = RTS with the old PSN. The busy bit stalls the packet, the seqlock retries it, a dual-ported row pays in area instead.'] },
    ],
  },
];

/** The tour without functions, for the main thread. */
export interface TourInfo {
  id: string;
  number: number;
  title: string;
  sources: string[];
  steps: Array<{ id: string; title: string; text: string[]; tab: MemoryTab; task?: string; checked: boolean; solvable: boolean }>;
}

export function tourCatalogue(): TourInfo[] {
  return TOUR.map((t) => ({
    id: t.id, number: t.number, title: t.title, sources: [...t.sources],
    steps: t.steps.map((s) => ({ id: s.id, title: s.title, text: [...s.text], tab: s.tab, task: s.task, checked: !!s.check, solvable: !!s.solution })),
  }));
}
