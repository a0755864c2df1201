// Run an async action with at most one call in flight; while one runs, only the latest
// request waits (a dragged slider sends its final value, not every intermediate one). The
// returned function is stable, so effects may depend on it.
import { useCallback, useEffect, useRef } from 'react';

export function useLatest<T>(fn: (v: T) => Promise<unknown>) {
  const busy = useRef(false);
  const next = useRef<{ v: T } | null>(null);
  const fnRef = useRef(fn);
  useEffect(() => { fnRef.current = fn; });
  return useCallback((v: T) => {
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
  }, []);
}
