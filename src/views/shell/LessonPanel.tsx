// The guided lesson beside an instrument, the same for every instrument: pick a lesson, read a
// step, do it (or have it done), and see it ticked off the moment the model shows it happened.
// The instrument supplies the catalogue, the progress from its frames and the actions.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LessonInfo, LessonProgress } from '../../worker/kit/types.ts';
import type { Answer } from '../../worker/kit/types.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { RichText } from './RichText.tsx';
import { useWorkerValue } from '../kit/useWorkerValue.ts';
import { firstScore, labProgress, loadProgress, mergeFirst } from './progress.ts';
import { learnerSeed } from './learner.ts';

/**
 * What the lesson column asks of an instrument: every one of them, for every instrument (a missing
 * one is a type error; `lessonActions` builds them from the calls every worker answers).
 */
export interface LessonActions {
  /** Start a lesson from its setup ('' leaves lessons for free play). */
  pick(id: string): Promise<unknown>;
  /** Go to a step (Back, Next, a step's number). */
  goTo(step: number): Promise<unknown>;
  solve(): Promise<unknown>;
  /** The learner's answer to a question step. */
  answer(a: Answer): Promise<unknown>;
  /** After a wrong answer: the same question with other numbers, graded by the model. */
  vary(): Promise<unknown>;
  /** Show the answer: the step is done, the question seen and not scored. */
  reveal(): Promise<unknown>;
  /** The next rung of the step's hint ladder. */
  hint(): Promise<unknown>;
  /** Back to where the current step began, to start it again (shown when a step cannot be completed any more). */
  restore(): Promise<unknown>;
}

/** The lesson calls of a worker API (worker/kit/types.ts LabApi), as a view's client makes them. */
export interface LessonCalls {
  act(name: 'startLesson', id: string, step: number, keep: boolean, seed: number): Promise<unknown>;
  act(name: 'stopLesson' | 'solveStep' | 'hint' | 'restoreStep' | 'variantQuestion' | 'revealAnswer'): Promise<unknown>;
  act(name: 'lessonStep', step: number): Promise<unknown>;
  act(name: 'answer', a: Answer): Promise<unknown>;
}

/** What an instrument adds to the lesson actions every worker answers (its registry entry says it). */
export interface OwnLessonActions extends Partial<LessonActions> {
  /** Leave lessons for free play (default: the worker's `stopLesson`). */
  leave?(): Promise<unknown>;
  /** After a lesson started: e.g. bring its first step's place into view (`first`: that place). */
  picked?(id: string, first: string | undefined): unknown;
}

/** The error of a refused reply (`{ ok: false, error }`), if it is one. */
function refusal(r: unknown): string | null {
  if (!r || typeof r !== 'object' || !('ok' in r) || r.ok) return null;
  return 'error' in r && typeof r.error === 'string' ? r.error : 'it was refused';
}

/** What the lesson actions use of an instrument's store: its catalogue (a lesson's first place) and its notice. */
interface LessonStore { getState(): { lessons: readonly LessonInfo[]; showNotice(kind: 'error', text: string): void } }

/**
 * Every lesson action through an instrument's client, a refused lesson shown as its store's
 * notice; `own` replaces or extends what is the instrument's own.
 */
export function lessonActions(client: () => LessonCalls, store: LessonStore, own: OwnLessonActions = {}): LessonActions {
  const { picked, leave, ...rest } = own;
  return {
    async pick(id) {
      const r = id === '' ? await (leave ? leave() : client().act('stopLesson')) : await client().act('startLesson', id, 0, false, learnerSeed());
      const no = refusal(r);
      if (no) store.getState().showNotice('error', `The lesson could not start: ${no}`);
      await picked?.(id, store.getState().lessons.find((l) => l.id === id)?.steps[0]?.highlight);
    },
    goTo: (step) => client().act('lessonStep', step),
    solve: () => client().act('solveStep'),
    answer: (a) => client().act('answer', a),
    hint: () => client().act('hint'),
    restore: () => client().act('restoreStep'),
    vary: () => client().act('variantQuestion'),
    reveal: () => client().act('revealAnswer'),
    ...rest,
  };
}

export interface LessonPanelProps {
  lessons: LessonInfo[];
  progress: LessonProgress | null;
  actions: LessonActions;
  /** Bring the place a step refers to into view (an inspector tab, a panel, a lab tab). */
  onLook?: (place: string) => void;
  /** Moving to a step also brings its place into view (instruments whose places are tabs). */
  followHighlight?: boolean;
  onClose?: () => void;
  /** What free play is called, and what it shows when no lesson runs. */
  freeLabel: string;
  free: { title: string; text: ReactNode };
  /** Steps done per lesson, as saved in this browser (the table of contents marks them). */
  saved?: Record<string, boolean[]>;
  /** Forget the saved progress. */
  onResetProgress?: () => void;
  /** A banner above the lesson (e.g. "opened from a link: your own progress is kept"). */
  banner?: ReactNode;
}

const TAG_CLS: Record<string, string> = {
  documented: 'bg-sky-100 text-sky-900', code: 'bg-emerald-100 text-emerald-900', measured: 'bg-amber-100 text-amber-900', model: 'bg-violet-100 text-violet-900', unresolved: 'bg-slate-100 text-slate-700',
};

export function LessonPanel({ lessons, progress, actions, onLook, followHighlight, onClose, freeLabel, free, saved = {}, onResetProgress, banner }: LessonPanelProps) {
  const [busy, setBusy] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const lesson = lessons.find((l) => l.id === progress?.id);
  const pick = (id: string) => actions.pick(id);
  const go = (i: number) => actions.goTo(i);
  // Whenever the step changes within a lesson — Next, Back, a step number — its place comes
  // into view (for instruments whose places are tabs).
  const at = progress ? `${progress.id}/${progress.step}` : '';
  const lookRef = useRef(onLook);
  useEffect(() => { lookRef.current = onLook; });
  // Only a move within the lesson follows: a link or a resumed session brings its own tab.
  const prevAt = useRef(at);
  useEffect(() => {
    const before = prevAt.current;
    prevAt.current = at;
    const sameLesson = before !== '' && before.split('/')[0] === at.split('/')[0] && before !== at;
    const h = lesson?.steps[progress?.step ?? -1]?.highlight;
    if (followHighlight && h && sameLesson) lookRef.current?.(h);
  }, [at, followHighlight]); // eslint-disable-line react-hooks/exhaustive-deps
  // A question step starts at its heading, the lesson's title scrolled out of the way, so that the
  // step's text, the question and (after each answer) the feedback share the column; when the
  // feedback would not fit below the heading, it is the feedback that is kept in view.
  const attempts = progress?.question?.attempts ?? 0;
  useEffect(() => {
    const s = scroller.current;
    const h = heading.current;
    if (!s || !h) return;
    if (!progress?.question) { s.scrollTop = 0; return; }
    const top = s.getBoundingClientRect().top;
    const fb = s.querySelector('[data-testid="answer-feedback"]')?.getBoundingClientRect();
    const head = h.getBoundingClientRect().top - top - 4;
    const fbEnd = fb ? fb.bottom - top + 4 : head;
    s.scrollTop = Math.max(0, s.scrollTop + (fbEnd - head <= s.clientHeight ? head : fbEnd - s.clientHeight));
  }, [at, attempts]); // eslint-disable-line react-hooks/exhaustive-deps
  // The first-try score per lesson: this session's first answers over the ones saved in this browser.
  const firstOf = (id: string) => {
    const l = lessons.find((x) => x.id === id);
    if (!l) return null;
    const saved = labProgress(loadProgress(), l.lab).lessons[id]?.first;
    const f = mergeFirst(saved, id === progress?.id ? progress.firstTry : undefined);
    const s = firstScore(f, l.steps.filter((x) => x.question).length);
    return s.answered > 0 ? s : null;
  };
  const doneOf = (id: string) => {
    const l = lessons.find((x) => x.id === id);
    const d = id === progress?.id ? progress.stepsDone.map((x, i) => x || !!saved[id]?.[i]) : saved[id] ?? [];
    return { n: d.filter(Boolean).length, of: l?.steps.length ?? 0 };
  };

  async function run(fn: () => Promise<unknown>) {
    setBusy(true);
    try { await fn(); } finally { setBusy(false); }
  }

  const step = lesson && progress ? lesson.steps[progress.step] : undefined;
  const done = progress ? progress.stepsDone[progress.step] : false;
  const asks = !!progress?.question;
  const canHint = !!step && !!progress && step.hints > 0 && !done && progress.hints.length < step.hints;
  const canSolve = !!step?.solvable && !done;
  return (
    <section aria-labelledby="lesson-heading" className="flex h-full min-h-0 flex-col gap-2 p-3 text-sm" data-testid="lesson-panel">
      <div className="shrink-0">
        <div className="flex items-center justify-between">
          <label htmlFor="lesson-select" className="block text-xs font-semibold uppercase tracking-wide text-slate-500">Lesson</label>
          {onClose && <button type="button" onClick={onClose} className="rounded px-1 text-xs text-slate-500 hover:bg-slate-100" aria-label="Hide the lesson column">Hide ◂</button>}
        </div>
        <LessonSelect value={progress?.id ?? ''} onChange={pick} options={[['', freeLabel], ...lessons.map((l) => { const d = doneOf(l.id); const f = firstOf(l.id); return [l.id, `${d.n === d.of && d.of > 0 ? '✓ ' : ''}${topicLabel(l, lessons, 'Intro')}: ${l.title}${f ? ` (first try: ${f.right} of ${f.of})` : ''}`] as const; })]} />
      </div>
      {banner}
      {!lesson && <div className="min-h-0 flex-1 overflow-y-auto"><FreePlay lessons={lessons} free={free} onPick={(id) => void pick(id)} doneOf={doneOf} firstOf={firstOf} onReset={onResetProgress} /></div>}
      {lesson && progress && step && (
        <>
          <ol className="flex shrink-0 flex-wrap gap-1" aria-label="Steps">
            {lesson.steps.map((s, i) => (
              <li key={s.id}>
                <button type="button" onClick={() => void go(i)} aria-current={i === progress.step ? 'step' : undefined}
                  aria-label={`Step ${i + 1}: ${s.title}${progress.stepsDone[i] ? ' (done)' : ''}`}
                  className={`h-7 min-w-7 rounded-full border px-2 text-xs font-semibold ${i === progress.step ? 'border-blue-600 bg-blue-600 text-white' : progress.stepsDone[i] ? 'border-green-600 bg-green-50 text-green-800' : 'border-slate-300 bg-white text-slate-700'}`}>
                  {progress.stepsDone[i] ? '✓' : i + 1}
                </button>
              </li>
            ))}
          </ol>
          {/* The step, its question and the feedback scroll together; the task, the buttons and
              Back/Next stay fixed below, so at 1280×720 what to do is always in view. */}
          <div ref={scroller} className="-mx-3 flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-3" data-testid="lesson-scroll">
          <header>
            <h2 id="lesson-heading" className="text-base font-semibold leading-snug text-slate-900">{lesson.title}</h2>
            {progress.step === 0 && lesson.why && (
              // A question step needs the room: there the "why" folds to one line.
              <details key={`${lesson.id}/${asks}`} open={!asks} className="mt-1 rounded bg-amber-50 px-2 py-1 text-[12.5px] text-amber-950" data-testid="lesson-why">
                <summary className="cursor-pointer font-semibold">Why it matters</summary>
                <RichText text={lesson.why} terms={lesson.terms} />
              </details>
            )}
          </header>
          <article aria-labelledby="step-heading" className="flex flex-col gap-2">
            <h3 id="step-heading" ref={heading} data-testid="step-heading" className="font-semibold text-slate-900">{progress.step + 1}. {step.title}</h3>
            {step.highlight && onLook && <button type="button" className="-mt-1.5 self-start text-[11.5px] text-blue-800 underline" onClick={() => { if (step.highlight) onLook(step.highlight); }}>Show me where</button>}
            {step.text.map((p, i) => <p key={i} className="leading-relaxed text-slate-700" data-testid="step-text"><RichText text={p} terms={lesson.terms} /></p>)}
            {progress.hints.length > 0 && (
              <ol className="flex list-decimal flex-col gap-1 rounded border border-sky-300 bg-sky-50 py-1 pl-6 pr-2 text-[12.5px] text-sky-950" aria-label="Hints" data-testid="hints">
                {progress.hints.map((h, i) => <li key={i}><RichText text={h} terms={lesson.terms} />{i === step.hints - 1 && <span className="ml-1 text-[11px] font-semibold">(the answer)</span>}</li>)}
              </ol>
            )}
            {progress.stuck && (
              <div role="alert" className="rounded border border-red-400 bg-red-50 p-2 text-[12.5px] text-red-950" data-testid="lesson-stuck">
                <p><b>This step cannot be completed from here. </b>{progress.stuck}</p>
                <button type="button" className="mt-1 rounded border border-red-700 bg-white px-2 py-0.5 font-semibold text-red-900" data-testid="lesson-restore" onClick={() => void run(() => actions.restore())}>Back to this step's start</button>
              </div>
            )}
          </article>
          {progress.question && <QuestionCard key={`${progress.id}/${progress.step}/${progress.question.variant ?? 0}`} q={progress.question} firstTry={progress.firstTry?.[progress.step] ?? null} onAnswer={(a) => actions.answer(a)} onVary={actions.vary} onReveal={actions.reveal} />}
          {/* Folded on every step, and folded again until a question is answered: a source may state the outcome. */}
          <details key={`${at}/${progress.question?.revealed ?? ''}`} className="text-xs text-slate-600" data-testid="lesson-sources">
            <summary className="cursor-pointer">Sources</summary>
            <p className="mt-1">Each source is listed in docs/sources.md of the project under its key, tagged as documented, read in code, measured, or the model's own reasoning.</p>
            <ul className="mt-1 flex flex-col gap-1">{lesson.sources.map((s) => (
              <li key={s.key || s.title}>
                <span className={`mr-1 rounded px-1 text-[10px] font-semibold uppercase ${TAG_CLS[s.tag] ?? TAG_CLS.unresolved}`}>{s.tag === 'code' ? 'read in code' : s.tag}</span>
                <b>{s.title}</b>{s.note ? ` — ${s.note}` : ''}{s.primary && <span className="block text-slate-500">{s.primary}{s.key && <> [sources.md: <code>{s.key}</code>]</>}</span>}
              </li>
            ))}</ul>
          </details>
          </div>
          <div className="-mx-3 flex max-h-[45%] shrink-0 flex-col gap-2 border-t border-slate-200 bg-white px-3 pt-2" data-testid="lesson-footer">
            <p aria-live="polite" className="sr-only">{done ? `Step ${progress.step + 1} done.` : ''}</p>
            {(step.task || canHint || canSolve) && <div className="flex min-h-0 flex-col gap-2 overflow-y-auto">
              {step.task && (
                <div className={`rounded border-l-4 p-2 ${done ? 'border-green-600 bg-green-50' : 'border-blue-600 bg-blue-50'}`} data-testid="lesson-task">
                  <p className="font-semibold">{done ? '✓ Done' : 'Your turn'}</p>
                  <p><RichText text={step.task} terms={lesson.terms} /></p>
                </div>
              )}
              {(canHint || canSolve) && <div className="flex flex-wrap gap-2">
                {canHint && (
                  <button type="button" disabled={busy} data-testid="lesson-hint" className="rounded border border-sky-600 bg-white px-2 py-1 text-sky-900" onClick={() => void run(() => actions.hint())}>
                    {progress.hints.length === 0 ? 'Hint' : progress.hints.length === step.hints - 1 ? 'Show the answer' : 'Another hint'}
                  </button>
                )}
                {canSolve && <button type="button" disabled={busy} data-testid="lesson-solve" className="rounded border border-slate-300 bg-white px-2 py-1" onClick={() => void run(() => actions.solve())}>Do it for me</button>}
              </div>}
            </div>}
            <nav className="flex shrink-0 justify-between gap-2" aria-label="Lesson navigation">
              <button type="button" disabled={progress.step === 0} className="rounded border border-slate-300 bg-white px-3 py-1 disabled:opacity-40" onClick={() => void go(progress.step - 1)}>← Previous step</button>
              {progress.step < lesson.steps.length - 1
                ? <button type="button" className={`rounded px-3 py-1 font-semibold ${done ? 'bg-blue-600 text-white' : 'border border-slate-300 bg-white'}`} onClick={() => void go(progress.step + 1)}>Next →</button>
                : <span className="self-center text-xs text-slate-600">{progress.done ? 'Lesson complete ✓' : 'Last step'}</span>}
            </nav>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * A lesson's topic as the lists show it beside its own title: where a topic has several lessons
 * (transport's topic 6 has two), which part this is, so no two entries read alike.
 */
export function topicLabel(l: Pick<LessonInfo, 'id' | 'topic'>, lessons: ReadonlyArray<Pick<LessonInfo, 'id' | 'topic'>>, start: string): string {
  const same = lessons.filter((o) => o.topic === l.topic);
  const name = l.topic === 0 ? start : `Topic ${l.topic}`;
  return same.length > 1 ? `${name}, part ${same.findIndex((o) => o.id === l.id) + 1} of ${same.length}` : name;
}

function LessonSelect({ value, onChange, options }: { value: string; onChange(v: string): Promise<unknown>; options: ReadonlyArray<readonly [string, string]> }) {
  const [shown, set] = useWorkerValue(value, onChange);
  return (
    // A long lesson name is cut by the column's width: the title (and the heading below) carry it whole.
    <select id="lesson-select" className="mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1" value={shown} onChange={(e) => set(e.target.value)}
      title={options.find(([v]) => v === shown)?.[1]}>
      {options.map(([v, t]) => <option key={v} value={v}>{t}</option>)}
    </select>
  );
}

function FreePlay({ lessons, free, onPick, doneOf, firstOf, onReset }: { lessons: LessonInfo[]; free: LessonPanelProps['free']; onPick: (id: string) => void; doneOf: (id: string) => { n: number; of: number }; firstOf: (id: string) => { right: number; of: number } | null; onReset?: () => void }) {
  return (
    <div className="flex flex-col gap-2 text-slate-700">
      <h2 id="lesson-heading" className="text-base font-semibold text-slate-900">{free.title}</h2>
      <div>{free.text}</div>
      <h3 className="mt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Guided lessons</h3>
      <ul className="flex flex-col gap-1.5">
        {lessons.map((l) => (
          <li key={l.id}>
            <button type="button" onClick={() => onPick(l.id)} className="w-full rounded border border-slate-200 bg-slate-50 px-2 py-1.5 text-left hover:border-blue-400 hover:bg-blue-50">
              <span className="flex justify-between text-[11px] font-semibold uppercase text-slate-500">
                <span>{topicLabel(l, lessons, 'Start here')}</span>
                {(() => { const d = doneOf(l.id); return d.n > 0 ? <span className={d.n === d.of ? 'text-green-700' : ''} data-testid={`toc-done-${l.id}`}>{d.n === d.of ? '✓ done' : `${d.n}/${d.of} steps`}</span> : null; })()}
              </span>
              <span className="block font-medium text-slate-900">{l.title}</span>
              <span className="block text-[11px] text-slate-600" data-testid={`toc-length-${l.id}`}>{l.steps.length} steps{l.meta ? ` · about ${l.meta.minutes} min` : ''}</span>
              {(() => { const f = firstOf(l.id); return f ? <span className="block text-[11px] text-slate-600" data-testid={`toc-first-${l.id}`}>first try: {f.right} of {f.of}</span> : null; })()}
            </button>
          </li>
        ))}
      </ul>
      {onReset && <button type="button" className="self-start text-[11px] text-slate-600 underline" data-testid="progress-reset" onClick={onReset}>Reset my progress</button>}
    </div>
  );
}
