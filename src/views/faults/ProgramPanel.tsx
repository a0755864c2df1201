// The program's side of the storm, as the storm CLI prints it (`program` key, same figures): how
// far the async-event fd and the rdma_cm channel fell behind, when the program learned of the
// failures, and how long destroying a QP waited for its events' acknowledgements. Set by the
// event-thread controls (eventNs, ackNs, cm) in the settings column [sources: man-async-event, man-cm-event, model-faults].
import type { ProgramLine } from '../../core/faults/program.ts';
import { KindBadge } from './Claims.tsx';
import { dur, int } from './format.ts';

export function ProgramPanel({ program, cm, any }: { program: ProgramLine; cm: boolean; any: boolean }) {
  const t = (ns: number) => (any ? dur(ns) : '–');
  return (
    <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="program-readout" aria-label="The program's side">
      <h2 className="text-sm font-semibold text-slate-900">The program's side</h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-0.5">
        <dt className="text-slate-600">async fd backlog, largest</dt><dd className="text-right font-mono tabular-nums" data-testid="program-fd-backlog">{int(program.asyncBacklogMax)}</dd>
        <dt className="text-slate-600">rdma_cm channel backlog, largest</dt><dd className="text-right font-mono tabular-nums" data-testid="program-cm-backlog">{cm ? int(program.cmBacklogMax) : 'no rdma_cm'}</dd>
        <dt className="text-slate-600">fault → program learned, p50</dt><dd className="text-right font-mono tabular-nums" data-testid="program-learned-p50">{t(program.learnedNs.p50)}</dd>
        <dt className="text-slate-600">destroy waits for acks, p50</dt><dd className="text-right font-mono tabular-nums" data-testid="program-destroy-p50">{t(program.destroyWaitNs.p50)}</dd>
        <dt className="text-slate-600">reported, never learned</dt><dd className="text-right font-mono tabular-nums" data-testid="program-unlearned">{int(program.unlearned)}</dd>
      </dl>
      <p className="mt-1 flex gap-1.5 leading-snug"><span className="shrink-0 pt-0.5"><KindBadge kind="documented" /></span><span>Destroying a QP waits until every event of it is acknowledged (ibv_ack_async_event; rdma_ack_cm_event before rdma_destroy_id). <span className="text-slate-500">[<code>man-async-event</code>, <code>man-cm-event</code>]</span></span></p>
      <p className="mt-1 flex gap-1.5 leading-snug"><span className="shrink-0 pt-0.5"><KindBadge kind="model" /></span><span>One event thread reads both queues in arrival order; the CLI prints these figures as <code>program</code> (<code className="whitespace-nowrap">--event-ns</code>, <code className="whitespace-nowrap">--ack-ns</code>, <code className="whitespace-nowrap">--cm</code>). <span className="text-slate-500">[<code>model-faults</code>]</span></span></p>
    </section>
  );
}
