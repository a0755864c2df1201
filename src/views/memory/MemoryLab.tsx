// The NIC-memory instrument (topics 2, 3, 8, 9, 11): header, settings column, live readouts and
// six tabs. It starts its own worker through the bridge on first render, opens a shared link
// from `#lab=memory&m=…`, and pauses the worker when a person goes back to the other instrument.
import { useEffect, type KeyboardEvent } from 'react';
import { memoryClient } from '../../bridge/memoryClient.ts';
import { memoryStore, useMemory } from '../../store/memoryStore.ts';
import type { MemoryTab } from '../../worker/memory/types.ts';
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
import { Tour } from './Tour.tsx';
import { WalkTab } from './WalkTab.tsx';

const TABS: Array<[MemoryTab, string]> = [
  ['cache', 'Cache'], ['walk', 'Table walk'], ['timing', 'Timing'], ['cliff', 'Cliff'], ['compare', 'Compare'], ['capacity', 'Capacity & race'],
];

/** The `m=` value of a hash (the codec itself runs in the worker, which validates it). */
export function linkParam(hash: string): string | null {
  const m = /[#&]m=([^&]*)/.exec(hash);
  return m ? m[1] : null;
}

async function openFromLocation(): Promise<void> {
  const c = memoryClient();
  const text = linkParam(window.location.hash);
  if (text === null) { await c.frame(); return; }
  const r = await c.openLink(text);
  const st = memoryStore.getState();
  if (r.ok) {
    if (r.tab) st.setTab(r.tab);
    st.showNotice('info', 'Opened the shared lab settings.');
  } else {
    st.showNotice('error', `This link could not be opened: ${r.error}. The current settings are kept.`);
  }
}

export async function buildLabLink(): Promise<string> {
  const text = await memoryClient().encodeLink(memoryStore.getState().tab);
  return `${window.location.origin}${window.location.pathname}#lab=memory&m=${text}`;
}

export default function MemoryLab() {
  const tab = useMemory((s) => s.tab);
  const ready = useMemory((s) => s.frame !== null);
  const help = useMemory((s) => s.helpOpen);
  const share = useMemory((s) => s.share);
  const tourOpen = useMemory((s) => s.tourOpen);
  const announce = useMemory((s) => s.announce);
  const notice = useMemory((s) => s.notice);

  useEffect(() => {
    const c = memoryClient();
    const off = c.onFrame((f) => memoryStore.getState().applyFrame(f));
    void openFromLocation().then(() => c.play());
    let lastLink = linkParam(window.location.hash);
    const onHash = () => {
      const now = linkParam(window.location.hash);
      if (now !== null && now !== lastLink) { lastLink = now; void openFromLocation(); }
    };
    window.addEventListener('hashchange', onHash);
    return () => { window.removeEventListener('hashchange', onHash); off(); void c.pause(); c.stopLoop(); };
  }, []);

  // The compare pair runs only while its tab is open (it costs the worker two more runners).
  useEffect(() => {
    if (!ready) return;
    const c = memoryClient();
    if (tab === 'compare') {
      if (!memoryStore.getState().frame?.compare) void c.compareSides().then((s) => c.setCompare(s));
    } else if (memoryStore.getState().frame?.compare) {
      void c.setCompare(null);
    }
  }, [tab, ready]);

  const onShare = async () => {
    const st = memoryStore.getState();
    try {
      const url = await buildLabLink();
      let copied = false;
      try { await navigator.clipboard.writeText(url); copied = true; } catch { copied = false; }
      st.setShare({ open: true, url, copied });
    } catch (e) {
      st.setShare({ open: true, url: '', copied: false, error: `The link could not be built: ${(e as Error).message}` });
    }
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (/^(INPUT|SELECT|TEXTAREA|BUTTON|CANVAS)$/.test(t.tagName) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ') { e.preventDefault(); void memoryClient().toggle(); }
    else if (e.key === '?') memoryStore.getState().setHelp(true);
  };

  const selectTab = (t: MemoryTab) => memoryStore.getState().setTab(t);
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex(([id]) => id === tab);
    const j = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
    if (j < 0) return;
    e.preventDefault();
    selectTab(TABS[j][0]);
    document.getElementById(`mem-tab-${TABS[j][0]}`)?.focus();
  };

  return (
    <div className="flex h-full min-h-[640px] min-w-[1200px] flex-col bg-slate-100 text-slate-900" onKeyDown={onKey} data-testid="memory-lab">
      <LabHeader onShare={() => void onShare()} />
      <div className="flex min-h-0 flex-1">
        <Controls />
        <main className="flex min-h-0 min-w-0 flex-1 flex-col gap-1.5 p-2">
          {notice?.kind === 'info' && (
            <p role="status" className="flex items-center justify-between rounded-md border border-sky-300 bg-sky-50 px-2 py-1 text-[12px] text-sky-900">
              {notice.text}<button type="button" className="underline" onClick={() => memoryStore.getState().clearNotice()}>Dismiss</button>
            </p>
          )}
          <Readouts />
          <div role="tablist" aria-label="Views" className="flex gap-1 border-b border-slate-300" onKeyDown={onTabKey}>
            {TABS.map(([id, label]) => (
              <button key={id} type="button" role="tab" id={`mem-tab-${id}`} aria-selected={tab === id} aria-controls="mem-panel" tabIndex={tab === id ? 0 : -1}
                data-testid={`tab-${id}`} onClick={() => selectTab(id)}
                className={`-mb-px rounded-t-md border px-3 py-1 text-sm font-medium ${tab === id ? 'border-slate-300 border-b-white bg-white text-slate-900' : 'border-transparent text-slate-600 hover:bg-slate-200 hover:text-slate-900'}`}>
                {label}
              </button>
            ))}
          </div>
          <div id="mem-panel" role="tabpanel" aria-labelledby={`mem-tab-${tab}`} className="min-h-0 flex-1 [contain:layout_paint]">
            {!ready ? <p className="p-4 text-sm text-slate-500" aria-busy="true">Starting the NIC-memory model…</p>
              : tab === 'cache' ? <CacheTab />
              : tab === 'walk' ? <WalkTab />
              : tab === 'timing' ? <TimingTab />
              : tab === 'cliff' ? <CliffTab />
              : tab === 'compare' ? <CompareTab />
              : <CapacityTab />}
          </div>
        </main>
        {tourOpen && <Tour />}
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">{announce}</div>
      {help && <Dialog title="How to read the NIC-memory lab" testId="memory-help" wide onClose={() => memoryStore.getState().setHelp(false)}><HelpBody /></Dialog>}
      {share.open && (
        <Dialog title="Share these lab settings" testId="memory-share" onClose={() => memoryStore.getState().setShare({ ...share, open: false })}>
          {share.error ? <p className="text-sm text-red-800">{share.error}</p> : (
            <>
              <p className="text-sm text-slate-700">{share.copied ? 'Copied to the clipboard. ' : ''}Opening this link shows the same preset, settings, active QPs and tab, and runs the same seeded traffic.</p>
              <label className="mt-2 block text-xs font-medium text-slate-700">Link
                <input readOnly value={share.url} data-testid="memory-share-url" onFocus={(e) => e.currentTarget.select()}
                  className="mt-1 w-full rounded-md border border-slate-400 px-2 py-1 font-mono text-[11px]" />
              </label>
            </>
          )}
        </Dialog>
      )}
    </div>
  );
}
