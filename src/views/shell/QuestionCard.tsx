// A question step: predict before the model runs. One choice (radios), several (checkboxes), an
// order (a list moved with buttons, keyboard-operable), or a number. The first answer runs the
// event and is the learner's score; the grade comes from what the model did, with the reason
// (right) or the misconception (wrong). A wrong answer never prints the model's value: the
// learner may answer again, try a variant with other numbers, or ask to see the answer (seen,
// not scored).
import { useState } from 'react';
import type { Answer, QuestionView } from '../../worker/kit/types.ts';
import { grouped } from '../kit/grouped.ts';
import { RichText } from './RichText.tsx';

interface Props { q: QuestionView; firstTry: boolean | null; onAnswer(a: Answer): Promise<unknown>; onVary?(): Promise<unknown>; onReveal?(): Promise<unknown> }

const same = (a: Answer | null, b: Answer | undefined) => a !== null && b !== undefined && JSON.stringify(a) === JSON.stringify(b);

export function QuestionCard({ q, firstTry, onAnswer, onVary, onReveal }: Props) {
  const [one, setOne] = useState<string | null>(null);
  const [several, setSeveral] = useState<string[]>([]);
  const [order, setOrder] = useState<string[]>(() => q.options.map((o) => o.id));
  const [num, setNum] = useState('');
  const [busy, setBusy] = useState(false);
  // Once the answer is right the choices fold to one line (the learner may open them again), so
  // the step's text, the question and the reason fit the lesson column together.
  const [reopenedAt, setReopenedAt] = useState(-1);
  const label = (id: string) => q.options.find((o) => o.id === id)?.label ?? id;
  const answer: Answer | null = q.kind === 'one' ? one : q.kind === 'several' ? several : q.kind === 'order' ? order : num.trim() === '' || !Number.isFinite(Number(num)) ? null : Number(num);
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try { await fn(); } finally { setBusy(false); }
  };
  const submit = () => (answer === null ? Promise.resolve() : act(() => onAnswer(answer)));
  const move = (i: number, d: -1 | 1) => {
    const j = i + d;
    if (j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j], next[i]];
    setOrder(next);
  };
  const g = q.graded;
  const shown = (a: Answer) => (Array.isArray(a) ? a.map(label).join(q.kind === 'order' ? ' → ' : ', ') : typeof a === 'number' ? `${fmt(a)}${q.unit ? ` ${q.unit}` : ''}` : label(a));
  const expectedText = g ? shown(g.expected) : '';
  const folded = (!!g?.correct || !!q.seen) && reopenedAt !== q.attempts;
  // The same answer again is not an attempt: the button waits for a change.
  const unchanged = !!g && !q.seen && same(answer, g.answer);
  return (
    <form className="flex flex-col gap-1.5 rounded border-l-4 border-violet-600 bg-violet-50 p-2 text-[13px]" data-testid="question" aria-labelledby="question-prompt"
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <p className="text-[11px] font-semibold uppercase tracking-wide text-violet-800">{q.revealed ? 'The model has run' : 'Predict first: the model waits for you'}{!!q.variant && <span className="normal-case"> · variant {q.variant}, other numbers</span>}{q.attempts > 0 && <span className="font-normal normal-case text-slate-600"> · {q.attempts} attempt{q.attempts === 1 ? '' : 's'}</span>}
        {firstTry !== null && <span className="font-normal normal-case text-slate-600" data-testid="first-try"> · first try {firstTry ? '✓' : '✕'}</span>}</p>
      <p id="question-prompt" className="font-semibold leading-snug text-slate-900">{q.prompt}</p>
      {folded && g && (
        <p data-testid="answer-folded">Your answer: <b>{shown(g.answer)}</b>{' '}
          <button type="button" className="text-[11px] text-violet-800 underline" onClick={() => setReopenedAt(q.attempts)} data-testid="answer-reopen">try another</button>
        </p>
      )}
      {!folded && q.kind === 'one' && (
        <fieldset className="flex flex-col gap-1"><legend className="sr-only">Choose one</legend>
          {q.options.map((o) => (
            <label key={o.id} className="flex items-start gap-2"><input type="radio" name="q-one" value={o.id} checked={one === o.id} onChange={() => setOne(o.id)} data-testid={`answer-${o.id}`} className="mt-1" />{o.label}</label>
          ))}
        </fieldset>
      )}
      {!folded && q.kind === 'several' && (
        <fieldset className="flex flex-col gap-1"><legend className="text-xs text-slate-600">Choose every one that applies</legend>
          {q.options.map((o) => (
            <label key={o.id} className="flex items-start gap-2"><input type="checkbox" checked={several.includes(o.id)} data-testid={`answer-${o.id}`} className="mt-1"
              onChange={(e) => setSeveral(e.target.checked ? [...several, o.id] : several.filter((x) => x !== o.id))} />{o.label}</label>
          ))}
        </fieldset>
      )}
      {!folded && q.kind === 'order' && (
        <ol className="flex flex-col gap-1" aria-label="Put these in order, first at the top">
          {order.map((id, i) => (
            <li key={id} className="flex items-center gap-1 rounded border border-slate-300 bg-white px-1.5 py-0.5" data-testid={`order-${id}`}>
              <span className="w-5 text-right text-xs text-slate-500">{i + 1}.</span>
              <span className="flex-1">{label(id)}</span>
              <button type="button" aria-label={`Move ${label(id)} up`} disabled={i === 0} onClick={() => move(i, -1)} className="rounded border border-slate-300 px-1 text-xs disabled:opacity-30">↑</button>
              <button type="button" aria-label={`Move ${label(id)} down`} disabled={i === order.length - 1} onClick={() => move(i, 1)} className="rounded border border-slate-300 px-1 text-xs disabled:opacity-30">↓</button>
            </li>
          ))}
        </ol>
      )}
      {!folded && q.kind === 'number' && (
        <label className="flex items-center gap-2">Your estimate
          <input type="number" inputMode="decimal" step="any" value={num} onChange={(e) => setNum(e.target.value)} data-testid="answer-number"
            className="w-28 rounded border border-slate-400 bg-white px-1.5 py-0.5 font-mono" />{q.unit}
        </label>
      )}
      {!folded && (
        <div className="flex items-center gap-2">
          <button type="submit" disabled={busy || answer === null || unchanged} data-testid="answer-submit"
            className="rounded-md border border-violet-700 bg-violet-700 px-3 py-1 text-sm font-semibold text-white hover:bg-violet-800 disabled:opacity-40">
            {q.revealed ? 'Answer again' : 'Lock in and run'}
          </button>
        </div>
      )}
      <div aria-live="polite" data-testid="answer-feedback">
        {g && (
          <div className={`rounded border p-2 ${g.correct ? 'border-green-600 bg-green-50 text-green-900' : 'border-amber-600 bg-amber-50 text-amber-900'}`} data-correct={g.correct}>
            {g.correct && g.feedback.map((f, i) => <p key={f}>{i === 0 && <b>✓ Right. </b>}<RichText text={f} /></p>)}
            {!g.correct && q.seen && <><p className="font-semibold" data-testid="answer-seen">The model did: <span className="font-mono">{expectedText}</span> <span className="font-normal">(seen, not scored)</span></p>{g.feedback.map((f) => <p key={f}><RichText text={f} /></p>)}</>}
            {!g.correct && !q.seen && <>
              <p className="font-semibold">✕ Not what the model did. Why your answer misses:</p>
              {g.feedback.map((f) => <p key={f} data-testid="answer-why"><RichText text={f} /></p>)}
              <p className="text-xs">Change your answer, or:</p>
              <div className="mt-1 flex flex-wrap gap-2">
                {q.canVary && onVary && <button type="button" disabled={busy} data-testid="answer-variant" className="rounded border border-violet-700 bg-white px-2 py-0.5 text-violet-900" onClick={() => void act(onVary)}>Try a variant (other numbers)</button>}
                {onReveal && <button type="button" disabled={busy} data-testid="answer-reveal" className="rounded border border-slate-400 bg-white px-2 py-0.5 text-slate-800" onClick={() => void act(onReveal)}>Show the answer (not scored)</button>}
              </div>
            </>}
          </div>
        )}
      </div>
    </form>
  );
}

function fmt(x: number): string {
  return Math.abs(x) >= 100 ? grouped(x) : Number(x.toPrecision(3)).toString();
}
