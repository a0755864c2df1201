// The NIC-memory instrument (topics 2, 3, 8, 9, 11): header, settings column, live readouts and
// six tabs. It starts its own worker through the bridge on first render, opens a shared link
// from `#lab=memory&m=…`, and pauses the worker when a person goes back to the other instrument.
import { useEffect } from 'react';
import { memory } from '../../bridge/labs.ts';
import { memoryStore, useMemory } from '../../store/memory.ts';
import type { MemoryTab } from '../../store/memory.ts';
import { LessonPanel, type LessonActions } from '../shell/LessonPanel.tsx';
import { Notices } from '../shell/Notices.tsx';
import { ShareDialog, openShare } from '../shell/ShareDialog.tsx';
import { useLabKeyboard } from '../shell/useKeyboard.ts';
import { LabShell } from '../shell/LabShell.tsx';
import { TabPanel, Tabs, type TabItem } from '../kit/Tabs.tsx';
import { Dialog } from '../shell/Dialog.tsx';
import { CacheTab } from './CacheTab.tsx';
import { CapacityTab } from './CapacityTab.tsx';
import { CliffTab } from './CliffTab.tsx';
import { CompareTab } from './CompareTab.tsx';
import { Controls } from './Controls.tsx';
import { HelpBody } from './Help.tsx';
import { LabHeader } from './LabHeader.tsx';
import { Readouts } from './Readouts.tsx';
import { TimingTab } from './TimingTab.tsx';
import { WalkTab } from './WalkTab.tsx';
import { heldBy } from '../kit/mask.tsx';

const TABS: TabItem<MemoryTab>[] = [
  { id: 'cache', label: 'Cache' }, { id: 'walk', label: 'Table walk' }, { id: 'timing', label: 'Timing' },
  { id: 'cliff', label: 'Cliff' }, { id: 'compare', label: 'Compare' }, { id: 'capacity', label: 'Capacity & race' },
];

export interface MemoryLabProps {
  buildLink(): Promise<string>;
  onResetProgress?(): void;
  /** The lesson column's actions (the registry entry's). */
  actions: LessonActions;
}

export default function MemoryLab({ buildLink, onResetProgress, actions }: MemoryLabProps) {
  const saved = useMemory((s) => s.saved);
  const tab = useMemory((s) => s.tab);
  const ready = useMemory((s) => s.frame !== null);
  const held = useMemory((s) => heldBy(s.frame?.lesson?.question));
  const help = useMemory((s) => s.helpOpen);
  const share = useMemory((s) => s.share);
  const lessonOpen = useMemory((s) => s.lessonOpen);
  const lessons = useMemory((s) => s.lessons);
  const progress = useMemory((s) => s.frame?.lesson ?? null);
  const st = memoryStore.getState();
  const announce = useMemory((s) => s.announce);

  // The compare pair runs only while its tab is open (it costs the worker two more runners).
  useEffect(() => {
    if (ready) void memory().act('showCompare', tab === 'compare');
  }, [tab, ready]);

  useLabKeyboard({
    toggle: () => void memory().toggle(),
    step: () => void memory().act('step', 1),
    help: () => memoryStore.getState().setHelp(true),
    blocked: () => memoryStore.getState().helpOpen || memoryStore.getState().frame === null,
  });

  const selectTab = (t: MemoryTab) => memoryStore.getState().setTab(t);
  const lesson = (
    <LessonPanel lessons={lessons} progress={progress} actions={actions} followHighlight onLook={(p) => st.setTab(p as MemoryTab)}
      onClose={() => st.setLessonOpen(false)} freeLabel="Free play"
      saved={saved} onResetProgress={onResetProgress ? () => { onResetProgress(); st.setSaved({}); } : undefined}
      free={{ title: 'Free play', text: <p>Change any setting in the settings column and watch the cache, the table walk and the cliff follow. The lessons walk through topics 2, 3, 8, 9 and 11.</p> }} />
  );
  return (
    <LabShell lab="memory" subtitle="The QP context cache and table" lessonOpen={lessonOpen} setLessonOpen={st.setLessonOpen} lesson={lesson} controls={<LabHeader />}
      ready={ready} held={held} onShare={() => void openShare(buildLink, st.setShare)} onHelp={() => st.setHelp(true)} className="lg:min-h-[640px]"
      overlays={<>
        <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">{announce}</div>
        {help && <Dialog title="How to read the NIC-memory lab" testId="memory-help" wide onClose={() => memoryStore.getState().setHelp(false)}><HelpBody /></Dialog>}
        <ShareDialog share={share} onChange={st.setShare}
          description="Opening this link shows the same preset, settings, active QPs, tab, compare sides, calculator and race inputs, speed and lesson step, and runs the same seeded traffic." />
        <Notices store={memoryStore} />
      </>}>
      {/* Below 1024 px one column: the views, then the settings. */}
      <div className="flex flex-col lg:min-h-0 lg:flex-1 lg:flex-row">
        <Controls />
        <main className="order-2 flex min-w-0 flex-col gap-1.5 p-2 lg:order-none lg:min-h-0 lg:flex-1">
          <Readouts />
          <Tabs tabs={TABS} selected={tab} onSelect={selectTab} label="Views" idPrefix="mem-tab-" panelId="mem-panel" />
          {/* A tab lays itself out by the room it gets (container queries): side by side from 56rem, stacked
              and scrolling in the panel below it (the lesson column open at 1280 px leaves ~720 px);
              stacked (below 1024 px) the tabs take their natural height; Timing fills a box of its own. */}
          <TabPanel id="mem-panel" idPrefix="mem-tab-" selected={tab}
            className={`@container [contain:layout_paint] lg:min-h-0 lg:flex-1 lg:overflow-y-auto ${tab === 'timing' ? 'max-lg:h-[44rem]' : ''}`}>
            {!ready ? <p className="p-4 text-sm text-slate-500" aria-busy="true">Starting the NIC-memory model…</p>
              : tab === 'cache' ? <CacheTab />
              : tab === 'walk' ? <WalkTab />
              : tab === 'timing' ? <TimingTab />
              : tab === 'cliff' ? <CliffTab />
              : tab === 'compare' ? <CompareTab />
              : <CapacityTab />}
          </TabPanel>
        </main>
      </div>
    </LabShell>
  );
}
