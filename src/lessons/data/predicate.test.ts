// The predicate language over each instrument's real probe: a transport Probe over a running
// Simulation, the memory and faults probes their workers build. Each row is a predicate, the
// probe it reads and what it must say; every form is met once true and once false.
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../core/index.ts';
import { keysScenario } from '../transport/keys.ts';
import { makeProbe } from '../transport/probe.ts';
import type { Probe } from '../transport/types.ts';
import type { MemoryProbe } from '../memory/types.ts';
import type { FaultsProbe } from '../faults/types.ts';
import { MemoryApi } from '../../worker/memory/api.ts';
import { FaultsApi } from '../../worker/faults/api.ts';
import * as v from 'valibot';
import { describeNum, describePredicate, evalNum, evalPredicate, MatchSchema, NUM_KINDS, NumSchema, parsePredicate, predicateNeeds, predicateProblem, PredicateError, PRED_KINDS, readPath, WhereSchema, type Match, type Predicate, type Scalar, type Where } from './predicate.ts';

class MemoryPeek extends MemoryApi { peek(): MemoryProbe { return this.lessonModel().probe(0); } }
class FaultsPeek extends FaultsApi { peek(): FaultsProbe { return this.lessonModel().probe(0); } }

let transport: Probe;
let memory: MemoryProbe;
let faults: FaultsProbe;

beforeAll(() => {
  // A WRITE with an rkey host B never gave: a NAK, IBV_WC_REM_ACCESS_ERR on host A, both QPs to ERR.
  const sim = new Simulation(keysScenario());
  sim.runUntil(10_000);
  const mark = sim.world.trace.count;
  sim.issue({ kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, signaled: true, sgl: [{ addr: 0x10000, length: 64, lkey: 0x110 }], rdma: { addr: 0x10000, rkey: 0xdead00 } } });
  sim.runUntil(40_000);
  transport = makeProbe(sim, mark, { host: 0, qpn: 0x100 });
  const m = new MemoryPeek();
  m.setPreset('cx5', 512);
  m.step(20_000);
  memory = m.peek();
  const f = new FaultsPeek();
  f.setSettings({ qps: 64 });
  f.runToEnd();
  f.setReset({ situation: 'replay-unacked', resetAtNs: 6_500, reuse: true, quarantine: false, randomPsn: false });
  faults = f.peek();
}, 120_000);

const ok = (x: unknown): Predicate => parsePredicate(x);

describe('transport predicates over a Probe', () => {
  const rows: Array<[string, unknown, boolean]> = [
    ['a QP in ERR', { state: { host: 0, qpn: 0x100, is: 'ERR' } }, true],
    ['a QP in RTS', { state: { host: 0, qpn: 0x100, is: 'RTS' } }, false],
    ['one of several states', { state: { host: 1, qpn: 0x200, is: ['RTS', 'ERR'] } }, true],
    ['an unaffected QP still in RTS', { state: { host: 0, qpn: 0x101, is: 'RTS' } }, true],
    ['at least one CQE with IBV_WC_REM_ACCESS_ERR on host A', { events: { kind: 'cqe', where: { host: 0, status: 'IBV_WC_REM_ACCESS_ERR' } } }, true],
    ['such a CQE on host B', { events: { kind: 'cqe', where: { host: 1, status: 'IBV_WC_REM_ACCESS_ERR' } } }, false],
    ['at least 4 flush CQEs on host B', { events: { kind: 'cqe', where: { host: 1, status: 'IBV_WC_WR_FLUSH_ERR' }, atLeast: 4 } }, true],
    ['no CQE with IBV_WC_SUCCESS on host A QP 0x100', { events: { kind: 'cqe', where: { host: 0, qpn: 0x100, status: 'IBV_WC_SUCCESS' }, atMost: 0 } }, true],
    ['a status by prefix', { events: { kind: 'wr-error', where: { status: { prefix: 'IBV_WC_REM_' } } } }, true],
    ['a status by regex', { events: { kind: 'wr-error', where: { status: { matches: '^IBV_WC_LOC' } } } }, false],
    ['the selected QP', { selected: { host: 0, qpn: 0x100 } }, true],
    ['another QP selected', { selected: { host: 1, qpn: 0x200 } }, false],
    ['the time read from the probe', { num: { of: { read: 'now' }, atLeast: 40_000 } }, true],
    ['a count of events as a number', { num: { of: { count: { events: 'cqe', where: { host: 1 } } }, above: 3 } }, true],
    ['a context field', { num: { of: { ctx: { host: 0, qpn: 0x100, field: 'nope' } }, atLeast: 0 } }, false],
    ['all of two', { all: [{ state: { host: 0, qpn: 0x100, is: 'ERR' } }, { state: { host: 1, qpn: 0x200, is: 'ERR' } }] }, true],
    ['any of two', { any: [{ state: { host: 0, qpn: 0x100, is: 'RTS' } }, { state: { host: 1, qpn: 0x200, is: 'ERR' } }] }, true],
    ['not', { not: { state: { host: 0, qpn: 0x100, is: 'ERR' } } }, false],
    ['the profile, a plain field', { field: { path: 'profile', is: 'ibta' } }, true],
  ];
  it.each(rows)('%s', (_name, x, want) => expect(evalPredicate(ok(x), transport)).toBe(want));
  it('"SQD" names both SQD labels, and nothing else by prefix', () => {
    const fake = { ...transport, state: () => 'SQD (drained)', since: transport.since };
    expect(evalPredicate(ok({ state: { host: 0, qpn: 0x100, is: 'SQD' } }), fake)).toBe(true);
    expect(evalPredicate(ok({ state: { host: 0, qpn: 0x100, is: 'SQ' } }), fake)).toBe(false);
  });
  it('the newest event only (last)', () => {
    const all = transport.since('cqe');
    const newest = all[all.length - 1];
    expect(evalPredicate(ok({ events: { kind: 'cqe', last: true, where: { wrId: newest.wrId, host: newest.host } } }), transport)).toBe(true);
    expect(evalPredicate(ok({ events: { kind: 'cqe', last: true, where: { wrId: all[0].wrId, host: all[0].host } } }), transport)).toBe(all.length === 1);
  });
});

describe('memory predicates over its probe', () => {
  it('the probe measured 512 QPs (the rows below read it)', () => expect(memory.config.qps).toBe(512));
  const rows: Array<[string, (p: MemoryProbe) => unknown, boolean]> = [
    ['the hit rate between lo and hi', (p) => ({ num: { of: { read: 'hitRate' }, between: [p.hitRate - 0.01, p.hitRate + 0.01] } }), true],
    ['the hit rate in a range it is outside of', (p) => ({ num: { of: { read: 'hitRate' }, between: [p.hitRate + 0.1, p.hitRate + 0.2] } }), false],
    ['a tolerance widens the range', (p) => ({ num: { of: { read: 'hitRate' }, between: [p.hitRate + 0.05, p.hitRate + 0.2], tolerance: 0.06 } }), true],
    ['equals within a relative tolerance', (p) => ({ num: { of: { read: 'peakMops' }, equals: p.peakMops * 1.04, relTolerance: 0.05 } }), true],
    ['equals outside it', (p) => ({ num: { of: { read: 'peakMops' }, equals: p.peakMops * 1.1, relTolerance: 0.05 } }), false],
    ['a ratio of two fields', () => ({ num: { of: { div: [{ read: 'mops' }, { read: 'peakMops' }] }, atMost: 1 } }), true],
    ['below a share of another field', () => ({ num: { of: { read: 'mops' }, below: { mul: [0.01, { read: 'peakMops' }] } } }), false],
    ['the preset by name', () => ({ field: { path: 'config.preset', is: 'cx5' } }), true],
    ['a list\'s length', () => ({ num: { of: { read: 'config.pinned.length' }, equals: 0 } }), true],
    ['compare is null before a pair runs', () => ({ field: { path: 'compare', is: null } }), true],
    ['a path through null reads nothing', () => ({ num: { of: { read: 'compare.a.hitRate' }, atLeast: 0 } }), false],
  ];
  it.each(rows)('%s', (_name, make, want) => expect(evalPredicate(ok(make(memory)), memory)).toBe(want));
  it('transport forms over another probe read false, or throw naming them when strict', () => {
    const p = ok({ state: { host: 0, qpn: 0x100, is: 'RTS' } });
    expect(evalPredicate(p, memory)).toBe(false);
    expect(() => evalPredicate(p, memory, { strict: true })).toThrow(/"state" reads the transport/);
  });
  it('an unknown field reads nothing, or throws naming it when strict', () => {
    const p = ok({ num: { of: { read: 'hitrate' }, atLeast: 0 } });
    expect(evalPredicate(p, memory)).toBe(false);
    expect(() => evalPredicate(p, memory, { strict: true })).toThrow(PredicateError);
    expect(() => evalPredicate(p, memory, { strict: true })).toThrow(/no field "hitrate"/);
  });
});

describe('faults predicates over its probe', () => {
  const rows: Array<[string, unknown, boolean]> = [
    ['the storm has drained', { field: { path: 'drained', is: true } }, true],
    ['at least one QP in ERR, by the states count', { num: { of: { read: 'states.ERR' }, atLeast: 1 } }, true],
    ['the summary counts', { num: { of: { read: 'summary.faulted' }, equals: 64 } }, true],
    ['the stale packet accepted', { field: { path: 'reset.result.staleAccepted', is: true } }, true],
    ['late packets with a fate', { items: { list: 'reset.result.late', where: { 'outcome|drop': { prefix: '' } } } }, true],
    ['every late packet dropped (some are accepted)', { items: { list: 'reset.result.late', every: { 'outcome|drop': { prefix: 'dropped' } } } }, false],
    ['a reset report with queues discarded', { items: { list: 'reset.result.resets', where: { sq: { min: 1 } } } }, true],
    ['counted items as a number', { num: { of: { count: { list: 'reset.result.resets' } }, atLeast: 1 } }, true],
    ['a mitigation on', { any: [{ field: { path: 'reset.settings.quarantine', is: true } }, { field: { path: 'reset.settings.randomPsn', is: true } }] }, false],
  ];
  it.each(rows)('%s', (_name, x, want) => expect(evalPredicate(ok(x), faults)).toBe(want));
});

describe('numbers', () => {
  it.each([
    [{ add: [1, 2, 3] }, 6], [{ sub: [10, 4] }, 6], [{ mul: [2, 3] }, 6], [{ div: [12, 2] }, 6],
    [{ round: 6.4 }, 6], [{ round: 6.26, to: 0.5 }, 6.5], [{ read: 'drained' }, 1],
  ])('%j is %d', (n, want) => expect(evalNum(n as never, faults)).toBe(want));
  it('readPath takes the first present alternative and never the prototype', () => {
    expect(readPath({ a: { drop: 'x' } }, 'a.outcome|drop')).toBe('x');
    expect(readPath({}, 'toString')).toBeUndefined();
  });
});

describe('the schema names what is wrong', () => {
  it.each([
    [{}, 'predicate: a predicate has exactly one of'],
    [{ state: { host: 0, qpn: 1 } }, 'predicate.state.is:'],
    [{ all: [{ state: { host: 0, qpn: 1, is: 'RTS' } }, { nums: 1 }] }, 'predicate.all[1]: a predicate has exactly one of'],
    [{ num: { of: { read: 'hitRate' } } }, 'predicate.num: must give a bound'],
    [{ num: { of: { read: 'hitRate' }, between: [0.6, 0.4] } }, 'predicate.num.between: must have lo ≤ hi'],
    [{ field: { path: '__proto__.x', is: 1 } }, 'predicate.field.path: must name fields'],
    [{ field: { path: 'a..b', is: 1 } }, 'predicate.field.path: must be a dotted path'],
    [{ events: { kind: 'cqe', where: { status: { matches: '(' } } } }, 'predicate.events.where.status'],
    [{ events: { kind: 'cqe', atLeast: -1 } }, 'predicate.events.atLeast: must be at least 0'],
    [{ not: { not: { state: 1 } } }, 'predicate.not.not.state'],
  ])('%j', (x, msg) => expect(predicateProblem(x)).toContain(msg));
  it('a predicate nested too deep is refused before any recursion', () => {
    let deep: unknown = { field: { path: 'drained', is: true } };
    for (let i = 0; i < 5000; i++) deep = { not: deep };
    expect(predicateProblem(deep)).toMatch(/nest at most/);
  });
  it('parsePredicate throws a PredicateError with the field', () => expect(() => parsePredicate({ num: {} }, 'steps[2].check')).toThrow(/^steps\[2\]\.check\.num/));
});

describe('what a predicate needs, and how it reads', () => {
  it('transport forms need the transport instrument', () => {
    expect(predicateNeeds(ok({ all: [{ field: { path: 'drained', is: true } }, { events: { kind: 'cqe' } }] }))).toBe('transport');
    expect(predicateNeeds(ok({ num: { of: { count: { list: 'reset.result.late' } }, atLeast: 1 } }))).toBeNull();
  });
  it.each([
    [{ state: { host: 0, qpn: 0x100, is: 'RTS' } }, 'QP 0x100 on host A is in RTS'],
    [{ events: { kind: 'cqe', where: { host: 0, status: 'IBV_WC_REM_ACCESS_ERR' } } }, 'at least 1 cqe event on host A with status "IBV_WC_REM_ACCESS_ERR" since the step began'],
    [{ num: { of: { read: 'hitRate' }, between: [0.4, 0.6], tolerance: 0.02 } }, 'the hit rate is between 0.4 and 0.6 (±0.02)'],
    [{ field: { path: 'drained', is: true } }, 'the storm has drained'],
    [{ not: { any: [{ selected: null }, { field: { path: 'x.y', is: [1, 2] } }] } }, 'not (either no QP is selected; or `x.y` is one of 1, 2)'],
  ])('%j', (x, text) => expect(describePredicate(ok(x))).toBe(text));
});

describe('the parts a goal or an outcome reuses', () => {
  const scalars: Scalar[] = ['RTS', 3, true, null];
  const matches: Match[] = [...scalars, ['a', 1], { prefix: 'IBV_WC_' }, { matches: '^dropped' }, { has: 'IBV_QP_AV' }, { min: 0, max: 1 }, { not: { prefix: 'x' } }];
  it.each(matches.map((m) => [JSON.stringify(m), m] as const))('match %s parses', (_s, m) => expect(v.is(MatchSchema, m)).toBe(true));
  it('a where is field → match', () => {
    const w: Where = { host: 0, status: { prefix: 'IBV_WC_REM_' } };
    expect(v.is(WhereSchema, w)).toBe(true);
    expect(v.is(WhereSchema, { 'a..b': 1 })).toBe(false);
  });
  it('every number form parses and reads in words', () => {
    expect(NUM_KINDS).toEqual(['read', 'ctx', 'count', 'add', 'sub', 'mul', 'div', 'round']);
    expect(PRED_KINDS).toEqual(['all', 'any', 'not', 'state', 'selected', 'events', 'items', 'field', 'num']);
    const n = { div: [{ read: 'mops' }, { read: 'peakMops' }] };
    expect(v.is(NumSchema, n)).toBe(true);
    expect(describeNum(v.parse(NumSchema, n))).toBe('the throughput (Mops) / the peak throughput (Mops)');
  });
});
