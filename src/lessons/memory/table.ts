import { type Lesson } from './types.ts';

export const tableLesson: Lesson = {
  id: 'table', lab: 'memory', topic: 2, title: 'The QP table',
  summary: 'A QPN is an address: the walk from QPN to context, what each level costs, and how table memory grows with the QPN space.',
  why: 'A job can open hundreds of thousands of QPs: an all-to-all over 1,000 ranks with 8 QPs per pair needs 8,000 on every host. Where their contexts live decides how much host memory the NIC pins and what each miss costs.',
  setup: [{ kind: 'preset', preset: 'cx3', qps: 1000 }],
  sources: ['mlx4-icm: ICM mapped by the driver, in chunks of up to 256 KiB (the model allocates 4 KiB pages)', 'hns-qpc: 256 B contexts', 'model-walk: the walk itself', 'qpn-alloc: QPNs are handed out densely'],
  steps: [
    { id: 'address', title: 'A QPN is an address', highlight: 'walk', speed: 5000,
      text: ['In this model the NIC finds a QP\'s context the way a CPU finds a page: the 24-bit QPN is cut into indices, one per table level. No vendor documents its table, so the shape is the page\'s model; the sizes (4 KiB pages, 256 B contexts) come from the mlx4 and hns drivers.',
        'The coloured bit strip shows each level\'s index; below it the walk goes root → directory → context page, one level at a time, on every miss. The tables live in ICM: host memory the driver allocates and maps for the NIC (mlx4 does it itself), in 4 KiB pages.'] },
    { id: 'onchip', title: 'Predict: what a level costs', highlight: 'walk',
      text: ['Levels kept on chip cost nothing per miss; each level in host memory costs one PCIe read. Right now the two upper levels are on chip.'],
      question: {
        kind: 'number', prompt: 'Set "Levels on chip" to 0. How many PCIe reads will one miss then cost?', unit: 'reads',
        reveal: [{ kind: 'config', patch: { onChipLevels: 0 } }], runNs: 20_000, tolerance: 0,
        outcome: (p) => p.hostReads ?? 0,
        stated: 3,
        variant: () => ({
          prompt: 'Set "Levels on chip" to 1 instead. How many PCIe reads will one miss then cost?',
          reveal: [{ kind: 'config', patch: { onChipLevels: 1 } }], stated: 2,
          because: 'The root stays on chip; the directory and the context are read over PCIe: two reads.',
        }),
        because: 'With no level on chip every level is a PCIe read: root, directory, context — three reads, three times the cost of a miss that fetches only the context.',
        wrong: 'Count the table levels: each one not on chip is one read over PCIe, one after another.',
      } },
    { id: 'memory', title: 'Predict: memory grows with the QPN space', highlight: 'walk',
      text: ['This model allocates the context table lazily, page by page, as contexts first fall in them. Its page is the model\'s simplification: mlx4 maps context memory in chunks of up to 256 KiB (MLX4_TABLE_CHUNK_SIZE), each taken whole by mlx4_table_get on its first use.',
        'Real allocators hand out QPNs one after another (cyclic or next-fit). This preset instead draws each QPN at random from the whole 24-bit space.'],
      question: {
        kind: 'number', prompt: 'At 100,000 active QPs with scattered QPNs, how many bytes of host table memory does each QP cost?', unit: 'bytes / QP',
        reveal: [{ kind: 'config', patch: { qps: 100_000 } }], runNs: 1000, relTolerance: 0.35,
        outcome: (p) => Math.round((p.tableBytes ?? 0) / Math.max(1, p.config.qps)),
        stated: 4096,
        because: 'Scattered over 2^24 QPNs, 100,000 QPs almost never share a page: most 4 KiB context pages of the model hold a single live context, so each QP costs close to a whole page instead of the 256 B its context needs; dense QPNs fill the pages and come close to 256 B.',
        wrong: 'A page is allocated whole for its first context. With scattered QPNs few contexts share a page.',
      } },
  ],
};
