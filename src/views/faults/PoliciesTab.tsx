// The same storm run to the end under every arbitration policy: each policy's distribution of
// fault → report latencies (per class), its percentiles and fairness. FIFO is what every driver
// examined does; the others are hardware design alternatives, and say so.
import { useFaults } from '../../store/faults.ts';
import type { PolicyFrame, PolicyResult } from '../../worker/faults/types.ts';
import { useSize } from '../kit/useSize.ts';
import { KindBadge } from './Claims.tsx';
import { CLASS_COLORS, POLICY_KIND, POLICY_LABEL, dur, keysOf } from './format.ts';
import { AnswerFirst } from '../kit/mask.tsx';
import { useFaultsMask } from './mask.ts';

function Distribution({ r, bins, width, max }: { r: PolicyResult; bins: number[]; width: number; max: number }) {
  const h = 64;
  const n = r.hist.length;
  const bw = n ? (width - 8) / n : 0;
  return (
    <svg width={width} height={h + 14} role="img" data-testid={`dist-${r.policy}`} data-p99={Math.round(r.p99)}
      aria-label={`${POLICY_LABEL[r.policy]}: p50 ${dur(r.p50)}, p99 ${dur(r.p99)}, max ${dur(r.max)}`}>
      {r.histByClass.map((hc, c) => {
        // Stacked bars: class 0 at the bottom.
        return hc.map((v, i) => {
          const below = r.histByClass.slice(0, c).reduce((a, x) => a + x[i], 0);
          const y0 = h - (below / max) * (h - 4);
          const y1 = h - ((below + v) / max) * (h - 4);
          return v > 0 ? <rect key={`${c}-${i}`} x={4 + i * bw} y={y1} width={Math.max(1, bw - 1)} height={Math.max(0.5, y0 - y1)} fill={CLASS_COLORS[c % CLASS_COLORS.length]} /> : null;
        });
      })}
      <line x1={4} x2={width - 4} y1={h} y2={h} stroke="var(--color-slate-400)" />
      <text x={4} y={h + 12} fontSize={10} fill="var(--color-slate-600)">{bins.length ? dur(bins[0]) : ''}</text>
      <text x={width - 4} y={h + 12} fontSize={10} textAnchor="end" fill="var(--color-slate-600)">{bins.length ? dur(bins[bins.length - 1]) : ''}</text>
    </svg>
  );
}

export function PoliciesTab() {
  const pf = useFaults((s) => s.frame?.policies ?? null);
  const grid = useFaults((s) => s.grid);
  const current = useFaults((s) => s.frame?.settings.policy ?? 'fifo');
  const fault = useFaults((s) => s.frame?.settings.fault ?? '');
  const [box, size] = useSize<HTMLDivElement>({ width: 700, height: 400 });
  const masked = useFaultsMask('policies');
  if (!pf) return null;
  if (masked) return <div data-testid="policies-tab"><AnswerFirst block what="every policy's run of this storm" testId="policies-masked" /></div>;
  const max = Math.max(1, ...pf.results.flatMap((r) => r.hist));
  const w = size.width < 640 ? Math.max(160, size.width - 24) : Math.max(200, Math.floor(size.width / 2) - 24);
  return (
    <div ref={box} className="flex flex-col gap-2 @4xl:h-full @4xl:min-h-0 @4xl:overflow-y-auto" data-testid="policies-tab" tabIndex={0} aria-label="Every policy on the same storm">
      <p className="text-[12px] text-slate-700">
        The same storm, run to the end under each policy ({Math.round(pf.progress * 100)}% computed). Bars: how many QPs got their report how long after the fault, stacked by class
        ({grid?.classes.map((c, i) => <span key={c.name} className="mx-0.5 inline-flex items-center gap-0.5"><span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: CLASS_COLORS[i % CLASS_COLORS.length] }} />{c.name}</span>)}).
        The policy only reorders the queue in front of the error engine: total work, and so the last report, barely move — who waits changes.
      </p>
      {(fault === 'port-down' || fault === 'link-flap') && pf.results.every((r) => r.done) && <DetectionBound queued={!same(pf)} />}
      {same(pf) && (
        <p role="status" className="rounded-md border border-sky-400 bg-sky-50 px-2 py-1 text-[12px] text-sky-900" data-testid="no-queue">
          Every policy gives the same result here: no queue formed in front of the error engine (each faulted QP was served before the next one failed), so there was nothing to reorder. Slow the error engine or add QPs to see the policies differ.
        </p>
      )}
      <div className="grid grid-cols-1 gap-2 @2xl:grid-cols-2">
        {pf.results.map((r) => (
          <section key={r.policy} className={`rounded-md border bg-white p-2 ${r.policy === current ? 'border-indigo-600' : 'border-slate-300'}`} aria-label={POLICY_LABEL[r.policy]}>
            <h2 className="flex items-center gap-1.5 text-[13px] font-semibold text-slate-900"><KindBadge kind={POLICY_KIND[r.policy]} />{POLICY_LABEL[r.policy]}{r.policy === current && <span className="text-[11px] font-normal text-indigo-700">(playing)</span>}</h2>
            {r.done ? <Distribution r={r} bins={pf.bins} width={w} max={max} /> : <p className="h-[78px] text-[12px] text-slate-500">computing…</p>}
            {r.done && <Figures r={r} />}
          </section>
        ))}
      </div>
      <Table pf={pf} />
    </div>
  );
}

/**
 * Why a port-down storm is detection-bound. Each RC QP with unacknowledged work fails when its own
 * retry counter runs out (rxe_comp.c: retry_cnt retransmissions, then RETRY_EXC_ERR) [sources: ack-timeout];
 * its timer runs from its own first transmission (MODEL, claim timer-phase), so failures arrive
 * one by one, spread over the time the transmit engine took to send every QP's first packet.
 */
function DetectionBound({ queued }: { queued: boolean }) {
  return (
    <p className="rounded-md border border-slate-300 bg-slate-50 px-2 py-1 text-[12px] text-slate-800" data-testid="detection-bound" data-queued={queued}>
      <span className="font-semibold">A port down is paced by detection.</span> No QP changes state when the port goes down: each QP with unacknowledged
      work fails alone, when its own retransmit timer has run out its retries (read in code: rxe_comp.c), a timer that started with its own first packet
      (the model&apos;s reading). The failures arrive one by one, spread over the time the NIC took to send every QP&apos;s first packet.
      {queued
        ? ' Here they came faster than the error engine reports them, so a queue formed: the policy decides who waits in it (the per-class p99 and Jain below), but the engine still finishes a QP at the same instants, so p50, p99 and max over all QPs are the same under every policy.'
        : ' Here the engine reported each QP before the next one failed: the storm is detection-bound, nothing waited, and every policy gives the same reports.'}
    </p>
  );
}

function Figures({ r }: { r: PolicyResult }) {
  return (
    <p className="font-mono text-[11px] text-slate-800">
      p50 {dur(r.p50)} · p99 {dur(r.p99)} · max {dur(r.max)} · Jain {r.jain.toFixed(3)} · channel wait {dur(r.meanDelayNs)}{r.lostReports ? ` · lost ${r.lostReports}` : ''}
    </p>
  );
}

function Table({ pf }: { pf: PolicyFrame }) {
  const k = Math.max(0, ...pf.results.map((r) => r.perClassP99.length));
  return (
    <table className="w-full border-collapse text-[12px]" data-testid="policy-table">
      <caption className="text-left text-[12px] font-semibold text-slate-900">p99 fault → report per class</caption>
      <thead><tr className="text-left text-slate-600"><th className="font-medium">policy</th>{Array.from({ length: k }, (_, i) => <th key={i} className="font-medium">class {i}</th>)}<th className="font-medium">Jain</th></tr></thead>
      <tbody>
        {keysOf(POLICY_LABEL).map((p) => {
          const r = pf.results.find((x) => x.policy === p);
          if (!r) return null;
          return (
            <tr key={p} className="border-t border-slate-200 font-mono">
              <td className="font-sans">{POLICY_LABEL[p]}</td>
              {Array.from({ length: k }, (_, i) => <td key={i}>{r.done ? dur(r.perClassP99[i] ?? NaN) : '…'}</td>)}
              <td>{r.done ? r.jain.toFixed(3) : '…'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** True when every policy gives each class the same p99 (within 1 µs): nothing was reordered. */
function same(pf: PolicyFrame): boolean {
  const done = pf.results.filter((r) => r.done);
  if (done.length < pf.results.length || done.length === 0) return false;
  const ref = done[0].perClassP99;
  return done.every((r) => r.perClassP99.every((v, i) => Math.abs(v - ref[i]) <= 1000));
}
