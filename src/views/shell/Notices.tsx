// A store's notice as a toast: errors in role="alert" (announced at once, kept until dismissed),
// info in role="status" (fades after five seconds). A notice meant for a place in the
// instrument (`where`) is shown there instead, by the instrument. Above it, in its own alert, a
// lost worker: being restarted (it cannot be dismissed: it goes when the worker is back),
// restored (fades after twenty seconds), or not restorable (with a button to reload).
// It reads the instrument's store itself, so a new notice re-renders only this, not the instrument.
import { useCallback, useEffect } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { KitState, WorkerNotice } from '../../store/kit.ts';
import type { KitFrame } from '../../worker/kit/types.ts';

export function Notices<F extends KitFrame>({ store }: { store: StoreApi<KitState<F>> }) {
  const notice = useStore(store, (s) => s.notice);
  const worker = useStore(store, (s) => s.worker);
  const onClear = useStore(store, (s) => s.clearNotice);
  const setWorker = useStore(store, (s) => s.setWorker);
  const onClearWorker = useCallback(() => setWorker(null), [setWorker]);
  const shown = notice && !notice.where ? notice : null;
  useEffect(() => {
    if (!shown || shown.kind !== 'info') return;
    const id = window.setTimeout(onClear, 5000);
    return () => window.clearTimeout(id);
  }, [shown, onClear]);
  useEffect(() => {
    if (worker?.phase !== 'restored') return;
    const id = window.setTimeout(onClearWorker, 20_000);
    return () => window.clearTimeout(id);
  }, [worker, onClearWorker]);
  return (
    <div aria-live="polite" aria-atomic="true" className="pointer-events-none fixed bottom-3 left-1/2 z-40 flex w-[min(40rem,90vw)] -translate-x-1/2 flex-col gap-2" data-testid="toast-region">
      {worker && <WorkerAlert worker={worker} onClear={onClearWorker} />}
      {shown && (
        <div role={shown.kind === 'error' ? 'alert' : 'status'} data-testid="toast"
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-3 py-2 text-sm shadow-lg ${shown.kind === 'error' ? 'border-red-600 bg-red-50 text-red-900' : 'border-slate-400 bg-white text-slate-900'}`}>
          <span aria-hidden="true">{shown.kind === 'error' ? '⚠' : 'ℹ'}</span>
          <p className="flex-1">{shown.text}</p>
          <button type="button" onClick={onClear} aria-label="Dismiss message" className="rounded border border-current px-1.5 text-xs">✕</button>
        </div>
      )}
    </div>
  );
}

function WorkerAlert({ worker, onClear }: { worker: WorkerNotice; onClear(): void }) {
  const tone = worker.phase === 'restored' ? 'border-emerald-700 bg-emerald-50 text-emerald-950' : 'border-red-600 bg-red-50 text-red-900';
  return (
    <div role="alert" data-testid="worker-alert" data-phase={worker.phase} data-recovery-ms={worker.ms === undefined ? undefined : worker.ms.toFixed(1)}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-3 py-2 text-sm shadow-lg ${tone}`}>
      <span aria-hidden="true">{worker.phase === 'restored' ? '↻' : '⚠'}</span>
      <p className="flex-1">{worker.text}</p>
      {worker.phase === 'failed' && (
        <button type="button" onClick={() => window.location.reload()} className="rounded border border-current px-2 text-xs font-semibold">Reload the page</button>
      )}
      {worker.phase !== 'restarting' && (
        <button type="button" onClick={onClear} aria-label="Dismiss message" className="rounded border border-current px-1.5 text-xs">✕</button>
      )}
    </div>
  );
}
