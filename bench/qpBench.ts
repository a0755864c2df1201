// Creating 1,000,000 QPs and driving each through RESET→INIT→RTR→RTS with the real modify path
// (kernel table check, driver value checks, context writes, lifecycle table). Reports time and
// the heap held per QP; the trace is hashed off so the bench measures the QP machinery.
import { Simulation, type Command } from '../src/core/index.ts';
import { runCommand } from '../src/core/sim/dispatch.ts';
import type { World } from '../src/core/world/world.ts';

const N = Number(process.env.QP_BENCH_N ?? 1_000_000);

const round1 = (x: number) => Math.round(x * 10) / 10;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export async function run(): Promise<Record<string, number>> {
  gc();
  const heap0 = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const sim = new Simulation({ version: 1, seed: 1, config: { hosts: [{ name: 'A' }, { name: 'B' }], qps: [] } }, { trace: 'off', qpCapacity: N });
  const w = sim.world as World;
  const t0 = performance.now();
  const init: Command = { kind: 'modifyQp', host: 0, qpn: 0, mask: ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'], attrs: { qp_state: 'INIT', pkey_index: 0, port_num: 1, qp_access_flags: 15 } };
  const rtr: Command = { kind: 'modifyQp', host: 0, qpn: 0, mask: ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'], attrs: { qp_state: 'RTR', ah_dlid: 2, path_mtu: 3, dest_qp_num: 0x200, rq_psn: 0, max_dest_rd_atomic: 4, min_rnr_timer: 1 } };
  const rts: Command = { kind: 'modifyQp', host: 0, qpn: 0, mask: ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'], attrs: { qp_state: 'RTS', sq_psn: 0, timeout: 14, retry_cnt: 7, rnr_retry: 7, max_rd_atomic: 4 } };
  let inRts = 0;
  for (let i = 0; i < N; i++) {
    const r = runCommand(w, { kind: 'createQp', host: 0, type: 'RC', sendCq: 0, recvCq: 0, sqDepth: 64, rqDepth: 64, sqSigAll: false });
    const qpn = (r as { qpn: number }).qpn;
    (init as { qpn: number }).qpn = qpn;
    (rtr as { qpn: number }).qpn = qpn;
    (rts as { qpn: number }).qpn = qpn;
    runCommand(w, init);
    runCommand(w, rtr);
    if (runCommand(w, rts).ok) inRts++;
  }
  const ms = performance.now() - t0;
  gc();
  const heap1 = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const ctxBytes = w.qps.bytesPerQp() - 11;
  // Exact bytes held by the QP store's columns (capacity included), independent of GC timing.
  const store = w.qps;
  const columns = Object.values(store.f).reduce((s, c) => s + c.byteLength, 0);
  const engine = store.host.byteLength + store.lc.byteLength + store.type.byteLength + store.qpn.byteLength + store.slotOf.reduce((s, t) => s + t.byteLength, 0);
  if (inRts !== N) throw new Error(`qpBench: only ${inRts} of ${N} QPs reached RTS`);
  return {
    qp_count: N,
    qp_to_rts_ms: Math.round(ms),
    qp_per_s: Math.round((N / ms) * 1000),
    qp_heap_bytes_per_qp: Math.round((heap1 - heap0) / N),
    qp_context_bytes: ctxBytes,
    qp_store_context_bytes_per_qp: round1(columns / N),
    qp_store_engine_bytes_per_qp: round1(engine / N),
    qp_runtime_objects: w.rt.size,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => console.log(JSON.stringify(r)));
}
