// A store's notice as a toast: errors in role="alert" (announced at once, kept until dismissed),
// info in role="status" (fades after five seconds). A notice meant for a place in the
// instrument (`where`) is shown there instead, by the instrument.
import { useEffect } from 'react';
import type { Notice } from '../../store/kit.ts';

export function Notices({ notice, onClear }: { notice: Notice | null; onClear(): void }) {
  const shown = notice && !notice.where ? notice : null;
  useEffect(() => {
    if (!shown || shown.kind !== 'info') return;
    const id = window.setTimeout(onClear, 5000);
    return () => window.clearTimeout(id);
  }, [shown, onClear]);
  return (
    <div aria-live="polite" aria-atomic="true" className="pointer-events-none fixed bottom-3 left-1/2 z-40 w-[min(40rem,90vw)] -translate-x-1/2" data-testid="toast-region">
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
