// prefers-reduced-motion, for the few motions drawn from script (CSS ones are switched off in
// src/index.css): packets step along the wire instead of flying, flashes are skipped.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

// One query list, read on demand: matchMedia() builds a new one per call, and React asks on
// every render of a subscriber.
let query: MediaQueryList | null | undefined;
function list(): MediaQueryList | null {
  if (query === undefined) query = typeof matchMedia === 'function' ? matchMedia(QUERY) : null;
  return query;
}

export function prefersReducedMotion(): boolean {
  return list()?.matches ?? false;
}

function subscribe(fn: () => void): () => void {
  const m = list();
  m?.addEventListener?.('change', fn);
  return () => m?.removeEventListener?.('change', fn);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
