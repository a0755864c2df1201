import { readyPair, type Lesson } from './types.ts';

export const enginesLesson: Lesson = {
  id: 'engines', lab: 'memory', topic: 9, title: 'Eviction engines',
  summary: 'What decides the victim: fixed logic, a programmable engine or a firmware trap, paid in latency and throughput.',
  why: 'A smarter policy needs something to run it. Whether the decision is silicon, a micro-engine or firmware sets a ceiling on how many misses per second a NIC can absorb — and with many QPs, misses are what it does all day.',
  setup: [{ kind: 'preset', preset: 'connect-ib', qps: 1500 }],
  sources: ['model-engines: every engine latency here is the page\'s assumption', 'model-timing'],
  steps: [
    { id: 'fixed', title: 'Who decides the victim', highlight: 'timing', speed: 20_000,
      text: ['On a miss into a full set something must pick the victim. In this model fixed-function logic does it in a few ns: the thin amber bar in the waterfall. (No RNIC publishes its eviction logic; every engine latency on this page is the model\'s.)'] },
    { id: 'programmable', title: 'Predict: a programmable engine', highlight: 'timing',
      text: ['A programmable micro-engine takes ~120 ns per eviction decision in this model. The lab runs the Connect-IB preset at 1,500 active QPs: read its hit rate and its packet rate before you answer.'],
      question: {
        kind: 'number', prompt: 'Switch to the programmable engine. How busy (in %) will it be?', unit: '%', masks: ['engine-util'],
        reveal: [{ kind: 'config', patch: { engine: 'programmable' } }], runNs: 200_000, tolerance: 10,
        outcome: (p) => Math.round(p.engineUtilization * 100),
        stated: 100,
        because: 'Misses arrive faster than one engine decides them: it runs flat out (near 100%), and the decisions queue — the red "wait for engine" bar. Queueing, not service, is what grows.',
        wrong: 'Compare the decision time with the time between misses: ~120 ns per decision against a miss every few tens of ns.',
      } },
    { id: 'firmware', title: 'Predict: trapping to firmware', highlight: 'compare',
      text: ['A trap to firmware takes microseconds per decision (2.5 µs in this model). Your answer sets side A to fixed logic and side B to the trap.'],
      question: {
        kind: 'one', prompt: 'How will B\'s throughput compare with A\'s?', masks: ['compare', 'throughput'],
        options: [
          { id: 'much', label: 'B below 50% of A', range: [-Infinity, 50] },
          { id: 'bit', label: 'B lower, but between 50% and 98% of A', range: [50, 98], why: 'A firmware decision is not overlapped like a PCIe read: one at a time, 2.5 µs each, caps throughput at 1 / (evictions per packet × 2.5 µs).' },
          { id: 'same', label: 'The same, 98% of A or more: the PCIe read dominates', range: [98, Infinity], why: 'The PCIe reads overlap (K ≈ 47); the firmware decisions do not. The serial part sets the ceiling.' },
        ],
        reveal: [{ kind: 'config', patch: { engine: 'fixed' } }, { kind: 'compare', a: { engine: 'fixed' }, b: { engine: 'firmware' } }], runNs: 200_000,
        measure: { of: (p) => { const c = readyPair(p); return c ? (100 * c.b.mops) / c.a.mops : 100; }, unit: '%' },
        stated: 'much',
        because: 'With most packets evicting, B is capped at 1 / (evictions per packet × 2.5 µs) — well under a Mops — whatever the PCIe latency.',
      } },
    { id: 'diagnose', title: 'Diagnose: what an engineer sees', highlight: 'compare',
      text: ['Two NICs of the same family serve 1,500 active QPs. On the second one, whose eviction decisions are made in firmware, throughput is a small fraction of the first\'s. What the engineer can read: every completion succeeds, every QP in RTS; both show the same hit rate and the same PCIe reads per packet; the second NIC\'s embedded processor is busy all the time.'],
      question: {
        kind: 'one', prompt: 'What limits the second NIC, and what helps?',
        options: [
          { id: 'serial', label: 'Its victims are picked one at a time, each pick slow, and that caps the rate: keep fewer QPs busy than the cache holds, or prefer a NIC that picks in hardware' },
          { id: 'misses', label: 'It misses more often: its policy is worse', why: 'The hit rates are the same: both NICs miss as often; what differs is the time each miss waits for its decision.' },
          { id: 'pcie', label: 'Its PCIe reads are slower: check the slot', why: 'The reads per packet are the same, and they overlap; a decision made in firmware does not.' },
          { id: 'nothing', label: 'Nothing: the two differ by a few percent, within noise', why: 'A decision that takes microseconds and runs alone caps the NIC at a fraction of a million evictions per second.' },
        ],
        reveal: [{ kind: 'preset', preset: 'connect-ib', qps: 1500 }, { kind: 'compare', a: { engine: 'fixed' }, b: { engine: 'firmware' } }], runNs: 200_000,
        outcome: (p) => { const c = readyPair(p); if (!c) return 'nothing'; const r = c.b.mops / c.a.mops; return r < 0.5 && Math.abs(c.a.hitRate - c.b.hitRate) < 0.05 ? 'serial' : r < 0.95 ? 'misses' : 'nothing'; },
        stated: 'serial',
        because: 'Every miss into a full set needs a victim; a firmware trap takes about 2.5 µs per decision in this model and decides one at a time, so the packet rate cannot exceed 1 / (evictions per packet × 2.5 µs), however well the PCIe reads overlap.',
      } },
  ],
};
