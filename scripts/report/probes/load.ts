// Row (b): load time to first interaction, QP Scope against the minimal Vite + React page, both
// built and served the same way in this run. Each load is cold (a new browser context, empty
// cache); the rounds alternate the two pages so machine load falls on both alike. First paint is
// reported beside it, so a reader can tell page weight from the worker's start-up.
import type { BrowserContext } from '@playwright/test';
import { PROBE_SCRIPT, type InPageProbe } from '../inpage.ts';
import { median, ms } from '../stats.ts';
import type { Probe, ProbeContext, Row } from '../types.ts';

const ROUNDS = 7;

interface Load { interactive: number; fcp: number }

async function load(context: BrowserContext, url: string): Promise<Load> {
  await context.addInitScript({ path: PROBE_SCRIPT });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __qpProbe: InPageProbe }).__qpProbe.readyAt !== null, null, { timeout: 60_000 });
  // The baseline can be interactive before its first paint is recorded.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 60_000 });
  const r = await page.evaluate(() => ({
    interactive: (window as unknown as { __qpProbe: InPageProbe }).__qpProbe.readyAt ?? NaN,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  }));
  await context.close();
  return r;
}

function row(name: string, what: string, loads: Load[]): Row {
  const t = loads.map((l) => l.interactive);
  return {
    area: 'Load',
    measure: `${name}: navigation → ${what}`,
    figure: ms(median(t)),
    note: `median of ${t.length} cold loads, range ${Math.min(...t).toFixed(0)}–${Math.max(...t).toFixed(0)} ms; first contentful paint ${ms(median(loads.map((l) => l.fcp)))}`,
  };
}

export const loadProbe: Probe = {
  id: 'load',
  async run(ctx: ProbeContext) {
    const app: Load[] = [];
    const base: Load[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? ['app', 'base'] : ['base', 'app'];
      for (const which of order) {
        if (which === 'app') app.push(await load(await ctx.appContext(), ctx.appURL));
        else base.push(await load(await ctx.baselineContext(), ctx.baselineURL));
      }
    }
    const list = (ls: Load[]) => ls.map((l) => l.interactive.toFixed(0)).join(', ');
    ctx.log(`load: app ${list(app)} ms; baseline ${list(base)} ms`);
    const ratio = median(app.map((l) => l.interactive)) / median(base.map((l) => l.interactive));
    return [
      row('QP Scope', 'Play enabled (first frame from the worker)', app),
      row('Baseline (bench/baseline-app, Vite + React)', 'its button rendered', base),
      { area: 'Load', measure: '**Ratio QP Scope / baseline**', figure: `**${ratio.toFixed(2)}×**`, target: '≤ 1.5×', note: 'same build, server and browser, same run; first visits, service worker not yet installed' },
    ];
  },
};
