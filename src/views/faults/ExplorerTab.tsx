// The interleaving explorer: up to six QPs fail in the same instant. No public source says in
// which order the hardware detects them, so every order is possible: here each one is run
// through the channel, orders are grouped by what software sees, and any order can be stepped.
import { useEffect } from 'react';
import { faults } from '../../bridge/labs.ts';
import { faultsStore, useFaults } from '../../store/faults.ts';
import type { ExplorerFrame, ExplorerSettings } from '../../worker/faults/types.ts';
import { WorkerSelect, WorkerSwitch } from '../kit/controls.tsx';
import { KindBadge } from './Claims.tsx';
import { CLASS_COLORS, POLICY_LABEL, PRESET_LABEL, dur, keysOf } from './format.ts';
import { HELD_TITLE, heldBy } from '../kit/mask.tsx';

const qpName = (q: number) => `QP 0x${q.toString(16)}`;

/** `s` undefined: the worker's default settings (the tab's first exploration). */
async function run(s: ExplorerSettings | undefined, pick: number[] | null = null) {
  const r = await faults().act('explore', s, pick);
  if (r && !r.ok) faultsStore.getState().showNotice('error', `Not applied: ${r.error}`, 'settings');
}

export function ExplorerTab() {
  const e = useFaults((s) => s.frame?.explorer ?? null);
  // A lesson's open question holds the model (views/kit/mask.tsx heldBy): the worker refuses to
  // explore then, so the first exploration waits for the answer.
  const held = useFaults((s) => heldBy(s.frame?.lesson?.question));
  useEffect(() => { if (!e && !held) void run(undefined); }, [e, held]);
  if (!e) return <p className="p-4 text-sm text-slate-500" data-testid="explorer-tab">{held ? 'Held for your answer: the explorer runs once you lock in your answer to the lesson\'s question.' : 'Exploring…'}</p>;
  const s = e.settings;
  const set = (patch: Partial<ExplorerSettings>) => run({ ...s, ...patch });
  return (
    <div className="flex flex-col gap-2 @4xl:grid @4xl:h-full @4xl:min-h-0 @4xl:grid-cols-[280px_minmax(0,1fr)]" data-testid="explorer-tab">
      <aside className="flex min-h-0 flex-col gap-2 overflow-y-auto rounded-md border border-slate-300 bg-white p-2 text-[12px]" tabIndex={0} aria-label="The simultaneous faults">
        <p className="flex items-start gap-1.5"><span className="shrink-0"><KindBadge kind="model" /></span><span>The order in which hardware detects errors of the same instant is not public: no driver or firmware document says it [sources.md: <code>model-faults</code>], so every order is tried.</span></p>
        <fieldset disabled={held} title={held ? HELD_TITLE : undefined} className="contents">
        <h2 className="font-semibold">Faults at the same instant</h2>
        <ol className="flex flex-col gap-1">
          {s.faults.map((f, i) => (
            <li key={i} className="flex items-center gap-1.5">
              <span className="w-16 font-mono">{qpName(0x100 + i)}</span>
              <WorkerSelect id={`explorer-class-${i}`} label="class" value={String(f.cls)} options={[0, 1, 2, 3].map((c) => [String(c), String(c)] as const)}
                onChange={(v) => set({ faults: s.faults.map((x, j) => (j === i ? { ...x, cls: Number(v) } : x)) })}
                className="flex items-center gap-1" labelClassName="text-[12px]" selectClassName="rounded border border-slate-400 px-0.5" />
              <WorkerSwitch testId={`explorer-miss-${i}`} value={f.miss} label="context not cached" className="flex items-center gap-1"
                onChange={(miss) => set({ faults: s.faults.map((x, j) => (j === i ? { ...x, miss } : x)) })} />
            </li>
          ))}
        </ol>
        <div className="flex gap-1">
          <button type="button" disabled={s.faults.length >= 6} onClick={() => set({ faults: [...s.faults, { cls: 0, miss: false }] })} className="rounded border border-slate-400 px-1.5 disabled:opacity-40">+ fault</button>
          <button type="button" disabled={s.faults.length <= 2} onClick={() => set({ faults: s.faults.slice(0, -1) })} className="rounded border border-slate-400 px-1.5 disabled:opacity-40">− fault</button>
        </div>
        <WorkerSelect id="explorer-policy" label="Policy" value={s.policy} options={keysOf(POLICY_LABEL).map((p) => [p, POLICY_LABEL[p]] as const)} onChange={(v) => set({ policy: v as ExplorerSettings['policy'] })} />
        <WorkerSelect id="explorer-preset" label="Overrun behaviour" value={s.preset} options={keysOf(PRESET_LABEL).map((p) => [p, PRESET_LABEL[p]] as const)} onChange={(v) => set({ preset: v as ExplorerSettings['preset'] })} />
        <WorkerSelect id="explorer-eq" label="Event-queue slots" value={String(s.eqSize)} options={[1, 2, 3, 4, 8].map((n) => [String(n), String(n)] as const)} onChange={(v) => set({ eqSize: Number(v) })} />
        <WorkerSelect id="explorer-budget" label="Events per interrupt" value={String(s.budget)} options={[1, 2, 4, 128].map((n) => [String(n), String(n)] as const)} onChange={(v) => set({ budget: Number(v) })} />
        </fieldset>
      </aside>
      <div className="flex min-h-0 flex-col gap-2 overflow-y-auto" tabIndex={0} aria-label="What software sees">
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]">
          <h2 className="text-sm font-semibold">{e.orders} detection orders, {e.groups.length} different outcome{e.groups.length === 1 ? '' : 's'} for software</h2>
          <ul className="flex flex-col gap-1" data-testid="explorer-groups">
            {e.groups.map((g) => (
              <li key={g.key} className="flex flex-wrap items-center gap-x-2 rounded border border-slate-200 px-1.5 py-1" data-count={g.count}>
                <span className="w-24 font-semibold">{g.count} order{g.count === 1 ? '' : 's'}</span>
                <span>reports: {g.reported.map(qpName).join(' → ') || 'none'}</span>
                {g.lost.length > 0 && <span className="font-semibold text-red-800">lost: {g.lost.map(qpName).join(', ')}</span>}
                {g.deviceFatal && <span className="font-semibold text-red-800">device fatal</span>}
                <button type="button" onClick={() => run(s, g.orders[0])} className="ml-auto rounded border border-slate-400 px-1.5">step through one</button>
              </li>
            ))}
          </ul>
        </section>
        <Steps e={e} />
      </div>
    </div>
  );
}

function Steps({ e }: { e: ExplorerFrame }) {
  const what: Record<string, string> = {
    detect: 'detected', service: 'error engine serves', eqe: 'EQE written', overrun: 'EQ full: overrun', 'device-fatal': 'device fatal', irq: 'interrupt',
    consume: 'driver consumes the EQ', query: 'QUERY_QP', report: 'reported to the application',
  };
  return (
    <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="explorer-steps">
      <h2 className="text-sm font-semibold">One order, step by step: {e.order.map(qpName).join(', ')}</h2>
      <ol className="font-mono">
        {e.steps.map((st, i) => (
          <li key={i} className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto] gap-x-2 sm:grid-cols-[6rem_14rem_1fr_5rem]">
            <span className="text-right text-slate-600">{dur(st.t)}</span>
            <span className={st.what === 'overrun' || st.what === 'device-fatal' ? 'font-semibold text-red-800' : ''}>{what[st.what] ?? st.what}</span>
            <span className="max-sm:order-last max-sm:col-start-2">{st.qpn !== undefined ? <><span className="mr-1 inline-block h-2 w-2 rounded-sm" style={{ background: CLASS_COLORS[e.settings.faults[st.qpn - 0x100]?.cls ?? 0] }} />{qpName(st.qpn)} <span className="text-slate-600">class {e.settings.faults[st.qpn - 0x100]?.cls ?? 0}</span></> : ''}</span>
            <span className="text-slate-600">EQ {st.eqUsed}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
