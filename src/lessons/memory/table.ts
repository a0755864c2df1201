import { type Lesson } from './types.ts';

export const tableLesson: Lesson = {
  id: 'table', lab: 'memory', topic: 2, title: 'The QP table',
  summary: 'A QPN is an address: the walk from QPN to context, what each level costs, and how table memory grows with the QPN space.',
  setup: [{ kind: 'preset', preset: 'cx3', qps: 1000 }],
  sources: ['4 KiB ICM pages: mlx4/mlx5 page shift 12 (QUOTE)', '256 B contexts: HNS_ROCE_V2_QPC_ENTRY_SZ (QUOTE)', 'The walk itself is the textbook shape (MODEL)'],
  steps: [
    { id: 'address', title: 'A QPN is an address', highlight: 'walk',
      text: ['The NIC finds a QP’s context the way a CPU finds a page: the 24-bit QPN is cut into indices, one per table level.',
        'The coloured bit strip shows each level’s index; below it the walk goes root → directory → context page, one level at a time, on every miss.'] },
    { id: 'onchip', title: 'What a level costs', highlight: 'walk',
      text: ['Levels kept on chip cost nothing per miss; each level in host memory costs one PCIe read (~0.75 µs).'],
      task: 'Set “Levels on chip” to 0 and watch the walk cost triple.',
      check: (p) => p.config.onChipLevels === 0 && (p.walkCostNs ?? 0) >= 3 * p.config.fetchNs,
      solution: [{ kind: 'config', patch: { onChipLevels: 0 } }] },
    { id: 'memory', title: 'Memory grows with the QPN space', highlight: 'walk',
      text: ['The table is allocated lazily: a page appears with its first QP. With scattered QPNs most 4 KiB pages hold one or two live contexts, so the bytes per QP are far above the 256 B a context needs.'],
      task: 'Raise the active QPs to 100,000 or more and read the table memory.',
      check: (p) => p.config.qps >= 100_000,
      solution: [{ kind: 'config', patch: { qps: 100_000 } }] },
  ],
};
