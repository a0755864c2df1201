// docs/teaching.md is what scripts/teaching.ts generates from the lessons and the challenges now:
// a lesson, an answer or a challenge changed without regenerating the guide fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { teachingDoc } from '../../../scripts/teaching.ts';
import { challengesOf, teachingMarkdown } from './teachingDoc.ts';
import { TRANSPORT_LESSONS } from '../index.ts';

describe('the teacher\'s guide', () => {
  it('docs/teaching.md equals its generator (npx tsx scripts/teaching.ts)', async () => {
    const file = readFileSync(new URL('../../../docs/teaching.md', import.meta.url), 'utf8');
    expect(file).toBe(await teachingDoc());
  });
  it('names per lesson its minutes, prerequisites, objectives, and per question the answer and each wrong option\'s misconception', async () => {
    const doc = await teachingDoc();
    expect(doc).toContain('### The state machine the hardware enforces');
    expect(doc).toMatch(/about 20 minutes/);
    expect(doc).toContain('**Prerequisites:** `install`');
    expect(doc).toContain('- Answer: EINVAL, and nothing changes.');
    expect(doc).toContain('- 0, and the QP is in ERR: any state can be moved to ERR: Every state except RESET can go to ERR.');
    expect(doc).toContain('_Done when: at least 1 modify-refused event with reason "invalid-transition" since the step began._');
  });
  it('picks up challenges from a registry, and skips entries it cannot read', () => {
    const c = challengesOf({ CHALLENGES: [
      { id: 'c1', title: 'Drain it', text: 'Let the storm drain.', instrument: 'faults', goal: { field: { path: 'drained', is: true } }, limits: { maxCommands: 2 } },
      { id: 'bad', title: 'No goal', text: '', instrument: 'faults', goal: { nope: 1 } },
    ] });
    expect(c.map((x) => x.id)).toEqual(['c1']);
    const doc = teachingMarkdown(TRANSPORT_LESSONS.slice(0, 1), c);
    expect(doc).toContain('- **Drain it** (`c1`): Let the storm drain. _Goal: the storm has drained; at most 2 commands._');
    expect(challengesOf(null)).toEqual([]);
  });
});
