// Small hooks of the lab's views: element size, and "latest wins" commands to the worker.
import { useLayoutEffect, useRef, useState } from 'react';
import { memoryClient } from '../../bridge/memoryClient.ts';
import { memoryStore } from '../../store/memoryStore.ts';
import type { Reply } from '../../worker/memory/types.ts';

/** The content-box size of an element, kept current with a ResizeObserver. */
export function useSize<T extends HTMLElement>(fallback = { width: 600, height: 300 }) {
  const ref = useRef<T | null>(null);
  const [size, setSize] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) setSize((s) => (Math.abs(s.width - r.width) < 0.5 && Math.abs(s.height - r.height) < 0.5 ? s : { width: Math.floor(r.width), height: Math.floor(r.height) }));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, size] as const;
}

/** Run `fn` with at most one call in flight; while one runs, only the latest request waits. */
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

/** Show a refusal where the person acted, or clear an old one once a change is accepted. */
export function noteReply(r: Reply): Reply {
  const st = memoryStore.getState();
  if (!r.ok && r.error) st.showNotice('error', `Not applied: ${r.error}. The previous setting is kept.`);
  else if (st.notice?.kind === 'error') st.clearNotice();
  return r;
}

export function sendConfig(patch: Parameters<ReturnType<typeof memoryClient>['setConfig']>[0]): Promise<Reply> {
  return memoryClient().setConfig(patch).then(noteReply);
}
