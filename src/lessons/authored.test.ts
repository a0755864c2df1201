// A transport challenge written in the page is a challenge like the built-in ones: its goal a
// lesson predicate (an old-language goal translated), its attempt replayed from its start, its
// completion code carrying it so `npm run verify` accepts the code, its id naming it exactly.
import { describe, expect, it } from 'vitest';
import { exampleChallenge, goalOfLink } from '../scenario/challenge.ts';
import { decodeCode, encodeCode } from '../scenario/code.ts';
import { sandboxScenario } from '../scenario/presets.ts';
import { attemptCode, verifyCode } from '../worker/challenge/verify.ts';
import { commandsOf } from '../worker/challenge/attempt.ts';
import { runVerify } from '../cli/verify.ts';
import { authoredDef, parseAuthored } from './authored.ts';

const written = () => { const r = parseAuthored(exampleChallenge()); if (!r.ok) throw new Error(r.error); return r.value; };
const breakNeighbour = [{ t: 1000, cmd: { kind: 'modifyQp', host: 0, qpn: 0x101, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } }];

describe('the goal of a written challenge', () => {
  it.each([
    ['count >=', { count: { kind: 'cqe', where: { host: 1 }, op: '>=', value: 2 } }, { events: { kind: 'cqe', where: { host: 1 }, atLeast: 2 } }],
    ['count >', { count: { kind: 'cqe', op: '>', value: 2 } }, { events: { kind: 'cqe', atLeast: 3 } }],
    ['count <', { count: { kind: 'cqe', op: '<', value: 2 } }, { events: { kind: 'cqe', atMost: 1 } }],
    ['count ==', { count: { kind: 'cqe', op: '==', value: 0 } }, { events: { kind: 'cqe', atLeast: 0, atMost: 0 } }],
    ['time <=', { time: { op: '<=', value: 5000 } }, { num: { of: { read: 'now' }, atMost: 5000 } }],
    ['nested', { all: [{ not: { count: { kind: 'fault', op: '>=', value: 1 } } }, { state: { host: 0, qpn: 256, is: 'RTS' } }] }, { all: [{ not: { events: { kind: 'fault', atLeast: 1 } } }, { state: { host: 0, qpn: 256, is: 'RTS' } }] }],
  ])('an old-language goal (%s) reads as its predicate', (_n, old, now) => {
    expect(goalOfLink(old)).toEqual({ ok: true, goal: now });
  });
  it('an old span or summary goal is refused, named', () => {
    expect(goalOfLink({ all: [{ state: { host: 0, qpn: 1, is: 'RTS' } }, { summary: { path: 'wr.completed', op: '>', value: 1 } }] })).toEqual({ ok: false, error: expect.stringMatching(/^challenge\.goal\.all\[1\]: "summary" was a kind of goal of the old challenge language/) });
  });
  it('a bad predicate is refused with its field named', () => {
    expect(parseAuthored({ ...exampleChallenge(), goal: { all: [{ state: { host: 0, qpn: 1, is: 'RTS' } }, { num: { of: 'x' } }] } })).toMatchObject({ ok: false, error: expect.stringMatching(/^challenge\.goal\.all\[1\]/) });
    expect(parseAuthored({ ...exampleChallenge(), title: '' })).toMatchObject({ ok: false, error: expect.stringMatching(/^challenge\.title/) });
    expect(parseAuthored({ ...exampleChallenge(), limits: { maxCommands: -1 } })).toMatchObject({ ok: false, error: expect.stringMatching(/^challenge\.limits\.maxCommands/) });
  });
});

describe('a written challenge\'s attempt and code', () => {
  const def = authoredDef(written(), sandboxScenario(), 0);
  it('its id is its hash: the same challenge and start give the same id; another start, another', () => {
    expect(def.id).toMatch(/^w-[0-9a-f]{10}$/);
    expect(authoredDef(written(), sandboxScenario(), 0).id).toBe(def.id);
    expect(authoredDef(written(), sandboxScenario(), 5000).id).not.toBe(def.id);
    expect(authoredDef({ ...written(), limits: { maxCommands: 9 } }, sandboxScenario(), 0).id).not.toBe(def.id);
  });
  it('the start alone does not meet the goal, and gets no code', () => {
    expect(attemptCode(def, def.seed, []).code).toBeNull();
  });
  it('the student\'s commands read off the instrument meet it; the code verifies, score counting only their attributes', () => {
    const sc = sandboxScenario();
    const read = commandsOf(def, def.seed, { scenario: { ...sc, commands: [...(sc.commands ?? []), ...breakNeighbour] }, t: 3000 });
    expect(read).toEqual({ ok: true, commands: breakNeighbour });
    const { verdict, code } = attemptCode(def, def.seed, breakNeighbour);
    expect(verdict.met).toBe(true);
    expect(verdict.score).toBe(1);
    expect(code).toMatch(/^QP1-/);
    // The challenge travels with the code, the sandbox itself left out: a few hundred characters.
    expect(code!.length).toBeLessThan(800);
    expect(verifyCode(code!)).toEqual({ code, challenge: def.id, met: true, score: 1, traceHash: verdict.traceHash, genuine: true });
    const cli = runVerify([code!]);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.lines[0])).toMatchObject({ challenge: def.id, met: true, score: 1 });
  });
  it('a code carrying an easier challenge under this one\'s id is refused', () => {
    const a = decodeCode(attemptCode(def, def.seed, breakNeighbour).code!);
    if (!a.ok) throw new Error(a.error);
    const easier = { ...(a.attempt.spec as object), c: { ...written(), goal: { state: { host: 0, qpn: 0x100, is: 'RTS' } } } };
    expect(verifyCode(encodeCode({ ...a.attempt, spec: easier }))).toMatchObject({ genuine: false, problem: `it carries another challenge than "${def.id}"` });
  });
  it('a scenario that is not the sandbox travels whole, and still verifies', () => {
    const sc = { ...sandboxScenario(), title: 'My lab' };
    const d = authoredDef(written(), sc, 0);
    const { code } = attemptCode(d, d.seed, breakNeighbour);
    expect(verifyCode(code!)).toMatchObject({ genuine: true, met: true, challenge: d.id });
  });
  it('too many commands: met goal, but the limit named and no code', () => {
    const r = attemptCode(def, def.seed, [{ t: 500, cmd: { kind: 'pollCq', host: 1, cq: 0, max: 1 } }, { t: 600, cmd: { kind: 'pollCq', host: 1, cq: 0, max: 1 } }, ...breakNeighbour]);
    expect(r.code).toBeNull();
    expect(r.verdict.parts.at(-1)).toEqual({ text: 'at most 2 commands of yours (now 3)', met: false, value: 3 });
  });
});

describe('a written challenge\'s goal nested deep', () => {
  it('a leaf nested thousands deep is refused naming the depth, before any reader recurses (the link fuzzer: a structured clone overflowed)', () => {
    const deep = JSON.parse(`{"events":{"kind":"cqe","where":{"host":${'{"not":'.repeat(3000)}1${'}'.repeat(3000)}}}}`) as unknown;
    expect(parseAuthored({ ...exampleChallenge(), goal: deep })).toEqual({ ok: false, error: 'challenge.goal: must nest objects and lists at most 48 deep' });
  });
});
