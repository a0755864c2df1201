// The store's toast, in an aria-live region with a close button; info toasts fade by themselves.
import { useEffect } from 'react';
import { useSim } from '../../store/simStore.ts';

export function Toasts() {
  const toast = useSim((s) => s.toast);
  const clear = useSim((s) => s.clearToast);
  useEffect(() => {
    if (!toast || toast.kind !== 'info') return;
    const id = window.setTimeout(clear, 5000);
    return () => window.clearTimeout(id);
  }, [toast, clear]);
  return (
    <div aria-live="polite" aria-atomic="true" className="pointer-events-none fixed bottom-3 left-1/2 z-40 w-[min(40rem,90vw)] -translate-x-1/2" data-testid="toast-region">
      {toast && (
        <div role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast"
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-3 py-2 text-sm shadow-lg ${toast.kind === 'error' ? 'border-red-600 bg-red-50 text-red-900' : 'border-slate-400 bg-white text-slate-900'}`}>
          <span aria-hidden="true">{toast.kind === 'error' ? '⚠' : 'ℹ'}</span>
          <p className="flex-1">{toast.text}</p>
          <button type="button" onClick={clear} aria-label="Dismiss message" className="rounded border border-current px-1.5 text-xs">✕</button>
        </div>
      )}
    </div>
  );
}
