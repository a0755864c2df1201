// The record behind a report's "why?", table-driven over storms that end differently (a queue
// behind a slow engine under two policies, event-queue overruns on mlx4, a lost CQ_ERR that
// leaves reports lost, a dead device): every instant and count it holds is checked against the
// full event trace of the same run, or, for the engine's queue, against the policy's own order.
import { describe, expect, it } from 'vitest';
import { createStorm, type SimEvent, type StormConfig } from '../index.ts';
import { stormScenario } from './stormScenario.ts';
import type { Storm } from './storm.ts';
import { reportWhy, type ReportWhy } from './why.ts';

const evs = <K extends SimEvent['kind']>(s: Storm, kind: K) => s.sim.events().filter((e) => e.kind === kind) as Extract<SimEvent, { kind: K }>[];
const storm = (c: Partial<StormConfig> & Pick<StormConfig, 'fault'>) => createStorm({ qps: 64, hosts: 3, classes: 4, outstanding: 2, ...c }, { trace: 'full' });

const CASES: Array<[string, () => Storm]> = [
  ['port down, FIFO, a slow engine', () => storm({ fault: 'port-down', serviceNs: 200_000 })],
  ['port down, priority, a slow engine', () => storm({ fault: 'port-down', serviceNs: 200_000, policy: 'priority' })],
  ['context read error on mlx4, a 2-entry EQ drained slowly', () => {
    const sc = stormScenario({ qps: 64, hosts: 3, classes: 1, outstanding: 2, fault: 'context-read-error', windowNs: 1_000_000, preset: 'mlx4', eqeNs: 50_000 });
    sc.config.channel = { ...sc.config.channel, eqDepth: 2, spare: 0, pow2: false };
    return createStorm(sc, { trace: 'full' });
  }],
  ['a CQ overrun whose CQ_ERR is lost', () => {
    const sc = stormScenario({ qps: 16, hosts: 3, classes: 1, outstanding: 2, fault: 'cq-overrun', preset: 'mlx4' });
    sc.config.channel = { ...sc.config.channel, eqDepth: 1, spare: 0, irqNs: 5_000_000 };
    sc.commands = [{ t: 0, cmd: { kind: 'portDown', host: 0 } }, { t: 0, cmd: { kind: 'portUp', host: 0 } }, ...(sc.commands ?? [])];
    return createStorm(sc, { trace: 'full' });
  }],
  ['device fatal', () => storm({ fault: 'device-fatal' })],
];

describe.each(CASES)('report why? — %s', (_name, make) => {
  const s = make();
  s.runToDrain();
  // Every QP of the run (the grid shows the posting side; a report may be lost on the other).
  const whys: ReportWhy[] = Array.from({ length: s.sim.world.qps.n }, (_, slot) => reportWhy(s.sim.world as never, slot));
  const fault = evs(s, 'storm').find((e) => e.what !== 'group up' && e.what !== 'policy')!;
  const t0 = fault.t;
  const first = <T extends { t: number; qpn?: number; host?: number }>(xs: T[], w: ReportWhy) => xs.find((e) => e.qpn === w.qpn && e.host === w.host);

  it('names the shared cause as its command announced it, at t = 0', () => {
    for (const w of whys) expect(w.cause).toEqual({ what: fault.what, host: fault.host, detail: fault.detail });
  });

  it('the failure: the instant and cause of the QP\'s own move to ERR (or SQE)', () => {
    const states = evs(s, 'state').filter((e) => e.cause !== 'modify');
    for (const w of whys) {
      const e = first(states, w);
      if (!w.failed) { expect(e === undefined || e.t < t0).toBe(true); continue; }
      expect(w.failed).toEqual({ ns: e!.t - t0, cause: e!.cause });
    }
  });

  it('the report: its instant and channel, as the trace\'s report event has them; verdicts add up to the summary', () => {
    const reps = evs(s, 'report');
    for (const w of whys) {
      const e = first(reps, w);
      if (w.report) expect(w.report).toEqual({ ns: e!.ns, via: e!.via });
      else expect(e).toBeUndefined();
    }
    const sum = s.summary();
    expect(whys.filter((w) => w.verdict === 'lost').length).toBe(sum.lostReports);
    expect(whys.filter((w) => w.verdict === 'reported').length).toBe(whys.filter((w) => w.report).length);
    // "Earlier": the reports before it, counted over every reported QP.
    const times = whys.filter((w) => w.report).map((w) => w.report!.ns);
    for (const w of whys) if (w.report) expect([w.earlier, w.together]).toEqual([times.filter((x) => x < w.report!.ns).length, times.filter((x) => x === w.report!.ns).length - 1]);
  });

  it('the EQE: written with the EQ\'s occupancy the trace shows, or lost to the overrun event at that instant', () => {
    const eq = evs(s, 'eq');
    for (const w of whys) {
      if (!w.eqe) { expect(eq.some((e) => e.qpn === w.qpn && e.host === w.host && /QP_(FATAL|REQ_ERR|ACCESS_ERR)/.test(e.event ?? ''))).toBe(false); continue; }
      if (w.eqe.fate === 'written') {
        const e = eq.find((x) => x.op === 'write' && x.qpn === w.qpn && x.host === w.host)!;
        expect([w.eqe.ns, w.eqe.used + 1, w.eqe.event]).toEqual([e.t - t0, e.used, e.event]);
      } else if (w.eqe.fate === 'overrun') {
        const e = eq.find((x) => x.op === 'overrun' && x.qpn === w.qpn && x.host === w.host)!;
        expect([w.eqe.ns, w.eqe.used, w.eqe.event]).toEqual([e.t - t0, w.eqe.size, e.event]);
      }
    }
  });

  it('the first error completion: the first non-success CQE of the QP in the trace', () => {
    const cqes = evs(s, 'cqe').filter((e) => e.status !== 'IBV_WC_SUCCESS');
    for (const w of whys) {
      const e = first(cqes, w);
      if (w.firstCqe?.written) expect(w.firstCqe.ns).toBe(e!.t - t0);
      else if (!w.firstCqe) expect(e).toBeUndefined();
    }
  });

  it('the queue: the QPs served before it are those the engine took between its joining and its service, in the policy\'s order', () => {
    const q = whys.filter((w) => w.queue && w.service);
    for (const w of q) {
      const between = q.filter((o) => o !== w && o.host === w.host && o.service!.startNs >= w.queue!.ns && o.service!.startNs < w.service!.startNs).length;
      expect(w.queue!.servedBefore).toBe(between);
      expect(w.service!.doneNs - w.service!.startNs).toBe(w.service!.serviceNs + w.service!.fetchNs);
      expect(w.service!.fetchNs).toBeGreaterThanOrEqual(0);
    }
    if (q.length > 0 && q[0].queue!.policy === 'fifo') {
      // FIFO: exactly those detected earlier (ties by QPN) that had not been taken when it joined.
      for (const w of q) {
        const ahead = q.filter((o) => o.host === w.host && (o.failed!.ns < w.failed!.ns || (o.failed!.ns === w.failed!.ns && o.qpn < w.qpn)) && o.service!.startNs >= w.queue!.ns).length;
        expect(w.queue!.servedBefore).toBe(ahead);
      }
    }
  });
});

describe('report why? — the cases it was built for', () => {
  it('a slow FIFO engine: the last QP reported waited behind dozens of reports', () => {
    const s = storm({ fault: 'port-down', serviceNs: 200_000 });
    s.runToDrain();
    const w = s.why(s.notable('last-reported'))!;
    expect(w.queue!.servedBefore).toBeGreaterThan(30);
    expect(w.earlier).toBe(w.reportedSoFar - 1);
  });
  it('mlx4 with a tiny EQ: a QP whose QP_FATAL EQE found the EQ full is still reported, by its error CQE', () => {
    const s = CASES[2][1]();
    s.runToDrain();
    const i = s.notable('event-lost');
    expect(i).toBeGreaterThanOrEqual(0);
    const w = s.why(i)!;
    expect(w.eqe).toMatchObject({ fate: 'overrun', event: 'IBV_EVENT_QP_FATAL', overrun: 'report-continue' });
    expect(w.eqe!.used).toBe(w.eqe!.size);
    expect(w.report!.via).toBe('error-cqe');
  });
  it('a lost CQ_ERR: a lost report has no report, an overrun CQ_ERR and CQs never reported in error', () => {
    const s = CASES[3][1]();
    s.runToDrain();
    // The lost reports are the receivers completing into the overrun CQ (the grid shows the senders).
    const w = Array.from({ length: s.sim.world.qps.n }, (_, slot) => reportWhy(s.sim.world as never, slot)).find((x) => x.verdict === 'lost')!;
    expect(w.failed!.cause).toBe('cq-overrun');
    expect(w.eqe).toBeNull(); // an overrun CQ raises no QP event: CQ_ERR is the one report it had
    expect(w.report).toBeNull();
    expect(w.covers.cqs.every((c) => c.errNs < 0)).toBe(true);
    expect(w.covers.deviceNs).toBeLessThan(0);
  });
});
