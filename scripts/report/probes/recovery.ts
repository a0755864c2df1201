// Row: worker recovery time per instrument, from the failure being detected to the restored frame
// painted, as the page itself measures it (performance.measure `qp-recovery:<lab>`, src/app/
// recovery.ts). Each instrument plays; its worker is broken from inside, several times and
// several ways (an answer nobody asked for, an uncaught error, closed so it never answers); the
// median and range are reported. Detection is not part of the figure: a closed worker is found
// by the deadline on silence, which the probe shortens, a garbage answer at once.
import type { Page } from '@playwright/test';
import { BREAK, workerOf, type Lab, type Way } from '../../../e2e/breakWorker.ts';
import { median, ms } from '../stats.ts';
import type { Probe, ProbeContext, Row } from '../types.ts';

const WAYS: Way[] = ['garbage', 'uncaught', 'terminated', 'garbage', 'uncaught', 'terminated'];
const DEADLINE_MS = 5000;

interface Hook { qpScope: Record<Lab, () => { snapshotCurrent: boolean }> & { setDeadline(ms: number): void; recoveries(): Array<{ lab: string; kind: string; ms: number }> } }

const VIEWS: Array<{ lab: Lab; name: string; hash: string }> = [
  { lab: 'transport', name: 'Transport (default page)', hash: '' },
  { lab: 'memory', name: 'NIC memory (#lab=memory)', hash: '#lab=memory' },
  { lab: 'faults', name: 'Faults at scale (#lab=faults)', hash: '#lab=faults' },
];

async function playing(page: Page): Promise<void> {
  const play = page.getByTestId('play');
  await play.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]:not([disabled])') !== null, null, { timeout: 60_000 });
  if ((await play.getAttribute('aria-pressed')) !== 'true') await play.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]')?.getAttribute('aria-pressed') === 'true', null, { timeout: 30_000 });
}

async function measure(ctx: ProbeContext, view: (typeof VIEWS)[number]): Promise<Row> {
  const context = await ctx.appContext();
  const page = await context.newPage();
  // The uncaught errors are thrown on purpose, inside the worker; the page handles them.
  ctx.watch.allow(/injected by the test/);
  await page.goto(`${ctx.appURL}${view.hash}`);
  await page.evaluate((d) => (window as unknown as Hook).qpScope.setDeadline(d), DEADLINE_MS);
  const times: number[] = [];
  const notes: string[] = [];
  for (const [i, way] of WAYS.entries()) {
    await playing(page);
    await page.waitForFunction((l) => (window as unknown as Hook).qpScope[l]().snapshotCurrent, view.lab, { timeout: 60_000 });
    await BREAK[way].run(await workerOf(page, view.lab));
    await page.waitForFunction((n) => (window as unknown as Hook).qpScope.recoveries().length > n, i, { timeout: 60_000 });
    const rec = (await page.evaluate(() => (window as unknown as Hook).qpScope.recoveries())).at(-1)!;
    times.push(rec.ms);
    ctx.log(`recovery: ${view.lab} ${way} (${rec.kind}): ${ms(rec.ms)}`);
  }
  const measures = await page.evaluate((l) => performance.getEntriesByName(`qp-recovery:${l}`).length, view.lab);
  if (measures !== WAYS.length) notes.push(`${measures} performance measures for ${WAYS.length} recoveries`);
  await context.close();
  return {
    area: 'Resilience',
    measure: `Worker recovery, ${view.name}: failure detected → restored frame painted`,
    figure: `median ${ms(median(times))} · range ${ms(Math.min(...times))}–${ms(Math.max(...times))} · ${times.length} recoveries`,
    target: '≤ 1 s',
    note: [`playing; broken ${WAYS.length / 3}× each way: an answer nobody asked for, an uncaught error, closed (found by a ${DEADLINE_MS / 1000} s deadline, not counted)`, ...notes].join('; '),
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
