import { describe, expect, it } from 'vitest';
import { main } from './sim.ts';

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['--storm', ...args], (l) => out.push(l), (l) => err.push(l));
  return { code, out, err };
}

const KEYS = ['qps', 'fault', 'policy', 'consumer', 'eqDepth', 'eqSlots', 'serviceNs', 'faulted', 'unaware', 'reported', 'lostReports', 'pendingReports', 'events', 'eqOverruns', 'cqOverruns',
  'flushCqes', 'wr', 'reportNs', 'lastFlushNs', 'perClass', 'jain', 'drained', 'traceHash', 'wallMs'];

describe('storm CLI (the headless contract of issue 7)', () => {
  it('one JSON line per policy, all on the same storm, with the contract keys and invariants', async () => {
    const r = await run('--qps', '96', '--fault', 'port-down', '--hosts', '4', '--classes', '3', '--outstanding', '4', '--service-ns', '20000');
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    const rows = r.out.map((l) => JSON.parse(l));
    expect(rows.map((x) => x.policy)).toEqual(['fifo', 'round-robin', 'priority', 'oldest-first', 'weighted-fair']);
    for (const x of rows) {
      expect(Object.keys(x)).toEqual(KEYS);
      expect(x.reported + x.lostReports).toBe(x.faulted);
      expect(x.wr.posted).toBe(x.wr.completed + x.wr.discarded + x.wr.outstanding);
      expect(x.wr.outstanding).toBe(0);
      expect(x.faulted).toBe(96);
      expect(x.events.IBV_EVENT_PORT_ERR).toBe(1);
      expect(x.perClass.map((c: { class: number }) => c.class)).toEqual([0, 1, 2]);
      expect(x.traceHash).toMatch(/^[0-9a-f]{64}$/);
      for (const k of ['p50', 'p99', 'max']) expect(x.reportNs[k]).toBeGreaterThan(0);
      expect(x.reportNs.p50).toBeLessThanOrEqual(x.reportNs.p99);
    }
    expect(new Set(rows.map((x) => x.wr.posted)).size).toBe(1);
    expect(rows.find((x) => x.policy === 'priority')!.jain).toBeLessThan(rows.find((x) => x.policy === 'fifo')!.jain);
  });

  it('every fault kind runs to the end with the identity reported + lostReports = faulted', async () => {
    for (const fault of ['host-crash', 'cq-overrun', 'context-read-error', 'device-fatal']) {
      const r = await run('--qps', '40', '--fault', fault, '--policy', 'fifo', '--hosts', '3', '--seed', '5');
      expect(r.code).toBe(0);
      const x = JSON.parse(r.out[0]);
      expect(x.fault).toBe(fault);
      expect(x.reported + x.lostReports).toBe(x.faulted);
      expect(x.faulted).toBeGreaterThan(0);
    }
  });

  it('the same flags print the same trace hash', async () => {
    const a = await run('--qps', '30', '--fault', 'device-fatal', '--policy', 'fifo', '--hosts', '3');
    const b = await run('--qps', '30', '--fault', 'device-fatal', '--policy', 'fifo', '--hosts', '3');
    expect(JSON.parse(a.out[0]).traceHash).toBe(JSON.parse(b.out[0]).traceHash);
  });

  it('bad flags: exit 2, a message naming the flag, nothing on stdout', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--fault', 'port-down'], /missing --qps/],
      [['--qps', '10'], /missing --fault/],
      [['--qps', 'abc', '--fault', 'port-down'], /--qps .*'abc'/],
      [['--qps', '70000', '--fault', 'port-down'], /--qps .*1\.\.65536.*'70000'/],
      [['--qps', '10', '--fault', 'meteor'], /--fault .*'meteor'/],
      [['--qps', '10', '--fault', 'port-down', '--policy', 'lottery'], /--policy .*'lottery'/],
      [['--qps', '10', '--fault', 'port-down', '--eq-depth', '0'], /--eq-depth .*'0'/],
      [['--qps', '10', '--fault', 'port-down', '--bogus', '1'], /unknown flag --bogus/],
      [['--qps', '10', '--fault', 'port-down', '--classes'], /--classes needs a value/],
      [['--qps', '10', '--fault', 'port-down', 'stray'], /unexpected argument 'stray'/],
      [['--qps', '10', '--fault', 'port-down', '--idle', '1'], /--idle .*0 <= F < 1.*'1'/],
      [['--qps', '10', '--fault', 'port-down', '--idle', '-0.1'], /--idle .*'-0.1'/],
      [['--qps', '10', '--fault', 'port-down', '--idle', 'half'], /--idle .*'half'/],
      [['--qps', '10', '--fault', 'port-down', '--class-mix', 'striped'], /--class-mix .*'striped'/],
      [['--qps', '10', '--fault', 'port-down', '--srq', '1.5'], /--srq .*0 <= F <= 1.*'1.5'/],
      [['--qps', '10', '--fault', 'port-down', '--srq', 'half'], /--srq .*'half'/],
      [['--qps', '10', '--fault', 'port-down', '--consumer', 'firmware'], /--consumer .*'firmware'/],
      [['--qps', '10', '--fault', 'port-down', '--weights', 'heavy'], /--weights .*'heavy'/],
      [['--qps', '10', '--fault', 'link-flap', '--flap-ms', '0'], /--flap-ms .*'0'/],
      [['--settings', '{"qps":0}'], /--settings: qps/],
      [['--settings', 'nope'], /--settings must be .*JSON/],
    ];
    for (const [args, re] of cases) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toEqual([]);
      expect(r.err[0], args.join(' ')).toMatch(re);
    }
  });
  it('--event-ns/--ack-ns/--cm add the program key: a late ack holds up destroy by at least that long; a bad value is refused by name', async () => {
    const r = await run('--qps', '128', '--fault', 'context-read-error', '--consumer', 'user', '--policy', 'fifo', '--event-ns', '5000', '--ack-ns', '2000000', '--cm');
    expect(r.code).toBe(0);
    const line = JSON.parse(r.out[0]) as { program: { destroyWaitNs: { p50: number }; cmBacklogMax: number; unlearned: number } };
    expect(line.program.destroyWaitNs.p50).toBeGreaterThanOrEqual(2_000_000);
    expect(line.program.unlearned).toBe(0);
    const plain = JSON.parse((await run('--qps', '128', '--fault', 'context-read-error', '--policy', 'fifo')).out[0]) as Record<string, unknown>;
    expect('program' in plain).toBe(false);
    const bad = await run('--qps', '8', '--fault', 'port-down', '--event-ns', '0');
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/--event-ns/);
  });
  it('--srq F puts that share of the QPs on an SRQ: one LAST_WQE_REACHED each, counted in a lastWqe key (raised = delivered + lost); without it no such key', async () => {
    const r = await run('--qps', '64', '--fault', 'context-read-error', '--policy', 'fifo', '--hosts', '4', '--srq', '0.5');
    expect(r.code).toBe(0);
    const line = JSON.parse(r.out[0]) as { lastWqe: { raised: number; delivered: number; lost: number }; events: Record<string, number>; faulted: number; reported: number; lostReports: number };
    expect(line.lastWqe).toEqual({ raised: 32, delivered: 32, lost: 0 });
    expect(line.events.IBV_EVENT_QP_LAST_WQE_REACHED).toBe(32);
    expect(line.reported + line.lostReports).toBe(line.faulted);
    const plain = JSON.parse((await run('--qps', '64', '--fault', 'context-read-error', '--policy', 'fifo', '--hosts', '4')).out[0]) as Record<string, unknown>;
    expect('lastWqe' in plain).toBe(false);
  });
});
