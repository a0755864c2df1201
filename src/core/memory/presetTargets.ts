// What each preset must reproduce, with the source, the published figure and the tolerance.
// Plain data (no functions) so a UI can list them; calibration.ts evaluates them on a sweep.
// Tolerances are ours (MODEL): ratios ±20% where the source is a raw sweep, wider where it is
// one quoted sentence ("~50%", "less than 450").

export type TargetMetric =
  /** throughput(at) / model peak (1000 / tHitNs). */
  | { kind: 'vsPeak'; at: number }
  /** throughput(num) / throughput(den). */
  | { kind: 'ratio'; num: number; den: number }
  /** model peak / throughput(at). */
  | { kind: 'peakOver'; at: number }
  /** First N (linear between grid points) where throughput < (1 - drop) × peak. */
  | { kind: 'knee'; drop: number; grid: number[] }
  /** Largest |model / measured - 1| over the preset's measured points. */
  | { kind: 'measuredFit' };

export interface CalibrationTarget {
  id: string;
  what: string;
  source: string;
  provenance: 'RAW' | 'QUOTE';
  /** The published figure (in the metric's unit). */
  expected: number;
  lo: number;
  hi: number;
  metric: TargetMetric;
}

const FASST_CX3 = 'FaSST (OSDI 2016) rc-swarm raw logs, efficient/rdma_bench rc-swarm/sweep/osdi/apt-allsig-* (ConnectX-3)';
const FASST_CIB = 'FaSST (OSDI 2016) rc-swarm raw logs, efficient/rdma_bench rc-swarm/sweep/osdi/netapp-allsig-* (Connect-IB)';

export const PRESET_TARGETS = {
  cx3: [
    { id: 'cx3-flat', what: 'flat at 48 QPs: throughput(48) / peak', source: FASST_CX3, provenance: 'RAW', expected: 1.0, lo: 0.95, hi: 1.0001, metric: { kind: 'vsPeak', at: 48 } },
    { id: 'cx3-knee', what: 'knee already biting at 88 QPs: throughput(88) / peak (7.67 / 11.02)', source: FASST_CX3, provenance: 'RAW', expected: 0.7, lo: 0.55, hi: 0.85, metric: { kind: 'vsPeak', at: 88 } },
    { id: 'cx3-cliff', what: 'cliff 88→176 QPs: throughput(88) / throughput(176) (7.67 / 2.72)', source: FASST_CX3, provenance: 'RAW', expected: 2.82, lo: 2.26, hi: 3.38, metric: { kind: 'ratio', num: 88, den: 176 } },
    { id: 'cx3-drop', what: 'drop by ~790 QPs: peak / throughput(792) (11.02 / 1.17)', source: FASST_CX3, provenance: 'RAW', expected: 9.4, lo: 7.5, hi: 11.3, metric: { kind: 'peakOver', at: 792 } },
    { id: 'cx3-points', what: 'every measured point: max |model/measured - 1|', source: FASST_CX3, provenance: 'RAW', expected: 0, lo: 0, hi: 0.25, metric: { kind: 'measuredFit' } },
  ],
  'connect-ib': [
    { id: 'cib-flat', what: '≤8% loss at ~250 QPs: throughput(252) / peak (46.30 / 50.25)', source: FASST_CIB, provenance: 'RAW', expected: 0.92, lo: 0.88, hi: 1.0001, metric: { kind: 'vsPeak', at: 252 } },
    { id: 'cib-420', what: '≈-20% at ~420 QPs: throughput(420) / peak (40.87 / 50.25)', source: FASST_CIB, provenance: 'RAW', expected: 0.81, lo: 0.72, hi: 0.88, metric: { kind: 'vsPeak', at: 420 } },
    { id: 'cib-1386', what: '≈-40% at ~1400 QPs: throughput(1386) / peak (29.73 / 50.25)', source: FASST_CIB, provenance: 'RAW', expected: 0.59, lo: 0.52, hi: 0.66, metric: { kind: 'vsPeak', at: 1386 } },
    { id: 'cib-points', what: 'every measured point: max |model/measured - 1|', source: FASST_CIB, provenance: 'RAW', expected: 0, lo: 0, hi: 0.12, metric: { kind: 'measuredFit' } },
  ],
  cx5: [
    { id: 'cx5-knee', what: 'knee ≈450: first N with throughput < 90% of peak', source: 'StaR (ICNP 2021) Fig. 1, quoted in valkey-io/valkey PR #477: "less than 450 concurrent connections"', provenance: 'QUOTE', expected: 450, lo: 340, hi: 560, metric: { kind: 'knee', drop: 0.1, grid: [256, 320, 384, 416, 448, 480, 512, 576, 640, 768] } },
    { id: 'cx5-4096', what: '≈50% at 4096 connections: throughput(4096) / peak', source: 'PipeDevice (SIGCOMM 2022), quoted in houminz/paper-reading#12: "drops by ~50% with 4096 connections"', provenance: 'QUOTE', expected: 0.5, lo: 0.42, hi: 0.58, metric: { kind: 'vsPeak', at: 4096 } },
  ],
  srnic: [
    { id: 'srnic-flat', what: 'flat (<5% loss) to 10K: throughput(10000) / peak', source: 'SRNIC (NSDI 2023) abstract: "10K performant connections on chip"', provenance: 'QUOTE', expected: 1.0, lo: 0.95, hi: 1.0001, metric: { kind: 'vsPeak', at: 10000 } },
  ],
} satisfies Record<string, CalibrationTarget[]>;
