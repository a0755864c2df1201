// The hardware counters' cost (issue 20): the engine folds every event it emits into the counters'
// quantities (core/hw/quantities.ts foldHw, called from emit). The engine has no switch to leave
// them out, so both halves are measured in this process on the engine bench's scenario: a run as
// the page runs it (counters on), and the fold alone replayed over that run's events. Counters off
// is the run minus the fold; the figure is the ratio on / off (1.00 = free). Medians of RUNS.
import { Simulation } from '../src/core/index.ts';
import type { SimEvent } from '../src/core/model/events.ts';
import { foldHw, newHwFold } from '../src/core/hw/quantities.ts';
import { engineScenario } from './engineBench.ts';
import { median } from './stats.ts';

const NS = Number(process.env.COUNTERS_BENCH_NS ?? 2_000_000);
const RUNS = 5;

function once(): { runMs: number; foldMs: number; events: number } {
  const sim = new Simulation(engineScenario(256, NS), { traceKeep: Infinity });
  const t0 = performance.now();
  sim.runUntil(NS);
  const runMs = performance.now() - t0;
  const events = sim.events() as readonly SimEvent[];
  // The fold alone, over the same events in the same order, into fresh quantities.
  const f = newHwFold(2);
  const t1 = performance.now();
  for (const e of events) foldHw(f, e);
  const foldMs = performance.now() - t1;
  const direct = sim.summary().counters;
  if (JSON.stringify(Object.keys(direct)) !== '["0","1"]') throw new Error('counters bench: the run has no counters for its two hosts');
  return { runMs, foldMs, events: events.length };
}

export async function run(): Promise<Record<string, number>> {
  once(); // warm-up: JIT
  const runs = Array.from({ length: RUNS }, once);
  const on = median(runs.map((r) => r.runMs));
  const fold = median(runs.map((r) => r.foldMs));
  const ratio = on / (on - fold);
  console.log(`# counters bench: ${runs[0].events} events, run ${on.toFixed(0)} ms with counters, their fold ${fold.toFixed(1)} ms → on/off ${ratio.toFixed(3)} (median of ${RUNS})`);
  return { counters_on_off_ratio: Math.round(ratio * 1000) / 1000, counters_fold_ms: Math.round(fold * 10) / 10 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => console.log(JSON.stringify(r)));
}
