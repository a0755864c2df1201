// Ways to break an instrument's worker from inside it (Playwright's worker.evaluate), shared by
// e2e/recovery.spec.ts and the report's recovery probe, with the words the page's alert then uses.
import { expect, type Page, type Worker } from '@playwright/test';

export type Lab = 'transport' | 'memory' | 'faults';
export type Way = 'terminated' | 'hung' | 'garbage' | 'release' | 'unclonable' | 'uncaught';

export const BREAK: Record<Way, { run(w: Worker): Promise<unknown>; says: RegExp }> = {
  terminated: { run: (w) => w.evaluate(() => { setTimeout(() => self.close(), 0); }), says: /stopped answering/ },
  hung: { run: (w) => w.evaluate(() => { setTimeout(() => { for (;;) { /* a busy loop that never yields */ } }, 0); }), says: /stopped answering/ },
  garbage: { run: (w) => w.evaluate(() => { self.postMessage({ id: 'a question nobody asked', type: 'RAW', value: 1 }); }), says: /never asked/ },
  // What comlink's RELEASE does to the worker side: it answers, then stops listening for good.
  release: { run: (w) => w.evaluate(() => { self.dispatchEvent(new MessageEvent('message', { data: { id: 'release-by-test', type: 'RELEASE', path: [] } })); }), says: /never asked/ },
  unclonable: {
    run: (w) => w.evaluate(() => {
      const scope = self as unknown as { postMessage(m: unknown, t?: Transferable[]): void };
      const post = scope.postMessage.bind(scope);
      scope.postMessage = (m, t) => { scope.postMessage = post; post({ ...(m as object), value: { notCloneable: () => 0 } }, t ?? []); };
    }),
    says: /failed on "\w+" \(Unserializable return value\)/,
  },
  uncaught: { run: (w) => w.evaluate(() => { setTimeout(() => { throw new Error('injected by the test'); }, 0); }), says: /threw an error nothing caught \(.*injected by the test\)/ },
};

/** The instrument's one live worker (a replaced one leaves the list once it is closed). */
export async function workerOf(page: Page, lab: Lab): Promise<Worker> {
  const live = () => page.workers().filter((w) => w.url().includes(`${lab}.worker`));
  await expect.poll(() => live().length, { timeout: 30_000 }).toBe(1);
  return live()[0];
}
