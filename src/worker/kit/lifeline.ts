// The worker's half of its lifeline: a Web Lock it takes when the page names one and never lets
// go. The browser releases a lock only when its holder is gone (terminated, closed), and the page,
// queued for the same lock, is then granted it at once: a dead worker is found in milliseconds,
// not after a deadline on silence. Installed before comlink's listener, so comlink never sees it.
import type { Lifeline } from './types.ts';

/** What this needs of a worker's global scope (typed here: the app's DOM build sees no worker scope). */
interface Scope {
  addEventListener(type: 'message', h: (e: MessageEvent) => void): void;
  postMessage(m: unknown): void;
  navigator: { locks?: Pick<LockManager, 'request'> };
}

export function holdLifeline(): void {
  const scope: Scope = self;
  scope.addEventListener('message', (e) => {
    const name = (e.data as Partial<Lifeline> | null)?.qpScopeLifeline;
    if (typeof name !== 'string') return;
    e.stopImmediatePropagation();
    // Never resolved: the lock is held for as long as this worker lives.
    scope.navigator.locks?.request(name, () => {
      scope.postMessage({ qpScopeLifeline: name } satisfies Lifeline);
      return new Promise<never>(() => undefined);
    }).catch(() => {
      // Refused ("The request was denied.": a cross-origin frame whose storage is blocked): no
      // echo, so the page never queues for it and finds a dead worker by its call deadline instead.
    });
  });
}
