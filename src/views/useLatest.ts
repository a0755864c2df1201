// Run an async action with at most one call in flight; while one runs, only the latest
// request waits (a dragged slider sends its final value, not every intermediate one).
import { useRef } from 'react';

export function useLatest<T>(fn: (v: T) => Promise<unknown>) {
  const busy = useRef(false);
  const next = useRef<{ v: T } | null>(null);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  return (v: T) => {
    next.current = { v };
    if (busy.current) return;
    const run = () => {
      const n = next.current;
      if (!n) { busy.current = false; return; }
      next.current = null;
      busy.current = true;
      fnRef.current(n.v).catch(() => undefined).finally(run);
    };
    run();
  };
}
