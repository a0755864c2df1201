// The transport instrument (topics 1, 4, 5, 6) in the shared shell (header, lesson column, its
// controls and time tools): the hosts and wire, the selected QP's queues and the event log; the inspector. Dialogs, notices and the live
// announcer sit on top. The shell pieces are shared with every instrument.
import { useEffect, useState } from 'react';
import { transport } from '../../bridge/labs.ts';
import { transportStore, useTransport, type InspectorTab } from '../../store/transport.ts';
import { LessonPanel, type LessonActions } from '../shell/LessonPanel.tsx';
import { Notices } from '../shell/Notices.tsx';
import { ShareDialog, openShare } from '../shell/ShareDialog.tsx';
import { Announcer } from '../shell/Announcer.tsx';
import { useLabKeyboard } from '../shell/useKeyboard.ts';
import { LabShell } from '../shell/LabShell.tsx';
import { Header } from './Header.tsx';
import { HelpOverlay } from './HelpOverlay.tsx';
import { WireView } from './wire/WireView.tsx';
import { Rings } from './rings/Rings.tsx';
import { EventLog } from './log/EventLog.tsx';
import { Inspector } from './inspector/Inspector.tsx';
import { ProfileBar } from './profiles/ProfileBar.tsx';
import { CompareLog } from './profiles/CompareLog.tsx';
import { stateAnnouncements } from './announce.ts';
import { TimeTools, importScenario } from './tools/TimeTools.tsx';
import type { ChallengeKit } from './tools/ChallengeEditor.tsx';
import { WhyPanel } from './tools/WhyPanel.tsx';
import { DeskButton } from './desk/DeskButton.tsx';
import { prefersReducedMotion } from '../kit/motion.ts';
import { grouped } from '../kit/grouped.ts';
import { heldBy } from '../kit/mask.tsx';

export interface TransportLabProps {
  /** Builds the share link for the current moment. */
  buildLink(): Promise<string>;
  /** Forget the progress saved in this browser. */
  onResetProgress?(): void;
  /** The lesson column's actions (the registry entry's). */
  actions: LessonActions;
  /** The instructor's challenge editor: an example, and the link for the current scenario. */
  challengeKit?: ChallengeKit;
}

const LOOK_TAB: Record<string, InspectorTab> = { state: 'state', modify: 'modify', context: 'context', post: 'post' };
const LOOK_PANEL: Record<string, string> = { wire: 'wire', rings: 'ring-sq', log: 'event-log' };

/** "Show me where": open the inspector tab a lesson step refers to, or flash the panel. */
function look(where: string): void {
  const st = transportStore.getState();
  const focus = st.lessons.find((l) => l.id === st.frame?.lesson?.id)?.focus;
  if (focus) st.select(focus);
  const tab = LOOK_TAB[where];
  if (tab) { st.setTab(tab); return; }
  const el = document.querySelector<HTMLElement>(`[data-testid="${LOOK_PANEL[where]}"]`)?.closest('section') as HTMLElement | null;
  if (!el) return;
  el.scrollIntoView({ block: 'nearest' });
  // Reduced motion: the panel is brought into view without a flash.
  if (prefersReducedMotion()) return;
  el.animate?.([{ boxShadow: '0 0 0 4px var(--color-blue-600)' }, { boxShadow: '0 0 0 0 transparent' }], { duration: 1200 });
}

/** A step's place: inspector tabs switch when the step changes; panels only when asked. */
export function follow(where: string): void {
  const tab = LOOK_TAB[where];
  if (tab) transportStore.getState().setTab(tab);
}

function useStateAnnouncements(): string {
  const [text, setText] = useState('');
  useEffect(() => transportStore.subscribe((s, prev) => {
    if (!s.frame || s.frame === prev.frame || s.frame.resetLog) return;
    const msgs = stateAnnouncements(s.frame.events, s.selected);
    if (msgs.length) setText(msgs.slice(-3).join('. '));
  }), []);
  return text;
}

export function TransportLab({ buildLink, onResetProgress, challengeKit, actions }: TransportLabProps) {
  useLabKeyboard({
    toggle: () => void transport().toggle(),
    step: () => void transport().act('step'),
    back: () => void transport().act('stepBack'),
    help: () => transportStore.getState().setHelp(true),
    blocked: () => transportStore.getState().helpOpen || transportStore.getState().frame === null,
  });
  const ready = useTransport((s) => s.frame !== null && s.reference !== null);
  const held = useTransport((s) => heldBy(s.frame?.lesson?.question));
  const lessonOpen = useTransport((s) => s.lessonOpen);
  const lessons = useTransport((s) => s.lessons);
  // A scenario with many QPs (the sandbox at scale) is free play too, but not the two-pair sandbox.
  const qpCount = useTransport((s) => s.frame?.world.grid.n ?? 0);
  const scenarioTitle = useTransport((s) => s.frame?.scenarioTitle);
  const scale = qpCount > 16 ? { n: qpCount, title: scenarioTitle } : null;
  const progress = useTransport((s) => s.frame?.lesson ?? null);
  const share = useTransport((s) => s.share);
  const saved = useTransport((s) => s.saved);
  const comparing = useTransport((s) => s.frame?.compare != null);
  const announce = useStateAnnouncements();
  const st = transportStore.getState();

  const lesson = (
    <LessonPanel lessons={lessons} progress={progress} actions={actions} followHighlight onLook={(w) => { follow(w); look(w); }} onClose={() => st.setLessonOpen(false)}
      saved={saved} onResetProgress={onResetProgress ? () => { onResetProgress(); st.setSaved({}); } : undefined}
      freeLabel="Sandbox (free play)"
      free={scale ? {
        title: 'Sandbox at scale',
        text: <p>{scale.title ?? `${grouped(scale.n)} QPs`}. Each host draws its QPs as a grid, one cell per QP, shaped by its state. Click a cell, or focus a grid and use the arrow keys, to inspect a QP: the wire gives the selected pair its own lanes and groups the other connections by direction.</p>,
      } : { title: 'Sandbox', text: <p>Two hosts, two RC connections sharing completion queues, three programs posting work. Press play, click a QP to inspect it, and use <em>Post &amp; faults</em> to break things.</p> }} />
  );
  return (
    <LabShell lab="transport" subtitle={scenarioTitle ?? 'loading…'} lessonOpen={lessonOpen} setLessonOpen={st.setLessonOpen} lesson={lesson}
      controls={<Header />} toolbar={ready && <TimeTools challengeKit={challengeKit}><ProfileBar /><DeskButton /></TimeTools>}
      ready={ready} held={held} onShare={() => void openShare(buildLink, st.setShare)} onHelp={() => st.setHelp(true)} helpLabel="Help and keyboard shortcuts (?)"
      className="lg:min-h-[600px]"
      skip={<a href="#inspector-title" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-2 focus:py-1">Skip to the inspector</a>}
      rootProps={{
        onDragOver: (e) => { if (e.dataTransfer.types.includes('Files')) e.preventDefault(); },
        onDrop: (e) => { const f = e.dataTransfer.files?.[0]; if (!f) return; e.preventDefault(); void importScenario(f); },
      }}
      overlays={<>
        <HelpOverlay />
        <ShareDialog share={share} onChange={st.setShare}
          description="This link reproduces the scenario, every command issued so far, the current instant, the selected QP, the inspector tab and the lesson step." />
        <Notices store={transportStore} />
        <Announcer text={announce} />
      </>}>
      {ready ? (
        // Below 1024 px the panels stack in one scrolling column (the middle column's panels join
        // it through display: contents, so the inspector sits right under the queues).
        <main className="flex flex-col gap-2 p-2 lg:grid lg:min-h-0 lg:flex-1 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
          <div className="contents lg:grid lg:min-h-0 lg:min-w-0 lg:grid-rows-[minmax(215px,1.45fr)_auto_minmax(110px,1fr)] lg:gap-2">
            <div className="grid min-w-0 grid-cols-1 lg:min-h-0">
              <WireView />
            </div>
            <div className="grid min-w-0 grid-cols-1 lg:min-h-0">
              <Rings />
            </div>
            <div className="order-last flex h-[28rem] min-h-0 min-w-0 flex-col gap-2 lg:order-none lg:h-auto">
              <WhyPanel />
              <div className="grid min-h-0 flex-1">{comparing ? <CompareLog /> : <EventLog />}</div>
            </div>
          </div>
          <div className="grid min-w-0 grid-cols-1 lg:min-h-0">
            <Inspector />
          </div>
        </main>
      ) : (
        <main className="flex flex-1 items-center justify-center text-sm text-slate-600" aria-busy="true">Starting the simulation…</main>
      )}
    </LabShell>
  );
}
