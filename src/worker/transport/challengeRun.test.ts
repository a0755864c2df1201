// The live banner of a written challenge: its predicate goal ticked off over the run (events from
// t = 0), met when the student's command meets it, with the limits shown and no attribute count
// (the sandbox's bring-up passes 17 attributes per QP, none of them the student's). A link whose
// challenge is not one is refused before anything changes, naming the field.
import { describe, expect, it } from 'vitest';
import { exampleChallenge } from '../../scenario/challenge.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { createTransportApi } from './api.ts';
import { kindsOf } from './challengeRun.ts';

describe('a written challenge graded live', () => {
  it('the example: not met at the start, met once the neighbour is put in ERR; limits shown, no score', () => {
    const api = createTransportApi();
    expect(api.applyLink({ scenario: sandboxScenario() as never, t: 0, challenge: exampleChallenge() }).ok).toBe(true);
    let c = api.frame().challenge!;
    expect(c).toMatchObject({ title: 'Break the neighbour, spare the pair', met: false, metAt: null, limits: { maxCommands: 2 } });
    expect(c.parts.map((p) => p.met)).toEqual([false, true]);
    expect(c).not.toHaveProperty('score');
    expect(api.command({ kind: 'modifyQp', host: 0, qpn: 0x101, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } as never).ok).toBe(true);
    c = api.frame().challenge!;
    expect(c.met).toBe(true);
    expect(c.parts.map((p) => p.met)).toEqual([true, true]);
  });
  it('an old-language count goal is counted over every event from t = 0', () => {
    const api = createTransportApi();
    const goal = { count: { kind: 'modify', where: { host: 0 }, op: '>=', value: 6 } };
    expect(api.applyLink({ scenario: sandboxScenario() as never, t: 5000, challenge: { ...exampleChallenge(), goal } }).ok).toBe(true);
    const c = api.frame().challenge!;
    expect(c.parts[0].text).toMatch(/\(now \d+\)$/);
    expect(c.met).toBe(Number(/\(now (\d+)\)$/.exec(c.parts[0].text)?.[1]) >= 6);
  });
  it('a challenge that is not one is refused naming the field, and the run kept', () => {
    const api = createTransportApi();
    const before = api.frame().traceHash;
    const r = api.applyLink({ scenario: sandboxScenario() as never, t: 0, challenge: { ...exampleChallenge(), goal: { span: { from: { kind: 'post' }, to: { kind: 'cqe' }, op: '<', value: 5 } } } });
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^its challenge is refused: challenge\.goal: "span" was a kind of goal of the old challenge language/) });
    expect(api.frame().traceHash).toBe(before);
    expect(api.frame().challenge).toBeNull();
  });
  it('the kinds a goal reads are what the fold keeps', () => {
    expect([...kindsOf({ all: [{ events: { kind: 'cqe' } }, { num: { of: { count: { events: 'modify' } }, atLeast: 1 } }, { state: { host: 0, qpn: 1, is: 'RTS' } }] })]).toEqual(['cqe', 'modify']);
  });
});
