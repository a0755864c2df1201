// The lab's controls in the shell (views/shell/LabShell.tsx): playback and speed first, as in
// every instrument, then the preset.
// Every control is a real, labelled element.
import { memory } from '../../bridge/labs.ts';
import { memoryStore, useMemory } from '../../store/memory.ts';
import type { PresetId } from '../../core/memory/index.ts';
import { SPEED_POS_MAX, int, posFromSpeed, speedFromPos } from './format.ts';
import { noteReply } from './hooks.ts';
import { WorkerSelect, WorkerSlider } from '../kit/controls.tsx';
import { Icon } from '../kit/Icon.tsx';
import { HELD_TITLE, heldBy } from '../kit/mask.tsx';

const PRESETS: ReadonlyArray<readonly [PresetId, string]> = [
  ['cx3', 'ConnectX-3-like (~2012)'],
  ['connect-ib', 'Connect-IB/CX-4-like'],
  ['cx5', 'ConnectX-5/6-like'],
  ['srnic', 'SRNIC-like (2023)'],
];

export function LabHeader() {
  const ready = useMemory((s) => s.frame !== null);
  // A lesson's open question holds the model (views/kit/mask.tsx heldBy): nothing here may move it.
  const held = useMemory((s) => heldBy(s.frame?.lesson?.question));
  const heldTitle = held ? HELD_TITLE : undefined;
  const playing = useMemory((s) => s.frame?.playing ?? false);
  const speed = useMemory((s) => s.frame?.speed ?? 5000);
  const preset = useMemory((s) => s.frame?.config.preset ?? 'cx3');
  const act = (p: Promise<unknown>) => { p.catch((e: unknown) => memoryStore.getState().showNotice('error', String((e as Error)?.message ?? e))); };

  return (
    <>
      <div className="flex items-center gap-1.5" role="group" aria-label="Playback">
        <button type="button" data-testid="play" title={heldTitle} disabled={held || !ready} aria-pressed={playing}
          aria-label={playing ? 'Pause the packets' : 'Play the packets'} onClick={() => act(memory().toggle())}
          className={`inline-flex h-8 w-20 items-center justify-center gap-1 rounded-md border text-sm font-semibold disabled:opacity-40 ${playing ? 'border-amber-500 bg-amber-50 text-amber-900 hover:bg-amber-100' : 'border-green-700 bg-green-700 text-white hover:bg-green-800'}`}>
          <Icon kind={playing ? 'pause' : 'play'} />{playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" data-testid="step" title={heldTitle} disabled={held || !ready} aria-label="Send one packet"
          onClick={() => act(memory().call('step', 1))}
          className="inline-flex h-8 items-center gap-1 whitespace-nowrap rounded-md border border-slate-400 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-40">
          <Icon kind="step" />1 packet
        </button>
      </div>

      <WorkerSlider id="speed" label="Speed" inline value={speed} min={0} max={SPEED_POS_MAX} toPos={posFromSpeed} fromPos={speedFromPos}
        text={(v) => `${int(v)} pkt/s`} valueText={(v) => `${int(v)} packets per second`}
        onChange={(v) => memory().act('setSpeed', v)} title="Log scale: 1 to 2,000,000 packets per second" />

      <WorkerSelect id="preset" label="Preset" value={preset} disabled={held || !ready} options={PRESETS}
        onChange={(v) => memory().act('setPreset', v as PresetId).then(noteReply)}
        className="flex items-center gap-1.5" labelClassName="text-xs font-medium text-slate-700"
        selectClassName="h-8 rounded-md border border-slate-400 bg-white px-1.5 text-sm" />
    </>
  );
}
