// The Faults frame: per-QP facts only when the settings change, the live storm's phases and
// figures every frame, the policy job's results, the compare pair and the reset view.
import { CHANNEL_PRESETS_INFO, eqSlots, stormClasses } from '../../core/index.ts';
import { classesOf, programOf, stormKeyOf } from '../../core/faults/labConfig.ts';
import { programLine } from '../../core/faults/program.ts';
import type { KitFrame } from '../kit/types.ts';
import type { FaultsLab } from './lab.ts';
import type { FaultsFrame, GridStatic } from './types.ts';

function gridStatic(lab: FaultsLab): GridStatic {
  const g = lab.storm.grid();
  return {
    key: stormKeyOf(lab.settings) + lab.storm.qps,
    qpn: g.qpn, host: g.host, cls: g.cls,
    classes: stormClasses(classesOf(lab.settings.classes, lab.settings.mix)),
  };
}

/** The frame's body (the kit adds the header: seq, playback, busy, lesson). */
export function buildFrame(lab: FaultsLab): Omit<FaultsFrame, keyof KitFrame> {
  const st = lab.storm;
  const key = stormKeyOf(lab.settings) + st.qps;
  const grid = key !== lab.gridKeySent ? gridStatic(lab) : null;
  lab.gridKeySent = key;
  const eq = st.eqSeries(0);
  const twin = lab.twin;
  return {
    settings: { ...lab.settings }, grid, channel: channelInfo(lab),
    live: {
      t: st.now, summary: st.summary(), phase: st.grid().phase, drained: st.drained(),
      eq: { t: eq.t, used: eq.used, size: eq.size, now: eq.used.length ? eq.used[eq.used.length - 1] : 0 },
      cache: cacheOf(lab), perCq: st.perCq().slice(0, 16), program: programLine(st.program(programOf(lab.settings))),
    },
    policies: lab.job.frame(),
    compare: twin ? {
      t: st.now, drained: st.drained() && twin.drained(),
      a: { policy: lab.comparePolicies[0], summary: st.summary(), phase: st.grid().phase },
      b: { policy: lab.comparePolicies[1], summary: twin.summary(), phase: twin.grid().phase },
    } : null,
    comparePolicies: [...lab.comparePolicies],
    reset: lab.reset,
    explorer: lab.explorer,
  };
}

function channelInfo(lab: FaultsLab): FaultsFrame['channel'] {
  const p = CHANNEL_PRESETS_INFO[lab.settings.preset];
  return {
    eqSize: eqSlots(lab.settings.eqDepth, p.spare, p.pow2), spare: p.spare, pow2: p.pow2,
    budget: Number.isFinite(p.budget) ? p.budget : 0, overrun: p.overrun, source: p.source,
  };
}

function cacheOf(lab: FaultsLab): FaultsFrame['live']['cache'] {
  const c = lab.storm.sim.world.hosts[0].cache;
  const v = c.view();
  return { hits: c.stats.hits, misses: c.stats.misses, evictions: c.stats.evictions, writebacks: c.stats.writebacks, entries: v.entries };
}
