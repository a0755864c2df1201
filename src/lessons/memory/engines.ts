import { cmpReady, type Lesson } from './types.ts';

export const enginesLesson: Lesson = {
  id: 'engines', lab: 'memory', topic: 9, title: 'Eviction engines',
  summary: 'What decides the victim: fixed logic, a programmable engine or a firmware trap, paid in latency and throughput.',
  setup: [{ kind: 'preset', preset: 'connect-ib', qps: 1500 }],
  sources: ['Engine classes and orders of magnitude: the issue; every latency here is MODEL (no RNIC publishes its eviction logic)'],
  steps: [
    { id: 'fixed', title: 'Who decides the victim', highlight: 'timing',
      text: ['On a miss into a full set something must pick the victim. Fixed-function logic does it in a few ns: the thin amber bar in the waterfall.'] },
    { id: 'programmable', title: 'A programmable engine is serial', highlight: 'timing',
      text: ['A micro-engine takes ~120 ns per decision, one at a time. With dozens of misses in flight the decisions queue: the red “wait for engine” bar, and Engine busy near 100%.'],
      task: 'Switch the eviction engine to the programmable one.',
      check: (p) => p.config.engine === 'programmable' && p.valid && p.engineUtilization > 0.5,
      solution: [{ kind: 'config', patch: { engine: 'programmable' } }] },
    { id: 'firmware', title: 'Trapping to firmware', highlight: 'compare',
      text: ['A trap to firmware takes microseconds per decision. Its throughput is capped at 1 / (evictions per packet × 2.5 µs), whatever the PCIe latency.'],
      task: 'In Compare, keep A on fixed logic and give B the firmware engine.',
      check: (p) => cmpReady(p) && p.compare!.a.engine === 'fixed' && p.compare!.b.engine === 'firmware' && p.compare!.b.mops < 0.8 * p.compare!.a.mops,
      solution: [{ kind: 'config', patch: { engine: 'fixed' } }, { kind: 'compare', a: { engine: 'fixed' }, b: { engine: 'firmware' } }] },
  ],
};
