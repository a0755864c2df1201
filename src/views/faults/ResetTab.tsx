// Topic 10: reset a QP at any instant of a transfer. Choose what is in flight, drag the reset
// along the timeline, and read what the reset cleared, what it let finish first, what the late
// packets did — and, with QPN reuse, whether a stale packet slips into the new connection.
import { useEffect, useState } from 'react';
import { faults } from '../../bridge/labs.ts';
import { faultsStore, useFaults } from '../../store/faults.ts';
import type { ClaimsInfo, ResetSettings } from '../../worker/faults/types.ts';
import { WorkerSelect, WorkerSlider, WorkerSwitch } from '../kit/controls.tsx';
import { useSize } from '../kit/useSize.ts';
import { ClaimList, KindBadge } from './Claims.tsx';
import type { QpnAllocatorId } from '../../core/faults/qpnAlloc.ts';
import { SITUATION_LABEL, dur, keysOf } from './format.ts';
import { ResetLanes, T_MAX } from './ResetLanes.tsx';
import { psnText } from '../kit/psn.ts';
import { AnswerFirst, HELD_TITLE, heldBy } from '../kit/mask.tsx';
import { useFaultsMask } from './mask.ts';


async function set(patch: Partial<ResetSettings>) {
  const r = await faults().act('setReset', patch);
  if (r && !r.ok) faultsStore.getState().showNotice('error', `Not applied: ${r.error}`);
}

export function ResetTab() {
  const r = useFaults((s) => s.frame?.reset ?? null);
  const [box, size] = useSize<HTMLDivElement>({ width: 800, height: 220 });
  const [claims, setClaims] = useState<ClaimsInfo | null>(null);
  useEffect(() => { void faults().act('claims').then((c) => { if (c) setClaims(c); }); }, []);
  useEffect(() => { if (!r) void faults().act('showReset'); }, [r]);
  const masked = useFaultsMask('reset-report');
  const lanesMasked = useFaultsMask('reset-lanes');
  const held = useFaults((x) => heldBy(x.frame?.lesson?.question));
  if (!r) return <p className="p-4 text-sm text-slate-500" data-testid="reset-tab">Running the transfer…</p>;
  const s = r.settings;
  const alloc = claims?.allocators.find((a) => a.id === s.allocator);
  const res = r.result;
  const rep = res.resets[0];
  return (
    <div className="flex flex-col gap-2 @4xl:grid @4xl:h-full @4xl:min-h-0 @4xl:grid-cols-[minmax(0,1fr)_300px]" data-testid="reset-tab">
      <div className="flex min-h-0 flex-col gap-2 overflow-y-auto" tabIndex={0} aria-label="The transfer and its reset">
        {/* Held while a lesson's question is open: the worker refuses a new situation or instant then. */}
        <fieldset disabled={held} title={held ? HELD_TITLE : undefined} className="m-0 flex min-w-0 flex-wrap items-end gap-3 rounded-md border border-slate-300 bg-white p-2">
          <WorkerSelect id="situation" label="What is in flight" value={s.situation} options={keysOf(SITUATION_LABEL).map((x) => [x, SITUATION_LABEL[x]] as const)} onChange={(v) => set({ situation: v as ResetSettings['situation'] })} />
          <div className="w-64">
            <WorkerSlider id="reset-at" label="Reset instant" value={s.resetAtNs} min={0} max={T_MAX / 100} toPos={(v) => Math.round(v / 100)} fromPos={(p) => p * 100}
              text={dur} valueText={(v) => `reset at ${dur(v)}`} onChange={(resetAtNs) => set({ resetAtNs })} />
          </div>
          <WorkerSwitch testId="err-first" value={s.errFirst} onChange={(errFirst) => set({ errFirst })} label="ERR first, then RESET" className="flex items-center gap-1 text-[12px]" />
        </fieldset>
        <section ref={box} className="rounded-md border border-slate-300 bg-white p-2">
          <ResetLanes r={r} masked={lanesMasked} width={size.width - 16} onMove={(t) => void set({ resetAtNs: Math.max(0, Math.min(T_MAX, t)) })} />
        </section>
        {masked ? <AnswerFirst block what="what the reset did, and what the late packets met" testId="reset-report-masked" /> : <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="reset-report">
          <h2 className="text-sm font-semibold text-slate-900">What the reset did</h2>
          {rep ? (
            <ul className="list-disc pl-4">
              <li>Discarded without completions: {rep.sq} send and {rep.rq} receive WRs.</li>
              <li>Replay state forgotten: {rep.unackedPsns} unacknowledged PSNs{rep.timerArmed ? ', its retransmit timer disarmed' : ''}; {rep.readsWaiting} READs waiting.</li>
              <li>DMA fenced first: {rep.dmaFencedNs ? dur(rep.dmaFencedNs) : 'nothing in flight'} (MODEL: drain-then-reset).</li>
              <li>Cached context {rep.cachedCtx ? 'invalidated' : 'not on chip'}; CQEs already written are left (rxe; mlx5 purges them).</li>
            </ul>
          ) : <p className="text-slate-600">The reset comes after the transfer ended: nothing was in flight.</p>}
          <h3 className="mt-1 font-semibold">Late packets ({res.late.length})</h3>
          <ul className="font-mono" data-testid="late-packets">
            {res.late.map((p) => <li key={p.id} data-outcome={p.outcome ?? p.drop ?? ''}>{p.op} PSN {psnText(p.psn)}: {p.outcome ?? p.drop ?? 'in flight'}{p.detail ? ` (${p.detail})` : ''}</li>)}
            {res.late.length === 0 && <li className="font-sans text-slate-600">none: nothing was on the wire at the reset</li>}
          </ul>
        </section>}
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="reuse-panel">
          <h2 className="text-sm font-semibold text-slate-900">The QPN-reuse hazard</h2>
          <div className="flex flex-wrap gap-3">
            <WorkerSwitch testId="reuse" value={s.reuse} onChange={(reuse) => set({ reuse })} label="Destroy both QPs at the reset, create two new ones" className="flex items-center gap-1" />
            <WorkerSwitch testId="quarantine" value={s.quarantine} onChange={(quarantine) => set({ quarantine })} label="QPN quarantine" className="flex items-center gap-1" />
            <WorkerSwitch testId="random-psn" value={s.randomPsn} onChange={(randomPsn) => set({ randomPsn })} label="Random initial PSN" className="flex items-center gap-1" />
          </div>
          <div className="mt-1 flex flex-wrap items-end gap-2">
            <WorkerSelect id="qpn-allocator" label="Whose QPN allocator" value={s.allocator} options={(claims?.allocators ?? []).map((x) => [x.id, x.label] as const)}
              onChange={(v) => set({ allocator: v as QpnAllocatorId })} />
            {alloc && <p className="flex items-center gap-1 text-[11px] text-slate-700" data-testid="allocator-source"><KindBadge kind={alloc.kind} />{alloc.source}</p>}
          </div>
          {s.reuse && !masked && (
            <p className={`mt-1 rounded border px-2 py-1 font-semibold ${res.staleAccepted ? 'border-red-600 bg-red-50 text-red-900' : 'border-emerald-600 bg-emerald-50 text-emerald-900'}`} data-testid="stale-verdict" data-accepted={res.staleAccepted}>
              {res.staleAccepted ? '✕ A stale packet of the old connection was accepted by the new one.' : '✓ No stale packet was accepted.'}
            </p>
          )}
        </section>
      </div>
      <aside className="flex min-h-0 flex-col gap-1 overflow-y-auto rounded-md border border-slate-300 bg-white p-2" tabIndex={0} aria-label="Where each rule comes from">
        <h2 className="text-sm font-semibold text-slate-900">Where each rule comes from</h2>
        {claims ? <ClaimList claims={claims.reset} testId="reset-claims" /> : <p className="text-[12px] text-slate-500">loading…</p>}
      </aside>
    </div>
  );
}
