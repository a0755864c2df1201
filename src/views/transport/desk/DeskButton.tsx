// The toolbar's way into the diagnosis desk. The desk (its views, and through them its worker and
// the C parser) is a lazily loaded chunk: the page's entry does not grow by it.
import { lazy, Suspense, useState } from 'react';

const Desk = lazy(() => import('./Desk.tsx'));

export function DeskButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="desk-open" onClick={() => setOpen(true)} title="From a symptom to its causes: completion status, async events, QP states, counters, errno; or check pasted ibv_modify_qp calls"
        className="inline-flex h-7 items-center gap-1 rounded-md border border-fuchsia-600 bg-white px-2 text-[12px] font-medium text-fuchsia-900 hover:bg-fuchsia-50">Diagnose…</button>
      {open && <Suspense fallback={null}><Desk onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
