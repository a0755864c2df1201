import { describe, expect, it } from 'vitest';
import { Simulation } from '../core/index.ts';
import { LESSONS, makeProbe } from './index.ts';

// Every lesson ships its solution and CI proves it: replay each step's commands headlessly;
// the step's check must be false when the step begins and true after its solution.
describe.each(LESSONS.map((l) => [l.id, l] as const))('lesson %s', (_id, lesson) => {
  it('is solvable step by step, and no check is already true before its step is done', () => {
    const sim = new Simulation(lesson.scenario());
    for (const step of lesson.steps) {
      const start = sim.world.trace.count;
      if (step.check) expect(step.check(makeProbe(sim, start)), `${step.id}: check true before the step`).toBe(false);
      const cmds = typeof step.solution === 'function' ? step.solution(makeProbe(sim, start)) : step.solution ?? [];
      for (const c of cmds) sim.issue(c);
      sim.runUntil(sim.now + (step.runNs ?? 2000));
      if (step.check) expect(step.check(makeProbe(sim, start)), `${step.id}: check false after its solution`).toBe(true);
    }
  });
  it('has text, a task per checked step and named sources', () => {
    expect(lesson.steps.length).toBeGreaterThan(2);
    for (const s of lesson.steps) {
      expect(s.text.join(' ').length).toBeGreaterThan(60);
      if (s.check) expect(s.task).toBeTruthy();
    }
    expect(lesson.sources.length).toBeGreaterThan(0);
  });
});
