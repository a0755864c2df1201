// Named starting scenarios for the sandbox and the lessons.
import type { ScenarioInput } from '../core/index.ts';

const ALL = ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE', 'IBV_ACCESS_REMOTE_READ', 'IBV_ACCESS_REMOTE_ATOMIC'] as const;

/**
 * Two hosts; an RC pair carrying traffic both ways, and a neighbour RC pair on the same CQs.
 * Every buffer is a registered memory region, so the fault buttons can cause errors for real:
 * deregister A's data buffer and the B→A write fails its rkey check.
 */
export function sandboxScenario(): ScenarioInput {
  return {
    version: 1,
    seed: 2026,
    title: 'Sandbox: two hosts, two RC connections sharing CQs',
    config: {
      durationNs: 5_000_000,
      hosts: [{ name: 'Host A', cqDepths: [64] }, { name: 'Host B', cqDepths: [64] }],
      mrs: [
        { host: 0, length: 65536, access: [...ALL], fill: 0xa0, name: 'A data' },
        { host: 0, length: 16384, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0xa5, name: 'A send buffer' },
        { host: 1, length: 65536, access: [...ALL], fill: 0xb0, name: 'B data' },
        { host: 1, length: 16384, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0xb5, name: 'B send buffer' },
        { host: 0, length: 16384, access: ['IBV_ACCESS_LOCAL_WRITE'], fill: 0xa9, name: 'A read buffer' },
      ],
      qps: [
        { host: 0, type: 'RC', peer: 1, recvs: 8, refill: true, recvMr: 0, maxInlineData: 64, attrs: { timeout: 4 } },
        { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true, recvMr: 2, maxInlineData: 64 },
        { host: 0, type: 'RC', peer: 3, recvs: 8, refill: true, recvMr: 0, maxInlineData: 64 },
        { host: 1, type: 'RC', peer: 2, recvs: 8, refill: true, recvMr: 2, maxInlineData: 64 },
      ],
      workloads: [
        { id: 'A→B send', qp: 0, opcode: 'IBV_WR_SEND', length: 2048, intervalNs: 1500, local: 1 },
        { id: 'B→A write', qp: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 4096, intervalNs: 2500, startNs: 700, local: 3, remote: 0 },
        { id: 'A→B read (neighbour)', qp: 2, opcode: 'IBV_WR_RDMA_READ', length: 1024, intervalNs: 3000, startNs: 300, local: 4, remote: 2 },
      ],
    },
    commands: [],
  };
}

/** QP pairs in the scale sandbox: 1,000 active RC QPs. */
export const SCALE_PAIRS = 500;

/**
 * The sandbox at scale: 1,000 RC QPs between two hosts (500 connected pairs, as two compact
 * groups), every one of them carrying traffic. In one half Host A writes to Host B, in the other
 * Host B writes to Host A: 16 RDMA WRITEs of 64 KiB per requester, posted at start-up (spread over
 * 20 µs), 4 KiB path MTU, so the link is busy both ways for about 20 ms of simulated time. A QP
 * keeps one message in flight (16 unacknowledged PSNs), so the port queue stays near a millisecond.
 */
export function scaleScenario(): ScenarioInput {
  const half = SCALE_PAIRS / 2;
  const group = (side: 'local' | 'peer') => ({
    host: 0, peerHost: 1, count: half, sqDepth: 16, rqDepth: 16,
    post: { side, count: 16, opcode: 'IBV_WR_RDMA_WRITE' as const, length: 65_536, atNs: 1_000, spreadNs: 20_000 },
    // path_mtu 5 = IBV_MTU_4096; timeout 14 ≈ 67 ms: a port queue a millisecond deep is not a loss.
    attrs: { path_mtu: 5, timeout: 14 },
  });
  return {
    version: 1,
    seed: 2027,
    title: 'Sandbox at scale: 1,000 RC QPs (500 pairs), traffic both ways',
    config: {
      durationNs: 100_000_000,
      hosts: [
        { name: 'Host A', cqDepths: [1024], pollIntervalNs: 2_000, pollBatch: 1024 },
        { name: 'Host B', cqDepths: [1024], pollIntervalNs: 2_000, pollBatch: 1024 },
      ],
      nic: { maxUnackedPsns: 16 },
      qps: [],
      groups: [group('local'), group('peer')],
    },
    commands: [],
  };
}
