// What the cliff chart overlays for each preset: the published points with their source and
// provenance, drawn from the preset's measured data (RAW) and its quoted targets (QUOTE).
import { getPreset, type PresetId } from '../../core/memory/index.ts';
import type { PresetInfo, PublishedPoint } from './types.ts';

const FASST = 'FaSST (Kalia et al., OSDI 2016) rc-swarm raw logs, efficient/rdma_bench rc-swarm/sweep/osdi';
const SHORT: Record<PresetId, string> = {
  cx3: `${FASST}: ConnectX-3 (Apt), 32 B RC READ, per machine`,
  'connect-ib': `${FASST}: Connect-IB (NetApp), 32 B RC READ, per machine`,
  cx5: 'No public raw sweep: two quoted figures (StaR ICNP 2021; PipeDevice SIGCOMM 2022)',
  srnic: 'SRNIC (NSDI 2023) abstract: "10K performant connections on chip"',
};

const cache = new Map<PresetId, PresetInfo>();

export function presetInfo(id: PresetId): PresetInfo {
  const hit = cache.get(id);
  if (hit) return hit;
  const p = getPreset(id);
  const peak = 1000 / p.spec.timing.tHitNs;
  const published: PublishedPoint[] = p.measured.map((m) => ({
    qps: m.qps, mops: m.mops, lo: m.mops, hi: m.mops, provenance: 'RAW',
    source: m.source ?? SHORT[id],
    label: `${m.qps} QPs: ${m.mops} Mops (${m.qps === 48 && id === 'cx3' ? '40 B row of the variable-size file' : 'raw log'})`,
  }));
  for (const t of p.targets) {
    if (t.provenance !== 'QUOTE') continue;
    const m = t.metric;
    if (m.kind === 'vsPeak') {
      published.push({ qps: m.at, mops: t.expected * peak, lo: t.lo * peak, hi: Math.min(t.hi, 1) * peak, provenance: 'QUOTE', source: t.source, label: t.what });
    } else if (m.kind === 'knee') {
      published.push({ qps: t.expected, mops: (1 - m.drop) * peak, lo: (1 - m.drop) * peak, hi: (1 - m.drop) * peak, provenance: 'QUOTE', source: t.source, label: `${t.what} (accepted ${t.lo}–${t.hi})` });
    }
  }
  published.sort((a, b) => a.qps - b.qps);
  const info: PresetInfo = {
    id, label: p.label, notes: p.notes, maxQp: p.maxQp, contextBytes: p.contextBytes, reference: p.reference,
    published, predicted: p.predicted, measuredSource: SHORT[id],
  };
  cache.set(id, info);
  return info;
}
