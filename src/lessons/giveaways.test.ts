// Answerable without a prediction (issue 17): the rules kit/audit.ts cannot see from the model's
// outcome alone, judged on the answer the lesson states (`stated`, which the replay test holds
// equal to the model's). Pick-the-longest is held over every instrument's questions.
import { describe, expect, it } from 'vitest';
import { FAULTS_LESSONS, MEMORY_LESSONS, TRANSPORT_LESSONS } from './index.ts';
import { longestRight } from './kit/audit.ts';
import type { QuestionOption } from './kit/question.ts';

const ASKED = [...TRANSPORT_LESSONS, ...MEMORY_LESSONS, ...FAULTS_LESSONS].flatMap((l) => l.steps.filter((s) => s.question).map((s) => [`${l.id}/${s.id}`, s] as const));

describe('no pick-the-longest: the right option is not the one far longer than the rest', () => {
  const CHOICE = ASKED.filter(([, s]) => Array.isArray(s.question!.options) && s.question!.stated !== undefined && ['one', 'several'].includes(s.question!.kind));
  it('covers the choice questions of all three instruments', () => {
    expect(CHOICE.length).toBeGreaterThanOrEqual(38);
  });
  it.each(CHOICE)('%s', (_id, s) => {
    const q = s.question!;
    expect(longestRight(q.options as QuestionOption[], q.stated as string | string[])).toEqual([]);
  });
});

/** What a question step shows before lock-in: title, text, task, prompt and the option labels. */
function shown(id: string): string {
  const s = ASKED.find(([k]) => k === id)![1];
  const q = s.question!;
  return [s.title, ...s.text, s.task ?? '', q.prompt, ...(Array.isArray(q.options) ? (q.options as QuestionOption[]).map((o) => o.label) : [])].join(' ');
}

describe('a question that read as answered, or an option its own step ruled out (each row failed on the old text)', () => {
  it.each([
    ['engines/diagnose: the text named the answer (decisions made in firmware)', 'engines/diagnose', /decisions are made in firmware/],
    ['engines/diagnose: "within noise" was ruled out by "a small fraction"', 'engines/diagnose', /within noise/],
    ['policy/diagnose: "the policy is random" was ruled out by "recency-ordered policy"', 'policy/diagnose', /policy is random/],
    ['reset/reuse: the stale packet\'s PSN went unsaid, so a learner who reasoned "ahead of 0: a NAK" was graded on a number never given', 'reset/reuse', /A retransmitted WRITE of the old connection is still on the wire\./],
  ] as const)('%s', (_name, id, mustNot) => {
    expect(shown(id)).not.toMatch(mustNot);
  });
  it('reset/reuse states the stale packet\'s PSN (the model\'s late packets start at PSN 0, resetLab)', () => {
    expect(shown('reset/reuse')).toMatch(/first WRITE of the old connection, PSN 0/);
  });
});
