// A written challenge in progress: the instructor's text, each part of the predicate goal ticked
// off live (events counted from t = 0, as the verifier counts them), the limits, and "Check my
// attempt", which replays the student's own commands since the start in the verify worker and,
// when the goal is met, shows the completion code (it verifies anywhere) and its Verify link.
import { useState } from 'react';
import { transport } from '../../../bridge/labs.ts';
import { useTransport } from '../../../store/transport.ts';
import { usText } from '../format.ts';
import { grouped } from '../../kit/grouped.ts';
import type { ChallengeKit, WrittenAttempt } from './ChallengeEditor.tsx';

function limitsText(l: { withinNs?: number; maxCommands?: number }): string {
  const out = [];
  if (l.withinNs !== undefined) out.push(`graded at ${usText(l.withinNs)}`);
  if (l.maxCommands !== undefined) out.push(`at most ${l.maxCommands} command${l.maxCommands === 1 ? '' : 's'} of yours`);
  return out.length ? out.join(', ') : 'none';
}

export function ChallengeBanner({ kit }: { kit?: ChallengeKit }) {
  const c = useTransport((s) => s.frame?.challenge ?? null);
  const [res, setRes] = useState<WrittenAttempt | null>(null);
  const [busy, setBusy] = useState(false);
  if (!c) return null;
  const check = async () => {
    if (!kit) return;
    setBusy(true);
    try { setRes(await kit.attempt()); } finally { setBusy(false); }
  };
  const btn = 'rounded border px-2 text-[11px]';
  return (
    <section aria-labelledby="challenge-title" className={`border-b px-3 py-1.5 text-[12px] ${c.met ? 'border-green-500 bg-green-50' : 'border-indigo-300 bg-indigo-50'}`} data-testid="challenge">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h2 id="challenge-title" className="font-semibold text-slate-900">Challenge: {c.title}</h2>
        <span className={`rounded px-1.5 font-semibold ${c.met ? 'bg-green-700 text-white' : 'bg-white text-indigo-900'}`} data-testid="challenge-status" role="status">
          {c.met ? `✓ Goal holds${c.metAt !== null ? ` (since ${usText(c.metAt)})` : ''}` : 'Not yet'}
        </span>
        <span className="ml-auto flex gap-1.5">
          {kit && <button type="button" disabled={busy} className={`${btn} border-indigo-700 bg-indigo-700 font-semibold text-white disabled:opacity-60`} data-testid="written-check" onClick={() => void check()}>{busy ? 'Replaying…' : 'Check my attempt'}</button>}
          <button type="button" className={`${btn} border-slate-400 bg-white`} onClick={() => { setRes(null); void transport().act('stopChallenge'); }}>Leave the challenge</button>
        </span>
      </div>
      <p className="text-slate-700">{c.text}</p>
      <ul className="mt-0.5 flex flex-col" aria-label="Goal">
        {c.parts.map((p, i) => <li key={i} className={p.met ? 'text-green-800' : 'text-slate-700'}>{p.met ? '✓' : '○'} {p.text}</li>)}
      </ul>
      <p className="mt-0.5 text-slate-600" data-testid="challenge-limits">
        Limits: {limitsText(c.limits)}.{c.scoreLabel ? ` Score: ${c.scoreLabel}, your commands only.` : ''}
        {c.ungraded ? <> Not graded live: {grouped(c.ungraded)} events that left the event log before they could be counted.</> : null}
      </p>
      {res && !res.ok && <p role="alert" className="mt-1 text-red-800">{res.error}</p>}
      {res?.ok && (
        <div className="mt-1 rounded border border-slate-300 bg-white p-1.5" data-testid="written-attempt">
          <p role="status" data-testid="written-result" className={res.met ? 'font-semibold text-green-800' : 'text-slate-800'}>
            {res.met ? `✓ Goal met, replayed from the start · score ${res.score ?? '—'}` : `Not met when replayed from the start (${res.commands} command${res.commands === 1 ? '' : 's'} of yours)`}
          </p>
          {!res.met && <ul className="flex flex-col">{res.parts.filter((p) => !p.met).map((p, i) => <li key={i}>○ {p.text}</li>)}</ul>}
          {res.code && (
            <div className="mt-1 flex flex-col gap-1">
              <label className="flex flex-col">Your completion code (hand it in{res.id ? `; challenge ${res.id}` : ''})
                <textarea readOnly rows={3} className="w-full rounded border border-slate-400 bg-white p-1 font-mono text-[11px]" value={res.code} data-testid="written-code" onFocus={(e) => e.currentTarget.select()} />
              </label>
              {kit && <a className="self-start text-indigo-800 underline" href={kit.verifyLink(res.code)} data-testid="written-verify-link">Verify it</a>}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
