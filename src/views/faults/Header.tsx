// The Faults instrument's controls in the shell (views/shell/LabShell.tsx): play / restart / to
// the end, and speed.
import { faults } from '../../bridge/labs.ts';
import { useFaults } from '../../store/faults.ts';
import { Icon } from '../kit/Icon.tsx';
import { HELD_TITLE, heldBy } from '../kit/mask.tsx';
import { WorkerSlider } from '../kit/controls.tsx';
import { dur, logPos } from './format.ts';

const SPEED = logPos(10_000, 1_000_000_000);
const btn = 'inline-flex h-8 items-center gap-1 whitespace-nowrap rounded-md border px-2.5 text-sm font-medium disabled:opacity-40';

export function Header() {
  const ready = useFaults((s) => s.frame !== null);
  // A lesson's open question holds the model (views/kit/mask.tsx heldBy): nothing here may move it.
  const held = useFaults((s) => heldBy(s.frame?.lesson?.question));
  const heldTitle = held ? HELD_TITLE : undefined;
  const playing = useFaults((s) => s.frame?.playing ?? false);
  const speed = useFaults((s) => s.frame?.speed ?? 50_000_000);
  const c = () => faults();
  return (
    <>
      <div className="flex items-center gap-1.5" role="group" aria-label="Playback">
        <button type="button" data-testid="play" title={heldTitle} disabled={held || !ready} aria-pressed={playing} onClick={() => void c().toggle()}
          className={`${btn} w-20 justify-center font-semibold ${playing ? 'border-amber-500 bg-amber-50 text-amber-900' : 'border-green-700 bg-green-700 text-white hover:bg-green-800'}`}>
          <Icon kind={playing ? 'pause' : 'play'} />{playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" data-testid="restart" title={heldTitle} disabled={held || !ready} onClick={() => void c().act('restart')} className={`${btn} border-slate-400 bg-white text-slate-800 hover:bg-slate-100`}>↺ Fault again</button>
        <button type="button" data-testid="to-end" title={heldTitle} disabled={held || !ready} onClick={() => void c().act('runToEnd')} className={`${btn} border-slate-400 bg-white text-slate-800 hover:bg-slate-100`}>⇥ To the end</button>
      </div>
      <WorkerSlider id="speed" label="Speed" inline value={speed} min={0} max={1000} toPos={SPEED.to} fromPos={SPEED.from}
        text={(v) => `${dur(v)}/s`} valueText={(v) => `${dur(v)} of simulated time per second`} onChange={(v) => c().act('setSpeed', v)}
        title="Log scale: 10 µs to 1 s of simulated time per wall-clock second" />
    </>
  );
}
