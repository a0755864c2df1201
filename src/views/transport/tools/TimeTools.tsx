// The toolbar under the header: step back (←), jump to the previous or next event of a kind,
// the full event log, export (scenario JSON as the CLI reads it, trace JSON and CSV), import
// (file picker; drag-and-drop on the page does the same), and the challenge editor. Banners for
// acting in the past and for a running challenge sit below it.
import { useRef, useState, type ReactNode } from 'react';
import { transport } from '../../../bridge/labs.ts';
import { transportStore, useTransport } from '../../../store/transport.ts';
import { readJsonFile, scenarioOf } from './files.ts';
import { saveText } from '../../kit/saveText.ts';
import { FullLog } from './FullLog.tsx';
import { ChallengeEditor, type ChallengeKit } from './ChallengeEditor.tsx';
import { ForkBanner } from './ForkBanner.tsx';
import { ChallengeBanner } from './ChallengeBanner.tsx';
import { FilesMenu, type FileItem } from '../../kit/FilesMenu.tsx';
import { HELD_TITLE, heldBy } from '../../kit/mask.tsx';

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
  const reply = await transport().act('load', scenario, t);
  if (!reply) return;
  if (!reply.ok) notify('error', `Import refused: ${f.name}: ${reply.error}. The current scenario is kept.`);
  else notify('info', `Imported ${f.name}${t ? ` at t = ${t} ns` : ''}.`);
}

async function openScale(): Promise<void> {
  const r = await transport().act('loadScale');
  if (r && !r.ok) notify('error', `The scale sandbox could not start: ${r.error}`);
}

/** `children` sit between the time tools and the files (the transport lab puts its driver profile there). */
export function TimeTools({ challengeKit, children }: { challengeKit?: ChallengeKit; children?: ReactNode }) {
  const [kind, setKind] = useState('cqe');
  const [log, setLog] = useState(false);
  const [editor, setEditor] = useState(false);
  const file = useRef<HTMLInputElement | null>(null);
  const t = useTransport((s) => s.frame?.t ?? 0);
  // Moving in time while a lesson's question is open would answer it: the worker holds these too.
  const held = useTransport((s) => heldBy(s.frame?.lesson?.question));
  const heldTitle = held ? HELD_TITLE : undefined;
  const title = useTransport((s) => s.frame?.scenarioTitle ?? 'scenario');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'scenario';
  const jump = async (dir: -1 | 1) => {
    const r = await transport().act('jump', kind, dir);
    if (r && !r.ok) notify('info', `Jump: ${r.error}.`);
  };
  const exportScenario = async () => {
    const r = await transport().act('exportScenario');
    if (!r) return;
    const { scenario } = r;
    saveText(`${slug}.json`, `${JSON.stringify(scenario, null, 2)}\n`, 'application/json');
  };
  const exportTrace = async (format: 'json' | 'csv') => {
    const text = await transport().act('exportTrace', format);
    if (text === undefined) return;
    saveText(`${slug}-trace-${t}ns.${format}`, text, format === 'json' ? 'application/json' : 'text/csv');
  };
  const files: FileItem[] = [
    { id: 'export-scenario', label: 'Export the scenario (.json)', title: 'The scenario with every command so far, as `npm run sim` reads it', run: () => void exportScenario() },
    { id: 'export-trace-json', label: 'Export the trace (.json)', title: 'Every event kept so far, with its index and cause', run: () => void exportTrace('json') },
    { id: 'export-trace-csv', label: 'Export the trace (.csv)', run: () => void exportTrace('csv') },
    { id: 'import-open', label: 'Import a scenario…', title: 'Load a scenario file (or drop one on the page)', run: () => file.current?.click() },
    { id: 'open-scale', label: 'Open the sandbox at scale (1,000 QPs)', title: '500 RC pairs between the two hosts, all carrying traffic: the wire aggregates, each host draws its QPs as a grid', run: () => void openScale() },
    ...(challengeKit ? [{ id: 'challenge-open', label: 'Write a challenge…', run: () => setEditor(true) }] : []),
  ];
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5 border-b border-slate-300 bg-slate-50 px-3 py-1" role="toolbar" aria-label="Time and files">
        <button type="button" className={btn} data-testid="step-back" disabled={held || t <= 0} title={heldTitle} onClick={() => void transport().act('stepBack')} aria-label="Step back in time to the previous event (←)">◀ Step back in time</button>
        <span className="ml-2 text-[12px] text-slate-600">Jump to</span>
        <select aria-label="Event kind to jump to" data-testid="jump-kind" value={kind} onChange={(e) => setKind(e.target.value)} className="h-7 rounded-md border border-slate-400 bg-white px-1 text-[12px]">
          {KINDS.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
        </select>
        <button type="button" className={btn} data-testid="jump-prev" disabled={held} title={heldTitle} onClick={() => void jump(-1)} aria-label="Previous event of this kind">◀ prev</button>
        <button type="button" className={btn} data-testid="jump-next" disabled={held} title={heldTitle} onClick={() => void jump(1)} aria-label="Next event of this kind">next ▶</button>
        <button type="button" className={`${btn} ml-2`} data-testid="full-log-open" onClick={() => setLog(true)}>Full event log</button>
        {children}
        <div className="ml-auto">
          <FilesMenu items={files}>
            <input ref={file} type="file" accept="application/json,.json" className="sr-only" data-testid="import-file" aria-label="Scenario file to import" tabIndex={-1}
              onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void importScenario(f); }} />
          </FilesMenu>
        </div>
      </div>
      <ForkBanner />
      <ChallengeBanner kit={challengeKit} />
      {log && <FullLog onClose={() => setLog(false)} />}
      {editor && challengeKit && <ChallengeEditor onClose={() => setEditor(false)} kit={challengeKit} />}
    </>
  );
}
