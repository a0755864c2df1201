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
    // Compared after flooring: a 353.6 px box kept as 353 must read as unchanged, or a ref callback
    // written inline (called again on every render) would set a new object each time, for ever.
    const apply = (width: number, height: number) => {
      if (!(width > 0 && height > 0)) return;
      const w = Math.floor(width), h = Math.floor(height);
      setSize((s) => (s.width === w && s.height === h ? s : { width: w, height: h }));
    };
    // One measure at mount, in the commit: React applies the update before the browser paints, so
    // the first frame is drawn at the real size. Waiting for the observer's first report left a
    // frame drawn at the fallback size (a chart label outside its SVG, caught by CI's clipped-text
    // check at 1280×720). Later sizes come from the observer, with no forced layout per frame.
    const c = contentBox(el);
    apply(c.width, c.height);
    if (typeof ResizeObserver === 'undefined') return;
    ro.current = new ResizeObserver((entries) => { const r = entries[entries.length - 1].contentRect; apply(r.width, r.height); });
    ro.current.observe(el);
  }, []);
  return [ref, size] as const;
}

/** The content box, as the observer's contentRect reports it: the border box less borders and padding. */
function contentBox(el: HTMLElement): { width: number; height: number } {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  const px = (v: string) => parseFloat(v) || 0;
  return {
    width: r.width - px(cs.paddingLeft) - px(cs.paddingRight) - px(cs.borderLeftWidth) - px(cs.borderRightWidth),
    height: r.height - px(cs.paddingTop) - px(cs.paddingBottom) - px(cs.borderTopWidth) - px(cs.borderBottomWidth),
  };
}
