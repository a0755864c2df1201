// Topic 11: how many QPs a chip holds, and what it costs to let slow control-plane writes and
// per-packet lookups touch the same context safely. Left: the closed-form capacity calculator
// (computed by the worker). Right: the modify_qp-vs-pipeline race, cycle by cycle.
import { useEffect, useMemo, useState } from 'react';
import { memory } from '../../bridge/labs.ts';
import { memoryStore, useMemory } from '../../store/memory.ts';
import type { CapacityInput, EngineId } from '../../core/memory/index.ts';
import type { CapacityReply, LabConfig } from '../../worker/memory/types.ts';
import { ENGINE_SHORT, bytes, int, mops, ns, pct } from './format.ts';
import { useLatest } from './hooks.ts';
import { WorkerSelect as Select, WorkerSlider as LogSlider } from '../kit/controls.tsx';
import { RacePanel } from './RacePanel.tsx';
import { CapacityVsSim } from './CapacityVsSim.tsx';

export function capacityInputFrom(cfg: LabConfig, tHitNs: number): CapacityInput {
  return {
    sramBytes: cfg.entries * 256, contextBytes: 256,
    table: { levels: cfg.tableLevels, entryBytes: 256, pageBytes: 4096, onChipLevels: cfg.onChipLevels },
    allocatedQps: Math.max(cfg.qps, 1), activeQps: cfg.qps, layout: 'scattered', packetRateMpps: Number((1000 / tHitNs).toFixed(2)),
    fetchNs: cfg.fetchNs, overlap: cfg.overlap, engine: cfg.engine, lossTarget: 0.05,
  };
}

export function CapacityTab() {
  const cfg = useMemory((s) => s.frame?.config);
  const peak = useMemory((s) => s.frame?.sweep.peakMops ?? 10);
  const own = useMemory((s) => s.capacityInput);
  const setInput = memoryStore.getState().setCapacityInput;
  const [reply, setReply] = useState<CapacityReply | null>(null);
  const ask = useLatest((i: CapacityInput) => memory().call('capacity', i).then(setReply));
  // Until the person changes an input, the calculator follows the lab's settings.
  const fromLab = useMemo(() => (cfg ? capacityInputFrom(cfg, 1000 / peak) : null), [cfg, peak]);
  const input = own ?? fromLab;
  useEffect(() => { if (input) ask(input); }, [ask, input]);
  if (!cfg || !input) return null;
  const set = (patch: Partial<CapacityInput>) => setInput({ ...input, ...patch });
  const r = reply?.result;
  return (
    <div className="flex flex-col gap-2 @4xl:grid @4xl:h-full @4xl:min-h-0 @4xl:grid-cols-[minmax(0,1fr)_minmax(0,1.08fr)]">
      <section className="flex min-h-0 flex-col gap-2 overflow-y-auto rounded-md border border-slate-300 bg-white p-2" data-testid="capacity" aria-label="Capacity calculator">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">How many QPs does this chip really hold?</h2>
          <button type="button" className="shrink-0 text-[12px] text-indigo-800 underline hover:text-indigo-950" onClick={() => setInput(null)}>Reset to the lab’s settings</button>
        </div>
        {reply && !reply.ok && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-2 py-1 text-[12px] text-red-900">Not computed: {reply.error}</p>}
        {r && (
          <div className="grid grid-cols-1 gap-1.5 sm:grid-cols-3" aria-live="polite">
            <Big label="Contexts on chip" value={int(r.cachedQps)} sub={`${bytes(input.sramBytes)} ÷ ${input.contextBytes} B`} testId="cap-cached" />
            <Big label={`Performant QPs (loss ≤ ${pct(input.lossTarget ?? 0.05, 0)})`} value={Number.isFinite(r.performantQps) ? int(r.performantQps) : 'any number'} sub="most active QPs near peak" testId="cap-performant" />
            <Big label={`At ${int(input.activeQps)} active QPs`} value={`${mops(r.throughputMops)} Mops`} sub={`${pct(r.loss, 0)} below peak ${mops(r.peakMops)}`} testId="cap-throughput" />
          </div>
        )}
        {r && <CapacityVsSim r={r} activeQps={input.activeQps} loss={input.lossTarget ?? 0.05} following={own === null} />}
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
          <LogSlider id="cap-sram" label="SRAM for contexts" value={input.sramBytes} min={0} max={160} toPos={(v) => Math.round(Math.log2(Math.max(1024, v) / 1024) * 10)} fromPos={(p) => Math.round(1024 * 2 ** (p / 10))} text={bytes} onChange={(sramBytes) => set({ sramBytes })} />
          <Select id="cap-context" label="Context size" value={String(input.contextBytes)} options={[64, 128, 256, 512, 1024].map((b) => [String(b), `${b} B${b === 256 ? ' (HNS QPC, QUOTE)' : ''}`])} onChange={(v) => set({ contextBytes: Number(v) })} />
          <LogSlider id="cap-allocated" label="QPs created" value={input.allocatedQps} min={0} max={1400} toPos={(v) => Math.round(Math.log10(Math.max(1, v)) * 200)} fromPos={(p) => Math.round(10 ** (p / 200))} text={(v) => int(v)} onChange={(allocatedQps) => set({ allocatedQps })} />
          <LogSlider id="cap-active" label="QPs active" value={input.activeQps} min={0} max={1200} toPos={(v) => Math.round(Math.log10(Math.max(1, v)) * 200)} fromPos={(p) => Math.round(10 ** (p / 200))} text={(v) => int(v)} onChange={(activeQps) => set({ activeQps })} />
          <LogSlider id="cap-rate" label="Peak packet rate" value={input.packetRateMpps} min={1} max={200} toPos={(v) => Math.round(v)} fromPos={(p) => p} text={(v) => `${mops(v)} Mpps`} onChange={(packetRateMpps) => set({ packetRateMpps })} />
          <LogSlider id="cap-fetch" label="Miss latency" value={input.fetchNs} min={0} max={300} toPos={(v) => Math.round(v / 10)} fromPos={(p) => p * 10} text={ns} onChange={(fetchNs) => set({ fetchNs })} />
          <LogSlider id="cap-overlap" label="Overlap K" value={input.overlap} min={0} max={80} toPos={(v) => Math.round(Math.log2(Math.max(1, v)) * 10)} fromPos={(p) => Math.max(1, Math.round(2 ** (p / 10)))} text={(v) => String(v)} onChange={(overlap) => set({ overlap })} />
          <LogSlider id="cap-loss" label="Performant: loss ≤" value={input.lossTarget ?? 0.05} min={1} max={50} toPos={(v) => Math.round(v * 100)} fromPos={(p) => p / 100} text={(v) => pct(v, 0)} onChange={(lossTarget) => set({ lossTarget })} />
          <Select id="cap-engine" label="Eviction engine" value={String(input.engine ?? 'fixed')} options={Object.entries(ENGINE_SHORT)} onChange={(v) => set({ engine: v as EngineId })} />
          <Select id="cap-layout" label="QPN layout" value={input.layout ?? 'dense'} options={[['dense', 'dense (in order)'], ['scattered', 'scattered over 2²⁴']]} onChange={(v) => set({ layout: v as 'dense' | 'scattered' })} />
        </div>
        {r && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-[12px]">
              <dt className="text-slate-600">Host table</dt><dd className="font-mono">{bytes(r.hostMemoryBytes)} ({bytes(r.hostBytesPerQp)}/QP; flat array {bytes(r.flatTableBytes)})</dd>
              <dt className="text-slate-600">One miss</dt><dd className="font-mono">{ns(r.missCostNs)} ({r.hostReadsPerMiss} PCIe read{r.hostReadsPerMiss === 1 ? '' : 's'} + decision) ÷ K = {ns(r.missCostNs / input.overlap)}</dd>
              <dt className="text-slate-600">Miss ratio</dt><dd className="font-mono">{pct(r.missRatio)} = max(0, 1 − C/N), uniform traffic</dd>
              <dt className="text-slate-600">Engine ceiling</dt><dd className="font-mono">{Number.isFinite(r.engineCeilingMops) ? `${mops(r.engineCeilingMops)} Mops` : 'none (no evictions)'}</dd>
            </dl>
            <p className="text-[11px] leading-snug text-slate-500">
              Closed form (MODEL; sources.md: model-timing): fully associative, t = t_hit + m·(reads·L + decision)/K. The Cliff tab’s sweep is the simulated version with banking, your traffic and queueing.
            </p>
          </>
        )}
      </section>
      <RacePanel />
    </div>
  );
}

function Big({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId: string }) {
  return (
    <div className="rounded-md border border-slate-300 bg-slate-50 px-2 py-1">
      <span className="block text-[11px] leading-tight text-slate-600">{label}</span>
      <span className="font-mono text-lg font-bold" data-testid={testId}>{value}</span>
      {sub && <span className="block text-[10px] text-slate-500">{sub}</span>}
    </div>
  );
}

