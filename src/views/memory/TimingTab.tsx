// Where the time goes: the last miss as a waterfall (lookup, engine wait, eviction decision, PCIe
// reads, the dirty victim's write-back alongside, the rest of the pipeline) against a hit, and
// live charts of hit rate, throughput and latency over simulated time.
import { scaleLinear } from 'd3-scale';
import { useMemory } from '../../store/memory.ts';
import type { MissDetail, WaterfallPart } from '../../worker/memory/types.ts';
import { LiveChart } from './charts.tsx';
import { COLORS, hex, int, mops, ns, pct } from './format.ts';
import { useSize } from './hooks.ts';

const PART_COLOR: Record<WaterfallPart['id'], string> = {
  lookup: 'var(--color-slate-500)', 'engine-wait': 'var(--color-red-600)', decision: 'var(--color-amber-600)', fetch: COLORS.fetch, 'writeback-stall': 'var(--color-purple-600)', writeback: COLORS.writeback, pipeline: 'var(--color-slate-400)',
};

export function TimingTab() {
  const miss = useMemory((s) => s.frame?.live.lastMiss ?? null);
  const series = useMemory((s) => s.frame?.live.series ?? []);
  const cfg = useMemory((s) => s.frame?.config);
  const [top, topSize] = useSize<HTMLDivElement>({ width: 900, height: 260 });
  const [bottom, bottomSize] = useSize<HTMLDivElement>({ width: 900, height: 220 });
  const w3 = Math.floor((bottomSize.width - 16) / 3);
  const pts = [{ name: 'live', color: COLORS.a, points: series }];
  return (
    <div className="flex h-full min-h-0 flex-col gap-2" data-testid="timing-tab">
      <section className="flex min-h-0 flex-none flex-col rounded-md border border-slate-300 bg-white p-2" aria-label="Latency waterfall of the last miss">
        <h2 className="text-sm font-semibold text-slate-900">
          Anatomy of the last miss {miss ? <>— QP {hex(miss.qpn)}, packet #{int(miss.n)}: <span data-testid="miss-latency">{ns(miss.latencyNs)}</span> in the NIC, {(miss.latencyNs / miss.hitLatencyNs).toFixed(1)}× a hit{miss.measured ? '' : ' (engine wait not measured for this packet)'}</> : ''}
        </h2>
        <div ref={top} className="min-h-0" style={{ height: miss ? Math.min(300, (miss.parts.filter((p) => p.ns > 0).length + 1) * 30 + 44) : 60 }}>
          {miss ? <Waterfall miss={miss} width={topSize.width} height={topSize.height} />
            : <p className="p-3 text-sm text-slate-600">No miss yet: every lookup hit. Raise the active QPs past the cache size ({cfg ? int(cfg.entries) : '…'} contexts) to see what a miss costs.</p>}
        </div>
          {miss && cfg && (
            <p className="text-[11px] text-slate-600">
              {cfg.overlap === 1
                ? `K = 1 (blocking): the whole pipeline waits for this miss, so each miss costs ${ns(miss.latencyNs - miss.hitLatencyNs)} of throughput.`
                : `K = ${cfg.overlap}: the other ${cfg.overlap - 1} packets keep flowing, so this miss costs about ${ns((miss.latencyNs - miss.hitLatencyNs) / cfg.overlap)} of throughput (its extra time ÷ K).`}
              {' '}Hover a bar for what it models; engine and write-back terms are MODEL, the PCIe read is calibrated to pcie-bench (RAW).
            </p>
          )}
      </section>
      <section ref={bottom} className="flex min-h-0 flex-1 gap-2 rounded-md border border-slate-300 bg-white p-2" aria-label="Live charts">
        <LiveChart title="Hit rate" series={pts} value={(p) => p.hitRate} format={(v) => pct(v, 0)} yDomain={[0, 1]} width={w3} height={bottomSize.height - 4} testId="chart-hit-rate" />
        <LiveChart title="Throughput (Mops)" series={pts} value={(p) => p.mops} format={(v) => mops(v)} width={w3} height={bottomSize.height - 4} testId="chart-throughput" />
        <LiveChart title="Mean latency per packet (service + queueing)" series={pts} value={(p) => p.latencyNs} format={(v) => ns(v)} width={w3} height={bottomSize.height - 4} testId="chart-latency" />
      </section>
    </div>
  );
}

export function waterfallSummary(m: MissDetail): string {
  const crit = m.parts.filter((p) => p.critical).map((p) => `${p.label} ${ns(p.ns)}`).join(', ');
  const wb = m.parts.find((p) => p.id === 'writeback');
  return `Miss of QP ${hex(m.qpn)}: ${ns(m.latencyNs)} in total (a hit takes ${ns(m.hitLatencyNs)}). Critical path: ${crit}.${wb ? ` Alongside: ${wb.label}, ${ns(wb.ns)}, off the critical path.` : ''}`;
}

function Waterfall({ miss, width, height }: { miss: MissDetail; width: number; height: number }) {
  const labelW = 200;
  const right = 92;
  const shown = miss.parts.filter((p) => p.ns > 0);
  const rows = [...shown, null];
  const rowH = Math.max(18, Math.min(30, (height - 34) / rows.length));
  const end = Math.max(miss.latencyNs, ...miss.parts.map((p) => p.startNs + p.ns));
  const x = scaleLinear().domain([0, end]).range([labelW, width - right]).nice();
  const ticks = x.ticks(6);
  return (
    <svg width={width} height={height} role="img" aria-label={waterfallSummary(miss)} data-testid="waterfall" className="block">
      <defs>
        <pattern id="wb-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="var(--color-purple-100)" /><line x1="0" y1="0" x2="0" y2="6" stroke={COLORS.writeback} strokeWidth="2.5" />
        </pattern>
      </defs>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={4} y2={height - 22} stroke="var(--color-slate-200)" />
          <text x={x(t)} y={height - 8} fontSize={10} textAnchor="middle" fill="var(--color-slate-500)">{ns(t)}</text>
        </g>
      ))}
      {miss.parts.filter((p) => p.ns > 0).map((p, i) => {
        const y = 6 + i * rowH;
        const w = Math.max(1.5, x(p.startNs + p.ns) - x(p.startNs));
        return (
          <g key={i}>
            <text x={labelW - 8} y={y + rowH / 2} fontSize={11} textAnchor="end" dominantBaseline="middle" fill="var(--color-slate-900)">
              {p.label}{p.critical ? '' : ' (posted)'}
            </text>
            <rect x={x(p.startNs)} y={y + 3} width={w} height={rowH - 6} rx={2} fill={p.critical ? PART_COLOR[p.id] : 'url(#wb-hatch)'}
              stroke={p.critical ? 'none' : COLORS.writeback} strokeDasharray={p.critical ? undefined : '4 2'}>
              <title>{p.note}</title>
            </rect>
            <text x={x(p.startNs) + w + 4} y={y + rowH / 2} fontSize={10} dominantBaseline="middle" fill="var(--color-slate-700)">{ns(p.ns)}</text>
          </g>
        );
      })}
      {(() => {
        const y = 6 + shown.length * rowH;
        return (
          <g>
            <text x={labelW - 8} y={y + rowH / 2} fontSize={11} textAnchor="end" dominantBaseline="middle" fill={COLORS.hit} fontWeight={600}>A hit, for scale</text>
            <rect x={x(0)} y={y + 3} width={Math.max(1.5, x(miss.hitLatencyNs) - x(0))} height={rowH - 6} rx={2} fill={COLORS.hit} opacity={0.85} />
            <text x={x(miss.hitLatencyNs) + 4} y={y + rowH / 2} fontSize={10} dominantBaseline="middle" fill="var(--color-slate-700)">{ns(miss.hitLatencyNs)}</text>
          </g>
        );
      })()}
      <line x1={x(miss.latencyNs)} x2={x(miss.latencyNs)} y1={2} y2={height - 22} stroke="var(--color-slate-900)" strokeDasharray="3 3" />
      <text x={Math.min(x(miss.latencyNs) + 4, width - 4)} y={12} fontSize={10} textAnchor={x(miss.latencyNs) > width - right - 10 ? 'end' : 'start'} fill="var(--color-slate-900)" fontWeight={600}>done: {ns(miss.latencyNs)}</text>
    </svg>
  );
}
