// Row: worker recovery time per instrument, from the fault to the restored, interactive page.
// Each instrument plays; its worker is broken (e2e/breakWorker.ts) twice each way: terminated
// from the page, garbage and a comlink RELEASE posted to it, a rejected tick, an uncaught error,
// a busy-loop hang. The fault's instant is taken where it strikes (performance.timeOrigin + now(),
// shared by the page and its workers); the end is the page's own record (src/app/recovery.ts):
// the restored frame painted, the worker answering. A hang can only be found by its silence, so
// its figure is the deadline (shortened here) plus the restore, and is given apart.
import type { Page } from '@playwright/test';
import { BREAK, rejectedAt, trackWorkers, type Lab, type Way } from '../../../e2e/breakWorker.ts';
import { median, ms } from '../stats.ts';
import type { Probe, ProbeContext, Row } from '../types.ts';
import { DEADLINE_MS as DEFAULT_DEADLINE_MS } from '../../../src/bridge/kit/client.ts';

const WAYS: Way[] = ['terminated', 'garbage', 'release', 'rejectedTick', 'uncaught', 'hung'];
const ROUNDS = 2;
/** The hang's deadline here: long enough for the slowest legitimate slice on a loaded machine. */
const DEADLINE_MS = 5000;

interface Rec { lab: string; kind: string; detail: string; ms: number; detectedAt: number; restoredAt: number }
interface Hook { qpScope: Record<Lab, () => { snapshotCurrent: boolean }> & { setDeadline(ms: number): void; recoveries(): Rec[] } }

const VIEWS: Array<{ lab: Lab; name: string; hash: string }> = [
  { lab: 'transport', name: 'Transport (default page)', hash: '' },
  { lab: 'memory', name: 'NIC memory (#lab=memory)', hash: '#lab=memory' },
  { lab: 'faults', name: 'Faults at scale (#lab=faults)', hash: '#lab=faults' },
];

const LABEL: Partial<Record<Way, string>> = { terminated: 'terminated', garbage: 'garbage', release: 'RELEASE', rejectedTick: 'rejected tick', uncaught: 'uncaught error' };

async function playing(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]:not([disabled])') !== null, null, { timeout: 60_000 });
  const play = page.getByTestId('play');
  if ((await play.getAttribute('aria-pressed')) !== 'true') await play.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]')?.getAttribute('aria-pressed') === 'true', null, { timeout: 30_000 });
}

async function measure(ctx: ProbeContext, view: (typeof VIEWS)[number]): Promise<Row> {
  const context = await ctx.appContext();
  const page = await context.newPage();
  // The uncaught errors are thrown on purpose, inside the worker; the page handles them.
  ctx.watch.allow(/injected by the test/);
  await trackWorkers(page);
  await page.goto(`${ctx.appURL}${view.hash}`);
  await page.evaluate((d) => (window as unknown as Hook).qpScope.setDeadline(d), DEADLINE_MS);
  const total: Partial<Record<Way, number[]>> = {};
  const restore: number[] = [];
  const hang: { found: number[]; restore: number[] } = { found: [], restore: [] };
  let n = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of WAYS) {
      await playing(page);
      await page.waitForFunction((l) => (window as unknown as Hook).qpScope[l]().snapshotCurrent, view.lab, { timeout: 60_000 });
      const struck = await BREAK[way].run(page, view.lab);
      await page.waitForFunction((k) => (window as unknown as Hook).qpScope.recoveries().length > k, n, { timeout: 60_000 });
      n++;
      const rec = (await page.evaluate(() => (window as unknown as Hook).qpScope.recoveries())).at(-1);
      if (!rec) throw new Error(`${way}: no recovery was recorded`);
      // A rejected tick strikes at the next tick after it is armed; the rejection says when.
      const at = way === 'rejectedTick' ? rejectedAt(rec.detail) ?? struck : struck;
      restore.push(rec.ms);
      if (way === 'hung') { hang.found.push(rec.detectedAt - at); hang.restore.push(rec.ms); } else (total[way] ??= []).push(rec.restoredAt - at);
      ctx.log(`recovery: ${view.lab} ${way}: found after ${ms(rec.detectedAt - at)}, restored ${ms(rec.ms)} later`);
    }
  }
  await context.close();
  const all = Object.values(total).flat();
  const per = (Object.keys(LABEL) as Way[]).map((w) => `${LABEL[w]} ${ms(median(total[w] ?? []))}`).join(', ');
  return {
    area: 'Resilience',
    measure: `Worker recovery, ${view.name}: fault → restored, interactive page (while playing)`,
    figure: `median ${ms(median(all))} · max ${ms(Math.max(...all))} over ${all.length} faults (${per}); a hang: found after ${ms(median(hang.found))}, then restored in ${ms(median(hang.restore))}`,
    target: '≤ 1 s',
    note: `each way ${ROUNDS}×; restore alone (found → painted) median ${ms(median(restore))}, max ${ms(Math.max(...restore))}; a dead worker is found by its lifeline lock, garbage and rejections at once, a hang only by its silence (deadline ${DEADLINE_MS / 1000} s here, ${DEFAULT_DEADLINE_MS / 1000} s by default)`,
  };
}

export const recoveryProbe: Probe = {
  id: 'recovery',
  async run(ctx) {
    const rows: Row[] = [];
    for (const view of VIEWS) rows.push(await measure(ctx, view));
    return rows;
  },
};
