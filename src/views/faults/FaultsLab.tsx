// The Faults-at-scale instrument (topics 7 and 10): header, the storm's settings, its figures and
// four tabs (the storm, every policy, two policies in lockstep, a reset mid-transfer), with the
// shared lesson column, share dialog, notices and keyboard.
import { useEffect } from 'react';
import { faults } from '../../bridge/labs.ts';
import { faultsStore, useFaults, type FaultsTab } from '../../store/faults.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { LessonPanel, type LessonActions } from '../shell/LessonPanel.tsx';
import { Notices } from '../shell/Notices.tsx';
import { ShareDialog, openShare } from '../shell/ShareDialog.tsx';
import { useLabKeyboard } from '../shell/useKeyboard.ts';
import { LabShell } from '../shell/LabShell.tsx';
import { TabPanel, Tabs, type TabItem } from '../kit/Tabs.tsx';
import { CompareTab } from './CompareTab.tsx';
import { Controls } from './Controls.tsx';
import { ExplorerTab } from './ExplorerTab.tsx';
import { Header } from './Header.tsx';
import { HelpBody } from './Help.tsx';
import { PoliciesTab } from './PoliciesTab.tsx';
import { Readouts } from './Readouts.tsx';
import { ResetTab } from './ResetTab.tsx';
import { StormTab } from './StormTab.tsx';
import { heldBy } from '../kit/mask.tsx';

const TABS: TabItem<FaultsTab>[] = [
  { id: 'storm', label: 'Storm' }, { id: 'policies', label: 'Policies' }, { id: 'compare', label: 'Compare' },
  { id: 'explorer', label: 'Interleavings' }, { id: 'reset', label: 'Reset mid-transfer' },
];

export interface FaultsLabProps {
  buildLink(): Promise<string>;
  onResetProgress?(): void;
  /** The lesson column's actions (the registry entry's). */
  actions: LessonActions;
}

export default function FaultsLab({ buildLink, onResetProgress, actions }: FaultsLabProps) {
  const tab = useFaults((s) => s.tab);
  const ready = useFaults((s) => s.frame !== null);
  const held = useFaults((s) => heldBy(s.frame?.lesson?.question));
  const help = useFaults((s) => s.helpOpen);
  const share = useFaults((s) => s.share);
  const lessonOpen = useFaults((s) => s.lessonOpen);
  const lessons = useFaults((s) => s.lessons);
  const progress = useFaults((s) => s.frame?.lesson ?? null);
  const saved = useFaults((s) => s.saved);
  const st = faultsStore.getState();
  useLabKeyboard({
    toggle: () => void faults().toggle(),
    step: () => void faults().act('tick', 100),
    help: () => faultsStore.getState().setHelp(true),
    blocked: () => faultsStore.getState().helpOpen || faultsStore.getState().frame === null,
  });
  // The second storm runs only while Compare shows it.
  useEffect(() => { if (ready) void faults().act('showCompare', tab === 'compare'); }, [tab, ready]);

  const lesson = (
    <LessonPanel lessons={lessons} progress={progress} actions={actions} followHighlight onLook={(p) => st.setTab(p as FaultsTab)}
      onClose={() => st.setLessonOpen(false)} freeLabel="Free play"
      saved={saved} onResetProgress={onResetProgress ? () => { onResetProgress(); st.setSaved({}); } : undefined}
      free={{ title: 'Free play', text: <p>Pick a fault and a number of QPs in the storm's settings and press Play. The lessons walk through topic 7 (many QPs failing at once) and topic 10 (reset in the middle of a transfer).</p> }} />
  );
  return (
    <LabShell lab="faults" subtitle="Many QPs failing at once" lessonOpen={lessonOpen} setLessonOpen={st.setLessonOpen} lesson={lesson} controls={<Header />}
      ready={ready} held={held} onShare={() => void openShare(buildLink, st.setShare)} onHelp={() => st.setHelp(true)} className="lg:min-h-[640px]"
      overlays={<>
        {help && <Dialog title="How to read the Faults instrument" testId="faults-help" wide onClose={() => st.setHelp(false)}><HelpBody /></Dialog>}
        <ShareDialog share={share} onChange={st.setShare}
          description="Opening this link shows the same storm settings, policy, compare policy, reset view, tab, speed and lesson step." />
        <Notices store={faultsStore} />
      </>}>
      {/* Below 1024 px one column: the views, then the settings. */}
      <div className="flex flex-col lg:min-h-0 lg:flex-1 lg:flex-row">
        <Controls />
        <main className="order-2 flex min-w-0 flex-col gap-1.5 p-2 lg:order-none lg:min-h-0 lg:flex-1">
          <Readouts />
          <Tabs tabs={TABS} selected={tab} onSelect={st.setTab} label="Views" idPrefix="faults-tab-" panelId="faults-panel" />
          <TabPanel id="faults-panel" idPrefix="faults-tab-" selected={tab} className="@container [contain:layout_paint] lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
            {!ready ? <p className="p-4 text-sm text-slate-500" aria-busy="true">Starting the storm model…</p>
              : tab === 'storm' ? <StormTab /> : tab === 'policies' ? <PoliciesTab /> : tab === 'compare' ? <CompareTab /> : tab === 'explorer' ? <ExplorerTab /> : <ResetTab />}
          </TabPanel>
        </main>
      </div>
    </LabShell>
  );
}
