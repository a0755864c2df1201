// Steps that teach, not steps that pass: the cases a new user found, each through the worker API
// a person drives. Topic 4 step 5 with a wrong sq_psn is not ticked, says why and goes back to
// its start; "Start here" step 4 needs the selection; every memory lesson starts from clean
// compare sides and sets its own speed; at a 100 % hit rate the latency's service part stays put
// while its queueing part grows with K.
import { describe, expect, it } from 'vitest';
import { createTransportApi } from '../worker/transport/api.ts';
import { createMemoryApi } from '../worker/memory/api.ts';
import { defaultConfig } from '../core/memory/index.ts';
import type { CommandInput } from '../core/index.ts';
import { MEMORY_LESSONS, TRANSPORT_LESSONS } from './index.ts';

const stepOf = (lesson: string, id: string) => {
  const l = [...TRANSPORT_LESSONS, ...MEMORY_LESSONS].find((x) => x.id === lesson)!;
  return { i: l.steps.findIndex((s) => s.id === id), lesson: l };
};

describe('topic 4, step 5 (RTR → RTS): the check confirms the concept', () => {
  const { i } = stepOf('install', 'rts');
  const rts = (sqPsn: number): CommandInput => ({
    kind: 'modifyQp', host: 0, qpn: 0x100,
    mask: ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'],
    attrs: { qp_state: 'RTS', sq_psn: sqPsn, timeout: 4, retry_cnt: 3, rnr_retry: 3, max_rd_atomic: 4 },
  });
  /** The lesson at step 5 with QP 0x100 in RTR, as the learner reaches it. */
  function atStep() {
    const api = createTransportApi();
    api.startLesson('install');
    const { lesson } = stepOf('install', 'rts');
    for (let s = 1; s < i; s++) { api.lessonStep(s); if (lesson.steps[s].solution) api.solveStep(); }
    const f = api.lessonStep(i);
    expect(f.world.qps.find((q) => q.host === 0 && q.qpn === 0x100)!.state).toBe('RTR');
    return api;
  }
  it.each([0, 2000])('sq_psn %i (behind or ahead of what B expects): RTS, yet not ticked; the step says why and offers its start', (psn) => {
    const api = atStep();
    const r = api.command(rts(psn));
    expect(r.ok).toBe(true);
    const l = r.frame.lesson!;
    expect(r.frame.world.qps.find((q) => q.host === 0 && q.qpn === 0x100)!.state).toBe('RTS');
    expect(l.stepsDone[i]).toBe(false);
    expect(l.stuck).toMatch(new RegExp(`will send PSN ${psn} \\(0x[0-9a-f]{6}\\) while host B expects 1000 \\(0x0003e8\\)`));
    // Back to the step's start: QP 0x100 in RTR again, nothing stuck, the step still open.
    const back = api.restoreStep();
    expect(back.ok).toBe(true);
    expect(back.frame.world.qps.find((q) => q.host === 0 && q.qpn === 0x100)!.state).toBe('RTR');
    expect(back.frame.lesson).toMatchObject({ step: i, stuck: null });
    expect(back.frame.lesson!.stepsDone[i]).toBe(false);
    // And with the PSN B expects, the step is done.
    const good = api.command(rts(1000));
    expect(good.frame.lesson!.stepsDone[i]).toBe(true);
    expect(good.frame.lesson!.stuck).toBeNull();
  });
});

describe('a task that a QP in ERR makes impossible says so and offers the step\'s start', () => {
  // Each step: the QP the learner breaks (modify to ERR, always legal), and the words expected.
  const CASES = [
    ['intro', 'message', 0, 0x100, /A·0x100 is in ERR, so its sends can no longer complete/],
    ['intro', 'receiver', 1, 0x200, /B·0x200 is in ERR, so no new receive can complete/],
    ['context', 'fields', 0, 0x100, /A·0x100 is in ERR, so the WRITE can no longer complete/],
    ['context', 'psn', 1, 0x200, /B·0x200 is in ERR, so the SEND can no longer complete/],
    ['keys', 'wrong-rkey', 0, 0x100, /A·0x100 is in ERR, so a new WRITE would be flushed/],
    ['keys', 'no-remote-write', 0, 0x101, /A·0x101 is in ERR, so a new WRITE would be flushed/],
  ] as const;
  it.each(CASES)('%s/%s: QP %i·%i in ERR: stuck, named; back to the start: not stuck, and the solution completes it', (lesson, id, host, qpn, words) => {
    const { i, lesson: l } = stepOf(lesson, id);
    const api = createTransportApi();
    api.startLesson(lesson);
    for (let s = 1; s < i; s++) {
      api.lessonStep(s);
      const q = l.steps[s].question;
      if (q) api.answer(q.kind === 'number' ? 0 : q.kind === 'one' ? 'x' : []);
      else if (l.steps[s].solution) api.solveStep();
    }
    expect(api.lessonStep(i).lesson).toMatchObject({ step: i, stuck: null });
    const broken = api.command({ kind: 'modifyQp', host, qpn, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } });
    expect(broken.ok).toBe(true);
    expect(broken.frame.lesson!.stepsDone[i]).toBe(false);
    expect(broken.frame.lesson!.stuck).toMatch(words);
    const back = api.restoreStep();
    expect(back.ok).toBe(true);
    expect(back.frame.lesson).toMatchObject({ step: i, stuck: null });
    expect(api.solveStep().ok).toBe(true);
    expect(api.frame().lesson!.stepsDone[i]).toBe(true);
    expect(api.frame().lesson!.stuck).toBeNull();
  });
});

describe('"Start here", step 4: selecting QP 0x200 is part of the task', () => {
  const { i, lesson } = stepOf('intro', 'receiver');
  it('is not ticked while nothing is selected, however long the model runs; ticked once B·0x200 is selected', () => {
    const api = createTransportApi();
    api.startLesson('intro');
    for (let s = 1; s < i; s++) {
      api.lessonStep(s);
      if (lesson.steps[s].question) api.answer(lesson.steps[s].question!.kind === 'order' ? [] : 'x');
    }
    let f = api.lessonStep(i);
    const t0 = f.t;
    api.setSpeed(400_000);
    api.play();
    f = api.tick(100); // 40 µs of traffic: B's receive completions arrive
    expect(f.t).toBeGreaterThan(t0 + 30_000);
    expect(f.lesson!.stepsDone[i]).toBe(false);
    f = api.select(1, 0x100);
    expect(f.lesson!.stepsDone[i]).toBe(false);
    f = api.select(1, 0x200);
    expect(f.lesson!.stepsDone[i]).toBe(true);
  });
});

describe('memory lessons: clean start, their own speed', () => {
  it('each lesson starts from clean compare sides, whatever the last one left', () => {
    const api = createMemoryApi({ sweepUnitsPerTick: 1 });
    api.startLesson('policy');
    api.patchCompare('a', { policy: 'random', entries: 64 });
    api.patchCompare('b', { engine: 'firmware' });
    const clean = createMemoryApi({ sweepUnitsPerTick: 1 });
    for (const l of MEMORY_LESSONS.filter((x) => x.id !== 'policy')) {
      const f = api.startLesson(l.id).frame;
      const ref = clean.startLesson(l.id).frame;
      expect(f.sides, l.id).toEqual(ref.sides);
      api.patchCompare('a', { policy: 'fifo' });
    }
  });
  it.each(MEMORY_LESSONS.flatMap((l) => l.steps.map((s, i) => [`${l.id}/${s.id}`, l.id, i, s.speed] as const)).filter(([, , , sp]) => sp !== undefined))(
    '%s sets the speed it needs', (_name, id, i, speed) => {
      const api = createMemoryApi({ sweepUnitsPerTick: 1 });
      api.startLesson(id);
      api.setSpeed(10);
      expect(api.lessonStep(i).speed).toBe(speed);
    });
  it('so does every transport step that names one', () => {
    for (const l of TRANSPORT_LESSONS) {
      l.steps.forEach((s, i) => {
        if (s.speed === undefined) return;
        const api = createTransportApi();
        api.startLesson(l.id);
        api.setSpeed(1);
        expect(api.lessonStep(i).speed, `${l.id}/${s.id}`).toBe(s.speed);
      });
    }
  });
});

describe('latency at a 100 % hit rate: service stays, queueing grows with K', () => {
  const at = (overlap: number) => {
    const api = createMemoryApi({ initial: { ...defaultConfig('cx3', 16), overlap }, sweepUnitsPerTick: 1 });
    // Set the table up (the sweep is not what is measured here), then run packets.
    for (let i = 0; i < 400 && !api.frame().live.ready; i++) api.tick(0);
    api.step(12_000);
    return api.frame().live.readout;
  };
  it('K = 1, 16, 256: the same service (one pipeline slot), queueing (K − 1) slots, latency their sum', () => {
    const [k1, k16, k256] = [at(1), at(16), at(256)];
    for (const r of [k1, k16, k256]) {
      expect(r.hitRate).toBeGreaterThan(0.999);
      expect(r.serviceNs! + r.queueNs!).toBeCloseTo(r.latencyNs, 6);
    }
    const slot = k1.serviceNs!;
    expect(slot).toBeGreaterThan(50);
    for (const r of [k16, k256]) expect(Math.abs(r.serviceNs! - slot) / slot).toBeLessThan(0.05);
    expect(k1.queueNs!).toBeLessThan(0.05 * slot);
    expect(k16.queueNs! / slot).toBeCloseTo(15, 0);
    expect(k256.queueNs! / slot).toBeCloseTo(255, 0);
    expect(k256.latencyNs).toBeGreaterThan(100 * k1.latencyNs);
  });
});
