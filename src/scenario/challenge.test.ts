// The challenge goal language: good goals parse and grade a live run the way their text says;
// bad ones are refused with a message that names the field at fault, down to the nested goal.
import { describe, expect, it } from 'vitest';
import { createSimulation, type SimEvent, type Simulation } from '../core/index.ts';
import { challengeStatus, evaluateGoal, exampleChallenge, parseChallenge, GoalTally, type Challenge, type Goal, type GoalModel, type GoalPart } from './challenge.ts';

/** What the worker hands a challenge: the run's tallies for this challenge's goals, fed every event. */
function model(sim: Simulation, c: Challenge): GoalModel {
  const tally = new GoalTally(c);
  for (const e of sim.events()) tally.feed(e);
  return {
    now: sim.now,
    tally,
    state: (host, qpn) => { const q = sim.summary().qps.find((x) => x.host === host && x.qpn === qpn); return q ? { label: q.state, verbs: q.state } : null; },
    summary: () => { const { qps: _q, ...rest } = sim.summary(); return rest; },
  };
}
function run(untilNs: number): Simulation {
  const sim = createSimulation({
    version: 1, seed: 3, title: 'challenge test',
    config: {
      durationNs: 1_000_000, hosts: [{ name: 'Host A' }, { name: 'Host B' }],
      qps: [{ host: 0, type: 'RC', peer: 1 }, { host: 1, type: 'RC', peer: 0, recvs: 8, refill: true }],
      workloads: [{ id: 'A→B', qp: 0, opcode: 'IBV_WR_SEND', length: 1024, intervalNs: 2000, count: 5 }],
    },
  });
  sim.runUntil(untilNs);
  return sim;
}
const withGoal = (goal: unknown) => ({ ...exampleChallenge(), goal });

describe('good goals', () => {
  const sim = run(60_000);
  const sends = (sim.events() as readonly SimEvent[]).filter((e) => e.kind === 'cqe' && e.host === 0 && e.queue === 'sq').length;

  it('the example parses and grades: in RTS with a send completed; the bring-up passed 4 + 7 + 6 attributes', () => {
    const r = parseChallenge(exampleChallenge());
    expect(r.ok).toBe(true);
    const c = (r as { value: Challenge }).value;
    const st = challengeStatus(c, model(sim, c));
    expect(st.met).toBe(true);
    expect(st.parts.map((p) => p.met)).toEqual([true, true]);
    expect(st.parts[0].text).toBe('QP A·0x100 is in RTS (now RTS)');
    expect(st.score).toBe(17);
  });
  it.each([
    ['a state', { state: { host: 1, qpn: 0x200, is: 'RTS' } }, true, /QP B·0x200 is in RTS/],
    ['a state of no QP', { state: { host: 1, qpn: 0x999, is: 'RTS' } }, false, /no such QP/],
    ['a count with where', { count: { kind: 'cqe', where: { host: 0, queue: 'sq' }, op: '==', value: 5 } }, true, /cqe events \(host 0, queue sq\) == 5 \(now 5\)/],
    ['a span', { span: { from: { kind: 'post' }, to: { kind: 'cqe', where: { host: 0 } }, op: '<', value: 50_000 } }, true, /from the first post to the last cqe \(host 0\): < 50000 ns \(now \d+ ns\)/],
    ['the time', { time: { op: '>=', value: 60_000 } }, true, /simulated time >= 60000 ns \(now 60000\)/],
    ['a summary path', { summary: { path: 'wr.completed', op: '>=', value: 5 } }, true, /wr\.completed >= 5 \(now \d+\)/],
    ['any of two', { any: [{ time: { op: '<', value: 1 } }, { count: { kind: 'cqe', op: '>', value: 0 } }] }, true, /simulated time < 1/],
    ['not', { not: { state: { host: 0, qpn: 0x100, is: 'ERR' } } }, true, /^not: QP A·0x100 is in ERR/],
  ] as const)('%s', (_what, goal, met, text) => {
    const r = parseChallenge(withGoal(goal));
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const parts: GoalPart[] = [];
    const c = (r as { value: Challenge }).value;
    expect(evaluateGoal(c.goal, model(sim, c), parts)).toBe(met);
    expect(parts.map((p) => p.text).join(' | ')).toMatch(text);
  });
  it('counts what the run did (five sends, five completions)', () => expect(sends).toBe(5));
  it('a score sums a field over matching events, an array by its length', () => {
    const sim2 = run(1000);
    const c = { ...exampleChallenge(), score: { label: 'attrs', kind: 'modify', field: 'mask', where: { host: 0, qpn: 0x100 } } };
    const before = challengeStatus(c, model(sim2, c)).score!;
    sim2.issue({ kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_MIN_RNR_TIMER'], attrs: { min_rnr_timer: 3 } });
    sim2.runUntil(2000);
    expect(challengeStatus(c, model(sim2, c)).score! - before).toBe(1);
  });
  it('all of them is met only when every part is', () => {
    const g: Goal = { all: [{ time: { op: '>=', value: 1 } }, { state: { host: 0, qpn: 0x100, is: 'ERR' } }] };
    const parts: GoalPart[] = [];
    expect(evaluateGoal(g, model(sim, { ...exampleChallenge(), goal: g }), parts)).toBe(false);
    expect(parts.map((p) => p.met)).toEqual([true, false]);
  });
});

describe('bad goals are refused, naming the field', () => {
  it.each([
    ['an unknown kind of goal', { foo: 1 }, 'challenge.goal: a goal has exactly one of all, any, not, state, count, span, time, summary (got foo)'],
    ['two kinds in one goal', { time: { op: '<', value: 1 }, state: { host: 0, qpn: 1, is: 'RTS' } }, 'challenge.goal: a goal has exactly one of all, any, not, state, count, span, time, summary (got time, state)'],
    ['not an object', 'RTS', 'challenge.goal: a goal is an object with one of all, any, not, state, count, span, time, summary'],
    ['an unknown operator', { count: { kind: 'cqe', op: '~', value: 1 } }, /^challenge\.goal\.count\.op: /],
    ['a negative host', { state: { host: -1, qpn: 0x100, is: 'RTS' } }, /^challenge\.goal\.state\.host: /],
    ['an infinite value', { time: { op: '<', value: Infinity } }, /^challenge\.goal\.time\.value: /],
    ['an empty all', { all: [] }, /^challenge\.goal\.all: Invalid length/],
    ['a path that is code', { summary: { path: 'wr.posted;alert(1)', op: '>', value: 1 } }, /^challenge\.goal\.summary\.path: Invalid format/],
    ['a bad goal deep inside', { all: [{ time: { op: '<', value: 1 } }, { not: { any: [{ count: { kind: 'cqe', op: '!=', value: 1 } }] } }] }, /^challenge\.goal\.all\[1\]\.not\.any\[0\]\.count\.op: /],
    ['an extra field in a leaf', { time: { op: '<', value: 1, unit: 'ns' } }, /^challenge\.goal\.time\.unit: /],
  ] as const)('%s', (_what, goal, message) => {
    const r = parseChallenge(withGoal(goal));
    expect(r.ok).toBe(false);
    const err = (r as { error: string }).error;
    if (typeof message === 'string') expect(err).toBe(message);
    else expect(err).toMatch(message);
  });
  it('outside the goal, the field is named as before', () => {
    expect(parseChallenge({ ...exampleChallenge(), title: '' })).toMatchObject({ ok: false, error: expect.stringMatching(/^challenge\.title: /) });
    expect(parseChallenge({ ...exampleChallenge(), extra: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/^challenge\.extra: /) });
  });
});
