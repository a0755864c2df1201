// The instructor's page: the built-in challenges (each opens its start in its instrument), and a
// column of completion codes pasted in, each replayed in the verify worker (the page's thread
// only waits), with a table of results as they come and a CSV for a grade book. The time each
// replay took is shown: a faults storm runs to its drain, about a second or two per code.
import { useEffect, useState } from 'react';
import { verifier, type ChallengeInfo, type CodeRow } from '../../bridge/verify.ts';
import { codesIn, gradeCsv } from './csv.ts';
import { saveText } from '../kit/saveText.ts';

const INSTRUMENT = { transport: 'Transport', memory: 'NIC memory', faults: 'Faults at scale' } as const;
type Row = CodeRow & { ms: number };

export function limitsText(c: Pick<ChallengeInfo, 'limits'>): string {
  const l = [c.limits.withinNs !== undefined ? `within ${(c.limits.withinNs / 1000).toLocaleString('en-US')} µs` : '', c.limits.maxCommands !== undefined ? `at most ${c.limits.maxCommands} command${c.limits.maxCommands === 1 ? '' : 's'}` : ''].filter(Boolean);
  return l.length ? l.join(', ') : 'no limits';
}

export function VerifyPage({ initial = '', onBack }: { initial?: string; onBack(): void }) {
  const [list, setList] = useState<ChallengeInfo[]>([]);
  const [text, setText] = useState(initial);
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => { void verifier().challenges().then(setList); }, []);
  const run = async () => {
    const codes = codesIn(text);
    setRows([]);
    setBusy(true);
    try {
      for (const c of codes) {
        const t0 = performance.now();
        const r = await verifier().verify(c);
        const ms = Math.round(performance.now() - t0);
        setRows((old) => [...old, { ...r, ms }]);
      }
    } finally { setBusy(false); }
  };
  const th = 'border-b border-slate-300 px-2 py-1 text-left font-semibold';
  const td = 'border-b border-slate-200 px-2 py-1 align-top';
  return (
    <main className="min-h-full bg-slate-100 p-3 text-slate-900" data-testid="verify-page">
      <header className="mb-3 flex flex-wrap items-center gap-3">
        <h1 className="text-base font-bold">QP Scope · Challenges and completion codes</h1>
        <button type="button" onClick={onBack} data-testid="verify-back" className="ml-auto rounded-md border border-slate-400 bg-white px-2 py-1 text-[13px]">Back to the instruments</button>
      </header>
      <section aria-labelledby="ch-list" className="mb-4 rounded-md border border-slate-300 bg-white p-3">
        <h2 id="ch-list" className="mb-1 font-semibold">Challenges</h2>
        <p className="mb-2 text-[13px] text-slate-700">A goal over the model. Open one, meet its goal with your own commands, and press “Check my attempt”: a met goal gives a completion code to hand in. The code carries your commands; this page (or <code>npm run verify</code>) replays them to check it.</p>
        <ul className="flex flex-col gap-1.5 text-[13px]">
          {list.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline gap-x-2">
              <a className="font-semibold text-indigo-800 underline" href={`#challenge=${c.id}`} data-testid={`start-${c.id}`}>{c.title}</a>
              <span className="text-slate-600">{INSTRUMENT[c.instrument]} · <code>{c.id}</code> · {limitsText(c)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="verify-title" className="rounded-md border border-slate-300 bg-white p-3">
        <h2 id="verify-title" className="mb-1 font-semibold">Verify codes</h2>
        <label className="flex flex-col gap-1 text-[13px]">Paste the codes, one per line
          <textarea className="min-h-24 w-full rounded border border-slate-400 p-1.5 font-mono text-[12px]" value={text} onChange={(e) => setText(e.target.value)} data-testid="verify-input" />
        </label>
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" disabled={busy} onClick={() => void run()} data-testid="verify-run" className="rounded-md border border-indigo-700 bg-indigo-700 px-3 py-1 text-[13px] font-semibold text-white disabled:opacity-60">{busy ? 'Verifying…' : 'Verify'}</button>
          <button type="button" disabled={busy || rows.length === 0} onClick={() => saveText('qp-scope-grades.csv', gradeCsv(rows), 'text/csv')} data-testid="verify-csv" className="rounded-md border border-slate-400 bg-white px-3 py-1 text-[13px] disabled:opacity-60">Download the CSV</button>
        </div>
        {rows.length > 0 && (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full border-collapse text-[12px]" data-testid="verify-table">
              <thead><tr><th className={th}>Code</th><th className={th}>Challenge</th><th className={th}>Result</th><th className={th}>Score</th><th className={th}>Trace hash</th><th className={th}>Replay</th></tr></thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} data-testid="verify-row" data-met={r.genuine && r.met}>
                    <td className={`${td} max-w-48 break-all font-mono`}>{r.code}</td>
                    <td className={td}>{r.challenge ?? '—'}</td>
                    <td className={td}>{r.genuine && r.met ? <b className="text-green-800">✓ genuine, met</b> : <span className="text-red-800">✗ {r.problem}</span>}</td>
                    <td className={td}>{r.score ?? '—'}</td>
                    <td className={`${td} font-mono`}>{r.traceHash ? `${r.traceHash.slice(0, 16)}…` : '—'}</td>
                    <td className={td}>{r.ms} ms</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
