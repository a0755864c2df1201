// What the course and embed specs share: a course link made from a fixture, and finishing the lesson
// an instrument shows the way a learner's page would (each step solved, each question answered,
// the first answer a guess and, if it was wrong, the expected one next). Waits are on state only.
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import type { Frame, Page } from '@playwright/test';

export const courseLink = (file: string) => `#course=${LZString.compressToEncodedURIComponent(JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))))}`;

/** Finish every step of the lesson `lab` shows, through its client; the first answer to each question is `guess` of its options. */
export async function finishLesson(page: Page | Frame, lab: string): Promise<void> {
  await page.evaluate(async (l) => {
    interface Q { kind: string; options: Array<{ id: string }>; graded: { correct: boolean; expected: unknown } | null }
    interface F { lesson: { step: number; stepsDone: boolean[]; question: Q | null } | null }
    const c = (window as unknown as { qpScope: { client(id: string): { act(n: string, ...a: unknown[]): Promise<unknown>; call(n: string, ...a: unknown[]): Promise<unknown> } } }).qpScope.client(l);
    const frame = async () => (await c.call('frame')) as F;
    const n = (await frame()).lesson?.stepsDone.length ?? 0;
    for (let i = 0; i < n; i++) {
      await c.act('lessonStep', i);
      const q = (await frame()).lesson?.question ?? null;
      if (q) {
        const first = q.kind === 'number' ? 0 : q.kind === 'several' ? [q.options[0]?.id] : q.kind === 'order' ? q.options.map((o) => o.id) : q.options[0]?.id;
        await c.act('answer', first);
        const g = (await frame()).lesson?.question?.graded;
        if (g && !g.correct) await c.act('answer', g.expected);
      } else {
        await c.act('solveStep');
      }
    }
  }, lab);
}
