// Row (c): frame-time p95 and main-thread long tasks over 10 s of playing, at the default speed and
// at top speed, in the transport view (default page, and the sandbox at scale: 1,000 active QPs),
// in the NIC memory lab (#lab=memory) at its default and at 1M active QPs, and in the faults view
// (#lab=faults) during a 16,384-QP storm.
// Reported as figures; a target is shown for reading them, never asserted.
import type { Page } from '@playwright/test';
import { PROBE_SCRIPT, type FrameWindow, type InPageProbe } from '../inpage.ts';
import { ms, quantile } from '../stats.ts';
import type { Probe, ProbeContext, Row } from '../types.ts';

const RUN_MS = 10_000;

type View = 'Transport' | 'NIC memory' | 'Faults';
/** A run at scale: how the page is brought there (as a person would), and the row's label. */
interface Scale { label: string; open(page: Page): Promise<string>; wire?: boolean }
interface Run { view: View; hash: string; top: boolean; scale?: Scale }

/** A range input moved to its far end, and what its readout then says. */
function slider(id: string, label: string): Scale {
  return {
    label,
    async open(page) {
      const input = page.getByTestId(id);
      await input.fill(String(await input.getAttribute('max')));
      return `${label} (the slider reads ${(await page.getByTestId(`${id}-value`).innerText()).trim()})`;
    },
  };
}
// The transport view with 1,000 active QPs (Files → "Open the sandbox at scale").
const TRANSPORT_1K: Scale = { label: '1,000 active QPs', open: (page) => openScale(page), wire: true };
const MEMORY_1M = slider('active-qps', '1,000,000 active QPs');
const STORM_16K = slider('affected-qps', 'a 16,384-QP storm');
const RUNS: Run[] = [
  { view: 'Transport', hash: '', top: false },
  { view: 'Transport', hash: '', top: true },
  { view: 'Transport', hash: '', top: false, scale: TRANSPORT_1K },
  { view: 'Transport', hash: '', top: true, scale: TRANSPORT_1K },
  { view: 'NIC memory', hash: '#lab=memory', top: false },
  { view: 'NIC memory', hash: '#lab=memory', top: true },
  { view: 'NIC memory', hash: '#lab=memory', top: false, scale: MEMORY_1M },
  { view: 'NIC memory', hash: '#lab=memory', top: true, scale: MEMORY_1M },
  { view: 'Faults', hash: '#lab=faults', top: false, scale: STORM_16K },
  { view: 'Faults', hash: '#lab=faults', top: true, scale: STORM_16K },
];

/** The page's console handle (src/app/main.tsx): each instrument's client, whose call() reaches its worker. */
type Hook = { qpScope?: { transport(): { call(name: string, ...args: unknown[]): Promise<unknown> } } };

/**
 * At top speed (10 ms of simulated time per second) the 5 ms sandbox ends after half a second and
 * the page would idle for the rest of the run; the same scenario, lengthened through the page's
 * own hook, keeps it busy for all 10 s.
 */
async function lengthenSandbox(page: Page): Promise<string> {
  return page.evaluate(async (runMs) => {
    const hook = (window as unknown as Hook).qpScope;
    if (!hook) return 'window.qpScope missing: sandbox not lengthened';
    const c = hook.transport();
    const { scenario, t } = (await c.call('exportScenario')) as { scenario: { config: { durationNs?: number } }; t: number };
    scenario.config.durationNs = Math.max(scenario.config.durationNs ?? 0, runMs * 10_000 * 1.5);
    const r = (await c.call('load', scenario, t)) as { ok: boolean };
    return r.ok ? `sandbox lengthened to ${(scenario.config.durationNs / 1e6).toFixed(0)} ms simulated` : 'sandbox could not be lengthened';
  }, RUN_MS);
}

async function ready(page: Page, run: Run): Promise<void> {
  if (run.view === 'Transport') await page.locator('[data-testid^="qp-"]').first().waitFor();
  else if (run.view === 'Faults') await page.waitForFunction(() => !(document.querySelector('[data-testid="play"]') as HTMLButtonElement | null)?.disabled, null, { timeout: 60_000 });
  else await page.waitForFunction(() => (document.querySelector('[data-testid="hit-rate"]')?.textContent ?? '–') !== '–', null, { timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __qpProbe: InPageProbe }).__qpProbe.readyAt !== null, null, { timeout: 60_000 });
}

/** The sandbox at scale, opened as a person would, once both hosts draw their QP grids. */
async function openScale(page: Page): Promise<string> {
  await page.getByTestId('files-open').click();
  await page.getByTestId('open-scale').click();
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.waitForFunction(() => [0, 1].reduce((n, h) => n + Number(document.querySelector(`[data-testid="qp-grid-${h}"]`)?.getAttribute('data-count') ?? 0), 0) === 1000,
    null, { timeout: 120_000 });
  return '1,000 RC QPs (500 pairs), traffic both ways; each host draws its QPs as a canvas grid';
}

/** What the wire showed at the end: pills and counted groups, and the packets in the groups. */
async function wireAtEnd(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pills = document.querySelectorAll('[data-testid="wire"] [data-testid="packet"]').length;
    const groups = [...document.querySelectorAll('[data-testid="wire"] [data-testid="packet-group"]')];
    const grouped = groups.reduce((n, g) => n + Number(g.getAttribute('data-count') ?? 0), 0);
    return `wire: ${pills} pills, ${groups.length} groups of ${grouped} packets`;
  });
}

/** How far the simulation got, as the page says it. */
async function progress(page: Page, run: Run): Promise<string> {
  const el = run.view === 'Transport' ? page.getByTestId('sim-time') : run.view === 'Faults' ? page.getByTestId('storm-time') : page.getByTestId('status').locator('span').first();
  return (await el.innerText()).trim();
}

function label(run: Run): string {
  return `${run.view}${run.hash ? ` (${run.hash})` : run.scale ? '' : ' (default page)'}${run.scale ? `, ${run.scale.label}` : ''}, ${run.top ? 'top' : 'default'} speed`;
}

async function measure(ctx: ProbeContext, run: Run): Promise<Row> {
  const context = await ctx.appContext();
  await context.addInitScript({ path: PROBE_SCRIPT });
  const page = await context.newPage();
  await page.goto(`${ctx.appURL}${run.hash}`);
  await ready(page, run);
  const notes: string[] = [];
  const speed = page.getByTestId('speed');
  if (run.scale) notes.push(await run.scale.open(page));
  if (run.top) {
    if (run.view === 'Transport' && !run.scale) notes.push(await lengthenSandbox(page));
    await speed.fill(String(await speed.getAttribute('max')));
  }
  const play = page.getByTestId('play');
  if ((await play.getAttribute('aria-pressed')) !== 'true') await play.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]')?.getAttribute('aria-pressed') === 'true');
  const speedText = (await speed.getAttribute('aria-valuetext') ?? '').replace(/ of simulated time per second$/, '').replace(/ per second$/, '/s');
  const w: FrameWindow = await page.evaluate((t) => (window as unknown as { __qpProbe: InPageProbe }).__qpProbe.measure(t), RUN_MS);
  if ((await play.getAttribute('aria-pressed')) !== 'true') notes.push('playback had stopped before the end');
  notes.push(`at the end: ${await progress(page, run)}`);
  if (run.scale?.wire) notes.push(await wireAtEnd(page));
  await context.close();

  const p95 = quantile(w.frames, 0.95);
  // One 60 Hz refresh is 16.7 ms, so a p95 a hair above it is vsync jitter; an interval past 25 ms
  // means at least one refresh went by without a new frame.
  const slow = w.frames.filter((f) => f > 25).length;
  const longest = w.longTasks.length ? Math.max(...w.longTasks) : 0;
  return {
    area: 'Frames',
    measure: `${label(run)} (${speedText})`,
    figure: `p95 ${ms(p95)} · ${slow} of ${w.frames.length} frames > 25 ms · ${w.longTasks.length} long task${w.longTasks.length === 1 ? '' : 's'}${w.longTasks.length ? `, longest ${ms(longest)}` : ''}`,
    target: 'p95 ≤ 16.7 ms, no task > 50 ms',
    note: [`${(w.ms / 1000).toFixed(1)} s playing`, ...notes].join('; '),
  };
}

export const framesProbe: Probe = {
  id: 'frames',
  async run(ctx) {
    const rows: Row[] = [];
    // FRAMES_ONLY=text keeps the runs whose row name contains it (e.g. "1,000 active QPs").
    const only = process.env.FRAMES_ONLY;
    for (const run of RUNS) {
      if (only && !label(run).includes(only)) continue;
      const row = await measure(ctx, run);
      ctx.log(`frames: ${row.measure}: ${row.figure}`);
      rows.push(row);
    }
    return rows;
  },
};
