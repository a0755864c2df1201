// The instrument's controls in the shell (views/shell/LabShell.tsx): play and step, speed (log
// scale), simulated time and the scrubber. Every control is a real, labelled element.
import { useState } from 'react';
import { Icon } from '../kit/Icon.tsx';
import { HELD_TITLE, heldBy } from '../kit/mask.tsx';
import { useLatest } from '../kit/useLatest.ts';
import { WorkerSlider } from '../kit/controls.tsx';
import { transport } from '../../bridge/labs.ts';
import { useTransport, transportStore } from '../../store/transport.ts';
import { SPEED_MAX, SPEED_MIN, sliderFromSpeed, speedFromSlider, speedText, usText } from './format.ts';

export function Header() {
  const t = useTransport((s) => s.frame?.t ?? 0);
  const maxT = useTransport((s) => s.frame?.maxT ?? 0);
  const duration = useTransport((s) => s.frame?.durationNs ?? 0);
  const playing = useTransport((s) => s.frame?.playing ?? false);
  const speed = useTransport((s) => s.frame?.speed ?? 2000);
  const slow = useTransport((s) => s.frame?.slow);
  const ready = useTransport((s) => s.frame !== null);
  // A lesson's open question holds the model (views/kit/mask.tsx heldBy): nothing here may move it.
  const held = useTransport((s) => heldBy(s.frame?.lesson?.question));
  const heldTitle = held ? HELD_TITLE : undefined;

  const [scrub, setScrub] = useState<number | null>(null);

  const sendSeek = useLatest((v: number) => transport().call('seek', v));

  const act = (p: Promise<unknown>) => { p.catch((e: unknown) => transportStore.getState().showNotice('error', String((e as Error)?.message ?? e))); };

  // A budget stop ends the run where it stands, as its end would (the notice says why).
  const stopped = useTransport((s) => s.frame?.stopped ?? null);
  const atEnd = ready && (t >= duration || stopped !== null);
  return (
    <>
      <div className="flex items-center gap-1.5" role="group" aria-label="Playback">
        <button
          type="button" data-testid="play" title={heldTitle} disabled={held || !ready || atEnd}
          aria-label={playing ? 'Pause (Space)' : 'Play (Space)'} aria-pressed={playing}
          onClick={() => act(transport().toggle())}
          className={`inline-flex h-8 w-20 items-center justify-center gap-1 rounded-md border text-sm font-semibold disabled:opacity-40 ${playing ? 'border-amber-500 bg-amber-50 text-amber-900 hover:bg-amber-100' : 'border-green-700 bg-green-700 text-white hover:bg-green-800'}`}
        >
          <Icon kind={playing ? 'pause' : 'play'} />{playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button" data-testid="step" title={heldTitle} disabled={held || !ready || atEnd} aria-label="Step to the next event (→)"
          onClick={() => act(transport().call('step'))}
          className="inline-flex h-8 items-center gap-1 rounded-md border border-slate-400 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-40"
        >
          <Icon kind="step" />Step
        </button>
      </div>

      <WorkerSlider id="speed" label="Speed" inline value={speed} min={0} max={1000} toPos={sliderFromSpeed} fromPos={speedFromSlider}
        text={speedText} valueText={(v) => `${speedText(v)} of simulated time per second`} onChange={(v) => transport().act('setSpeed', v)}
        title={`Log scale from ${speedText(SPEED_MIN)} to ${speedText(SPEED_MAX)}`} />
      {/* A mark only, so the row keeps its width at 1280 px; the wire's header says what slowed it and how much. */}
      {slow?.why && (
        <span data-testid="speed-slowed" role="img" className="-ml-3 shrink-0 rounded border border-amber-500 bg-amber-50 px-0.5 text-[10px] font-bold leading-4 text-amber-900"
          aria-label={`slowed to ${speedText(slow.speed)} near ${slow.why}`}
          title={`Slow down near events: playing at ${speedText(slow.speed)} near ${slow.why}, then back to ${speedText(speed)}`}>
          ▼
        </span>
      )}

      <div className="order-last flex min-w-0 basis-full items-center gap-2 lg:order-none lg:basis-auto lg:flex-1">
        <span className="shrink-0 font-mono text-[13px] font-semibold text-slate-900 tabular-nums" data-testid="sim-time" aria-label="Simulated time">
          t = {usText(scrub ?? t)}
        </span>
        <input
          type="range" data-testid="scrubber" min={0} max={Math.max(1, maxT)} step={1} value={Math.min(scrub ?? t, Math.max(1, maxT))}
          aria-label="Simulated time scrubber (seek)" aria-valuetext={`${usText(scrub ?? t)} of ${usText(maxT)} simulated so far`}
          disabled={held || !ready} title={heldTitle}
          onChange={(e) => { const v = Number(e.target.value); setScrub(v); sendSeek(v); }}
          onPointerUp={() => setScrub(null)} onKeyUp={() => setScrub(null)} onBlur={() => setScrub(null)}
          className="min-w-12 flex-1 accent-indigo-600"
        />
        <span className="shrink-0 font-mono text-[11px] text-slate-500" title="Furthest instant simulated so far">/ {usText(maxT)}</span>
      </div>

    </>
  );
}
