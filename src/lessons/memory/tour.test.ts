import { describe, expect, it } from 'vitest';
import { createMemoryApi, type MemoryApi } from '../../worker/memory/api.ts';
import { TOUR, tourCatalogue } from './tour.ts';

/** Let the lab run: table set up, compare pair built, then enough packets for steady readouts. */
function settle(api: MemoryApi) {
  api.setSpeed(400_000);
  api.play();
  let f = api.tick(0);
  for (let i = 0; i < 400 && (!f.live.ready || (f.compare !== null && !f.compare.ready)); i++) f = api.tick(0);
  for (let i = 0; i < 12; i++) f = api.tick(100); // 12 × 40,000 packets
  return f;
}

// Every tour task ships its solution and CI proves it: from the topic's start, each task's check
// is false before its solution and true after it.
describe.each(TOUR.map((t) => [t.id, t] as const))('tour topic %s', (_id, topic) => {
  it('is solvable step by step, and no task is done before its solution', () => {
    const api = createMemoryApi({ sweepUnitsPerTick: 1 }); // the sweep is not what the tour checks
    for (const r of [api.tourApply(topic.id, 'start')]) expect(r.ok, r.error).toBe(true);
    settle(api);
    topic.steps.forEach((step, i) => {
      const before = api.setTourStep(topic.id, i);
      if (step.check) expect(before.tour!.done, `${step.id}: done before its solution`).toBe(false);
      if (step.solution) {
        const r = api.tourApply(topic.id, i);
        expect(r.ok, `${step.id}: ${r.error}`).toBe(true);
      }
      const after = settle(api);
      if (step.check) expect(after.tour!.done, `${step.id}: not done after its solution`).toBe(true);
    });
  }, 120_000);

  it('has prose, a task for every checked step, a solution for every task, and sources', () => {
    expect(topic.steps.length).toBeGreaterThan(1);
    for (const s of topic.steps) {
      expect(s.text.join(' ').length).toBeGreaterThan(60);
      if (s.check) { expect(s.task).toBeTruthy(); expect(s.solution?.length).toBeGreaterThan(0); }
    }
    expect(topic.sources.length).toBeGreaterThan(0);
  });
});

describe('tour catalogue', () => {
  it('covers topics 2, 3, 8, 9 and 11 and crosses to the main thread as plain data', () => {
    const c = tourCatalogue();
    expect(c.map((t) => t.number)).toEqual([2, 3, 8, 9, 11]);
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
});
