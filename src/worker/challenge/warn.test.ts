// The writer's warnings: the old default template (QP 0x100 in RTS with a send completed, on the
// sandbox) is met by Play alone; started later it is met already; a goal that needs the student
// (a QP in ERR the sandbox never breaks) draws no warning.
import { describe, expect, it } from 'vitest';
import { exampleChallenge } from '../../scenario/challenge.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { challengeWarnings } from './warn.ts';

describe('challengeWarnings', () => {
  it('the default template at t = 0: met by pressing Play, no command of the student\'s', () => {
    expect(challengeWarnings(exampleChallenge(), sandboxScenario(), 0)).toEqual([
      'The goal is met without any command of the student\'s: pressing Play meets it by 3.000 µs. Ask for something the student must do.',
    ]);
  });
  it('the default template from 20 µs: already met when the challenge starts', () => {
    expect(challengeWarnings(exampleChallenge(), sandboxScenario(), 20_000)).toEqual(['The goal is already met at the moment the challenge starts (20.000 µs): the student has nothing to do.']);
  });
  it('a goal only the student can meet: no warning', () => {
    expect(challengeWarnings({ ...exampleChallenge(), goal: { state: { host: 0, qpn: 0x101, is: 'ERR' } } }, sandboxScenario(), 0)).toEqual([]);
  });
});
