// The writer's warnings: a goal Play alone meets (QP 0x100 in RTS with a send completed, on the
// sandbox) is named with the instant; started later it is met already; a goal that needs the
// student (the example: the neighbour QP in ERR, which the sandbox never breaks) draws none.
import { describe, expect, it } from 'vitest';
import { exampleChallenge } from '../../scenario/challenge.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { challengeWarnings } from './warn.ts';

const byPlay = { ...exampleChallenge(), goal: { all: [{ state: { host: 0, qpn: 0x100, is: 'RTS' } }, { events: { kind: 'cqe', where: { host: 0, qpn: 0x100, queue: 'sq', status: 'IBV_WC_SUCCESS' }, atLeast: 1 } }] } };

describe('challengeWarnings', () => {
  it('a goal met by pressing Play at t = 0: named, with the instant', () => {
    expect(challengeWarnings(byPlay, sandboxScenario(), 0)).toEqual([
      'The goal is met without any command of the student\'s: pressing Play meets it by 3.000 µs. Ask for something the student must do.',
    ]);
  });
  it('the same goal from 20 µs: already met when the challenge starts', () => {
    expect(challengeWarnings(byPlay, sandboxScenario(), 20_000)).toEqual(['The goal is already met at the moment the challenge starts (20.000 µs): the student has nothing to do.']);
  });
  it('the example goal needs the student: no warning', () => {
    expect(challengeWarnings(exampleChallenge(), sandboxScenario(), 0)).toEqual([]);
  });
  it('an old-language goal (count) is read in the predicate language and warned about alike', () => {
    const old = { ...exampleChallenge(), goal: { count: { kind: 'cqe', where: { host: 0, status: 'IBV_WC_SUCCESS' }, op: '>=', value: 1 } } };
    expect(challengeWarnings(old, sandboxScenario(), 0)).toHaveLength(1);
  });
});
