// A running challenge: the instructor's text, each part of the goal ticked off live, the score
// (lower is better) and the attempt's trace hash, which the instructor can check by replaying.
import { transport } from '../../../bridge/labs.ts';
import { useTransport } from '../../../store/transport.ts';
import { usText } from '../format.ts';
import { grouped } from '../../kit/grouped.ts';

export function ChallengeBanner() {
  const c = useTransport((s) => s.frame?.challenge ?? null);
  const hash = useTransport((s) => s.frame?.traceHash ?? '');
  const t = useTransport((s) => s.frame?.t ?? 0);
  if (!c) return null;
  return (
    <section aria-labelledby="challenge-title" className={`border-b px-3 py-1.5 text-[12px] ${c.met ? 'border-green-500 bg-green-50' : 'border-indigo-300 bg-indigo-50'}`} data-testid="challenge">
      <div className="flex items-baseline gap-2">
        <h2 id="challenge-title" className="font-semibold text-slate-900">Challenge: {c.title}</h2>
        <span className={`rounded px-1.5 font-semibold ${c.met ? 'bg-green-700 text-white' : 'bg-white text-indigo-900'}`} data-testid="challenge-status" role="status">
          {c.met ? `✓ Goal met${c.metAt !== null ? ` at ${usText(c.metAt)}` : ''}` : 'Not yet'}
        </span>
        <button type="button" className="ml-auto rounded border border-slate-400 bg-white px-2 text-[11px]" onClick={() => void transport().act('stopChallenge')}>Leave the challenge</button>
      </div>
      <p className="text-slate-700">{c.text}</p>
      <ul className="mt-0.5 flex flex-col" aria-label="Goal">
        {c.parts.map((p, i) => <li key={i} className={p.met ? 'text-green-800' : 'text-slate-700'}>{p.met ? '✓' : '○'} {p.text}</li>)}
      </ul>
      <p className="mt-0.5 text-slate-600">
        {c.score !== null && <>Score: <b data-testid="challenge-score">{c.score}</b> {c.scoreLabel}. </>}
        Attempt's trace hash at {usText(t)}: <code className="select-all font-mono text-[11px]" data-testid="challenge-hash">{hash}</code>
        {c.ungraded ? <> Not graded: {grouped(c.ungraded)} events that left the event log before they could be counted.</> : null}
      </p>
    </section>
  );
}
