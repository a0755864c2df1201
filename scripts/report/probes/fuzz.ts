// Row: link fuzzing per instrument. The same deterministic mutations of valid links as
// e2e/fuzz.spec.ts (e2e/linkFuzz.ts, same seeds), opened inside the page through its automation
// entry, counted: still a valid link (accepted), refused with a message, refused without one,
// refused yet the state changed, uncaught errors (thrown out of the opening path, or a console or
// page error while the run lasted) and worker restarts. FUZZ_COUNT changes the count (default
// 10,000 per instrument).
import { emptyTally, runInPage, scriptRan } from '../../../e2e/fuzzRun.ts';
import { LABS, mutations, SEEDS } from '../../../e2e/linkFuzz.ts';
import type { Probe, ProbeContext, Row } from '../types.ts';
import type { LabId } from '../../../src/scenario/link/index.ts';

const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);

async function fuzz(ctx: ProbeContext, lab: LabId): Promise<Row> {
  const t0 = Date.now();
  const ms = mutations(lab, COUNT, SEEDS[lab].inPage);
  const made = (Date.now() - t0) / 1000;
  const errors0 = ctx.watch.count('console') + ctx.watch.count('pageerror');
  const context = await ctx.appContext();
  const page = await context.newPage();
  await page.goto(`${ctx.appURL}#lab=${lab}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]:not([disabled])') !== null, null, { timeout: 60_000 });
  const t1 = Date.now();
  const t = await runInPage(page, lab, ms, emptyTally(), (n) => { if (n % 2000 === 0) ctx.log(`fuzz: ${lab} ${n}/${COUNT}`); });
  const wall = (Date.now() - t1) / 1000;
  const ran = await scriptRan(page);
  await context.close();
  const errors = t.threw.length + ctx.watch.count('console') + ctx.watch.count('pageerror') - errors0;
  const top = Object.entries(t.reasons).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([why, n]) => `${n} "${why}…"`).join(', ');
  return {
    area: 'Quality',
    measure: `Link fuzz, ${lab}: mutations of valid links (seed ${SEEDS[lab].inPage})`,
    figure: `${COUNT.toLocaleString('en')} mutations · ${t.opened.toLocaleString('en')} accepted (still valid) · ${t.refused.toLocaleString('en')} refused with a message · ${t.silent.length} refused without · ${t.changed.length} refused yet changed the state · ${errors} uncaught · ${t.restarts} worker restarts`,
    target: '0 without a message, 0 changed, 0 uncaught',
    note: `made in ${made.toFixed(0)} s, opened in the page in ${wall.toFixed(0)} s; markup from a link ${ran ? 'RAN' : 'never ran'}; most refusals: ${top}`,
  };
}

export const fuzzProbe: Probe = {
  id: 'fuzz',
  async run(ctx) {
    const rows: Row[] = [];
    for (const lab of LABS) {
      const row = await fuzz(ctx, lab);
      ctx.log(`fuzz: ${row.measure}: ${row.figure}`);
      rows.push(row);
    }
    return rows;
  },
};
