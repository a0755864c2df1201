import { describe, expect, it } from 'vitest';
import { createTransportApi } from './api.ts';
import { ProfileCompare } from './compare.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { Simulation, parseScenario, type ScenarioInput } from '../../core/index.ts';

// A UD QP whose next send fails: IBTA moves it to SQE, rxe to ERR — the first difference.
function udFault(): ScenarioInput {
  return {
    version: 1, seed: 3,
    config: {
      durationNs: 200_000,
      hosts: [{ name: 'A' }, { name: 'B' }],
      qps: [{ host: 0, type: 'UD', recvs: 4 }, { host: 1, type: 'UD', recvs: 4 }],
    },
    commands: [
      { t: 1000, cmd: { kind: 'failNextWr', host: 0, qpn: 0x100, status: 'IBV_WC_LOC_PROT_ERR' } },
      { t: 2000, cmd: { kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, ud: { host: 1, qpn: 0x200, qkey: 0x11111111 } } } },
    ],
  };
}

describe('driver profile and compare mode in the worker', () => {
  it('switching the profile replays the same scenario to the same instant under the new profile', () => {
    const api = createTransportApi();
    api.load(udFault(), 50_000);
    expect(api.frame().world.qps[0].state).toBe('SQE');
    const r = api.setProfile('rxe');
    expect(r.ok).toBe(true);
    expect(r.frame.profile).toBe('rxe');
    expect(r.frame.t).toBe(50_000);
    expect(r.frame.world.qps[0].state).toBe('ERR');
    expect(api.exportScenario().scenario.config.profile).toBe('rxe');
    expect(api.setProfile('nope' as 'rxe').ok).toBe(false);
  });
  it('compare mode runs the twin in lockstep and finds the first event where the profiles part', () => {
    const api = createTransportApi();
    api.load(udFault());
    expect(api.setCompare('rxe').compare).toMatchObject({ left: 'ibta', right: 'rxe', firstDiff: null });
    api.setSpeed(1_000_000);
    api.play();
    for (let i = 0; i < 20 && !api.frame().compare?.firstDiff; i++) api.tick(16);
    const c = api.frame().compare!;
    expect(c.firstDiff).not.toBeNull();
    const first = c.rows.find((r) => r.first)!;
    expect(first.left).toMatchObject({ kind: 'state', to: 'SQE' });
    expect(first.right).toMatchObject({ kind: 'state', to: 'ERR' });
    // Every row before the first difference is the same event on both sides.
    for (const r of c.rows.filter((x) => x.i < c.firstDiff!.index)) expect(r.left).toEqual(r.right);
  });
  it('a command issued on screen is issued in the twin at the same instant; seeking back keeps them in step', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 20_000);
    api.setCompare('mlx5');
    api.command({ kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'SQD' } });
    const f = api.step();
    // IBTA allows RTS→SQD; mlx5 has no firmware command for it (item 27).
    expect(f.compare!.firstDiff).not.toBeNull();
    expect(f.compare!.rows.find((r) => r.first)?.right).toMatchObject({ kind: 'modify-refused', reason: 'driver' });
    const back = api.seek(10_000);
    expect(back.compare!.firstDiff).toBeNull();
    expect(api.setCompare(null).compare).toBeNull();
  });
  it('an extra trailing event in one run is the first difference, even when the run ends there', () => {
    // RTS→SQD with nothing else happening: both profiles log the same events, and rxe alone adds
    // IBV_EVENT_SQ_DRAINED (never asked for) as the very last event of its run.
    const s = parseScenario({
      version: 1, seed: 5,
      config: { durationNs: 20_000, hosts: [{ name: 'A' }, { name: 'B' }], qps: [{ host: 0, type: 'RC', peer: 1 }, { host: 1, type: 'RC', peer: 0 }] },
      commands: [{ t: 100, cmd: { kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'SQD' } } }],
    });
    const main = new Simulation(s);
    main.runUntil(20_000);
    const twin = new ProfileCompare(s, 'rxe', 20_000);
    const mainEvents = main.world.trace.events;
    const twinEvents = twin.sim.world.trace.events;
    expect(twinEvents.length).toBe(mainEvents.length + 1);
    expect(twinEvents.slice(0, -1)).toEqual(mainEvents);
    const v = twin.view(main, 'ibta');
    expect(v.firstDiff).toEqual({ index: mainEvents.length, t: 100 });
    const first = v.rows.find((r) => r.first)!;
    expect(first.left).toBeUndefined();
    expect(first.right).toMatchObject({ kind: 'async', event: 'IBV_EVENT_SQ_DRAINED' });
    // Mid-instant: a run whose budget ran out between two commands due at t = 100 has not logged
    // the second yet; a twin under the same profile, complete at 100, must not be told it differs.
    const two = parseScenario({ ...s, commands: [...s.commands, { t: 100, cmd: { kind: 'postRecv', host: 1, qpn: 0x200, wr: { wrId: 9, length: 64 } } }] });
    const cut = new Simulation(two);
    cut.runUntil(99);
    expect(cut.runUntil(100, 1)).toBe(false);
    expect([cut.now, cut.nextDue()]).toEqual([100, 100]);
    const same = new ProfileCompare(two, 'ibta', 100);
    expect(same.sim.world.trace.events.length).toBeGreaterThan(cut.world.trace.events.length);
    expect(same.view(cut, 'ibta').firstDiff).toBeNull();
    cut.runUntil(100);
    expect(same.view(cut, 'ibta').firstDiff).toBeNull();
  });
});
