// Two policies on the same storm in lockstep: the same QPs fail at the same instants; only the
// order the error engine serves them differs. The grids show who is still waiting.
import type { PolicyName } from '../../core/index.ts';
import { faults } from '../../bridge/labs.ts';
import { useFaults } from '../../store/faults.ts';
import type { CompareSide } from '../../worker/faults/types.ts';
import { WorkerSelect } from '../kit/controls.tsx';
import { useSize } from '../kit/useSize.ts';
import { KindBadge } from './Claims.tsx';
import { POLICY_KIND, POLICY_LABEL, dur, int, keysOf } from './format.ts';
import { StormGrid } from './StormGrid.tsx';
import { heldBy } from '../kit/mask.tsx';

function Side({ s, k }: { s: CompareSide; k: 'a' | 'b' }) {
  const grid = useFaults((x) => x.grid);
  const [box, size] = useSize<HTMLDivElement>({ width: 380, height: 260 });
  const m = s.summary;
  // A lesson's open question holds the model (views/kit/mask.tsx heldBy): the worker refuses a new policy B then.
  const held = useFaults((x) => heldBy(x.frame?.lesson?.question));
  return (
    <section className="flex min-h-0 flex-col gap-1 rounded-md border border-slate-300 bg-white p-2" aria-label={`Policy ${k.toUpperCase()}: ${POLICY_LABEL[s.policy]}`}>
      <h2 className="flex items-center gap-1.5 text-sm font-semibold"><KindBadge kind={POLICY_KIND[s.policy]} />{k.toUpperCase()}: {POLICY_LABEL[s.policy]}</h2>
      {k === 'b' && (
        <WorkerSelect id="compare-policy" label="Policy B" value={s.policy} options={keysOf(POLICY_LABEL).map((p) => [p, POLICY_LABEL[p]] as const)} disabled={held}
          onChange={(v) => faults().act('setComparePolicy', v as PolicyName)} className="flex items-center gap-2" labelClassName="text-[12px] text-slate-700" />
      )}
      <p className="font-mono text-[12px]" data-testid={`compare-${k}-figures`}>reported {int(m.reported)}/{int(m.faulted)} · p99 {m.reported ? dur(m.reportNs.p99) : '–'} · Jain {m.reported ? m.jain.toFixed(3) : '–'}</p>
      <p className="font-mono text-[11px] text-slate-700">per class p99: {m.perClass.map((c) => (c.reported ? dur(c.reportP99Ns) : '–')).join(' · ')}</p>
      <div ref={box} className="h-72 min-h-0 @4xl:h-auto @4xl:flex-1">
        <StormGrid grid={grid} phase={s.phase} width={size.width} height={size.height} picked={null} onPick={() => undefined} label={`Policy ${k.toUpperCase()} grid`} testId={`compare-grid-${k}`} />
      </div>
    </section>
  );
}

export function CompareTab() {
  const c = useFaults((s) => s.frame?.compare ?? null);
  if (!c) return <p className="p-4 text-sm text-slate-500" data-testid="compare-tab">Starting the second storm…</p>;
  return (
    <div className="flex flex-col gap-2 @4xl:h-full @4xl:min-h-0" data-testid="compare-tab">
      <p className="text-[12px] text-slate-700">Both storms fail the same QPs at the same instants (same seed, same fault at t = {dur(0)}); they advance in lockstep ({dur(c.t)} so far). Policy A follows the settings column; choose B here.</p>
      <div className="grid grid-cols-1 gap-2 @2xl:grid-cols-2 @4xl:min-h-0 @4xl:flex-1">
        <Side s={c.a} k="a" />
        <Side s={c.b} k="b" />
      </div>
    </div>
  );
}
