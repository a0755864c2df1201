// prefers-reduced-motion, for the few motions drawn from script (CSS ones are switched off in
// src/index.css): packets step along the wire instead of flying, flashes are skipped.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(QUERY).matches;
}

function subscribe(fn: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const m = matchMedia(QUERY);
  m.addEventListener?.('change', fn);
  return () => m.removeEventListener?.('change', fn);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
