// Every lesson of every instrument ships its solution, and CI proves it: from the lesson's setup,
// replayed through the same worker API a person drives, each step's check must be false when the
// step begins and true after its solution.
import { describe, expect, it } from 'vitest';
import { createTransportApi } from '../worker/transport/api.ts';
import { createMemoryApi, type MemoryApi } from '../worker/memory/api.ts';
import { MEMORY_LESSONS, TRANSPORT_LESSONS, lessonCatalogue } from './index.ts';

describe.each(TRANSPORT_LESSONS.map((l) => [l.id, l] as const))('transport lesson %s', (id, lesson) => {
  it('is solvable step by step, and no check is already true before its step is done', () => {
    const api = createTransportApi();
    expect(api.startLesson(id).ok).toBe(true);
    lesson.steps.forEach((step, i) => {
      const before = api.lessonStep(i);
      if (step.check) expect(before.lesson!.stepsDone[i], `${step.id}: done before its solution`).toBe(false);
      api.solveStep();
      if (step.check) expect(api.frame().lesson!.stepsDone[i], `${step.id}: not done after its solution`).toBe(true);
    });
  });
});

/** Let the lab run: table set up, compare pair built, then enough packets for steady readouts. */
function settle(api: MemoryApi) {
  api.setSpeed(400_000);
  api.play();
  let f = api.tick(0);
  for (let i = 0; i < 400 && (!f.live.ready || (f.compare !== null && !f.compare.ready)); i++) f = api.tick(0);
  for (let i = 0; i < 12; i++) f = api.tick(100); // 12 × 40,000 packets
  return f;
}

describe.each(MEMORY_LESSONS.map((l) => [l.id, l] as const))('memory lesson %s', (id, lesson) => {
  it('is solvable step by step, and no task is done before its solution', () => {
    const api = createMemoryApi({ sweepUnitsPerTick: 1 }); // the sweep is not what the lessons check
    expect(api.startLesson(id).ok).toBe(true);
    api.showCompare(true);
    settle(api);
    lesson.steps.forEach((step, i) => {
      const before = api.lessonStep(i);
      if (step.check) expect(before.lesson!.stepsDone[i], `${step.id}: done before its solution`).toBe(false);
      if (step.solution) expect(api.solveStep().ok, step.id).toBe(true);
      const after = settle(api);
      if (step.check) expect(after.lesson!.stepsDone[i], `${step.id}: not done after its solution`).toBe(true);
    });
  }, 120_000);
});

describe('every lesson', () => {
  it.each([...TRANSPORT_LESSONS, ...MEMORY_LESSONS].map((l) => [l.id, l] as const))('%s has text, a task and a solution for every checked step, and named sources', (_id, lesson) => {
    expect(lesson.steps.length).toBeGreaterThan(1);
    for (const s of lesson.steps) {
      expect(s.text.join(' ').length).toBeGreaterThan(60);
      if (s.check) { expect(s.task).toBeTruthy(); expect(s.solution).toBeDefined(); }
    }
    expect(lesson.sources.length).toBeGreaterThan(0);
  });
  it('the catalogues cover topics 0, 1, 4, 5, 6 and 2, 3, 8, 9, 11 and cross to the main thread as plain data', () => {
    expect(lessonCatalogue('transport').map((l) => l.topic)).toEqual([0, 1, 4, 5, 6]);
    const m = lessonCatalogue('memory');
    expect(m.map((l) => l.topic)).toEqual([2, 3, 8, 9, 11]);
    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });
});
