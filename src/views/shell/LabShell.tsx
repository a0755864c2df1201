// The same shell in every instrument, so a student who switches finds everything where it was:
// a header with the title, the instrument switch and the Lessons toggle on the left, Share, Help
// and the theme on the right; under it the lesson column on the left, and on the right the
// instrument's own controls (Play first) above its body.
// On a phone (below 1024 px) the same order reads top to bottom: header, the lesson step (capped
// at half the screen, scrolling inside), then Play and the instrument's controls right under the
// step that asks for them, then the instrument.
import { StateFilesMenu } from './StateFiles.tsx';
import type { HTMLAttributes, ReactNode } from 'react';
import type { LabId } from '../../worker/kit/types.ts';
import { Icon } from '../kit/Icon.tsx';
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

export function LabShell({ lab, subtitle, lessonOpen, setLessonOpen, lesson, controls, toolbar, ready, onShare, onHelp, helpLabel = 'Help', children, overlays, className = '', skip, rootProps }: LabShellProps) {
  return (
    <div {...rootProps} className={`flex min-h-full flex-col bg-slate-100 text-slate-900 lg:h-full ${className}`} data-testid={`${lab}-lab`}>
      {skip}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-slate-300 bg-white px-3 py-1.5 shadow-sm" data-testid="shell-header">
        {/* A fixed width from 640 px, so the switch and the Lessons toggle sit at the same x in every instrument. */}
        <div className="flex min-w-0 shrink-0 flex-col leading-tight sm:w-36 2xl:w-56">
          <h1 className="text-base font-bold tracking-tight text-slate-900">QP Scope</h1>
          {subtitle !== undefined && <span className="hidden truncate text-[11px] text-slate-500 sm:block" title={subtitle}>{subtitle}</span>}
        </div>
        <LabNav current={lab} />
        <button type="button" data-testid="tour-button" aria-pressed={lessonOpen} aria-controls={lessonOpen ? 'lesson-column' : undefined}
          onClick={() => setLessonOpen(!lessonOpen)} className={`${btn} border-blue-600 text-blue-800 hover:bg-blue-50`}>
          Lessons
        </button>
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
      </header>
      <div className={`flex flex-col lg:grid lg:min-h-0 lg:flex-1 ${lessonOpen ? 'lg:grid-cols-[272px_minmax(0,1fr)]' : 'lg:grid-cols-1'}`}>
        {lessonOpen && (
          <aside id="lesson-column" aria-label="Guided lesson" data-testid="lesson-column"
            className="flex max-h-[50vh] min-h-0 flex-col border-b border-slate-300 bg-white lg:max-h-none lg:border-b-0 lg:border-r">
            {lesson}
          </aside>
        )}
        <div className="flex min-w-0 flex-col lg:min-h-0">
          {/* A landmark of its own: everything on the page sits in one (axe "region"). */}
          <section aria-label="Controls" className="flex flex-col">
            <div data-testid="shell-controls" className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-slate-300 bg-white px-3 py-1.5">
              {controls}
            </div>
            {toolbar}
          </section>
          {children}
        </div>
      </div>
      {overlays}
    </div>
  );
}
