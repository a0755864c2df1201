import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../core/model/schema.ts';
import { sandboxScenario } from '../presets.ts';
import { readLink, writeLink, type TransportPayload } from './index.ts';

// A transport link carries the driver profile (inside the scenario) and the compare side.
describe('profile and compare in the transport link', () => {
  const scenario = parseScenario({ ...sandboxScenario(), config: { ...sandboxScenario().config, profile: 'mlx5' } });
  it('round-trips the scenario\'s profile and the compare side', () => {
    const p: TransportPayload = { scenario, t: 1000, compare: 'rxe' };
    const back = readLink(`#${writeLink('transport', p)}`);
    expect(back).toMatchObject({ ok: true, lab: 'transport' });
    const v = (back as { value: TransportPayload }).value;
    expect(v.scenario.config.profile).toBe('mlx5');
    expect(v.compare).toBe('rxe');
  });
  it('refuses an unknown profile, naming the field', () => {
    const bad = writeLink('transport', { scenario, t: 0, compare: 'nope' as 'rxe' });
    const r = readLink(`#${bad}`);
    expect(r.ok).toBe(false);
    expect((r as { error: string }).error).toMatch(/compare/);
  });
});
