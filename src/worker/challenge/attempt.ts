// The student's own commands, read off the instrument as it stands (its share-link payload)
// against the challenge's start: the transport commands recorded after the start's; for the
// NIC-memory and faults labs, one command per setting that differs from the start (a preset
// change first, as the page's preset buttons do). The seed is the attempt's, never a command.
import { configOfState, type LabConfig } from '../../core/memory/index.ts';
import { parseScenario } from '../../core/index.ts';
import type { ChallengeDef } from '../../lessons/challenges.ts';
import type { FaultsAction } from '../../lessons/faults/types.ts';
import type { MemoryAction } from '../../lessons/memory/types.ts';

export type AttemptRead = { ok: true; commands: unknown[] } | { ok: false; error: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const obj = (x: unknown): Record<string, unknown> | null => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : null);

function transportCommands(def: ChallengeDef & { start: { instrument: 'transport' } }, seed: number, p: Record<string, unknown>): AttemptRead {
  let now;
  try { now = parseScenario(p.scenario); } catch (e) { return { ok: false, error: `the instrument holds no scenario: ${(e as Error).message}` }; }
  const start = parseScenario({ ...def.start.scenario, seed });
  if (!same(now.config, start.config) || now.seed !== start.seed) return { ok: false, error: 'the instrument runs another scenario than the challenge\'s: start the challenge again' };
  const before = start.commands;
  if (!same(now.commands.slice(0, before.length), before)) return { ok: false, error: 'the challenge\'s own commands were changed: start the challenge again' };
  return { ok: true, commands: now.commands.slice(before.length) };
}

function memoryCommands(def: ChallengeDef & { start: { instrument: 'memory' } }, seed: number, p: Record<string, unknown>): AttemptRead {
  const s = def.start.state;
  const from = configOfState({ ...s, overrides: { ...s.overrides, seed } });
  const to = configOfState({ preset: p.preset as LabConfig['preset'], qps: p.qps as number, overrides: (obj(p.overrides) ?? {}) as Partial<LabConfig> });
  if (!from.ok || !to.ok) return { ok: false, error: `the lab's settings cannot be read: ${from.ok ? (to as { error: string }).error : from.error}` };
  const out: MemoryAction[] = [];
  let base: LabConfig = from.config;
  if (to.config.preset !== base.preset) {
    out.push({ kind: 'preset', preset: to.config.preset, qps: to.config.qps });
    const b = configOfState({ preset: to.config.preset, qps: to.config.qps, overrides: { seed } });
    if (!b.ok) return { ok: false, error: b.error };
    base = b.config;
  }
  for (const k of Object.keys(to.config) as Array<keyof LabConfig>) {
    if (k === 'preset' || k === 'seed' || same(to.config[k], base[k])) continue;
    out.push({ kind: 'config', patch: { [k]: to.config[k] } });
  }
  return { ok: true, commands: out };
}

function faultsCommands(def: ChallengeDef & { start: { instrument: 'faults' } }, p: Record<string, unknown>): AttemptRead {
  const now = obj(p.settings);
  if (!now) return { ok: false, error: 'the storm\'s settings cannot be read' };
  const start = obj(def.start.settings) ?? {};
  const out: FaultsAction[] = [];
  for (const k of Object.keys(now)) {
    if (k === 'seed' || same(now[k], start[k])) continue;
    out.push({ kind: 'settings', patch: { [k]: now[k] } });
  }
  return { ok: true, commands: out };
}

/** The student's commands since the challenge's start, from the instrument's link payload `payload`. */
export function commandsOf(def: ChallengeDef, seed: number, payload: unknown): AttemptRead {
  const p = obj(payload);
  if (!p) return { ok: false, error: 'the instrument\'s state cannot be read' };
  const s = def.start;
  switch (s.instrument) {
    case 'transport': return transportCommands({ ...def, start: s }, seed, p);
    case 'memory': return memoryCommands({ ...def, start: s }, seed, p);
    case 'faults': return faultsCommands({ ...def, start: s }, p);
  }
}
