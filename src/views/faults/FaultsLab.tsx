// The Faults-at-scale instrument (topics 7 and 10): header, the storm's settings, its figures and
// four tabs (the storm, every policy, two policies in lockstep, a reset mid-transfer), with the
// shared lesson column, share dialog, notices and keyboard.
import { useEffect, type KeyboardEvent } from 'react';
import { faults } from '../../bridge/labs.ts';
import { faultsStore, useFaults, type FaultsTab } from '../../store/faults.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { LessonPanel, type LessonActions } from '../shell/LessonPanel.tsx';
import { learnerSeed } from '../shell/learner.ts';
import { Notices } from '../shell/Notices.tsx';
import { ShareDialog, openShare } from '../shell/ShareDialog.tsx';
import { useLabKeyboard } from '../shell/useKeyboard.ts';
import { CompareTab } from './CompareTab.tsx';
import { Controls } from './Controls.tsx';
import { ExplorerTab } from './ExplorerTab.tsx';
import { Header } from './Header.tsx';
import { HelpBody } from './Help.tsx';
import { PoliciesTab } from './PoliciesTab.tsx';
import { Readouts } from './Readouts.tsx';
import { ResetTab } from './ResetTab.tsx';
import { StormTab } from './StormTab.tsx';

const TABS: Array<[FaultsTab, string]> = [['storm', 'Storm'], ['policies', 'Policies'], ['compare', 'Compare'], ['explorer', 'Interleavings'], ['reset', 'Reset mid-transfer']];

const lessonActions: LessonActions = {
  async pick(id) {
    const c = faults();
    const r = id === '' ? await c.act('stopLesson') : await c.act('startLesson', id, 0, false, learnerSeed());
    const st = faultsStore.getState();
    if (r && 'ok' in r && !r.ok) st.showNotice('error', `The lesson could not start: ${r.error}`);
    const first = st.lessons.find((l) => l.id === id)?.steps[0]?.highlight;
    if (first) st.setTab(first as FaultsTab);
  },
  goTo: (step) => faults().act('lessonStep', step),
  solve: () => faults().act('solveStep'),
  answer: (a) => faults().act('answer', a),
  vary: () => faults().act('variantQuestion'),
  reveal: () => faults().act('revealAnswer'),
};

export interface FaultsLabProps {
  buildLink(): Promise<string>;
}

export default function FaultsLab({ buildLink }: FaultsLabProps) {
  const tab = useFaults((s) => s.tab);
  const ready = useFaults((s) => s.frame !== null);
  const help = useFaults((s) => s.helpOpen);
  const share = useFaults((s) => s.share);
  const lessonOpen = useFaults((s) => s.lessonOpen);
  const lessons = useFaults((s) => s.lessons);
  const progress = useFaults((s) => s.frame?.lesson ?? null);
  const st = faultsStore.getState();
  useLabKeyboard({
    toggle: () => void faults().toggle(),
    step: () => void faults().act('tick', 100),
    help: () => faultsStore.getState().setHelp(true),
    blocked: () => faultsStore.getState().helpOpen || faultsStore.getState().frame === null,
  });
  // The second storm runs only while Compare shows it.
  useEffect(() => { if (ready) void faults().act('showCompare', tab === 'compare'); }, [tab, ready]);

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex(([id]) => id === tab);
    const j = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (j < 0) return;
    e.preventDefault();
    st.setTab(TABS[j][0]);
    document.getElementById(`faults-tab-${TABS[j][0]}`)?.focus();
  };

  return (
    <div className="flex min-h-full flex-col bg-slate-100 text-slate-900 lg:h-full lg:min-h-[640px]" data-testid="faults-lab">
      <Header onShare={() => void openShare(buildLink, st.setShare)} />
      {/* Below 1024 px one column: the lesson (when open), the views, then the settings. */}
      <div className="flex flex-col lg:min-h-0 lg:flex-1 lg:flex-row">
        <Controls />
        <main className="order-2 flex min-w-0 flex-col gap-1.5 p-2 lg:order-none lg:min-h-0 lg:flex-1">
          <Readouts />
          <div role="tablist" aria-label="Views" className="flex flex-wrap gap-1 border-b border-slate-300" onKeyDown={onTabKey}>
            {TABS.map(([id, label]) => (
              <button key={id} type="button" role="tab" id={`faults-tab-${id}`} aria-selected={tab === id} aria-controls="faults-panel" tabIndex={tab === id ? 0 : -1}
                data-testid={`tab-${id}`} onClick={() => st.setTab(id)}
                className={`-mb-px rounded-t-md border px-3 py-1 text-sm font-medium ${tab === id ? 'border-slate-300 border-b-white bg-white text-slate-900' : 'border-transparent text-slate-600 hover:bg-slate-200 hover:text-slate-900'}`}>
                {label}
              </button>
            ))}
          </div>
          <div id="faults-panel" role="tabpanel" aria-labelledby={`faults-tab-${tab}`} className="[contain:layout_paint] lg:min-h-0 lg:flex-1">
            {!ready ? <p className="p-4 text-sm text-slate-500" aria-busy="true">Starting the storm model…</p>
              : tab === 'storm' ? <StormTab /> : tab === 'policies' ? <PoliciesTab /> : tab === 'compare' ? <CompareTab /> : tab === 'explorer' ? <ExplorerTab /> : <ResetTab />}
          </div>
        </main>
        {lessonOpen && (
          <aside className="order-1 flex max-h-[75vh] flex-col border-b border-slate-300 bg-white lg:order-none lg:max-h-none lg:w-[300px] lg:shrink-0 lg:border-b-0 lg:border-l" aria-label="Guided lesson">
            <LessonPanel lessons={lessons} progress={progress} actions={lessonActions} followHighlight onLook={(p) => st.setTab(p as FaultsTab)}
              onClose={() => st.setLessonOpen(false)} freeLabel="Free play"
              free={{ title: 'Free play', text: <p>Pick a fault and a number of QPs on the left and press Play. The lessons walk through topic 7 (many QPs failing at once) and topic 10 (reset in the middle of a transfer).</p> }} />
          </aside>
        )}
      </div>
      {help && <Dialog title="How to read the Faults instrument" testId="faults-help" wide onClose={() => st.setHelp(false)}><HelpBody /></Dialog>}
      <ShareDialog share={share} onChange={st.setShare}
        description="Opening this link shows the same storm settings, policy, compare policy, reset view, tab, speed and lesson step." />
      <Notices store={faultsStore} />
    </div>
  );
}
