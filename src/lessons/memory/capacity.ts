import { type Lesson } from './types.ts';

export const capacityLesson: Lesson = {
  id: 'capacity', lab: 'memory', topic: 11, title: 'Capacity and timing',
  summary: 'How many QPs a chip really holds, and what keeps control-plane writes and per-packet lookups from tearing a context.',
  setup: [{ kind: 'preset', preset: 'cx5', qps: 512 }],
  sources: ['StaR (ICNP 2021): knee ≈ 450 (QUOTE)', 'PipeDevice (SIGCOMM 2022): ≈50% at 4096 (QUOTE)', 'Race cycle counts: MODEL'],
  steps: [
    { id: 'fit', title: 'How many QPs fit', highlight: 'capacity',
      text: ['A CX5-like chip with 128 KiB of context SRAM holds 512 contexts, and 512 active QPs still run near the 60 Mops peak. “Performant QPs” is the most active QPs that stay within 5% of peak: set by the SRAM, and by how well misses overlap.'] },
    { id: 'half', title: 'Half the throughput at 4096', highlight: 'cliff',
      text: ['PipeDevice reports commodity RNICs about 50% down with 4096 connections. The CX5-like preset reproduces it: read the live throughput against the 60 Mops peak.'],
      task: 'Run 4,096 active QPs until the throughput settles near half the peak.',
      check: (p) => p.config.preset === 'cx5' && p.config.qps === 4096 && p.valid && p.mops < 0.6 * (1000 / 16.7),
      solution: [{ kind: 'config', patch: { qps: 4096 } }] },
    { id: 'race', title: 'Control plane vs data plane', highlight: 'capacity',
      text: ['modify_qp writes a context word by word through firmware while packets read it at full speed. Unprotected, a packet can see state = RTS with the old PSN. The busy bit stalls the packet, the seqlock retries it, a dual-ported row pays in area instead.'] },
  ],
};
