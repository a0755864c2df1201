// A control whose value lives in the worker must show the person's choice at once, not a round
// trip later (otherwise React puts the old value back after onChange, a checkbox "does not
// change", and a screen reader announces the wrong state). The choice is held as pending until
// every send has been answered; by then the worker's frame (applied before the reply resolves)
// carries the value in force — the new one, or the old one if the worker refused the change.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useWorkerValue<T>(value: T, send: (v: T) => unknown): [T, (v: T) => void] {
  const [pending, setPending] = useState<{ v: T } | null>(null);
  const sendRef = useRef(send);
  useEffect(() => { sendRef.current = send; });
  // Latest wins: while one send is in flight only the newest value waits, so a dragged slider
  // sends its final value rather than every intermediate one.
  const queue = useRef<{ busy: boolean; next: { v: T } | null }>({ busy: false, next: null });
  const mounted = useRef(true);
  useEffect(() => { mounted.current = true; return () => { mounted.current = false; }; }, []);

  const set = useCallback((v: T) => {
    setPending({ v });
    const q = queue.current;
    q.next = { v };
    if (q.busy) return;
    const run = (): void => {
      const n = q.next;
      if (!n) {
        q.busy = false;
        if (mounted.current) setPending(null);
        return;
      }
      q.next = null;
      q.busy = true;
      Promise.resolve().then(() => sendRef.current(n.v)).catch(() => undefined).finally(run);
    };
    run();
  }, []);

  return [pending ? pending.v : value, set];
}
