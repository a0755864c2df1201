// npm run verify: one JSON line per code with exactly the contract's keys; exit 0 only when every
// code is genuine and met, 1 naming each bad code, 2 with nothing to verify.
import { describe, expect, it } from 'vitest';
import { challengeById } from '../lessons/challenges.ts';
import { encodeCode } from '../scenario/code.ts';
import { attemptCode } from '../worker/challenge/verify.ts';
import { runVerify } from './verify.ts';

const c = challengeById('memory-recover');
if (!c) throw new Error('memory-recover');
const good = attemptCode(c, c.seed, c.solution).code ?? '';
const forged = encodeCode({ challenge: c.id, seed: c.seed, commands: [], traceHash: 'a'.repeat(64) });

describe('npm run verify', () => {
  it('a genuine, met code: one JSON line with code, challenge, met, score, traceHash; exit 0', () => {
    const r = runVerify([good]);
    expect(r.code).toBe(0);
    expect(r.errors).toEqual([]);
    expect(r.lines).toHaveLength(1);
    const line = JSON.parse(r.lines[0]) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['code', 'challenge', 'met', 'score', 'traceHash']);
    expect(line).toMatchObject({ code: good, challenge: 'memory-recover', met: true, score: 1, traceHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
  it('one bad code among good ones: a line for each, exit 1, the bad code named', () => {
    const r = runVerify([good, forged, good]);
    expect(r.code).toBe(1);
    expect(r.lines.map((l) => (JSON.parse(l) as { met: boolean }).met)).toEqual([true, false, true]);
    expect(r.errors).toEqual([`bad code ${forged}: its commands replay to another trace hash than the one it carries`]);
  });
  it('codes from stdin, one per line, blank lines skipped', () => {
    const r = runVerify(['-'], () => `${good}\n\n  ${good}  \r\n`);
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(2);
  });
  it('garbage is a bad code, named', () => {
    const r = runVerify(['hello']);
    expect(r.code).toBe(1);
    expect(r.errors).toEqual(['bad code hello: a code starts with QP1-']);
    expect(JSON.parse(r.lines[0])).toEqual({ code: 'hello', challenge: null, met: false, score: null, traceHash: null });
  });
  it('no code at all: usage, exit 2', () => {
    expect(runVerify([])).toMatchObject({ code: 2, errors: [expect.stringMatching(/^usage: npm run verify/)] });
  });
  it('--help prints the usage on stdout, exit 0 (it is not taken for a code)', () => {
    expect(runVerify(['--help'])).toEqual({ code: 0, errors: [], lines: [expect.stringMatching(/^usage: npm run verify/)] });
  });
});
