// The same shell in every instrument, so a student who switches finds everything where it was:
// a header with the title, the instrument switch and the Lessons toggle on the left, Share, Help
// and the theme on the right; under it the lesson column on the left, and on the right the
// instrument's own controls (Play first) above its body.
// On a phone (below 1024 px) the same order reads top to bottom: header, the lesson step (capped
// at half the screen, scrolling inside), then Play and the instrument's controls right under the
// step that asks for them, then the instrument.
import { StateFilesMenu } from './StateFiles.tsx';
import { useContext, type HTMLAttributes, type ReactNode } from 'react';
import type { LabId } from '../../worker/kit/types.ts';
import { Icon } from '../kit/Icon.tsx';
import { PageModeContext } from './embed.ts';
import { LabNav } from './LabNav.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export interface LabShellProps {
  lab: LabId;
  /** A line under the title (the transport instrument names its scenario). */
  subtitle?: string;
  lessonOpen: boolean;
  setLessonOpen(open: boolean): void;
  /** The lesson panel, placed in the lesson column while it is open. */
  lesson: ReactNode;
  /** Playback first, then what the instrument controls over time (speed, its clock, a preset). */
  controls: ReactNode;
  /** A second row of tools under the controls (the transport instrument's time tools). */
  toolbar?: ReactNode;
  ready: boolean;
  /** A lesson's question is open and holds the model (views/kit/mask.tsx heldBy): say so under the controls. */
  held?: boolean;
  onShare(): void;
  onHelp(): void;
  /** The Help button's accessible name (the transport instrument names its shortcut). */
  helpLabel?: string;
  /** The instrument's body. */
  children: ReactNode;
  /** Dialogs, notices and announcers, outside the layout. */
  overlays?: ReactNode;
  /** Extra classes on the root (e.g. a minimum height for the instrument's grid). */
  className?: string;
  /** Rendered before the header, first in the Tab order (a skip link). */
  skip?: ReactNode;
  /** Handlers on the root (the transport instrument takes a dropped scenario file anywhere). */
  rootProps?: Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'children'>;
}

const btn = 'inline-flex h-8 items-center gap-1 whitespace-nowrap rounded-md border bg-white px-2.5 text-sm font-medium disabled:opacity-40';

export function LabShell({ lab, subtitle, lessonOpen: open, setLessonOpen, lesson, controls, toolbar, ready, held = false, onShare, onHelp, helpLabel = 'Help', children, overlays, className = '', skip, rootProps }: LabShellProps) {
  const mode = useContext(PageModeContext);
  // Embedded, the lesson column is always there (it is half of what an embed shows).
  const lessonOpen = open || mode.embed !== null;
  const note = mode.kept ? null : (
    <p role="status" data-testid="storage-note" className="border-b border-amber-600 bg-amber-50 px-3 py-1 text-xs text-amber-900">
      This browser keeps no storage for this page here, so your progress is kept only for this visit.
    </p>
  );
  return (
    <div {...rootProps} className={`flex min-h-full flex-col bg-slate-100 text-slate-900 lg:h-full ${className}`} data-testid={`${lab}-lab`} data-embed={mode.embed ? 'true' : undefined}>
      {skip}
      {mode.embed ? (
        <header className="flex items-center gap-3 border-b border-slate-300 bg-white px-3 py-1" data-testid="embed-header">
          <h1 className="text-sm font-bold tracking-tight text-slate-900">QP Scope</h1>
          <a href={mode.embed.openHref()} target="_blank" rel="noopener" data-testid="open-in-qpscope"
            onClick={(e) => { e.currentTarget.href = mode.embed?.openHref() ?? e.currentTarget.href; }}
            className="ml-auto text-sm font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900">Open in QP Scope ↗</a>
        </header>
      ) : <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-slate-300 bg-white px-3 py-1.5 shadow-sm" data-testid="shell-header">
        {/* A fixed width from 640 px, so the switch and the Lessons toggle sit at the same x in every instrument. */}
        <h1 className="shrink-0 text-base font-bold tracking-tight text-slate-900 sm:w-28">QP Scope</h1>
        <LabNav current={lab} />
        <button type="button" data-testid="tour-button" aria-pressed={lessonOpen} aria-controls={lessonOpen ? 'lesson-column' : undefined}
          onClick={() => setLessonOpen(!lessonOpen)} className={`${btn} border-blue-600 text-blue-800 hover:bg-blue-50`}>
          Lessons
        </button>
        {/* The scenario's name, whole: it wraps in the room the header has (two lines at most at
            1280 px), where a fixed box beside the title cut it ("Sandbox: two hosts, tw…"). */}
        {subtitle !== undefined && <p className="hidden min-w-0 flex-1 text-[11px] leading-tight text-slate-500 sm:block" data-testid="shell-subtitle">{subtitle}</p>}
        <div className="ml-auto flex shrink-0 items-center gap-1.5">
          <StateFilesMenu className={`${btn} border-slate-400 text-slate-800 hover:bg-slate-100`} />
          <a href="#verify" data-testid="verify-link" className={`${btn} border-slate-400 text-slate-800 hover:bg-slate-100`}>Challenges</a>
          <button type="button" data-testid="share" onClick={onShare} disabled={!ready} className={`${btn} border-indigo-600 text-indigo-800 hover:bg-indigo-50`}>
            <Icon kind="share" />Share
          </button>
          <button type="button" data-testid="help-button" onClick={onHelp} aria-label={helpLabel}
            className="inline-flex h-8 w-8 items-center justify-center rounded-full border border-slate-400 bg-white text-sm font-bold text-slate-800 hover:bg-slate-100">?</button>
          <ThemeToggle />
        </div>
      </header>}
      {note}
      <div className={`flex flex-col lg:grid lg:min-h-0 lg:flex-1 ${lessonOpen ? 'lg:grid-cols-[272px_minmax(0,1fr)]' : 'lg:grid-cols-1'}`}>
        {lessonOpen && (
          <aside id="lesson-column" aria-label="Guided lesson" data-testid="lesson-column"
            className="flex max-h-[50vh] min-h-0 flex-col border-b border-slate-300 bg-white lg:max-h-none lg:border-b-0 lg:border-r">
            {mode.course}
            {lesson}
          </aside>
        )}
        <div className="flex min-w-0 flex-col lg:min-h-0">
          {/* A landmark of its own: everything on the page sits in one (axe "region"). */}
          <section aria-label="Controls" className="flex flex-col">
            <div data-testid="shell-controls" className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-slate-300 bg-white px-3 py-1.5">
              {controls}
            </div>
            {held && (
              <p role="status" data-testid="held-note" className="border-b border-violet-300 bg-violet-50 px-3 py-0.5 text-[12px] text-violet-900">
                <strong>Held for your answer:</strong> the model waits until you lock in an answer to the lesson&apos;s question (or show it). Until then Play and the controls that change it are off.
              </p>
            )}
            {toolbar}
          </section>
          {children}
        </div>
      </div>
      {overlays}
    </div>
  );
}
