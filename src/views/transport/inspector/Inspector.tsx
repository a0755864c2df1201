// The selected QP's inspector: a header naming the QP, and four tabs (a real tablist with
// arrow-key navigation): the state diagram, modify_qp, the context, and post & faults.
import { useRef, type KeyboardEvent } from 'react';
import { selectedQp, useTransport, type InspectorTab } from '../../../store/transport.ts';
import { hostLetter, qpnHex, stateColor } from '../format.ts';
import { StateDiagram } from './StateDiagram.tsx';
import { ModifyPanel } from '../modify/ModifyPanel.tsx';
import { ContextInspector } from './ContextInspector.tsx';
import { PostFaults } from './PostFaults.tsx';

const TABS: { id: InspectorTab; label: string }[] = [
  { id: 'state', label: 'State' },
  { id: 'modify', label: 'modify_qp' },
  { id: 'context', label: 'Context' },
  { id: 'post', label: 'Post & faults' },
];

export function Inspector() {
  const qp = useTransport(selectedQp);
  const hosts = useTransport((s) => s.frame?.world.hosts);
  const tab = useTransport((s) => s.tab);
  const setTab = useTransport((s) => s.setTab);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex((x) => x.id === tab);
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = TABS.length - 1;
    if (j < 0) return;
    e.preventDefault();
    e.stopPropagation();
    setTab(TABS[j].id);
    tabRefs.current[TABS[j].id]?.focus();
  };

  const c = qp ? stateColor(qp.state) : null;
  return (
    <section aria-labelledby="inspector-title" className="[contain:content] flex min-h-0 min-w-0 flex-col rounded-lg border border-slate-300 bg-white">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-slate-200 px-3 py-1.5">
        <h2 id="inspector-title" className="text-sm font-semibold text-slate-900">
          {qp ? <>Inspector · <span className="font-mono">QP {qpnHex(qp.qpn)}</span></> : 'Inspector'}
        </h2>
        {qp && c && (
          <>
            <span className="text-xs text-slate-600">{hosts?.[qp.host]?.name ?? `Host ${hostLetter(qp.host)}`} · {qp.type}</span>
            <span className={`rounded border px-1.5 font-mono text-xs font-bold ${c.badge}`} data-testid="inspector-state">{qp.state}</span>
            {qp.peer && <span className="text-xs text-slate-600">peer <span className="font-mono">{hostLetter(qp.peer.host)}·{qpnHex(qp.peer.qpn)}</span></span>}
            {qp.flushing && <span className="rounded bg-violet-100 px-1 text-[11px] font-medium text-violet-900">⤓ flushing</span>}
            {qp.fault && <span className="rounded bg-red-50 px-1 text-[11px] font-medium text-red-800">⚠ {qp.fault}</span>}
            {qp.stalled && <span className="truncate rounded bg-amber-50 px-1 text-[11px] text-amber-900" title={qp.stalled}>‖ stalled: {qp.stalled}</span>}
            {qp.why && <span data-testid="qp-why" className="w-full rounded bg-red-50 px-1 text-[11px] text-red-900" title={qp.why}>why {qp.state}? {qp.why}</span>}
          </>
        )}
      </div>
      <div role="tablist" aria-label="Inspector views" className="flex gap-0.5 border-b border-slate-200 px-2 pt-1" onKeyDown={onKey}>
        {TABS.map((x) => (
          <button
            key={x.id} ref={(el) => { tabRefs.current[x.id] = el; }}
            type="button" role="tab" id={`tab-${x.id}`} data-testid={`tab-${x.id}`}
            aria-selected={tab === x.id} aria-controls={`panel-${x.id}`} tabIndex={tab === x.id ? 0 : -1}
            onClick={() => setTab(x.id)}
            className={`-mb-px rounded-t-md border px-3 py-1 text-[13px] font-medium ${tab === x.id ? 'border-slate-300 border-b-white bg-white text-slate-900' : 'border-transparent text-slate-600 hover:bg-slate-100 hover:text-slate-900'} ${x.id === 'modify' ? 'font-mono' : ''}`}
          >
            {x.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="flex min-h-0 flex-1 flex-col overflow-hidden">
        {!qp ? (
          <p className="p-4 text-sm text-slate-600">Select a QP on the wire view to inspect it.</p>
        ) : tab === 'state' ? (
          <StateDiagram qp={qp} />
        ) : tab === 'modify' ? (
          <ModifyPanel qp={qp} />
        ) : tab === 'context' ? (
          <ContextInspector qp={qp} />
        ) : (
          <PostFaults qp={qp} />
        )}
      </div>
    </section>
  );
}
