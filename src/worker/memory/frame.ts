// The memory lab's frame: plain data the views render (the cache grid only when it changed, the
// accesses since the last frame, the sweep, the walk, the compare pair), and the probe a lesson
// step's check reads. Nothing here changes the model.
import { patternText, sweepSpecFor } from '../../core/memory/index.ts';
import type { MemoryProbe } from '../../lessons/memory/index.ts';
import type { KitFrame } from '../kit/types.ts';
import { buildGrid } from './grid.ts';
import type { MemoryLab } from './lab.ts';
import { presetInfo } from './presetInfo.ts';
import type { MemFrame, WalkFrame } from './types.ts';

export function walkFrame(lab: MemoryLab): WalkFrame | null {
  const l = lab.live;
  if (!l?.table) return null;
  const following = lab.walkQpn === null;
  const qpn = lab.walkQpn ?? l.lastMiss?.qpn ?? l.traffic.qpns[0];
  const walk = l.table.walk(qpn);
  const g = l.table.geometry;
  const memory = l.table.memory();
  const onChipBytes = memory.bytesPerLevel.slice(0, g.onChipLevels).reduce((a, b) => a + b, 0);
  return { walk, geometry: g, memory, costNs: walk.hostReads * lab.cfg.fetchNs, following, hostBytes: memory.totalBytes - onChipBytes, onChipBytes };
}

function tHitOf(lab: MemoryLab): number {
  return sweepSpecFor(lab.cfg, lab.cfg.qps).timing.tHitNs;
}

export function probeOf(lab: MemoryLab): MemoryProbe {
  const l = lab.ensureLive();
  const r = l.readout();
  const walk = walkFrame(lab);
  const cmp = lab.compare;
  const side = (k: 'a' | 'b') => {
    const rd = cmp?.[k]?.readout();
    return { ...lab.sides[k], hitRate: rd?.hitRate ?? 0, mops: rd?.mops ?? 0, valid: rd?.valid ?? false };
  };
  return {
    config: lab.cfg, hitRate: r.hitRate, mops: r.mops, engineUtilization: r.engineUtilization, valid: r.valid,
    walkCostNs: walk ? walk.costNs : null, compare: cmp && cmp.ready ? { a: side('a'), b: side('b') } : null,
    hostReads: walk ? walk.walk.hostReads : null, tableBytes: walk ? walk.hostBytes : null, peakMops: 1000 / tHitOf(lab),
    serviceNs: r.serviceNs ?? 0, queueNs: r.queueNs ?? 0,
  };
}

/** The frame's body (the kit adds the header: seq, playback, busy, lesson). */
export function buildFrame(lab: MemoryLab): Omit<MemFrame, keyof KitFrame> {
  const l = lab.ensureLive();
  const recent = l.recent(lab.sentPacket);
  lab.sentPacket = l.packets;
  const grid = lab.sentGrid !== l.version ? buildGrid(l.cache, lab.selectedSet, ++lab.seq) : null;
  lab.sentGrid = l.version;
  const cfg = lab.cfg;
  return {
    config: { ...cfg, pinned: [...cfg.pinned] },
    live: {
      setup: l.setupProgress, ready: l.ready, packets: l.packets, simNs: l.simNs, stats: l.stats(), readout: l.readout(),
      series: l.series.slice(), recent, lastMiss: l.lastMiss, grid,
    },
    sweep: lab.job.frame(), preset: presetInfo(cfg.preset), walk: walkFrame(lab), compare: lab.compare ? lab.compare.frame(lab.seq) : null,
    sides: { a: { ...lab.sides.a }, b: { ...lab.sides.b } },
    selectedSet: lab.selectedSet, patternText: patternText(cfg, cfg.qps), work: lab.takeWork(),
  };
}
