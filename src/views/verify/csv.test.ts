// The grade book's CSV and reading a pasted column of codes.
import { describe, expect, it } from 'vitest';
import { codesIn, gradeCsv } from './csv.ts';

describe('grade book CSV', () => {
  it('a header and one row per code; quotes and formulas are defused', () => {
    const csv = gradeCsv([
      { code: 'QP1-AAAAA-BBBB', challenge: 'memory-cliff', met: true, score: 1, traceHash: 'ab', genuine: true },
      { code: '=HYPERLINK("x")', challenge: null, met: false, score: null, traceHash: null, genuine: false, problem: 'a code starts with QP1-, "really"' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'code,challenge,met,score,traceHash,genuine,problem',
      'QP1-AAAAA-BBBB,memory-cliff,true,1,ab,true,',
      `"'=HYPERLINK(""x"")",,false,,,false,"a code starts with QP1-, ""really"""`,
      '',
    ]);
  });
  it('reads a column, a comma list, and codes with single spaces inside', () => {
    expect(codesIn('QP1-AAAAA-BB\r\n\n qp1-ccccc \nQP1-DD,QP1-EE')).toEqual(['QP1-AAAAA-BB', 'qp1-ccccc', 'QP1-DD', 'QP1-EE']);
    expect(codesIn('QP1 AAAAA BB QP1 CC')).toEqual(['QP1 AAAAA BB', 'QP1 CC']);
  });
});
