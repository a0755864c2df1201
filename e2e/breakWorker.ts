// Ways to break an instrument's worker, shared by e2e/recovery.spec.ts and the report's recovery
// probe, with the words the page's alert then uses. From the page: terminate the Worker object,
// post it garbage or a comlink RELEASE, reject its next tick (trackWorkers gives the test the
// page's Worker objects).
// From inside the worker (Playwright's worker.evaluate): close itself, hang in a busy loop, answer
// a question nobody asked, answer with what cannot be cloned, throw.
// Each way resolves to when it struck (ms since the epoch, performance.timeOrigin + now(), which
// the page and its workers share), for the report's fault → restored figure.
import { expect, type Page, type Worker } from '@playwright/test';
import type { LabId } from '../src/scenario/link/labName.ts';

/** Every instrument, by the one id list the page's registry is checked against. */
export type Lab = LabId;
export type Way = 'terminated' | 'closed' | 'hung' | 'garbage' | 'release' | 'babble' | 'rejectedTick' | 'unclonable' | 'uncaught';

interface Tracked { qpWorkers: Array<{ qpName: string; qpGone: boolean; terminate(): void; postMessage(m: unknown): void; qpRejectNextTick(): void }> }

/**
 * Before the page loads: keep every Worker the page starts, by name, and whether it was
 * terminated. Each can also reject its next tick: the tick's answer is caught before the page's
 * own listeners (registered first, in the constructor) and replaced by a rejection as comlink
 * sends one, naming when (for the report's timing).
 */
export async function trackWorkers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Base = window.Worker;
    const list: unknown[] = [];
    (window as unknown as { qpWorkers: unknown[] }).qpWorkers = list;
    type Msg = { id?: string; type?: string; path?: string[] } | null;
    window.Worker = class extends Base {
      qpName: string;
      qpGone = false;
      private reject: 'next' | string | null = null;
      constructor(url: string | URL, opts?: WorkerOptions) {
        super(url, opts);
        this.qpName = opts?.name ?? '';
        list.push(this);
        super.addEventListener('message', (e) => {
          const id = (e.data as Msg)?.id;
          if (this.reject === null || this.reject === 'next' || id !== this.reject) return;
          e.stopImmediatePropagation();
          this.reject = null;
          const at = (performance.timeOrigin + performance.now()).toFixed(1);
          this.dispatchEvent(new MessageEvent('message', { data: { id, type: 'HANDLER', name: 'throw', value: { isError: true, value: { name: 'Error', message: `tick rejected by the test at ${at}` } } } }));
        });
      }
      qpRejectNextTick(): void { this.reject = 'next'; }
      override postMessage(m: unknown, t?: Transferable[] | StructuredSerializeOptions): void {
        const d = m as Msg;
        if (this.reject === 'next' && d?.type === 'APPLY' && d.path?.[0] === 'tick' && typeof d.id === 'string') this.reject = d.id;
        super.postMessage(m, t as Transferable[]);
      }
      override terminate(): void { this.qpGone = true; super.terminate(); }
    };
  });
}

/** In the page: do `what` to the instrument's live Worker object; resolves to when it was done. */
function fromPage(page: Page, lab: Lab, what: 'terminate' | 'garbage' | 'release' | 'rejectTick'): Promise<number> {
  return page.evaluate(([l, how]) => {
    const live = (window as unknown as Tracked).qpWorkers.filter((w) => w.qpName === `qp-scope-${l}` && !w.qpGone);
    if (live.length !== 1) throw new Error(`expected one live ${l} worker, found ${live.length} (was trackWorkers called before the page loaded?)`);
    const w = live[0];
    const at = performance.timeOrigin + performance.now();
    if (how === 'terminate') w.terminate();
    else if (how === 'rejectTick') w.qpRejectNextTick();
    else if (how === 'release') w.postMessage({ id: 'release-sent-by-the-test', type: 'RELEASE', path: [] });
    else {
      // Messages comlink drops (not an object, no type, a type it lacks), then one it answers (a method the API lacks).
      for (const m of ['hello', 42, { nonsense: true }, { id: 'g1', type: 'NOPE' }, { id: 'g2', type: 'APPLY', path: ['noSuchMethod'], argumentList: [] }]) w.postMessage(m);
    }
    return at;
  }, [lab, what] as const);
}

export const BREAK: Record<Way, { run(page: Page, lab: Lab): Promise<number>; says: RegExp }> = {
  terminated: { run: (p, l) => fromPage(p, l, 'terminate'), says: /was terminated or closed/ },
  garbage: { run: (p, l) => fromPage(p, l, 'garbage'), says: /never asked/ },
  // Comlink's RELEASE: the worker answers it, then stops listening for good.
  release: { run: (p, l) => fromPage(p, l, 'release'), says: /never asked/ },
  closed: { run: async (p, l) => (await workerOf(p, l)).evaluate(() => { setTimeout(() => self.close(), 0); return performance.timeOrigin + performance.now(); }), says: /was terminated or closed/ },
  hung: {
    run: async (p, l) => (await workerOf(p, l)).evaluate(() => {
      setTimeout(() => { for (;;) { /* a busy loop that never yields */ } }, 0);
      return performance.timeOrigin + performance.now();
    }),
    says: /stopped answering/,
  },
  babble: {
    run: async (p, l) => (await workerOf(p, l)).evaluate(() => {
      self.postMessage({ id: 'a question nobody asked', type: 'RAW', value: 1 });
      return performance.timeOrigin + performance.now();
    }),
    says: /never asked/,
  },
  // A tick the worker answers with a rejection (caught on its way to the page). Needs a playing instrument.
  rejectedTick: { run: (p, l) => fromPage(p, l, 'rejectTick'), says: /failed on "tick" \(tick rejected by the test at [\d.]+\)/ },
  unclonable: {
    run: async (p, l) => (await workerOf(p, l)).evaluate(() => {
      const scope = self as unknown as { postMessage(m: unknown, t?: Transferable[]): void };
      const post = scope.postMessage.bind(scope);
      scope.postMessage = (m, t) => { scope.postMessage = post; post({ ...(m as object), value: { notCloneable: () => 0 } }, t ?? []); };
      return performance.timeOrigin + performance.now();
    }),
    says: /failed on "\w+" \(Unserializable return value\)/,
  },
  uncaught: {
    run: async (p, l) => (await workerOf(p, l)).evaluate(() => {
      setTimeout(() => { throw new Error('injected by the test'); }, 0);
      return performance.timeOrigin + performance.now();
    }),
    says: /threw an error nothing caught \(.*injected by the test\)/,
  },
};

/** When a rejected tick struck, read from the alert's words (the page was told it in the rejection). */
export function rejectedAt(detail: string): number | null {
  const m = /tick rejected by the test at ([\d.]+)/.exec(detail);
  return m ? Number(m[1]) : null;
}

/** The instrument's one live worker (a replaced one leaves the list once it is closed). */
export async function workerOf(page: Page, lab: Lab): Promise<Worker> {
  const live = () => page.workers().filter((w) => w.url().includes(`${lab}.worker`));
  await expect.poll(() => live().length, { timeout: 30_000 }).toBe(1);
  return live()[0];
}
