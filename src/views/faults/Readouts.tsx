// The storm in numbers: how many QPs failed, how many reports got through, what was lost, the
// fault → report latencies and the fairness across classes.
import type { ReactNode } from 'react';
import { useFaults } from '../../store/faults.ts';
import { dur, int } from './format.ts';
import { AnswerFirst } from '../kit/mask.tsx';
import { useFaultsMask } from './mask.ts';

function Kpi({ label, value, sub, testId, tone = 'none', masked = false }: { label: string; value: ReactNode; sub: string; testId: string; tone?: 'none' | 'bad' | 'good'; masked?: boolean }) {
  const ring = tone === 'bad' ? 'border-red-500' : tone === 'good' ? 'border-emerald-600' : 'border-slate-300';
  return (
    <div className={`min-w-0 rounded-md border bg-white px-2 py-1 ${ring}`}>
      <div className="text-[11px] leading-tight text-slate-600">{label}</div>
      <div className="whitespace-nowrap font-mono text-base font-bold tabular-nums text-slate-900" data-testid={testId}>{masked ? <AnswerFirst /> : value}</div>
      <div className="text-[10.5px] leading-tight text-slate-600">{masked ? 'shown after you lock in' : sub}</div>
    </div>
  );
}

export function Readouts() {
  const live = useFaults((s) => s.frame?.live ?? null);
  const reportMasked = useFaultsMask('report');
  if (!live) return null;
  const m = live.summary;
  return (
    <section aria-label="Storm figures" className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-1.5" data-testid="storm-readouts">
      <Kpi label="Time since the fault" value={dur(live.t)} sub={live.drained ? 'drained' : 'running'} testId="storm-time" />
      <Kpi label="QPs faulted" value={`${int(m.faulted)} / ${int(m.qps)}`} sub={`${int(m.flushCqes)} flush CQEs${m.unaware ? ` · ${int(m.unaware)} unaware` : ''}`} testId="storm-faulted" />
      <Kpi label="Reported" value={int(m.reported)} sub={m.pendingReports ? `${int(m.pendingReports)} not yet` : 'every one so far'} testId="storm-reported" tone={m.faulted && m.reported === m.faulted ? 'good' : 'none'} />
      {/* An event lost is not a report lost: a QP whose event an overrun ate may still learn from an error CQE. */}
      <Kpi label="Lost events / reports" testId="storm-lost-card" tone={m.lostReports || m.lostEvents ? 'bad' : 'none'}
        value={<><span data-testid="storm-lost-events" title="async events the NIC could not deliver (EQ overrun, broken or dead queue)">{int(m.lostEvents)}</span> / <span data-testid="storm-lost" title="faulted QPs whose failure never reached software">{int(m.lostReports)}</span></>}
        sub={`EQ overruns ${int(m.eqOverruns)} · CQ ${int(m.cqOverruns)}`} />
      <Kpi label="Fault → report" masked={reportMasked} value={m.reported ? dur(m.reportNs.p99) : '–'} sub={m.reported ? `p50 ${dur(m.reportNs.p50)} · max ${dur(m.reportNs.max)}` : 'p99; none yet'} testId="storm-report-p99" />
      <Kpi label="Fairness (Jain)" value={m.reported ? m.jain.toFixed(3) : '–'} sub="over classes, 1 = equal" testId="storm-jain" />
    </section>
  );
}
