// The interleaving explorer for the page: settings → the core's exploration (every detection
// order of up to 6 simultaneous faults, grouped by what software sees) and one order stepped
// through. QPNs 0x100… stand for the faulted QPs; the channel is the preset's.
import { CHANNEL_PRESETS_INFO, exploreInterleavings, stepThrough, type ExplorerInput } from '../../core/index.ts';
import { classesOf, type ExplorerSettings } from '../../core/faults/labConfig.ts';
import type { ExplorerFrame } from './types.ts';

export function explorerInput(s: ExplorerSettings): ExplorerInput {
  const p = CHANNEL_PRESETS_INFO[s.preset];
  return {
    faults: s.faults.map((f, i) => ({ qpn: 0x100 + i, cls: f.cls, miss: f.miss })),
    policy: s.policy, classes: classesOf(8, 'graded'), eqSize: s.eqSize, budget: s.budget, overrun: p.overrun,
    // MODEL: a slow host, so the small queue matters (the same parameters for every order).
    eqeNs: 5_000,
  };
}

export function explore(s: ExplorerSettings, pick: number[] | null): ExplorerFrame {
  const input = explorerInput(s);
  const r = exploreInterleavings(input, 6);
  const order = pick && pick.length === s.faults.length ? pick : r.groups[0]?.orders[0] ?? [];
  const stepped = stepThrough(input, order);
  return { settings: s, orders: r.orders, groups: r.groups, order, steps: stepped.steps, outcome: stepped.outcome };
}
