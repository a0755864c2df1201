// Cause links: every kept event names the event that led to it (or is a root), the links are
// part of the deterministic fold (a restore-and-replay or a fresh run gives the same links),
// and they sit beside the events, so the events and the trace hash are what they always were.
import { describe, expect, it } from 'vitest';
import { Simulation, type CommandInput, type ScenarioInput, type SimEvent } from '../index.ts';
import { K, keyed } from '../testkit/keyed.ts';

const scenario = (): ScenarioInput => ({
  version: 1, seed: 6,
  config: {
    durationNs: 400_000,
    hosts: [{ name: 'Host A', pollIntervalNs: 0 }, { name: 'Host B' }],
    qps: [
      { host: 0, type: 'RC', peer: 1, recvs: 4, refill: true, attrs: { timeout: 2, retry_cnt: 3 } },
      { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true },
    ],
  },
  commands: [
    { t: 1000, cmd: { kind: 'failNextWr', host: 0, qpn: 0x100, status: 'IBV_WC_RETRY_EXC_ERR' } },
    ...[1, 2, 3].map((i) => ({ t: 1000, cmd: { kind: 'postSend' as const, host: 0, qpn: 0x100, wr: { wrId: i, opcode: 'IBV_WR_SEND' as const, length: 1024, signaled: true } } })),
  ],
});

const at = (s: Simulation, i: number): SimEvent => s.events()[i - s.eventsFrom()];
const chainOf = (s: Simulation, pred: (e: SimEvent) => boolean) => {
  const i = s.events().findLastIndex(pred);
  return s.why(s.eventsFrom() + i).map((k) => at(s, k));
};

describe('cause links', () => {
  it('a flush CQE leads back through the error CQE, ERR, the retries and the lost packets to the post', () => {
    const s = new Simulation(scenario());
    s.runUntil(300_000);
    const chain = chainOf(s, (e) => e.kind === 'cqe' && e.status === 'IBV_WC_WR_FLUSH_ERR');
    const kinds = chain.map((e) => e.kind);
    expect(kinds[0]).toBe('cqe');
    expect(chain.some((e) => e.kind === 'cqe' && e.status === 'IBV_WC_RETRY_EXC_ERR')).toBe(true);
    expect(chain.some((e) => e.kind === 'state' && e.to === 'ERR')).toBe(true);
    expect(chain.some((e) => e.kind === 'wr-error')).toBe(true);
    expect(kinds.filter((k) => k === 'retry')).toHaveLength(3);
    expect(chain.some((e) => e.kind === 'pkt' && e.drop !== undefined)).toBe(true);
    expect(chain.some((e) => e.kind === 'fault')).toBe(true);
    expect(chain.at(-1)).toMatchObject({ kind: 'post', wrId: 1 });
    // Causes always point backwards in the trace.
    s.causes().forEach((c, i) => expect(c).toBeLessThan(s.eventsFrom() + i));
  });

  it('a packet lost to "drop next N" names that fault as its cause, and the retry names the packet', () => {
    const s = new Simulation({ ...scenario(), commands: [
      { t: 500, cmd: { kind: 'dropPackets', count: 1, from: 0 } },
      { t: 1000, cmd: { kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 7, opcode: 'IBV_WR_SEND', length: 512, signaled: true } } },
    ] });
    s.runUntil(60_000);
    const chain = chainOf(s, (e) => e.kind === 'retry');
    expect(chain.map((e) => e.kind)).toEqual(['retry', 'pkt', 'fault']);
    expect(chain[1]).toMatchObject({ kind: 'pkt', drop: expect.stringContaining('fault') });
  });

  it('restoring a checkpoint and replaying gives the same links as running straight there', () => {
    const straight = new Simulation(scenario());
    straight.runUntil(120_000);
    const s = new Simulation(scenario());
    s.runUntil(40_000);
    const cp = s.checkpoint();
    s.runUntil(200_000);
    s.restore(cp);
    s.runUntil(120_000);
    expect(s.causes()).toEqual(straight.causes());
    expect(s.summary().traceHash).toBe(straight.summary().traceHash);
  });

  it('the links are not event fields: events and their hash are unchanged by them', () => {
    const s = new Simulation(scenario());
    s.runUntil(100_000);
    expect(s.events().every((e) => !('why' in e) && !('causedBy' in e))).toBe(true);
    expect(s.causes()).toHaveLength(s.events().length);
    const hashOnly = new Simulation(scenario(), { trace: 'hash' });
    hashOnly.runUntil(100_000);
    expect(hashOnly.summary().traceHash).toBe(s.summary().traceHash);
    expect(hashOnly.causes()).toHaveLength(0);
  });

  it('commands and the application timers are roots', () => {
    const s = new Simulation(scenario());
    s.runUntil(2000);
    const firstPost = s.events().findIndex((e) => e.kind === 'post' && e.queue === 'sq');
    expect(s.causes()[firstPost]).toBe(-1);
    expect(s.why(s.eventsFrom() + firstPost)).toEqual([s.eventsFrom() + firstPost]);
  });
});

describe('cause links of a failed key check (issue 10: the "why?" names the check)', () => {
  const withWrite = (rkey: number, lkey: number): ScenarioInput => {
    const s = keyed();
    const post: CommandInput = { kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: [{ addr: K.BASE, length: 64, lkey }], rdma: { addr: K.BASE, rkey } } };
    return { ...s, commands: [...(s.commands ?? []), { t: 100, cmd: post }] };
  };
  const textOf = (e: SimEvent) => JSON.stringify(e);

  it('a WRITE with an rkey B never gave: the error CQE leads to the check in words at both ends, and to the post', () => {
    const s = new Simulation(withWrite(0x999, K.A_LOCAL));
    s.runUntil(100_000);
    const chain = chainOf(s, (e) => e.kind === 'cqe' && e.status === 'IBV_WC_REM_ACCESS_ERR');
    const failed = chain.find((e) => e.kind === 'wr-error');
    expect(failed && failed.kind === 'wr-error' && failed.check).toMatch(/rkey check failed: rkey 0x999/);
    expect(chain.some((e) => e.kind === 'pkt' && e.syndrome === 'NAK_REM_ACCESS')).toBe(true);
    expect(chain.at(-1)).toMatchObject({ kind: 'post', wrId: 1, opcode: 'IBV_WR_RDMA_WRITE' });
    // B's own flush: its ERR comes from the packet its rkey check refused.
    const flush = chainOf(s, (e) => e.kind === 'cqe' && e.host === 1 && e.status === 'IBV_WC_WR_FLUSH_ERR');
    expect(flush.some((e) => e.kind === 'rx' && /rkey check failed: rkey 0x999/.test(textOf(e)))).toBe(true);
    expect(flush.some((e) => e.kind === 'state' && e.host === 1 && e.to === 'ERR')).toBe(true);
  });

  it('a WRITE from a buffer with an lkey A never registered: the local protection error names the lkey check', () => {
    const s = new Simulation(withWrite(K.B_ALL, 0x777));
    s.runUntil(100_000);
    const chain = chainOf(s, (e) => e.kind === 'cqe' && e.status === 'IBV_WC_LOC_PROT_ERR');
    expect(chain.length).toBeGreaterThan(1);
    const failed = chain.find((e) => e.kind === 'wr-error');
    expect(failed && failed.kind === 'wr-error' && failed.check).toMatch(/lkey/);
    expect(failed && failed.kind === 'wr-error' && failed.check).toMatch(/0x777/);
    expect(chain.at(-1)).toMatchObject({ kind: 'post', wrId: 1 });
  });
});

// Issue 17 (taking the lessons as a new student): every chain reaches its real root.
describe('cause links reach the real root: losses, faults, and WRs posted after the error', () => {
  const send = (t: number, wrId: number, host = 0, qpn = 0x100): { t: number; cmd: CommandInput } =>
    ({ t, cmd: { kind: 'postSend', host, qpn, wr: { wrId, opcode: 'IBV_WR_SEND', length: 1024, signaled: true } } });
  const run = (commands: { t: number; cmd: CommandInput }[], until = 200_000) => {
    const s = new Simulation({ ...scenario(), commands });
    s.runUntil(until);
    return s;
  };
  const kinds = (chain: SimEvent[]) => chain.map((e) => e.kind);
  const retxOf = (s: Simulation) => {
    const ev = s.events();
    const r = ev.findIndex((e) => e.kind === 'retry');
    const i = ev.findIndex((e, k) => k > r && e.kind === 'pkt' && e.src === 0);
    return s.why(s.eventsFrom() + i).map((k) => at(s, k));
  };

  it('a packet dropped mid-stream (the NAK reports it): the retry and the packet it resends name the drop, not a post', () => {
    const s = run([{ t: 500, cmd: { kind: 'dropPackets', count: 1, from: 0 } }, send(1000, 1), send(1000, 2), send(1000, 3)], 60_000);
    const retry = chainOf(s, (e) => e.kind === 'retry');
    expect(retry[0]).toMatchObject({ kind: 'retry', reason: 'psn-nak' });
    expect(kinds(retry).slice(1)).toEqual(['pkt', 'fault']);
    expect(retry[1]).toMatchObject({ drop: expect.stringContaining('fault') });
    const resent = retxOf(s);
    expect(resent.some((e) => e.kind === 'retry')).toBe(true);
    expect(resent.at(-1)?.kind).toBe('fault');
  });

  it('a lost ACK: the timeout retry names the ACK dropped on B\'s egress and the fault', () => {
    const s = run([{ t: 500, cmd: { kind: 'dropPackets', count: 1, from: 1 } }, send(1000, 1)], 60_000);
    const retry = chainOf(s, (e) => e.kind === 'retry');
    expect(retry[0]).toMatchObject({ kind: 'retry', reason: 'timeout' });
    expect(retry[1]).toMatchObject({ kind: 'pkt', op: 'ACKNOWLEDGE', drop: expect.stringContaining('fault') });
    expect(retry.at(-1)?.kind).toBe('fault');
  });

  it.each([
    ['port down on A', { kind: 'portDown', host: 0 }, 'port down'],
    ['port down on B', { kind: 'portDown', host: 1 }, 'port down'],
    ['host B crashed', { kind: 'hostCrash', host: 1 }, 'host crash'],
  ] as const)('%s: the RETRY_EXC_ERR and the flush after it lead to that fault, not the post', (_name, cmd, what) => {
    const s = run([{ t: 500, cmd: cmd as CommandInput }, send(1000, 1), send(1000, 2)], 300_000);
    for (const pred of [(e: SimEvent) => e.kind === 'cqe' && e.status === 'IBV_WC_RETRY_EXC_ERR', (e: SimEvent) => e.kind === 'cqe' && e.status === 'IBV_WC_WR_FLUSH_ERR' && e.host === 0]) {
      const chain = chainOf(s, pred);
      expect(chain.length).toBeGreaterThan(3);
      expect(chain.at(-1)).toMatchObject({ kind: 'storm', what });
    }
  });

  it('an injected catastrophic QP error (qpFatal): the flush of a WR outstanding at it leads to that fault', () => {
    const s = run([send(1000, 1), send(1000, 2), { t: 1500, cmd: { kind: 'qpFatal', host: 0, qpn: 0x100 } }], 60_000);
    const chain = chainOf(s, (e) => e.kind === 'cqe' && e.host === 0 && e.queue === 'sq' && e.status === 'IBV_WC_WR_FLUSH_ERR');
    expect(chain.some((e) => e.kind === 'state' && e.to === 'ERR')).toBe(true);
    expect(chain.at(-1)).toMatchObject({ kind: 'fault', detail: expect.stringContaining('WQ_CATAS_ERROR') });
  });

  it('a WR posted after the QP went to ERR: its flush leads to the REM_ACCESS_ERR behind the ERR, as an outstanding WR\'s does', () => {
    const s0 = keyed();
    const write: CommandInput = { kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: [{ addr: K.BASE, length: 64, lkey: K.A_LOCAL }], rdma: { addr: K.BASE, rkey: 0x999 } } };
    const late: CommandInput = { kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 42, opcode: 'IBV_WR_SEND', length: 64, sgl: [{ addr: K.BASE, length: 64, lkey: K.A_LOCAL }] } };
    const s = new Simulation({ ...s0, commands: [...(s0.commands ?? []), { t: 100, cmd: write }, { t: 80_000, cmd: late }] });
    s.runUntil(120_000);
    const ev = s.events();
    const errAt = ev.findIndex((e) => e.kind === 'state' && e.host === 0 && e.to === 'ERR');
    expect(ev.findIndex((e) => e.kind === 'post' && e.wrId === 42)).toBeGreaterThan(errAt);
    const chain = chainOf(s, (e) => e.kind === 'cqe' && e.wrId === 42);
    expect(chain[0]).toMatchObject({ kind: 'cqe', status: 'IBV_WC_WR_FLUSH_ERR' });
    expect(chain.some((e) => e.kind === 'state' && e.host === 0 && e.to === 'ERR')).toBe(true);
    expect(chain.find((e) => e.kind === 'wr-error')).toMatchObject({ status: 'IBV_WC_REM_ACCESS_ERR', check: expect.stringMatching(/rkey check failed/) });
    expect(chain.at(-1)).toMatchObject({ kind: 'post', wrId: 1 });
    expect(chain.length).toBeGreaterThan(5);
  });
});
