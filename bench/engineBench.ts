// The transport engine under steady traffic: 256 connected RC pairs between two hosts, each
// pair's requester posting on its own workload (SENDs and RDMA WRITEs), receivers refilled,
// CQs polled. The simulation runs exactly as the worker runs it (full trace kept, every event
// hashed), so the figure is what the page gets. Reports simulated events per wall second.
import { Simulation, type ScenarioInput } from '../src/core/index.ts';
import { median } from './stats.ts';

const PAIRS = 256;
const SIM_NS = Number(process.env.ENGINE_BENCH_NS ?? 4_000_000);
const RUNS = 5;

export function engineScenario(pairs = PAIRS, durationNs = SIM_NS): ScenarioInput {
  const qps: NonNullable<ScenarioInput['config']['qps']> = [];
  for (let i = 0; i < pairs; i++) {
    // timeout 12 (≈ 16.8 ms): the first touch of each of 256 contexts costs a fetch, and a
    // short ACK timeout would turn that start-up backlog into a retry storm, not steady traffic.
    qps.push({ host: 0, type: 'RC', peer: pairs + i, recvs: 8, refill: true, attrs: { timeout: 12 } });
  }
  for (let i = 0; i < pairs; i++) qps.push({ host: 1, type: 'RC', peer: i, recvs: 32, refill: true });
  return {
    version: 1,
    seed: 11,
    title: `${pairs} RC pairs, steady traffic`,
    config: {
      durationNs,
      hosts: [
        { name: 'A', cqDepths: [8192], pollIntervalNs: 2000, pollBatch: 4096 },
        { name: 'B', cqDepths: [8192], pollIntervalNs: 2000, pollBatch: 4096 },
      ],
      qps,
      // Each requester posts every 64 µs, staggered: 4 messages/µs, ≈ 70 % of the 100 Gb/s link,
      // so the run is steady rather than a growing backlog (no retries, no timeouts).
      workloads: Array.from({ length: pairs }, (_, i) => ({
        id: `w${i}`, qp: i, opcode: i % 4 === 3 ? 'IBV_WR_RDMA_WRITE' as const : 'IBV_WR_SEND' as const,
        length: i % 4 === 3 ? 4096 : 1024 + (i % 3) * 512, intervalNs: 64_000, startNs: (i * 251) % 64_000,
      })),
    },
  };
}

function once(): { ms: number; events: number; hash: string } {
  const sim = new Simulation(engineScenario());
  const t0 = performance.now();
  sim.runUntil(SIM_NS);
  const ms = performance.now() - t0;
  const s = sim.summary();
  if (s.wr.posted !== s.wr.completed + s.wr.discarded + s.wr.outstanding) throw new Error('engine bench: conservation broken');
  if ((s.cqe.IBV_WC_SUCCESS ?? 0) === 0) throw new Error('engine bench: no traffic completed');
  return { ms, events: s.traceEvents, hash: s.traceHash };
}

export async function run(): Promise<Record<string, number>> {
  once(); // warm-up: JIT
  const runs = Array.from({ length: RUNS }, once);
  if (new Set(runs.map((r) => r.hash)).size !== 1) throw new Error('engine bench: the same scenario hashed differently');
  const ms = median(runs.map((r) => r.ms));
  const events = runs[0].events;
  const perS = Math.round((events / ms) * 1000);
  console.log(`# engine bench: ${PAIRS} RC pairs, ${SIM_NS / 1000} µs simulated, ${events} events in ${ms.toFixed(0)} ms (median of ${RUNS}) = ${perS} events/s`);
  return { engine_events_per_s: perS, engine_events: events, engine_ms: Math.round(ms) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => console.log(JSON.stringify(r)));
}
