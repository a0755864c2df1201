// Every lesson the page offers says how long it takes and what it teaches (the table of contents
// shows steps and minutes; the teacher's guide the rest): objectives, prerequisites that name
// lessons the page has, and minutes.
import { describe, expect, it } from 'vitest';
import { lessonCatalogue } from '../index.ts';

const ALL = (['transport', 'memory', 'faults'] as const).flatMap((lab) => lessonCatalogue(lab));
const IDS = new Set(ALL.map((l) => l.id));

describe('lesson metadata', () => {
  it.each(ALL.map((l) => [l.id, l] as const))('%s has objectives, prerequisites the page has, and minutes', (_id, l) => {
    expect(l.meta, 'src/lessons/meta.ts or the lesson file\'s meta').toBeDefined();
    const m = l.meta!;
    expect(m.objectives.length).toBeGreaterThanOrEqual(1);
    for (const p of m.prerequisites) expect(IDS.has(p), `${l.id}: prerequisite ${p}`).toBe(true);
    expect(m.minutes).toBeGreaterThanOrEqual(5);
    // About two minutes a step, give or take: an estimate a teacher can plan with.
    expect(m.minutes).toBeGreaterThanOrEqual(l.steps.length);
    expect(m.minutes).toBeLessThanOrEqual(l.steps.length * 5);
  });
});
