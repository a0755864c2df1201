// A value that follows its source at most every `ms` milliseconds (the latest value always
// lands). Text that changes 30 times a second cannot be read anyway, and each change costs a
// layout of everything it touches.
import { useEffect, useRef, useState } from 'react';

/** `epoch`: when it changes the value is a new story (a reset), shown at once, never late. */
export function useThrottled<T>(value: T, ms: number, epoch = 0): T {
  const [shown, setShown] = useState({ value, epoch });
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const now = performance.now();
    const wait = epoch !== shown.epoch ? 0 : last.current + ms - now;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => { last.current = performance.now(); setShown({ value, epoch }); }, Math.max(0, wait));
    return () => { if (timer.current) clearTimeout(timer.current); };
  }, [value, ms, epoch, shown.epoch]);
  // A new epoch is shown in this very render; the timer above then makes it the state.
  return epoch !== shown.epoch ? value : shown.value;
}
