// One "answer first" rule for every instrument (issue 17): a readout is masked while a question
// is open and names it, or while any question is open when the instrument always masks it.
import { describe, expect, it } from 'vitest';
import { isMasked } from './mask.tsx';
import { FAULTS_MASKED } from '../faults/mask.ts';
import { TRANSPORT_MASKED } from '../transport/mask.ts';

describe('isMasked', () => {
  it.each([
    ['no question', null, 'hit-rate', [], false],
    ['an open question naming it', { revealed: false, masks: ['hit-rate'] }, 'hit-rate', [], true],
    ['an open question naming another', { revealed: false, masks: ['cliff'] }, 'hit-rate', [], false],
    ['the same question once answered (the model ran it)', { revealed: true, masks: ['hit-rate'] }, 'hit-rate', [], false],
    ['an open question, a key the instrument always masks', { revealed: false }, 'fault', FAULTS_MASKED, true],
    ['an answered question, a key the instrument always masks', { revealed: true }, 'fault', FAULTS_MASKED, false],
  ] as const)('%s', (_n, q, key, always, want) => {
    expect(isMasked(q, key, always)).toBe(want);
  });

  it('the storm diagnosis cannot be read off the Faults settings, and the state-machine questions not off the modify panel', () => {
    expect(FAULTS_MASKED).toEqual(expect.arrayContaining(['fault', 'storm-events', 'report', 'policies', 'reset-report']));
    expect(TRANSPORT_MASKED).toContain('modify-check');
  });
});
