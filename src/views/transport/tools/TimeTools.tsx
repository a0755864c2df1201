// The toolbar under the header: step back (←), jump to the previous or next event of a kind,
// the full event log, export (scenario JSON as the CLI reads it, trace JSON and CSV), import
// (file picker; drag-and-drop on the page does the same), and the challenge editor. Banners for
// acting in the past and for a running challenge sit below it.
import { useRef, useState } from 'react';
import { transport } from '../../../bridge/labs.ts';
import { transportStore, useTransport } from '../../../store/transport.ts';
import { download, readJsonFile, scenarioOf } from './files.ts';
import { FullLog } from './FullLog.tsx';
import { ChallengeEditor, type ChallengeKit } from './ChallengeEditor.tsx';
import { ForkBanner } from './ForkBanner.tsx';
import { ChallengeBanner } from './ChallengeBanner.tsx';

const KINDS: Array<[string, string]> = [
  ['cqe', 'CQE'], ['state', 'state change'], ['modify', 'ibv_modify_qp'], ['modify-refused', 'refused modify'], ['pkt', 'packet'], ['retry', 'retransmission'],
  ['wr-error', 'WR error'], ['fault', 'injected fault'], ['async', 'async event'], ['cache', 'cache miss / eviction'], ['post', 'post'], ['cqe-lost', 'lost CQE'],
];

const btn = 'inline-flex h-7 items-center gap-1 rounded-md border border-slate-400 bg-white px-2 text-[12px] font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-40';
const notify = (kind: 'error' | 'info', text: string) => transportStore.getState().showNotice(kind, text);

export async function importScenario(f: File): Promise<void> {
  const r = await readJsonFile(f);
  if (!r.ok) { notify('error', `Import refused: ${r.error}. The current scenario is kept.`); return; }
  const { scenario, t } = scenarioOf(r.value);
  const reply = await transport().call('load', scenario, t);
  if (!reply.ok) notify('error', `Import refused: ${f.name}: ${reply.error}. The current scenario is kept.`);
  else notify('info', `Imported ${f.name}${t ? ` at t = ${t} ns` : ''}.`);
}

export function TimeTools({ challengeKit }: { challengeKit?: ChallengeKit }) {
  const [kind, setKind] = useState('cqe');
  const [log, setLog] = useState(false);
  const [editor, setEditor] = useState(false);
  const file = useRef<HTMLInputElement | null>(null);
  const t = useTransport((s) => s.frame?.t ?? 0);
  const title = useTransport((s) => s.frame?.scenarioTitle ?? 'scenario');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'scenario';
  const jump = async (dir: -1 | 1) => {
    const r = await transport().call('jump', kind, dir);
    if (!r.ok) notify('info', `Jump: ${r.error}.`);
  };
  const exportScenario = async () => {
    const { scenario } = await transport().call('exportScenario');
    download(`${slug}.json`, `${JSON.stringify(scenario, null, 2)}\n`, 'application/json');
  };
  const exportTrace = async (format: 'json' | 'csv') => {
    const text = await transport().call('exportTrace', format);
    download(`${slug}-trace-${t}ns.${format}`, text, format === 'json' ? 'application/json' : 'text/csv');
  };
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5 border-b border-slate-300 bg-slate-50 px-3 py-1" role="toolbar" aria-label="Time and files">
        <button type="button" className={btn} data-testid="step-back" disabled={t <= 0} onClick={() => void transport().act('stepBack')} aria-label="Step back to the previous event (←)">◀ Back</button>
        <span className="ml-2 text-[12px] text-slate-600">Jump to</span>
        <select aria-label="Event kind to jump to" data-testid="jump-kind" value={kind} onChange={(e) => setKind(e.target.value)} className="h-7 rounded-md border border-slate-400 bg-white px-1 text-[12px]">
          {KINDS.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
        </select>
        <button type="button" className={btn} data-testid="jump-prev" onClick={() => void jump(-1)} aria-label="Previous event of this kind">◀ prev</button>
        <button type="button" className={btn} data-testid="jump-next" onClick={() => void jump(1)} aria-label="Next event of this kind">next ▶</button>
        <button type="button" className={`${btn} ml-2`} data-testid="full-log-open" onClick={() => setLog(true)}>Full event log</button>
        <span className="ml-auto text-[12px] text-slate-600">Export</span>
        <button type="button" className={btn} data-testid="export-scenario" onClick={() => void exportScenario()} title="The scenario with every command so far, as `npm run sim` reads it">scenario .json</button>
        <button type="button" className={btn} data-testid="export-trace-json" onClick={() => void exportTrace('json')} title="Every event kept so far, with its index and cause">trace .json</button>
        <button type="button" className={btn} data-testid="export-trace-csv" onClick={() => void exportTrace('csv')}>trace .csv</button>
        <button type="button" className={btn} data-testid="import-open" onClick={() => file.current?.click()} title="Load a scenario file (or drop one on the page)">Import…</button>
        <input ref={file} type="file" accept="application/json,.json" className="sr-only" data-testid="import-file" aria-label="Scenario file to import" tabIndex={-1}
          onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void importScenario(f); }} />
        {challengeKit && <button type="button" className={btn} data-testid="challenge-open" onClick={() => setEditor(true)}>Challenge…</button>}
      </div>
      <ForkBanner />
      <ChallengeBanner />
      {log && <FullLog onClose={() => setLog(false)} />}
      {editor && challengeKit && <ChallengeEditor onClose={() => setEditor(false)} kit={challengeKit} />}
    </>
  );
}
