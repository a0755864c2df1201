// Named starting scenarios for the sandbox and the lessons.
import type { ScenarioInput } from '../core/index.ts';

/** Two hosts; an RC pair carrying traffic both ways, and a neighbour RC pair on the same CQs. */
export function sandboxScenario(): ScenarioInput {
  return {
    version: 1,
    seed: 2026,
    title: 'Sandbox: two hosts, two RC connections sharing CQs',
    config: {
      durationNs: 5_000_000,
      hosts: [{ name: 'Host A', cqDepths: [64] }, { name: 'Host B', cqDepths: [64] }],
      qps: [
        { host: 0, type: 'RC', peer: 1, recvs: 8, refill: true, attrs: { timeout: 4 } },
        { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true },
        { host: 0, type: 'RC', peer: 3, recvs: 8, refill: true },
        { host: 1, type: 'RC', peer: 2, recvs: 8, refill: true },
      ],
      workloads: [
        { id: 'A→B send', qp: 0, opcode: 'IBV_WR_SEND', length: 2048, intervalNs: 1500 },
        { id: 'B→A write', qp: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 4096, intervalNs: 2500, startNs: 700 },
        { id: 'A→B read (neighbour)', qp: 2, opcode: 'IBV_WR_RDMA_READ', length: 1024, intervalNs: 3000, startNs: 300 },
      ],
    },
    commands: [],
  };
}
