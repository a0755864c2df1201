// Every built-in challenge against its answer key, replayed headlessly: the start alone never
// meets the goal, the key does; a code made from the key verifies, and codes that were edited,
// replay elsewhere, or whose commands do not meet the goal are refused with the reason named.
import { describe, expect, it } from 'vitest';
import { CHALLENGES, challengeById, type ChallengeDef } from '../../lessons/challenges.ts';
import { INSTRUMENTS } from '../../scenario/link/labName.ts';
import { encodeCode } from '../../scenario/code.ts';
import { predicateNeeds, predicateProblem } from '../../lessons/data/predicate.ts';
import { replay } from './replay.ts';
import { attemptCode, verifyCode } from './verify.ts';

const def = (id: string): ChallengeDef => {
  const d = challengeById(id);
  if (!d) throw new Error(id);
  return d;
};

describe('the built-in challenges', () => {
  it('cover every instrument, with unique ids', () => {
    expect(new Set(CHALLENGES.map((c) => c.instrument))).toEqual(new Set(INSTRUMENTS));
    expect(new Set(CHALLENGES.map((c) => c.id)).size).toBe(CHALLENGES.length);
  });
  it.each(CHALLENGES.map((c) => [c.id, c] as const))('%s: its goal is a predicate of the lesson language, and reads its instrument\'s probe', (_id, c) => {
    expect(predicateProblem(c.goal, 'goal')).toBeNull();
    expect(predicateNeeds(c.goal) === 'transport').toBe(c.instrument === 'transport' && predicateNeeds(c.goal) !== null);
  });
  it.each(CHALLENGES.map((c) => [c.id, c] as const))('%s: the start alone does not meet the goal; the answer key does', (_id, c) => {
    const none = replay(c, c.seed, []);
    expect(none.error).toBeUndefined();
    expect(none.met).toBe(false);
    const key = replay(c, c.seed, c.solution);
    expect(key.error, key.error).toBeUndefined();
    expect(key.parts.filter((p) => !p.met)).toEqual([]);
    expect(key.met).toBe(true);
    expect(key.traceHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('scores count only the student\'s commands', () => {
  const c = def('transport-neighbour-err');
  it('the bring-up\'s 17 attributes per QP are not the student\'s: a qpFatal scores 0', () => {
    expect(replay(c, c.seed, c.solution).score).toBe(0);
  });
  it('an ibv_modify_qp to ERR passing only IBV_QP_STATE scores 1', () => {
    const v = replay(c, c.seed, [{ t: 1000, cmd: { kind: 'modifyQp', host: 0, qpn: 0x101, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } } }]);
    expect(v.met).toBe(true);
    expect(v.score).toBe(1);
  });
  it('without a score of its own, a challenge scores the number of commands', () => {
    const m = def('memory-cliff');
    expect(replay(m, m.seed, m.solution).score).toBe(1);
  });
});

describe('completion codes', () => {
  const c = def('memory-cliff');
  const made = attemptCode(c, c.seed, c.solution);
  it('meeting the goal gives a code, and the code verifies', () => {
    expect(made.code).toMatch(/^QP1-/);
    expect(verifyCode(made.code ?? '')).toEqual({ code: made.code, challenge: 'memory-cliff', met: true, score: 1, traceHash: made.verdict.traceHash, genuine: true });
  });
  it('an attempt that does not meet the goal gets no code', () => {
    expect(attemptCode(c, c.seed, []).code).toBeNull();
  });
  it('a code whose commands do not meet the goal is refused, naming the part not met', () => {
    const v = replay(c, c.seed, [{ kind: 'config', patch: { qps: 60 } }]);
    const code = encodeCode({ challenge: c.id, seed: c.seed, commands: [{ kind: 'config', patch: { qps: 60 } }], traceHash: v.traceHash });
    expect(verifyCode(code)).toMatchObject({ genuine: true, met: false, problem: expect.stringMatching(/^the goal is not met: the hit rate is below 0\.15 \(now 1\)$/) });
  });
  it('a code over a hash its commands do not replay to is refused', () => {
    const code = encodeCode({ challenge: c.id, seed: c.seed, commands: c.solution, traceHash: 'f'.repeat(64) });
    expect(verifyCode(code)).toMatchObject({ genuine: false, met: false, problem: 'its commands replay to another trace hash than the one it carries' });
  });
  it('a code with another seed than it was made with is refused (another run, another hash)', () => {
    const code = encodeCode({ challenge: c.id, seed: c.seed + 1, commands: c.solution, traceHash: made.verdict.traceHash });
    expect(verifyCode(code)).toMatchObject({ genuine: false, problem: expect.stringMatching(/another trace hash/) });
  });
  it('a tampered code is refused by its checksum', () => {
    const code = made.code ?? '';
    const i = code.length - 8;
    const t = code.slice(0, i) + (code[i] === 'Z' ? 'Y' : 'Z') + code.slice(i + 1);
    expect(verifyCode(t)).toMatchObject({ genuine: false, problem: expect.stringMatching(/checksum/) });
  });
  it('a code for no challenge, or with a command the instrument does not take, is refused', () => {
    expect(verifyCode(encodeCode({ challenge: 'nope', seed: 1, commands: [], traceHash: '0'.repeat(64) }))).toMatchObject({ genuine: false, problem: 'there is no challenge "nope"' });
    expect(verifyCode(encodeCode({ challenge: c.id, seed: 1, commands: [{ kind: 'run' }], traceHash: '0'.repeat(64) }))).toMatchObject({ genuine: false, problem: 'command 1 is not one the NIC-memory lab takes' });
    const t = def('transport-remote-access');
    expect(verifyCode(encodeCode({ challenge: t.id, seed: 1, commands: [{ t: 5, cmd: { kind: 'rm -rf' } }], traceHash: '0'.repeat(64) }))).toMatchObject({ genuine: false, problem: expect.stringMatching(/^a command is not one the instrument takes/) });
  });
  it('too many commands: genuine, not met, the limit named', () => {
    const t = def('transport-remote-access');
    const cmds = [0, 1, 2, 3].map((k) => ({ t: 500 + k, cmd: { kind: 'pollCq', host: 1, cq: 0, max: 1 } })).concat(t.solution as never);
    const r = attemptCode(t, t.seed, cmds);
    expect(r.code).toBeNull();
    expect(r.verdict.parts.at(-1)).toEqual({ text: 'at most 3 commands of yours (now 5)', met: false, value: 5 });
  });
});
