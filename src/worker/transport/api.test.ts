import { describe, expect, it } from 'vitest';
import { expose, wrap, type Endpoint } from 'comlink';
import { createTransportApi, type TransportApi } from './api.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { parseScenario } from '../../core/index.ts';

describe('worker API', () => {
  it('loads the sandbox, plays by wall time × speed, and reports frames', () => {
    const api = createTransportApi();
    const r = api.load(sandboxScenario());
    expect(r.ok).toBe(true);
    expect(r.frame!.world.qps.map((q) => q.state)).toEqual(['RTS', 'RTS', 'RTS', 'RTS']);
    api.setSpeed(10_000);
    api.play();
    const f = api.tick(100); // 100 ms of wall time at 10 µs/s → 1 µs simulated
    expect(f.t).toBe(1000);
    expect(f.events.length).toBeGreaterThan(0);
  });
  it('refuses a bad scenario with the field named and keeps the current one', () => {
    const api = createTransportApi();
    api.load(sandboxScenario());
    const bad = { ...sandboxScenario(), config: { ...sandboxScenario().config, hosts: [] } };
    const r = api.load(bad);
    expect(r).toMatchObject({ ok: false });
    expect(r.error).toMatch(/config\.hosts/);
    expect(api.frame().world.qps).toHaveLength(4);
  });
  it('seek backwards restores a checkpoint and replays to the same state as going straight there', () => {
    const a = createTransportApi();
    a.load(sandboxScenario());
    a.seek(0);
    const straight = createTransportApi();
    straight.load(sandboxScenario(), 30_000);
    a.load(sandboxScenario(), 50_000);
    const back = a.seek(30_000);
    expect(back.t).toBe(30_000);
    expect(back.resetLog).toBe(true);
    expect(back.world).toEqual(straight.frame().world);
  });
  it('a command in the past forks: the recorded future is dropped', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 20_000);
    api.seek(10_000);
    const r = api.command({ kind: 'qpFatal', host: 0, qpn: 0x100 });
    expect(r.ok).toBe(true);
    expect(r.frame.maxT).toBe(10_000);
    expect(r.frame.world.qps[0].state).toBe('ERR');
    const ex = api.exportScenario();
    expect(ex.scenario.commands).toEqual([{ t: 10_000, cmd: { kind: 'qpFatal', host: 0, qpn: 0x100 } }]);
  });
  it('a refused modify comes back with errno and the missing attributes', () => {
    const api = createTransportApi();
    api.load({ ...sandboxScenario(), config: { ...sandboxScenario().config, qps: [{ host: 0, type: 'RC', bringUp: 'INIT' }], workloads: [] } });
    const r = api.command({ kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE', 'IBV_QP_AV'], attrs: { qp_state: 'RTR', ah_dlid: 2 } });
    expect(r).toMatchObject({ ok: false, errno: 'EINVAL', reason: 'missing-attributes' });
    expect(r.missing).toContain('IBV_QP_DEST_QPN');
  });
  it('works across a real comlink MessageChannel (structured clone of frames)', async () => {
    const { port1, port2 } = new MessageChannel();
    expose(createTransportApi(), port1 as unknown as Endpoint);
    const remote = wrap<TransportApi>(port2 as unknown as Endpoint);
    const r = await remote.load(sandboxScenario(), 5000);
    expect(r.ok).toBe(true);
    expect(r.frame!.t).toBe(5000);
    const ref = await remote.reference();
    expect(ref.cells.RC[1][2].req).toContain('IBV_QP_DEST_QPN');
    port1.close();
    port2.close();
  });
});

describe('lessons in the worker', () => {
  it('starts a lesson, ticks a step off when its check passes, and "do it for me" solves steps', () => {
    const api = createTransportApi();
    const r = api.startLesson('install');
    expect(r.ok).toBe(true);
    expect(r.frame!.lesson).toMatchObject({ id: 'install', step: 0, done: false, hints: [], stuck: null, question: { kind: 'one', revealed: false } });
    api.lessonStep(1);
    const refused = api.command({ kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'INIT' } });
    expect(refused.frame.lesson!.stepsDone[1]).toBe(false);
    const solved = api.solveStep();
    expect(solved.frame.lesson!.stepsDone[1]).toBe(true);
    expect(solved.frame.world.qps[0].state).toBe('INIT');
  });
  it('an unknown lesson is refused by name', () => {
    const r = createTransportApi().startLesson('nope');
    expect(r).toMatchObject({ ok: false, error: 'there is no lesson "nope"' });
    expect(r.frame.lesson).toBeNull();
  });
});

describe('links and free play', () => {
  const base = () => ({ scenario: parseScenario(sandboxScenario()), t: 20_000 });
  it('applyLink opens the scenario at its instant with its lesson step, and the log starts afresh', () => {
    const api = createTransportApi();
    api.tick(0);
    const r = api.applyLink({ ...base(), lesson: { id: 'errors', step: 2 }, speed: 5000 });
    expect(r.ok).toBe(true);
    expect(r.frame).toMatchObject({ t: 20_000, resetLog: true, speed: 5000, lesson: { id: 'errors', step: 2 } });
  });
  it.each([
    [{ sel: { host: 1, qpn: 0x2ff } }, /selects QP 0x2ff on host B/],
    [{ lesson: { id: 'nope', step: 0 } }, /lesson this page does not have/],
    [{ lesson: { id: 'errors', step: 40 } }, /has \d+ steps, not 41/],
  ])('refuses a link whose %o does not fit its scenario, and keeps the current one', (extra, msg) => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 5000);
    const r = api.applyLink({ ...base(), ...extra });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(msg);
    expect(r.frame.t).toBe(5000);
  });
  it('choosing free play loads the sandbox and leaves the lesson', () => {
    const api = createTransportApi();
    api.startLesson('install');
    expect(api.frame().world.qps[0].state).toBe('RESET');
    const r = api.loadSandbox();
    expect(r.frame.lesson).toBeNull();
    expect(r.frame.resetLog).toBe(true);
    expect(r.frame.world.qps.map((q) => q.state)).toEqual(['RTS', 'RTS', 'RTS', 'RTS']);
  });
  it('starting a lesson after free play replaces the event log (resetLog) and restarts the clock', () => {
    const api = createTransportApi();
    api.setSpeed(100_000);
    api.play();
    for (let i = 0; i < 5; i++) api.tick(100);
    expect(api.frame().t).toBeGreaterThan(40_000);
    const r = api.startLesson('errors');
    expect(r.frame).toMatchObject({ t: 0, resetLog: true });
    expect(r.frame.events.every((e) => e.t === 0)).toBe(true);
  });
});
