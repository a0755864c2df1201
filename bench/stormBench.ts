// A 16,384-QP port-down storm with 8 outstanding RDMA WRITEs per QP (16 hosts, 4 classes,
// mlx5 channel, FIFO), run as the CLI runs it (trace hashed). Reports flush CQEs per wall second:
//  - storm_cqes_per_s: while the storm flushes — from the first QP failure (retries exhausted)
//    until the storm has drained. This is the phase the error engine, event queue and flush
//    engine work in; set-up, posting and the ≈270 ms of simulated retransmissions before it are
//    excluded (they are storm_run_ms).
//  - storm_run_cqes_per_s: over the whole run after set-up, retransmissions included.
import { createStorm } from '../src/core/index.ts';
import { median } from './stats.ts';

const QPS = 16_384;
const RUNS = 5;

function once(): { flushMs: number; runMs: number; setupMs: number; cqes: number; hash: string } {
  const t0 = performance.now();
  const s = createStorm({ qps: QPS, fault: 'port-down', outstanding: 8 });
  const t1 = performance.now();
  const storm = s.sim.world.storm as { faulted: number };
  while (storm.faulted === 0 && !s.drained()) s.runUntil(s.now + 1_000_000);
  const t2 = performance.now();
  if (!s.runToDrain()) throw new Error('storm bench: the storm did not drain');
  const t3 = performance.now();
  const sum = s.summary();
  if (sum.faulted !== QPS || sum.reported + sum.lostReports !== sum.faulted) throw new Error(`storm bench: ${JSON.stringify(sum)}`);
  return { flushMs: t3 - t2, runMs: t3 - t1, setupMs: t1 - t0, cqes: sum.flushCqes, hash: sum.traceHash };
}

export async function run(): Promise<Record<string, number>> {
  once(); // warm-up
  const runs = Array.from({ length: RUNS }, once);
  if (new Set(runs.map((r) => r.hash)).size !== 1) throw new Error('storm bench: the same storm hashed differently');
  const cqes = runs[0].cqes;
  const flushMs = median(runs.map((r) => r.flushMs));
  const runMs = median(runs.map((r) => r.runMs));
  const perS = Math.round((cqes / flushMs) * 1000);
  console.log(`# storm bench: ${QPS}-QP port-down, 8 WRs each: ${cqes} flush CQEs; flush phase ${flushMs.toFixed(0)} ms = ${perS} CQEs/s; whole run ${runMs.toFixed(0)} ms; set-up ${median(runs.map((r) => r.setupMs)).toFixed(0)} ms`);
  return {
    storm_cqes_per_s: perS,
    storm_run_cqes_per_s: Math.round((cqes / runMs) * 1000),
    storm_flush_cqes: cqes,
    storm_flush_ms: Math.round(flushMs),
    storm_run_ms: Math.round(runMs),
    storm_setup_ms: Math.round(median(runs.map((r) => r.setupMs))),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => console.log(JSON.stringify(r)));
}
