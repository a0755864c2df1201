// The content-box size of an element, kept current with a ResizeObserver (the one hook every
// instrument's charts and canvases use).
import { useCallback, useRef, useState } from 'react';

/** The content-box size of an element, kept current with a ResizeObserver. Returns a callback
 *  ref, so an element that mounts later (after an early return) is still observed. */
export function useSize<T extends HTMLElement>(fallback = { width: 600, height: 300 }) {
  const [size, setSize] = useState(fallback);
  const ro = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    ro.current?.disconnect();
    ro.current = null;
    if (!el) return;
    const apply = (width: number, height: number) => {
      if (width > 0 && height > 0) setSize((s) => (Math.abs(s.width - width) < 0.5 && Math.abs(s.height - height) < 0.5 ? s : { width: Math.floor(width), height: Math.floor(height) }));
    };
    if (typeof ResizeObserver === 'undefined') { const r = el.getBoundingClientRect(); apply(r.width, r.height); return; }
    // The observer reports the first size after layout: no forced synchronous layout during the commit.
    ro.current = new ResizeObserver((entries) => { const r = entries[entries.length - 1].contentRect; apply(r.width, r.height); });
    ro.current.observe(el);
  }, []);
  return [ref, size] as const;
}
