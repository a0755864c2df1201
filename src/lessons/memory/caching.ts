import { FASST, type Lesson } from './types.ts';

export const cachingLesson: Lesson = {
  id: 'caching', lab: 'memory', topic: 3, title: 'QP caching and the cliff',
  summary: 'The on-chip context cache: hits, misses, the PCIe fetch on a miss, and the throughput cliff when active QPs outgrow it.',
  setup: [{ kind: 'preset', preset: 'cx3', qps: 48 }],
  sources: [FASST, 'Context fetch ≈ 0.75 µs: pcie-bench (RAW); cache ≈ 80–120 contexts: fit to FaSST (MODEL)'],
  steps: [
    { id: 'hits', title: 'All hits', highlight: 'cache',
      text: ['48 active QPs on a ConnectX-3-like NIC whose context cache holds 112. After the first touch of each QP every lookup hits (green discs), and throughput sits at the 11 Mops peak.'] },
    { id: 'cliff', title: 'Drag past the cache', highlight: 'cache',
      text: ['Now push more QPs through the same 112 slots. Most lookups miss: each miss fetches a context over PCIe (↑) and writes the dirty victim back (↓). With K = 1 the pipeline stalls for every fetch.'],
      task: 'Drag the active QPs past four times the cache size.',
      check: (p) => p.config.qps >= 4 * p.config.entries && p.valid && p.hitRate < 0.3,
      solution: [{ kind: 'config', patch: { qps: 1000 } }] },
    { id: 'measured', title: 'The cliff, against the measurements', highlight: 'cliff',
      text: ['The blue curve is this model swept from 1 to 1,000,000 QPs; the amber diamonds are FaSST’s raw rc-swarm logs on ConnectX-3.',
        'The knee starts below 112 because the cache is banked: scattered QPNs load the 8-way sets unevenly.'] },
    { id: 'overlap', title: 'Overlap softens the cliff', highlight: 'cliff',
      text: ['Connect-IB keeps ~47 fetches in flight, so a 750 ns miss costs only ~16 ns of pipeline time: the same mechanism, a soft knee.'],
      task: 'Switch to the Connect-IB preset.',
      check: (p) => p.config.preset === 'connect-ib' && p.config.overlap >= 32,
      solution: [{ kind: 'preset', preset: 'connect-ib', qps: 420 }] },
  ],
};
