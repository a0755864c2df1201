// The student's commands read off an instrument's link payload: only what differs from the
// challenge's start, never the seed; a payload from another scenario is refused, named.
import { describe, expect, it } from 'vitest';
import { challengeById, startPayload, type ChallengeDef } from '../../lessons/challenges.ts';
import { commandsOf } from './attempt.ts';
import { replay } from './replay.ts';

const def = (id: string): ChallengeDef => { const d = challengeById(id); if (!d) throw new Error(id); return d; };

describe('commandsOf', () => {
  it('the start itself holds no command of the student\'s, for every instrument', () => {
    for (const id of ['transport-remote-access', 'memory-cliff', 'faults-idle-aware']) {
      const d = def(id);
      expect(commandsOf(d, 5, startPayload(d, 5))).toEqual({ ok: true, commands: [] });
    }
  });
  it('memory: one command per setting changed; replayed, they meet the goal', () => {
    const d = def('memory-recover');
    const p = startPayload(d, d.seed) as { overrides: Record<string, unknown> };
    const r = commandsOf(d, d.seed, { ...p, overrides: { ...p.overrides, entries: 1024 } });
    expect(r).toEqual({ ok: true, commands: [{ kind: 'config', patch: { entries: 1024 } }] });
    expect(replay(d, d.seed, (r as { commands: unknown[] }).commands).met).toBe(true);
  });
  it('memory: a preset change comes first, then the settings that differ from that preset', () => {
    const d = def('memory-cliff');
    const r = commandsOf(d, d.seed, { preset: 'cx5', qps: 48, overrides: { seed: d.seed } });
    expect(r).toEqual({ ok: true, commands: [{ kind: 'preset', preset: 'cx5', qps: 48 }] });
  });
  it('faults: one command per storm setting changed, the seed never', () => {
    const d = def('faults-quick-report');
    const p = startPayload(d, 9) as { settings: Record<string, unknown> };
    expect(commandsOf(d, 9, { settings: { ...p.settings, serviceNs: 2000, policy: 'priority' } })).toEqual({ ok: true, commands: [{ kind: 'settings', patch: { serviceNs: 2000 } }, { kind: 'settings', patch: { policy: 'priority' } }] });
  });
  it('transport: the commands recorded after the start\'s', () => {
    const d = def('transport-neighbour-err');
    const p = startPayload(d, d.seed) as { scenario: Record<string, unknown> };
    const cmds = [{ t: 1000, cmd: { kind: 'qpFatal', host: 0, qpn: 0x101 } }];
    const r = commandsOf(d, d.seed, { scenario: { ...p.scenario, commands: cmds }, t: 3000 });
    expect(r).toEqual({ ok: true, commands: cmds });
  });
  it('transport: another scenario is refused', () => {
    const d = def('transport-neighbour-err');
    const p = startPayload(d, d.seed) as { scenario: Record<string, unknown> };
    expect(commandsOf(d, d.seed + 1, p)).toEqual({ ok: false, error: 'the instrument runs another scenario than the challenge\'s: start the challenge again' });
  });
});
