// @vitest-environment node
// The report "why?" in words, for every QP of storms that end differently: the chain runs root
// first with instants that never go back in time, and each link states the record's own numbers
// (the cause's words, the failure instant, the reports served before it, the EQ's occupancy or
// the overrun, how software learned), so the text cannot say what the model did not do.
import { describe, expect, it } from 'vitest';
import { createStorm, type ReportWhy, type StormConfig } from '../../core/index.ts';
import { stormScenario } from '../../core/faults/stormScenario.ts';
import { reportWhy } from '../../core/faults/why.ts';
import { dur, durIn, int } from './format.ts';
import { reportChain } from './reportChain.ts';

const mlx4Tiny = () => {
  const sc = stormScenario({ qps: 64, hosts: 3, classes: 1, outstanding: 2, fault: 'context-read-error', windowNs: 1_000_000, preset: 'mlx4', eqeNs: 50_000 });
  sc.config.channel = { ...sc.config.channel, eqDepth: 2, spare: 0, pow2: false };
  return sc;
};
const lostCqErr = () => {
  const sc = stormScenario({ qps: 16, hosts: 3, classes: 1, outstanding: 2, fault: 'cq-overrun', preset: 'mlx4' });
  sc.config.channel = { ...sc.config.channel, eqDepth: 1, spare: 0, irqNs: 5_000_000 };
  sc.commands = [{ t: 0, cmd: { kind: 'portDown', host: 0 } }, { t: 0, cmd: { kind: 'portUp', host: 0 } }, ...(sc.commands ?? [])];
  return sc;
};
const cfg = (c: Partial<StormConfig> & Pick<StormConfig, 'fault'>) => ({ qps: 64, hosts: 3, classes: 4, outstanding: 2, ...c });

const CASES: Array<[string, unknown, Array<ReportWhy['verdict']>]> = [
  ['port down, FIFO, a slow engine', cfg({ fault: 'port-down', serviceNs: 200_000 }), ['reported']],
  ['port down, weighted fair', cfg({ fault: 'port-down', serviceNs: 200_000, policy: 'weighted-fair' }), ['reported']],
  ['mlx4, a 2-entry EQ', mlx4Tiny(), ['reported']],
  ['a lost CQ_ERR', lostCqErr(), ['reported', 'lost']],
  ['device fatal', cfg({ fault: 'device-fatal' }), ['reported']],
];

describe.each(CASES)('report chain — %s', (_name, input, verdicts) => {
  const s = createStorm(input);
  s.runToDrain();
  const whys = Array.from({ length: s.sim.world.qps.n }, (_, slot) => reportWhy(s.sim.world as never, slot)).filter((w) => w.verdict !== 'healthy');

  it('every QP whose "why?" says its event was lost is counted in the summary\'s lost events, apart from lost reports', () => {
    const lostEqes = whys.filter((w) => w.eqe && w.eqe.fate !== 'written').length;
    const m = s.summary();
    expect(m.lostEvents).toBeGreaterThanOrEqual(lostEqes);
    expect(m.lostEvents).toBeGreaterThanOrEqual(m.eqOverruns);
    expect(m.lostReports).toBe(whys.filter((w) => w.verdict === 'lost').length);
  });

  it('ends as the run did', () => {
    expect([...new Set(whys.map((w) => w.verdict))].sort()).toEqual([...verdicts].sort());
  });

  it('runs root first, its instants never going back in time', () => {
    const order = ['cause', 'failed', 'dead', 'queue', 'service', 'eqe', 'report', 'verdict'];
    for (const w of whys) {
      const c = reportChain(w);
      expect(c.map((x) => order.indexOf(x.id))).toEqual([...c.map((x) => order.indexOf(x.id))].sort((a, b) => a - b));
      const ns = c.filter((x) => x.ns !== undefined).map((x) => x.ns!);
      expect(ns).toEqual([...ns].sort((a, b) => a - b));
      expect(c[0]).toMatchObject({ id: 'cause', ns: 0 });
      expect(c.at(-1)!.id).toBe('verdict');
    }
  });

  it('each link states the record\'s own numbers', () => {
    for (const w of whys) {
      const c = Object.fromEntries(reportChain(w).map((x) => [x.id, x.text]));
      expect(c.cause).toContain(durIn(w.cause!.detail));
      expect(c.cause).not.toMatch(/\d{4,} ns/);
      expect(c.failed).toContain(`failed ${dur(w.failed!.ns)} after the fault`);
      if (w.queue) {
        expect(c.queue).toContain(`at ${dur(w.queue.ns)}, with ${int(w.queue.waiting)} report`);
        expect(c.queue).toContain(`took ${int(w.queue.servedBefore)} other report`);
      }
      if (w.eqe?.fate === 'written') expect(c.eqe).toContain(`behind ${int(w.eqe.used)} entr`);
      if (w.eqe?.fate === 'overrun') expect(c.eqe).toMatch(new RegExp(`full \\(${int(w.eqe.size)} of ${int(w.eqe.size)} entries\\) at .*: lost`));
      if (w.report) {
        expect(c.report).toContain(dur(w.report.ns));
        expect(c.verdict).toContain(`Reported ${dur(w.report.ns)} after the fault, ${dur(w.report.ns - w.failed!.ns)} after it failed`);
        expect(c.verdict).toContain(`${int(w.earlier)} report`);
      }
      if (w.verdict === 'lost') expect(c.verdict).toMatch(/^Lost: .*no IBV_EVENT_CQ_ERR of CQ \d+ reached software/);
      if (w.report?.via === 'device-event') expect(c.report).toContain('IBV_EVENT_DEVICE_FATAL');
    }
  });
});
