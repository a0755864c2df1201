// Time-travel figures (issue 8): how long a seek and a step back take through the transport
// worker API, on the sandbox scenario simulated to 1 ms and to 5 ms. Reported, never asserted.
import { performance } from 'node:perf_hooks';
import { createTransportApi } from '../src/worker/transport/api.ts';
import { sandboxScenario } from '../src/scenario/presets.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function probe(endNs: number) {
  const api = createTransportApi();
  api.load(sandboxScenario(), endNs);
  const seek: number[] = [];
  const back: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = Math.round(((i * 7919) % 97) / 97 * endNs);
    const a = performance.now(); api.seek(t); seek.push(performance.now() - a);
    const b = performance.now(); api.stepBack(); back.push(performance.now() - b);
  }
  return { endNs, events: api.frame().eventsFrom + api.frame().events.length, seek_ms_median: +median(seek).toFixed(2), seek_ms_max: +Math.max(...seek).toFixed(2), step_back_ms_median: +median(back).toFixed(2), step_back_ms_max: +Math.max(...back).toFixed(2) };
}

export async function run(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const end of [1_000_000, 5_000_000]) {
    const p = probe(end);
    const at = `${end / 1_000_000}ms`;
    console.log(`# time travel at ${at}: ${p.events} events`);
    out[`seek_ms_median_${at}`] = p.seek_ms_median;
    out[`seek_ms_max_${at}`] = p.seek_ms_max;
    out[`step_back_ms_median_${at}`] = p.step_back_ms_median;
    out[`step_back_ms_max_${at}`] = p.step_back_ms_max;
  }
  return out;
}
