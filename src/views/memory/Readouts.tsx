// The strip of live numbers above every tab: hit rate, throughput, latency, evictions and
// write-backs per packet, with the state of the table set-up and of the background sweep.
import { useMemory } from '../../store/memory.ts';
import { compact, engineWaitText, int, mops, ns, pct } from './format.ts';
import { isMasked } from '../kit/mask.tsx';

export function Readouts() {
  const f = useMemory((s) => s.frame);
  if (!f) return null;
  // A question that asks for one of these numbers masks it until the learner locks in.
  const masked = (key: string) => isMasked(f.lesson?.question, key);
  const r = f.live.readout;
  const peak = f.sweep.peakMops;
  const status = !f.live.ready
    ? `Building the QP table for ${int(f.config.qps)} QPs… ${Math.round(f.live.setup * 100)}%`
    : !r.valid ? (f.playing ? 'Measuring…' : 'Paused: press Play or send one packet') : `${compact(f.live.packets)} packets · ${ns(f.live.simNs)} simulated`;
  return (
    // The tiles share the row the lesson column leaves (5 across at 1280 px with it open, fewer on a
    // phone); the set-up and the sweep are one line under them, wrapping rather than cut.
    <section aria-label="Live readouts" className="grid grid-cols-[repeat(auto-fill,minmax(7.25rem,1fr))] gap-1.5 [contain:layout_paint]">
      <Kpi testId="hit-rate" label="Hit rate" masked={masked('hit-rate')} value={r.valid ? pct(r.hitRate) : '–'} sub="last ~6 windows" tone={r.valid ? (r.hitRate > 0.95 ? 'good' : r.hitRate > 0.6 ? 'warn' : 'bad') : 'none'} />
      <Kpi testId="throughput" label="Throughput" masked={masked('throughput')} value={r.valid ? `${mops(r.mops)} Mops` : '–'} sub={r.valid ? `${pct(r.mops / peak, 0)} of peak ${mops(peak)}` : `peak ${mops(peak)} Mops`} tone="none" />
      <Kpi testId="latency" label="Service / packet" masked={masked('latency')} value={r.valid ? ns(r.serviceNs ?? r.latencyNs) : '–'}
        sub={r.valid ? `+ in-flight queueing ${ns(r.queueNs ?? 0)}` : 'work on the packet'} tone="none"
        title="Service: the work on a packet itself (one pipeline slot, and on a miss the eviction decision, PCIe read and write-back stall). Queueing: waiting for a busy engine and behind the K−1 other packets in process; the model keeps K packets in flight, so queueing grows with K even when every lookup hits. Latency = service + queueing." />
      <Kpi testId="evictions" label="Evictions / pkt" masked={masked('evictions')} value={r.valid ? r.evictionsPerOp.toFixed(3) : '–'} sub={r.valid && r.evictionsPerOp > 0 && f.config.qps <= f.config.entries ? 'set conflicts: below the cache size' : `write-backs ${r.valid ? r.writebacksPerOp.toFixed(3) : '–'}`} tone="none" />
      <Kpi testId="engine-util" label="Engine busy" masked={masked('engine-util')} value={r.valid ? pct(r.engineUtilization, 0) : '–'} sub={engineWaitText(r.valid, r.engineWaitNs)} tone={r.valid && r.engineUtilization > 0.9 ? 'bad' : 'none'} />
      <div className="col-span-full flex flex-wrap items-center gap-x-3 gap-y-0.5 px-0.5 text-[11px] leading-tight text-slate-600" data-testid="status">
        <span>{status}</span>
        <span className="flex items-center gap-1.5">
          <span title={f.sweep.computing ? `computing the point at ${int(f.sweep.computing)} QPs` : undefined}>
            {f.sweep.done ? `Cliff sweep done: ${f.sweep.points.length} points` : `Cliff sweep ${pct(f.sweep.progress, 0)}${f.sweep.computing ? ` · at ${compact(f.sweep.computing)} QPs` : ''}`}
          </span>
          <span className="h-1.5 w-16 shrink-0 overflow-hidden rounded bg-slate-200" aria-hidden="true"><span className="block h-full bg-indigo-600" style={{ width: `${f.sweep.progress * 100}%` }} /></span>
        </span>
      </div>
    </section>
  );
}

function Kpi({ testId, label, value, sub, tone, title, masked }: { testId: string; label: string; value: string; sub: string; tone: 'good' | 'warn' | 'bad' | 'none'; title?: string; masked?: boolean }) {
  if (masked) {
    return (
      <div className="flex min-w-0 flex-col rounded-md border border-dashed border-violet-600 bg-violet-50 px-2 py-1" title="The lesson's question asks for this number: it shows once you lock in your answer.">
        <span className="text-[11px] font-medium text-slate-600">{label}</span>
        <span className="text-[13px] font-bold leading-tight text-violet-800" data-testid={testId} data-masked="true">answer first</span>
        <span className="text-[10px] leading-tight text-slate-600">shown after you lock in</span>
      </div>
    );
  }
  const toneCls = tone === 'good' ? 'border-green-600 bg-green-50' : tone === 'warn' ? 'border-amber-500 bg-amber-50' : tone === 'bad' ? 'border-red-600 bg-red-50' : 'border-slate-200 bg-white';
  const mark = tone === 'good' ? '▲' : tone === 'warn' ? '◆' : tone === 'bad' ? '▼' : '';
  return (
    <div className={`flex min-w-0 flex-col rounded-md border px-2 py-1 ${toneCls}`} title={title}>
      <span className="text-[11px] font-medium text-slate-600">{label}</span>
      <span className="whitespace-nowrap font-mono text-lg font-bold leading-tight tabular-nums text-slate-900" data-testid={testId}>{value}</span>
      <span className="text-[10px] leading-tight text-slate-600">{mark && <span aria-hidden="true" className="mr-0.5">{mark}</span>}{sub}</span>
    </div>
  );
}
