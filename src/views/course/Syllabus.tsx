// A course as a syllabus: its items in order, each with what it is, the minutes it should take and
// the person's progress (done, steps done, first-try score); click one to open it. Export writes
// the file a student hands in; import reads one back. Everything from the course file is shown as
// text (React escapes it); nothing in it is markup.
import { useRef, type ChangeEvent } from 'react';

export interface SyllabusRow {
  title: string;
  minutes: number;
  /** "Lesson · NIC memory", "Challenge · Transport & lifecycle", "Lesson file". */
  kind: string;
  steps: number;
  stepsDone: number;
  complete: boolean;
  firstTry: { right: number; answered: number; questions: number };
  /** A challenge item met: its completion code is kept for the hand-in file. */
  code?: boolean;
}

export interface SyllabusProps {
  title: string;
  summary?: string;
  rows: SyllabusRow[];
  /** The item open last (marked), or null. */
  current: number | null;
  message: { kind: 'error' | 'info'; text: string } | null;
  onOpen(i: number): void;
  onExport(): void;
  onImport(text: string): void;
}

function status(r: SyllabusRow): string {
  if (r.complete) return 'Done';
  if (r.stepsDone === 0 && r.firstTry.answered === 0) return 'Not started';
  return r.steps > 0 ? `${r.stepsDone} of ${r.steps} steps` : `${r.stepsDone} steps done`;
}

const btn = 'inline-flex h-9 items-center gap-1 whitespace-nowrap rounded-md border px-3 text-sm font-medium';

export function Syllabus({ title, summary, rows, current, message, onOpen, onExport, onImport }: SyllabusProps) {
  const file = useRef<HTMLInputElement>(null);
  const minutes = rows.reduce((a, r) => a + r.minutes, 0);
  const done = rows.filter((r) => r.complete).length;
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (f) onImport(await f.text());
  };
  return (
    <main className="min-h-full bg-slate-100 px-3 py-4 text-slate-900 sm:px-6" data-testid="syllabus"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => { e.preventDefault(); const f = e.dataTransfer.files[0]; if (f) void f.text().then(onImport); }}>
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <header className="flex flex-col gap-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">QP Scope · Course</p>
          <h1 className="text-2xl font-bold tracking-tight" data-testid="course-title">{title}</h1>
          {summary && <p className="text-sm text-slate-700">{summary}</p>}
          <p className="text-sm text-slate-700" data-testid="course-totals">{rows.length} items · about {minutes} minutes · {done} of {rows.length} done</p>
        </header>
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} data-testid="course-message"
            className={`rounded-md border px-3 py-2 text-sm ${message.kind === 'error' ? 'border-red-600 bg-red-50 text-red-900' : 'border-slate-400 bg-white text-slate-900'}`}>
            {message.text}
          </p>
        )}
        <ol className="flex flex-col gap-2" aria-label="Course items">
          {rows.map((r, i) => (
            <li key={i} data-testid={`course-item-${i}`} data-done={r.complete}
              className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-white px-3 py-2 ${current === i ? 'border-blue-600' : 'border-slate-300'}`}>
              <span aria-hidden="true" className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${r.complete ? 'bg-emerald-700 text-white' : 'bg-slate-200 text-slate-800'}`}>{r.complete ? '✓' : i + 1}</span>
              <div className="flex min-w-0 flex-1 flex-col">
                <button type="button" onClick={() => onOpen(i)} data-testid={`open-item-${i}`}
                  className="self-start text-left text-base font-semibold text-blue-800 underline-offset-2 hover:underline">{r.title}</button>
                <span className="text-xs text-slate-600">{r.kind} · {r.minutes} min</span>
              </div>
              <div className="flex shrink-0 flex-col items-end text-xs text-slate-700" data-testid={`item-progress-${i}`}>
                <span>{status(r)}</span>
                {r.code && <span>Goal met · code saved</span>}
                {r.firstTry.answered > 0 && <span>First try: {r.firstTry.right} of {r.firstTry.questions} right{r.firstTry.answered < r.firstTry.questions ? ` (${r.firstTry.answered} answered)` : ''}</span>}
              </div>
              {r.steps > 0 && (
                <div className="h-1.5 w-full overflow-hidden rounded bg-slate-200" aria-hidden="true">
                  <div className="h-full bg-emerald-700" style={{ width: `${Math.round((100 * r.stepsDone) / r.steps)}%` }} />
                </div>
              )}
            </li>
          ))}
        </ol>
        <section aria-label="Progress file" className="flex flex-wrap items-center gap-2">
          <button type="button" onClick={onExport} data-testid="export-progress" className={`${btn} border-indigo-600 bg-white text-indigo-800 hover:bg-indigo-50`}>Export progress</button>
          <button type="button" onClick={() => file.current?.click()} data-testid="import-progress" className={`${btn} border-slate-500 bg-white text-slate-800 hover:bg-slate-50`}>Import progress</button>
          <input ref={file} type="file" accept="application/json,.json" className="hidden" data-testid="import-file" onChange={(e) => void pick(e)} />
          <p className="text-xs text-slate-600">Export writes a file to hand in: the course and, per item, the steps done and first answers, and each challenge met with its completion code.</p>
        </section>
      </div>
    </main>
  );
}
