import { describe, expect, it } from 'vitest';
import { distinguishing, echoed, giveaways, longestRight, optionProblems } from './audit.ts';
import type { Question, QuestionOption } from './question.ts';

const opts: QuestionOption[] = [
  { id: 'sqe', label: 'SQE: only its send queue stalls', why: 'w' },
  { id: 'err', label: 'ERR: both queues flush', why: 'Not for UD.' },
  { id: 'rts', label: 'Still RTS: nothing happens', why: 'An error is reported.' },
];
const one = (extra: Partial<Question<unknown, unknown>> = {}): Question<unknown, unknown> => ({ kind: 'one', prompt: 'Which state?', options: opts, reveal: [], because: '.', ...extra });
const step = (text: string, title = 'Predict: one UD send fails') => ({ title, text: [text] });

describe('the give-away audit (kit/audit.ts)', () => {
  it('the right option\'s own words are those no wrong option uses', () => {
    expect(distinguishing(opts, ['sqe']).sort()).toEqual(['stall']);
  });
  it.each([
    ['a clean step', step('A UD QP is in RTS. Its next send fails.'), one(), opts, 'sqe', []],
    ['the step text says what the right option says', step('After a send error a UD QP stalls its sending side only.'), one(), opts, 'sqe', [/own words .*stall/]],
    ['the title states the outcome', step('A UD QP.', 'Predict: the send side stalls'), one(), opts, 'sqe', [/stall/]],
    ['a number within the tolerance in the text', step('The timer fires every 16.4 µs.'), { ...one(), kind: 'number', tolerance: 0.1 } as Question<unknown, unknown>, [], 16.384, [/graded number/]],
    ['a size in KiB that equals the graded bytes', step('Pages are 4 KiB.'), { ...one(), kind: 'number', relTolerance: 0.35 } as Question<unknown, unknown>, [], 4096, [/graded number/]],
    ['an order the text already lists', step('First the post, then the packet, then the ACK.'), { ...one(), kind: 'order' } as Question<unknown, unknown>, [{ id: 'a', label: 'post' }, { id: 'b', label: 'packet' }, { id: 'c', label: 'ACK' }], ['a', 'b', 'c'], [/right order/]],
  ] as const)('%s', (_name, s, q, o, expected, problems) => {
    const got = giveaways(s, q, o as QuestionOption[], expected as never);
    expect(got.length).toBe(problems.length);
    problems.forEach((re, i) => expect(got[i]).toMatch(re));
  });
  it('a glossary tooltip on a term of the step counts as shown (the old "unsignaled … gets one anyway" kind)', () => {
    const o = [{ id: 'y', label: 'It gets a CQE: halted or not' }, { id: 'n', label: 'No CQE', why: '.' }, { id: 'r', label: 'Refused', why: '.' }];
    expect(giveaways(step('Software posts on a QP in SQE.'), one(), o, 'y').join()).toMatch(/halted/);
  });
  it('choose-one with two options, or a wrong option without its why, is refused', () => {
    expect(optionProblems(one(), opts.slice(0, 2), 'sqe')).toEqual(['only 2 options: a guess passes too often']);
    expect(optionProblems(one(), [...opts, { id: 'x', label: 'RESET' }], 'sqe')).toEqual(['wrong options without a why: x']);
    expect(optionProblems(one(), opts, 'sqe')).toEqual([]);
  });
  it('the right option alone repeating an identifier of the text is a give-away (the old errors/rnr: rnr_retry in the text, only RNR_RETRY_EXC_ERR in the options)', () => {
    const o = [{ id: 'rnr', label: 'IBV_WC_RNR_RETRY_EXC_ERR, after three refusals' }, { id: 'ret', label: 'IBV_WC_RETRY_EXC_ERR, once its retries are spent', why: '.' }, { id: 'w', label: 'It waits for ever', why: '.' }];
    expect(echoed('A QP brought up with rnr_retry = 2.', o, ['rnr'])).toEqual(['rnr_retry']);
    expect(giveaways(step('A QP brought up with `rnr_retry` = 2.'), one(), o, 'rnr').join()).toMatch(/echoes .*rnr_retry/);
    // Named by a wrong option too, the identifier sets nothing apart.
    expect(echoed('retry_cnt = 3 and rnr_retry = 2.', [...o.slice(0, 1), { ...o[1], label: 'IBV_WC_RETRY_EXC_ERR, once retry_cnt is spent' }, o[2]], ['rnr'])).toEqual(['rnr_retry']);
    expect(echoed('retry_cnt = 3 and rnr_retry = 2.', [o[0], { ...o[1], label: 'IBV_WC_RETRY_EXC_ERR, once rnr_retry and retry_cnt are spent' }, o[2]], ['rnr'])).toEqual([]);
  });
  it('a right option far longer than every wrong one is the test-taker\'s pick', () => {
    const o = [{ id: 'a', label: 'x'.repeat(130) }, { id: 'b', label: 'y'.repeat(60) }, { id: 'c', label: 'z'.repeat(100) }];
    expect(longestRight(o, 'a')).toEqual(['the right option is the longest by far (130 characters against at most 100)']);
    expect(longestRight(o, 'a', 1.5)).toEqual([]);
    expect(longestRight(o, 'b')).toEqual([]);
    expect(longestRight(o, ['a', 'b'])).toEqual(['the right option is the longest by far (130 characters against at most 100)']);
    expect(longestRight(o, ['b', 'c'])).toEqual([]);
  });
});
