// The Probe a lesson step's check sees, built over a Simulation and a trace position.
import type { SimEvent, Simulation } from '../../core/index.ts';
import { LC_NAMES } from '../../core/index.ts';
import type { Probe } from './types.ts';

export function makeProbe(sim: Simulation, fromEvent: number, selected: { host: number; qpn: number } | null = null): Probe {
  const w = sim.world;
  const tr = w.trace;
  const offset = tr.count - tr.events.length;
  const slot = (host: number, qpn: number) => w.qps.find(host, qpn);
  return {
    now: sim.now,
    selected,
    profile: w.profile.id,
    state: (host, qpn) => {
      const s = slot(host, qpn);
      return s < 0 ? 'none' : LC_NAMES[w.qps.lc[s]];
    },
    ctx: (host, qpn, field) => {
      const s = slot(host, qpn);
      const col = (w.qps.f as Record<string, ArrayLike<number>>)[field];
      return s < 0 || !col ? NaN : col[s];
    },
    since: <K extends SimEvent['kind']>(kind: K) =>
      tr.events.slice(Math.max(0, fromEvent - offset)).filter((e) => e.kind === kind) as Extract<SimEvent, { kind: K }>[],
  };
}
