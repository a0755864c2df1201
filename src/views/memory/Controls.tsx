// The lab's controls column: every setting as a labelled, keyboard-operable control showing its
// current value and unit. Changes go to the worker ("latest wins"); a refused combination shows
// the worker's message here and the control returns to the setting still in force. Each control
// shows the person's choice at once (views/kit/controls.tsx).
import { memoryStore, useMemory } from '../../store/memory.ts';
import type { LabConfig } from '../../worker/memory/types.ts';
import {
  ENGINE_LABEL, PATTERN_LABEL, POLICY_LABEL, QPS_POS_MAX, WAY_OPTIONS, bytes, entrySteps, int, ns, overlapFromPos, posFromOverlap, posFromQps, qpsFromPos, qpsNote,
} from './format.ts';
import { sendConfig } from './hooks.ts';
import { WorkerSelect as Select, WorkerSlider as LogSlider } from '../kit/controls.tsx';
import { HELD_TITLE, heldBy, isMasked } from '../kit/mask.tsx';

const SKEW_UI: Record<string, { min: number; max: number; step: number; label: string; text(v: number): string }> = {
  zipf: { min: 0, max: 3, step: 0.01, label: 'Skew: Zipf exponent s', text: (v) => `s = ${v.toFixed(2)}` },
  hotset: { min: 0, max: 1, step: 0.01, label: 'Skew: share to the hot set', text: (v) => `${Math.round(v * 100)}%` },
  scan: { min: 0, max: 0.99, step: 0.01, label: 'Skew: share to the hot set (rest scans)', text: (v) => `${Math.round(v * 100)}%` },
  incast: { min: 1, max: 4096, step: 1, label: 'Skew: fan-in per burst', text: (v) => `${int(v)} QPs` },
};

export function Controls() {
  const cfg = useMemory((s) => s.frame?.config ?? null);
  const notice = useMemory((s) => s.notice);
  const pattern = useMemory((s) => s.frame?.patternText ?? '');
  const held = useMemory((x) => heldBy(x.frame?.lesson?.question));
  const noteMasked = useMemory((s) => isMasked(s.frame?.lesson?.question, 'hit-rate') || isMasked(s.frame?.lesson?.question, 'evictions'));
  const send = (p: Partial<LabConfig>) => sendConfig(p);
  if (!cfg) return <aside className="order-3 border-t lg:order-none lg:w-[268px] lg:shrink-0 lg:border-t-0 lg:border-r border-slate-300 bg-white p-3 text-sm text-slate-500">Starting…</aside>;
  const steps = entrySteps(cfg.entries);
  const skew = SKEW_UI[cfg.pattern];
  return (
    <aside aria-label="Settings" className="order-3 grid grid-cols-1 gap-x-6 gap-y-2 border-t border-slate-300 bg-white px-3 py-2 sm:grid-cols-2 lg:order-none lg:flex lg:w-[268px] lg:shrink-0 lg:flex-col lg:overflow-y-auto lg:border-t-0 lg:border-r">
      {/* Held while a lesson's question is open (views/kit/mask.tsx heldBy): the worker refuses these changes then. */}
      <fieldset disabled={held} title={held ? HELD_TITLE : undefined} className="contents">
      <LogSlider
        id="active-qps" label="Active QPs" value={cfg.qps} min={0} max={QPS_POS_MAX} toPos={posFromQps} fromPos={qpsFromPos}
        text={(v) => `${int(v)} QPs`} onChange={(qps) => send({ qps })}
        hint={qpsNote(cfg, noteMasked)}
        marks={[{ pos: posFromQps(cfg.entries), title: `cache size: ${int(cfg.entries)} contexts` }]}
        valueText={(v) => `${int(v)} active QPs (log scale, 1 to 1,000,000)`}
      />
      {/* What the traffic looks like sits with how many QPs it touches, so the skew knob is in view at 1280×720. */}
      <Select id="pattern" label="Traffic pattern" value={cfg.pattern} onChange={(v) => send({ pattern: v as LabConfig['pattern'] })}
        options={Object.entries(PATTERN_LABEL)} hint={pattern} />
      {skew ? (
        <LogSlider
          key={cfg.pattern} id="skew" label={skew.label} value={cfg.skew} min={skew.min} max={skew.max} step={skew.step}
          toPos={(v) => v} fromPos={(p) => p} text={skew.text} onChange={(s) => send({ skew: s })} valueText={skew.text}
        />
      ) : (
        <p className="text-[11px] text-slate-500">Uniform traffic has no skew knob.</p>
      )}
      <LogSlider
        id="cache-entries" label="Cache entries" value={cfg.entries} min={0} max={steps.length - 1}
        toPos={(v) => Math.max(0, steps.indexOf(v))} fromPos={(p) => steps[Math.max(0, Math.min(steps.length - 1, p))]}
        text={(v) => `${int(v)} · ${bytes(v * 256)}`} onChange={(entries) => send({ entries })}
        valueText={(v) => `${int(v)} contexts, ${bytes(v * 256)} of SRAM`}
      />
      <Select id="ways" label="Associativity" value={String(cfg.ways)} onChange={(v) => send({ ways: Number(v) })}
        options={WAY_OPTIONS.map((w) => [String(w), w === 0 ? 'Fully associative (one set)' : w === 1 ? 'Direct-mapped (1 way)' : `${w}-way: set = QPN mod sets`])} />
      <Select id="policy" label="Eviction policy" value={cfg.policy} onChange={(v) => send({ policy: v as LabConfig['policy'] })}
        options={Object.entries(POLICY_LABEL)} />
      <Select id="engine" label="Eviction engine" value={cfg.engine} onChange={(v) => send({ engine: v as LabConfig['engine'] })}
        options={Object.entries(ENGINE_LABEL)} hint="MODEL latencies: no RNIC publishes its own" />
      <LogSlider
        id="miss-latency" label="Miss latency (PCIe read)" value={cfg.fetchNs} min={0} max={300} toPos={(v) => Math.round(v / 10)} fromPos={(p) => p * 10}
        text={(v) => ns(v)} onChange={(fetchNs) => send({ fetchNs })}
        hint="pcie-bench measured 546–920 ns (RAW)" valueText={(v) => `${v} nanoseconds per PCIe read`}
      />
      <LogSlider
        id="overlap" label="Overlap K (packets in flight)" value={cfg.overlap} min={0} max={80} toPos={posFromOverlap} fromPos={overlapFromPos}
        text={(v) => (v === 1 ? '1 (blocking)' : String(v))} onChange={(overlap) => send({ overlap })}
        valueText={(v) => `${v} packets in process at once`}
      />
      <Select id="in-flight" label="QPs with work in flight" value={cfg.inFlight} onChange={(v) => send({ inFlight: v as LabConfig['inFlight'] })}
        options={[['pin', 'Pinned: never evicted'], ['writeback-refetch', 'Evicted anyway: write back, refetch']]}
        hint="a QP stays in flight until its completion packet touches the context again" />
      <LogSlider
        id="in-flight-window" label="In flight for (packets)" value={cfg.inFlightWindow} min={0} max={64} toPos={(v) => Math.round(v / 16)} fromPos={(p) => p * 16}
        text={(v) => (v === 0 ? 'off' : `${v} packets`)} onChange={(inFlightWindow) => send({ inFlightWindow })}
        valueText={(v) => (v === 0 ? 'no QP is marked in flight' : `each QP stays in flight for ${v} later packets`)}
      />
      </fieldset>
      <Notice text={notice?.kind === 'error' && notice.where === 'settings' ? notice.text : null} />
    </aside>
  );
}

function Notice({ text }: { text: string | null }) {
  return (
    <div role="alert" data-testid="config-notice" className={text ? 'rounded-md border border-red-300 bg-red-50 px-2 py-1.5 text-[12px] leading-snug text-red-900' : 'sr-only'}>
      {text}
      {text && <button type="button" className="ml-1 underline" onClick={() => memoryStore.getState().clearNotice()}>Dismiss</button>}
    </div>
  );
}

