// The selected QP's inspector: a header naming the QP, and four tabs (a real tablist with
// arrow-key navigation): the state diagram, modify_qp, the context, and post & faults.
import { TabPanel, Tabs, type TabItem } from '../../kit/Tabs.tsx';
import { selectedQp, useTransport, type InspectorTab } from '../../../store/transport.ts';
import { hostLetter, qpnHex, stateColor } from '../format.ts';
import { StateDiagram } from './StateDiagram.tsx';
import { ModifyPanel } from '../modify/ModifyPanel.tsx';
import { ContextInspector } from './ContextInspector.tsx';
import { PostFaults } from './PostFaults.tsx';

const TABS: TabItem<InspectorTab>[] = [
  { id: 'state', label: 'State' },
  { id: 'modify', label: 'modify_qp', className: 'font-mono' },
  { id: 'context', label: 'Context' },
  { id: 'post', label: 'Post & faults' },
];

export function Inspector() {
  const qp = useTransport(selectedQp);
  const hosts = useTransport((s) => s.frame?.world.hosts);
  const tab = useTransport((s) => s.tab);
  const setTab = useTransport((s) => s.setTab);
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
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Inspector views" idPrefix="tab-" panelId="inspector-panel" className="gap-0.5 border-slate-200 px-2 pt-1" small />
      <TabPanel id="inspector-panel" idPrefix="tab-" selected={tab} className="flex min-h-0 flex-1 flex-col overflow-hidden">
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
      </TabPanel>
    </section>
  );
}
