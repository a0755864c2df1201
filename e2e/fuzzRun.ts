// Running link mutations in a page and counting what became of them: opened (the mutation is
// still a valid link), refused with a message, refused without one, or an error thrown. Shared
// by e2e/fuzz.spec.ts and the report's fuzz probe. The loop runs inside the page, in batches,
// through the page's automation entry `qpScope.openLink` (src/app/main.tsx): the same path a
// followed link takes, without a navigation per mutation.
import type { Page } from '@playwright/test';
import type { Mutation } from './linkFuzz.ts';

export interface Tally {
  opened: number;
  refused: number;
  /** Refused, but with no words for it (must stay empty). */
  silent: Mutation[];
  /** Threw out of the opening path (must stay empty). */
  threw: Array<{ m: Mutation; error: string }>;
  /** Refused, yet what the instrument showed changed (must stay empty). */
  changed: Mutation[];
  /** Refusals by reason (the message's first words after "could not be opened:"). */
  reasons: Record<string, number>;
  /** Worker restarts during the run (a link that crashes or hangs its worker). */
  restarts: number;
}

export const emptyTally = (): Tally => ({ opened: 0, refused: 0, silent: [], threw: [], changed: [], reasons: {}, restarts: 0 });

type Outcome = { o: 1 } | { r: string; kept: boolean } | { s: 1 } | { x: string };

type Lab = 'transport' | 'memory' | 'faults';
interface Hook { qpScope: Record<Lab, () => { frame: Record<string, unknown> | null }> & { openLink(h: string): Promise<{ opened: boolean; message: string | null }>; recoveries(): unknown[] } }

const BATCH = 200;

/** Paths into the instrument's frame to what a refused link must leave as it was. */
const KEPT: Record<Lab, string[][]> = {
  transport: [['t'], ['traceHash'], ['scenarioTitle'], ['speed']],
  memory: [['config'], ['sides'], ['speed']],
  faults: [['settings'], ['reset', 'settings'], ['comparePolicies'], ['speed']],
};

/**
 * Open every mutation of `lab`'s links in the page, in order, and add the outcomes to `t`. A
 * refusal must keep what the instrument shows (KEPT).
 */
export async function runInPage(page: Page, lab: Lab, ms: readonly Mutation[], t: Tally, onBatch?: (done: number) => void): Promise<Tally> {
  const restarts0 = await page.evaluate(() => (window as unknown as Hook).qpScope.recoveries().length);
  for (let i = 0; i < ms.length; i += BATCH) {
    const batch = ms.slice(i, i + BATCH);
    const out = await page.evaluate(async ([l, keep, hashes]) => {
      const q = (window as unknown as Hook).qpScope;
      const res: Outcome[] = [];
      // What the instrument shows, read inline rather than by a local function: the report runs
      // this file through tsx, whose helper for function names does not exist in the page.
      for (const h of hashes) {
        try {
          const f0 = q[l]().frame;
          const before = JSON.stringify(keep.map((path) => path.reduce<unknown>((o, k) => (o as Record<string, unknown> | null | undefined)?.[k], f0)));
          const o = await q.openLink(h);
          const f1 = q[l]().frame;
          const after = JSON.stringify(keep.map((path) => path.reduce<unknown>((o2, k) => (o2 as Record<string, unknown> | null | undefined)?.[k], f1)));
          res.push(o.opened ? { o: 1 } : o.message && o.message.trim().length > 0 ? { r: o.message, kept: after === before } : { s: 1 });
        } catch (e) {
          res.push({ x: String((e as Error)?.stack ?? e).slice(0, 500) });
        }
      }
      return res;
    }, [lab, KEPT[lab], batch.map((m) => m.hash)] as const);
    out.forEach((o, j) => {
      const m = batch[j];
      if ('o' in o) t.opened++;
      else if ('r' in o) {
        t.refused++;
        if (!o.kept) t.changed.push(m);
        const why = o.r.replace(/^This link could not be opened: /, '').split(/[:(]/)[0].split(' ').slice(0, 6).join(' ').replace(/"[^"]*"/g, '"…"');
        t.reasons[why] = (t.reasons[why] ?? 0) + 1;
      } else if ('s' in o) t.silent.push(m);
      else t.threw.push({ m, error: o.x });
    });
    onBatch?.(i + batch.length);
  }
  t.restarts += (await page.evaluate(() => (window as unknown as Hook).qpScope.recoveries().length)) - restarts0;
  return t;
}

/** Did any mutation's markup run? (The payloads set window.__qpXss; the page must only ever show them as text.) */
export async function scriptRan(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __qpXss?: unknown }).__qpXss !== undefined || document.querySelector('img[src="x"], svg[onload]') !== null);
}
