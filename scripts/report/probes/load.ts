// Row (b): load time to first interaction, QP Scope against the minimal Vite + React page, both
// built and served the same way in this run. Each load is cold (a new browser context, empty
// cache); the rounds alternate the two pages so machine load falls on both alike.
import type { BrowserContext } from '@playwright/test';
import { PROBE_SCRIPT, type InPageProbe } from '../inpage.ts';
import { median, ms } from '../stats.ts';
import type { Probe, ProbeContext } from '../types.ts';

const ROUNDS = 7;

async function timeToInteractive(context: BrowserContext, url: string): Promise<number> {
  await context.addInitScript({ path: PROBE_SCRIPT });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __qpProbe: InPageProbe }).__qpProbe.readyAt !== null, null, { timeout: 60_000 });
  const at = await page.evaluate(() => (window as unknown as { __qpProbe: InPageProbe }).__qpProbe.readyAt!);
  await context.close();
  return at;
}

export const loadProbe: Probe = {
  id: 'load',
  async run(ctx: ProbeContext) {
    const app: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? ['app', 'base'] : ['base', 'app'];
      for (const which of order) {
        if (which === 'app') app.push(await timeToInteractive(await ctx.appContext(), ctx.appURL));
        else base.push(await timeToInteractive(await ctx.baselineContext(), ctx.baselineURL));
      }
    }
    ctx.log(`load: app ${app.map((x) => x.toFixed(0)).join(', ')} ms; baseline ${base.map((x) => x.toFixed(0)).join(', ')} ms`);
    const spread = (xs: number[]) => `median of ${xs.length} cold loads, range ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms`;
    return [
      { area: 'Load', measure: 'QP Scope: navigation → Play enabled (first frame from the worker)', figure: ms(median(app)), note: spread(app) },
      { area: 'Load', measure: 'Baseline (bench/baseline-app, Vite + React): navigation → its button rendered', figure: ms(median(base)), note: spread(base) },
      { area: 'Load', measure: '**Ratio QP Scope / baseline**', figure: `**${(median(app) / median(base)).toFixed(2)}×**`, target: '≤ 1.5×', note: 'same build, server and browser, same run; first visits, service worker not yet installed' },
    ];
  },
};
