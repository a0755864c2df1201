// A link holds everything done before it was made: written from the worker's own record (as the
// page's Share does), read back through the link envelope and opened in a fresh worker API, it
// shows the same run: the same events (count and trace hash), the same QP states, the same
// instant. At t = 0 above all: a command issued there runs after the items due at 0, so a link
// must run those too (it used to open before them: 65 events and the QP in RTS, not 78 and RESET).
import { describe, expect, it } from 'vitest';
import { TRANSPORT_LESSONS, type TransportAction } from '../../lessons/transport/index.ts';
import { readLink, writeLink, type TransportPayload } from '../../scenario/link/index.ts';
import { createTransportApi, type TransportApi } from './api.ts';

type Api = TransportApi;
const RESET_0x100 = { kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } } as const satisfies TransportAction;

/** Share what `api` shows (as app/transport.ts builds it), open it in a fresh API: its frame and summary. */
function reopen(api: Api, lesson?: { id: string; step: number }) {
  const { scenario, t } = api.exportScenario();
  const f = api.frame();
  const payload: TransportPayload = { scenario, t, speed: f.speed, ...(f.selected ? { sel: f.selected } : {}), ...(lesson ? { lesson } : {}) };
  const opened = readLink(writeLink('transport', payload));
  if (!opened.ok || opened.lab !== 'transport' || !opened.value) throw new Error(`the link did not read back: ${JSON.stringify(opened).slice(0, 200)}`);
  const other = createTransportApi();
  const r = other.applyLink(opened.value);
  expect(r, r.error).toMatchObject({ ok: true });
  return { frame: r.frame, summary: other.summary(), api: other };
}

/** What the person sees of a run: the instant, the events and every QP's state. */
function seen(a: { frame: { t: number; traceHash: string; eventsFrom: number; events: unknown[]; world: { qps: { host: number; qpn: number; state: string }[] } } }['frame']) {
  return { t: a.t, traceHash: a.traceHash, events: a.eventsFrom + a.events.length, qps: a.world.qps.map((q) => `${q.host}:${q.qpn.toString(16)}:${q.state}`) };
}

describe('a share link reproduces the run on screen', () => {
  it('a command at t = 0 (QP 0x100 to RESET): the same 78 events and RESET, not 65 and RTS', () => {
    const author = createTransportApi();
    const r = author.command(RESET_0x100);
    expect(r.ok).toBe(true);
    const link = reopen(author);
    expect(seen(link.frame)).toEqual(seen(author.frame()));
    expect(link.frame.world.qps.find((q) => q.host === 0 && q.qpn === 0x100)?.state).toBe('RESET');
    expect(link.summary).toEqual(author.summary());
    // One Step on each side keeps them together.
    expect(seen(link.api.step())).toEqual(seen(author.step()));
  });

  it('a fresh run at t = 0, a seek back to 0 and a link to 0 stand at the same point', () => {
    const fresh = createTransportApi();
    const moved = createTransportApi();
    moved.load(moved.exportScenario().scenario, 5_000);
    expect(seen(moved.seek(0))).toEqual(seen(fresh.frame()));
    expect(seen(reopen(fresh).frame)).toEqual(seen(fresh.frame()));
  });

  it.each([0, 1, 1_500, 40_000])('a command at t = %i ns, then more time: the link to each instant shows the same', (at) => {
    const author = createTransportApi();
    author.load(author.exportScenario().scenario, at);
    expect(author.command(RESET_0x100).ok).toBe(true);
    expect(seen(reopen(author).frame)).toEqual(seen(author.frame()));
    for (let i = 0; i < 5; i++) author.step();
    expect(author.frame().t).toBeGreaterThan(at);
    expect(seen(reopen(author).frame)).toEqual(seen(author.frame()));
  });
});

/** An answer of the right shape for a question (its grade does not matter: the first answer reveals the event). */
function anyAnswer(q: { kind: string; options: { id: string }[] }): unknown {
  return q.kind === 'number' ? 0 : q.kind === 'one' ? q.options[0].id : q.options.map((o) => o.id);
}

describe.each(TRANSPORT_LESSONS.map((l) => [l.id, l] as const))('transport lesson %s, linked at every instant it reaches', (id, lesson) => {
  it('each step\'s start and the instant after its solution (or answer) reopen as the same run', () => {
    const api = createTransportApi();
    expect(api.startLesson(id).ok).toBe(true);
    const check = (step: number, when: string) => {
      const link = reopen(api, { id, step });
      expect(seen(link.frame), `${lesson.steps[step].id}, ${when}`).toEqual(seen(api.frame()));
      expect(link.summary, `${lesson.steps[step].id}, ${when}`).toEqual(api.summary());
      expect(link.frame.lesson, `${lesson.steps[step].id}, ${when}`).toMatchObject({ id, step });
    };
    lesson.steps.forEach((step, i) => {
      const start = api.lessonStep(i);
      check(i, 'at its start');
      if (step.question) api.answer(anyAnswer(start.lesson!.question!));
      else if (step.solution) api.solveStep();
      else return;
      check(i, 'after its solution');
    });
  });
});
