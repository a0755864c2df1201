// The sandbox page: header; left, the hosts and wire, the selected QP's queues and the event
// log; right, the inspector. Dialogs, toasts and the live announcer sit on top.
import { useSim } from '../store/simStore.ts';
import { uiStore, useUi, type InspectorTab } from '../store/uiStore.ts';
import { LessonPanel } from '../views/lesson/LessonPanel.tsx';
import { Header } from '../views/Header.tsx';
import { WireView } from '../views/wire/WireView.tsx';
import { Rings } from '../views/rings/Rings.tsx';
import { EventLog } from '../views/log/EventLog.tsx';
import { Inspector } from '../views/inspector/Inspector.tsx';
import { HelpOverlay } from '../views/shell/HelpOverlay.tsx';
import { ShareDialog } from '../views/shell/ShareDialog.tsx';
import { Toasts } from '../views/shell/Toasts.tsx';
import { Announcer } from '../views/shell/Announcer.tsx';
import { useKeyboard } from '../views/shell/useKeyboard.ts';
import { buildShareLink } from './share.ts';

export interface AppProps {
  /** Builds the share link for the current moment (injectable for tests). */
  buildLink?: () => Promise<string>;
}

const LOOK_TAB: Record<string, InspectorTab> = { state: 'state', modify: 'modify', context: 'context', post: 'post' };
const LOOK_PANEL: Record<string, string> = { wire: 'wire', rings: 'ring-sq', log: 'event-log' };

/** "Show me where": open the inspector tab a lesson step refers to, or flash the panel. */
function look(where: string): void {
  const tab = LOOK_TAB[where];
  if (tab) { uiStore.getState().setTab(tab); return; }
  const el = document.querySelector<HTMLElement>(`[data-testid="${LOOK_PANEL[where]}"]`)?.closest('section') as HTMLElement | null;
  if (!el) return;
  el.scrollIntoView({ block: 'nearest' });
  el.animate?.([{ boxShadow: '0 0 0 4px #2563eb' }, { boxShadow: '0 0 0 0 transparent' }], { duration: 1200 });
}

export function App({ buildLink = buildShareLink }: AppProps) {
  useKeyboard();
  const ready = useSim((s) => s.frame !== null && s.reference !== null);
  const lessonOpen = useUi((s) => s.lessonOpen);

  const onShare = async () => {
    const ui = uiStore.getState();
    try {
      const url = await buildLink();
      let copied = false;
      try {
        await navigator.clipboard.writeText(url);
        copied = true;
      } catch {
        copied = false;
      }
      ui.setShare({ open: true, url, copied });
    } catch (e) {
      ui.setShare({ open: true, url: '', copied: false, error: `The link could not be built: ${(e as Error).message}` });
    }
  };

  return (
    <div className="flex h-full min-h-[600px] min-w-[1024px] flex-col bg-slate-100 text-slate-900">
      <a href="#inspector-title" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-2 focus:py-1">Skip to the inspector</a>
      <Header onShare={() => void onShare()} />
      {ready ? (
        <main className={`grid min-h-0 flex-1 gap-2 p-2 ${lessonOpen ? 'grid-cols-[272px_minmax(0,1.25fr)_minmax(0,1fr)]' : 'grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]'}`}>
          {lessonOpen && (
            <aside className="min-h-0 overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm" aria-label="Guided lesson">
              <LessonPanel onLook={look} onClose={() => uiStore.getState().setLessonOpen(false)} />
            </aside>
          )}
          <div className="grid min-h-0 min-w-0 grid-rows-[minmax(215px,1.45fr)_auto_minmax(110px,1fr)] gap-2">
            <WireView />
            <Rings />
            <EventLog />
          </div>
          <Inspector />
        </main>
      ) : (
        <main className="flex flex-1 items-center justify-center text-sm text-slate-600" aria-busy="true">Starting the simulation…</main>
      )}
      <HelpOverlay />
      <ShareDialog />
      <Toasts />
      <Announcer />
    </div>
  );
}
