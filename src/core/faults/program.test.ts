import { describe, expect, it } from 'vitest';
import { createStorm, type StormConfig } from '../index.ts';

// The program's side of a storm (program.ts): ibv_get_async_event(3) — every event must be
// acknowledged, and destroying a QP waits for its events' acknowledgements [sources: man-async-event];
// rdma_get_cm_event(3) — DISCONNECTED, TIMEWAIT_EXIT, rdma_destroy_id waits for acks [sources: man-cm-event].
const storm = (o: Partial<StormConfig>) => {
  const s = createStorm({ qps: 256, hosts: 3, classes: 2, outstanding: 2, ...o } as StormConfig);
  s.runToDrain();
  return s;
};

describe('the program reading its async fd and CM channel', () => {
  const ctx = storm({ fault: 'context-read-error', consumer: 'user' });
  it('context-read error: each QP is learned no earlier than the driver showed it (here its error CQE comes first), and its QP_FATAL still queues in the fd', () => {
    const p = ctx.program({ eventNs: 50_000 });
    const learned = Array.from(p.learnedNs).filter((x) => x >= 0);
    expect(learned.length).toBe(ctx.summary().faulted);
    for (let i = 0; i < p.learnedNs.length; i++) if (p.learnedNs[i] >= 0) expect(p.learnedNs[i]).toBeGreaterThanOrEqual(p.driverNs[i]);
    // 50 µs per event against failures spaced closer than that: a backlog forms in the fd.
    expect(p.asyncBacklogMax).toBeGreaterThan(1);
  });
  it('a slow event thread holds up cleanup: destroy waits until the QP\'s event is acknowledged', () => {
    const fast = ctx.program({ eventNs: 1_000, ackNs: 0 });
    const slow = ctx.program({ eventNs: 1_000, ackNs: 5_000_000 });
    expect(slow.destroyWait.p50 - fast.destroyWait.p50).toBe(5_000_000);
    expect(fast.destroyWait.p50).toBeLessThan(1_000_000);
  });
  it('with rdma_cm: DISCONNECTED then TIMEWAIT_EXIT per connection through the channel; destroy waits for TIMEWAIT_EXIT\'s ack', () => {
    const p = ctx.program({ eventNs: 1_000, cm: true, cmNs: 1_000_000, timewaitNs: 100_000_000 });
    expect(p.cmBacklogMax).toBeGreaterThan(1);
    expect(p.destroyWait.p50).toBeGreaterThanOrEqual(101_000_000);
  });
  it('failures seen as error CQEs (port down) are learned by polling, when they become visible', () => {
    const s = storm({ fault: 'port-down' });
    const p = s.program();
    expect(p.asyncBacklogMax).toBe(0);
    for (let i = 0; i < p.learnedNs.length; i++) { expect(p.learnedVia[i]).toBe(1); expect(p.learnedNs[i]).toBe(p.driverNs[i]); }
  });
  it('device death: one DEVICE_FATAL in the fd tells every QP at once', () => {
    const s = storm({ fault: 'device-fatal', consumer: 'user' });
    const p = s.program({ eventNs: 10_000 });
    expect(new Set(Array.from(p.learnedNs)).size).toBe(1);
    expect(p.asyncBacklogMax).toBe(1);
  });
});
