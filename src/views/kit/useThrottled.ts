// A value that follows its source at most every `ms` milliseconds (the latest value always
// lands). Text that changes 30 times a second cannot be read anyway, and each change costs a
// layout of everything it touches.
import { useEffect, useRef, useState } from 'react';

export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const now = performance.now();
    const wait = last.current + ms - now;
    if (wait <= 0) {
      last.current = now;
      setShown(value);
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => { last.current = performance.now(); setShown(value); }, wait);
    return () => { if (timer.current) clearTimeout(timer.current); };
  }, [value, ms]);
  return shown;
}
