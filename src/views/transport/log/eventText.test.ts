// @vitest-environment node
// The event log's wording, checked over every line that real runs produce (each fixture, the
// sandbox, a refused modify, a NAKed request) rather than over hand-made events: no PSN named
// twice, NAKs sent and received told apart, hosts and QPs named the way the rest of the page
// names them, async events by name, refusals in words (the model's diagnosis, not a slug).
import { readdirSync, readFileSync } from 'node:fs';
import { describe as group, expect, it } from 'vitest';
import { Simulation, type SimEvent } from '../../../core/index.ts';
import { sandboxScenario } from '../../../scenario/presets.ts';
import { describe } from './eventText.ts';

const dir = new URL('../../../../fixtures/scenarios/', import.meta.url);
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => [f, JSON.parse(readFileSync(new URL(f, dir), 'utf8'))] as const);

function lines(scenario: unknown, extra: (sim: Simulation) => void = () => {}): Array<{ e: SimEvent; text: string }> {
  const sim = new Simulation(scenario);
  sim.runUntil(20_000);
  extra(sim);
  sim.runUntil(Math.min(sim.scenario.config.durationNs, 400_000));
  return sim.events().map((e) => ({ e, text: describe(e).text }));
}

const BAD: Array<[RegExp, string]> = [
  [/PSN PSN/, 'names the PSN twice'],
  [/\bhost \d/, 'names a host by its index'],
  [/\bQP (?!0x)\d/, 'names a QP in decimal'],
  [/\bWR \d/, 'says WR n instead of wr_id n'],
  [/acknowledged again.*re-ACK|re-ACK.*acknowledged again/, 'says re-acknowledged twice'],
  [/\(\w+-\w+[-\w]*\)/, 'prints a slug'],
  [/accepted \(.*QP → ERR/, 'says accepted and QP → ERR together'],
];

group('event log wording', () => {
  const runs: Array<[string, Array<{ e: SimEvent; text: string }>]> = [
    ...fixtures.map(([f, s]) => [f, lines(s)] as [string, Array<{ e: SimEvent; text: string }>]),
    ['sandbox + refused modify + unknown QP', lines(sandboxScenario(), (sim) => {
      sim.issue({ kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RTR' } });
      sim.issue({ kind: 'postSend', host: 0, qpn: 0x1ff, wr: { wrId: 5, opcode: 'IBV_WR_SEND', length: 8, signaled: true } });
    })],
    ['sandbox + packets dropped from one host, then the other', lines(sandboxScenario(), (sim) => {
      sim.issue({ kind: 'dropPackets', count: 2, from: 1 });
      sim.issue({ kind: 'dropPackets', count: 1, from: 0 });
    })],
  ];
  it.each(runs)('%s: every line reads right', (_name, ls) => {
    expect(ls.length).toBeGreaterThan(10);
    for (const { text } of ls) for (const [re, why] of BAD) expect(re.test(text), `${why}: ${text}`).toBe(false);
  });
  it('a NAK is "sent" at the responder and "received" at the requester; async events are named', () => {
    const all = runs.flatMap(([, ls]) => ls);
    const naks = all.filter(({ e }) => e.kind === 'rx' && e.outcome === 'nak');
    expect(naks.length).toBeGreaterThan(0);
    for (const { e, text } of naks) {
      const requester = e.kind === 'rx' && /ACKNOWLEDGE/.test(e.op);
      expect(text).toMatch(requester ? /NAK received/ : /NAK sent/);
    }
    const asyncs = all.filter(({ e }) => e.kind === 'async');
    expect(asyncs.length).toBeGreaterThan(0);
    for (const { text } of asyncs) expect(text).toMatch(/async event IBV_EVENT_\w+/);
    const refused = all.filter(({ e }) => e.kind === 'modify-refused' || e.kind === 'post-refused');
    expect(refused.map((r) => r.text).join('\n')).toMatch(/the page's diagnosis: no such transition[\s\S]*host A has no QP 0x1ff/);
  });
  it('a fault aimed at one host names it by letter, as the rest of the page does', () => {
    const ls = runs.find(([n]) => n.startsWith('sandbox + packets dropped'))![1];
    const faults = ls.filter(({ e }) => e.kind === 'fault').map((l) => l.text);
    expect(faults).toEqual(expect.arrayContaining([expect.stringMatching(/leaving host B will be lost/), expect.stringMatching(/leaving host A will be lost/)]));
    expect(ls.some(({ e }) => e.kind === 'pkt' && e.drop !== undefined && e.src === 1)).toBe(true);
  });
  it('a refused command names the host by letter', () => {
    const sim = new Simulation(sandboxScenario());
    sim.runUntil(1_000);
    expect(sim.issue({ kind: 'cqOverrun', host: 1, cq: 9 })).toMatchObject({ ok: false, detail: 'host B has no CQ 9' });
  });
});

group('the mlx5 CQE syndrome in the log line', () => {
  it('an error CQE under mlx5 names its syndrome in the line and in the raw form, and says vendor_err is not modelled', () => {
    const f = fixtures.find(([n]) => n.startsWith('keys-dereg'))![1] as { config: Record<string, unknown> };
    const all = lines({ ...f, config: { ...f.config, profile: 'mlx5' } });
    const err = all.find((l) => l.e.kind === 'cqe' && l.e.status === 'IBV_WC_REM_ACCESS_ERR')!;
    expect(err.text).toMatch(/syndrome 0x13; vendor_err not modelled/);
    expect(describe(err.e).raw).toContain('MLX5_CQE_SYNDROME_REMOTE_ACCESS_ERR');
    const ibta = lines(f).find((l) => l.e.kind === 'cqe' && l.e.status === 'IBV_WC_REM_ACCESS_ERR')!;
    expect(ibta.text).not.toMatch(/syndrome/);
  });
});
