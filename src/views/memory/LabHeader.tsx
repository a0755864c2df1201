// The lab's header: title, the way back to the transport instrument, preset, playback and speed,
// Share, Tour and Help. Every control is a real, labelled element.
import { memory } from '../../bridge/labs.ts';
import { memoryStore, useMemory } from '../../store/memory.ts';
import type { PresetId } from '../../core/memory/index.ts';
import { SPEED_POS_MAX, int, posFromSpeed, speedFromPos } from './format.ts';
import { noteReply } from './hooks.ts';
import { WorkerSelect, WorkerSlider } from '../kit/controls.tsx';
import { LabNav } from '../shell/LabNav.tsx';
import { ThemeToggle } from '../shell/ThemeToggle.tsx';
import { Icon } from '../kit/Icon.tsx';

const PRESETS: ReadonlyArray<readonly [PresetId, string]> = [
  ['cx3', 'ConnectX-3-like (~2012)'],
  ['connect-ib', 'Connect-IB/CX-4-like'],
  ['cx5', 'ConnectX-5/6-like'],
  ['srnic', 'SRNIC-like (2023)'],
];

export function LabHeader({ onShare }: { onShare(): void }) {
  const ready = useMemory((s) => s.frame !== null);
  const playing = useMemory((s) => s.frame?.playing ?? false);
  const speed = useMemory((s) => s.frame?.speed ?? 5000);
  const preset = useMemory((s) => s.frame?.config.preset ?? 'cx3');
  const lessonOpen = useMemory((s) => s.lessonOpen);
  const act = (p: Promise<unknown>) => { p.catch((e: unknown) => memoryStore.getState().showNotice('error', String((e as Error)?.message ?? e))); };

  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5 lg:gap-x-2 border-b border-slate-300 bg-white px-3 py-1.5 shadow-sm">
      <div className="flex shrink-0 flex-col leading-tight">
        <h1 className="text-base font-bold tracking-tight text-slate-900">QP Scope</h1>
      </div>
      <LabNav current="memory" />

      <WorkerSelect id="preset" label="Preset" value={preset} disabled={!ready} options={PRESETS}
        onChange={(v) => memory().act('setPreset', v as PresetId).then(noteReply)}
        className="flex items-center gap-1.5" labelClassName="text-xs font-medium text-slate-700"
        selectClassName="h-8 rounded-md border border-slate-400 bg-white px-1.5 text-sm" />

      <div className="flex items-center gap-1.5" role="group" aria-label="Playback">
        <button type="button" data-testid="play" disabled={!ready} aria-pressed={playing}
          aria-label={playing ? 'Pause the packets' : 'Play the packets'} onClick={() => act(memory().toggle())}
          className={`inline-flex h-8 w-20 items-center justify-center gap-1 rounded-md border text-sm font-semibold disabled:opacity-40 ${playing ? 'border-amber-500 bg-amber-50 text-amber-900 hover:bg-amber-100' : 'border-green-700 bg-green-700 text-white hover:bg-green-800'}`}>
          <Icon kind={playing ? 'pause' : 'play'} />{playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" data-testid="step" disabled={!ready} aria-label="Send one packet"
          onClick={() => act(memory().call('step', 1))}
          className="inline-flex h-8 items-center gap-1 whitespace-nowrap rounded-md border border-slate-400 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-40">
          <Icon kind="step" />1 packet
        </button>
      </div>

      <WorkerSlider id="speed" label="Speed" inline value={speed} min={0} max={SPEED_POS_MAX} toPos={posFromSpeed} fromPos={speedFromPos}
        text={(v) => `${int(v)} pkt/s`} valueText={(v) => `${int(v)} packets per second`}
        onChange={(v) => memory().act('setSpeed', v)} title="Log scale: 1 to 2,000,000 packets per second" />

      <div className="ml-auto flex shrink-0 items-center gap-1.5">
        <button type="button" data-testid="tour-button" aria-pressed={lessonOpen} onClick={() => memoryStore.getState().setLessonOpen(!lessonOpen)}
          className="inline-flex h-8 items-center rounded-md border border-slate-400 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100">
          Lessons
        </button>
        <button type="button" data-testid="share" onClick={onShare} disabled={!ready}
          className="inline-flex h-8 items-center gap-1 rounded-md border border-indigo-600 bg-white px-2.5 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-40">
          <Icon kind="share" />Share
        </button>
        <button type="button" data-testid="help-button" onClick={() => memoryStore.getState().setHelp(true)} aria-label="Help"
          className="inline-flex h-8 w-8 items-center justify-center rounded-full border border-slate-400 bg-white text-sm font-bold text-slate-800 hover:bg-slate-100">?</button>
        <ThemeToggle />
      </div>
    </header>
  );
}
