// The sandbox page: header; left, the hosts and wire, the selected QP's queues and the event
// log; right, the inspector. Dialogs, toasts and the live announcer sit on top.
import { useEffect } from 'react';
import { simStore, useSim, type Tab } from '../store/simStore.ts';
import { uiStore, type InspectorTab } from '../store/uiStore.ts';
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

const FROM_STORE: Partial<Record<Tab, InspectorTab>> = { context: 'context', modify: 'modify', post: 'post' };
const TO_STORE: Partial<Record<InspectorTab, Tab>> = { context: 'context', modify: 'modify', post: 'post' };

/** Keep simStore.tab (which lessons may set) and the inspector's tab in step. */
function useTabSync(): void {
  useEffect(() => {
    const a = simStore.subscribe((s, prev) => {
      if (s.tab === prev.tab) return;
      const t = FROM_STORE[s.tab];
      if (t && uiStore.getState().tab !== t) uiStore.getState().setTab(t);
    });
    const b = uiStore.subscribe((s, prev) => {
      if (s.tab === prev.tab) return;
      const t = TO_STORE[s.tab];
      if (t && simStore.getState().tab !== t) simStore.getState().setTab(t);
    });
    return () => { a(); b(); };
  }, []);
}

export interface AppProps {
  /** Builds the share link for the current moment (injectable for tests). */
  buildLink?: () => Promise<string>;
}

export function App({ buildLink = buildShareLink }: AppProps) {
  useKeyboard();
  useTabSync();
  const ready = useSim((s) => s.frame !== null && s.reference !== null);

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
        <main className="grid min-h-0 flex-1 grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] gap-2 p-2">
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
