// A worker that crashes, hangs or talks garbage, in real Chromium: the instrument says so in an
// alert, restarts its worker and comes back at the same instant (same simulated time and trace
// hash; the same memory-lab and faults settings), with the lesson step kept, and Play, Step and
// Share work afterwards. The worker is broken from inside (Playwright's worker.evaluate): closed,
// sent into a busy loop, made to send an answer nobody asked for, a comlink RELEASE, an answer it
// cannot clone, an uncaught error. The deadline is shortened through the page's handle so a hang
// is found sooner; every wait is on state.
import { createSimulation, type Scenario } from '../src/core/index.ts';
import { writeLink } from '../src/scenario/link/index.ts';
import { expect, open, shot, test, type Page } from './fixtures.ts';
import { BREAK, workerOf, type Lab, type Way } from './breakWorker.ts';

/** Short enough to keep a hang test brief, long enough for the slowest legitimate slice these tests cause (a faults tick, ~1.5 s loaded). */
const DEADLINE_MS = 5000;

interface Client { call(n: string, ...a: unknown[]): Promise<unknown>; frame: Record<string, unknown> | null; snapshotCurrent: boolean }
interface Hook { qpScope: Record<'transport' | 'memory' | 'faults', () => Client> & { setDeadline(ms: number): void; recoveries(): Array<{ lab: string; kind: string; ms: number }> } }

const call = (page: Page, lab: Lab, name: string, ...args: unknown[]) =>
  page.evaluate(([l, n, a]) => (window as unknown as Hook).qpScope[l as Lab]().call(n as string, ...(a as unknown[])), [lab, name, args] as const);
const frameOf = (page: Page, lab: Lab) => page.evaluate((l) => (window as unknown as Hook).qpScope[l]().frame, lab);
const recoveries = (page: Page) => page.evaluate(() => (window as unknown as Hook).qpScope.recoveries());

/** Shorten the deadline, and record every phase the worker alert goes through. */
async function prepare(page: Page): Promise<void> {
  await page.evaluate((ms) => {
    (window as unknown as Hook).qpScope.setDeadline(ms);
    const seen: string[] = [];
    (window as unknown as { __phases: string[] }).__phases = seen;
    new MutationObserver(() => {
      const p = document.querySelector('[data-testid="worker-alert"]')?.getAttribute('data-phase');
      if (p && seen.at(-1) !== p) seen.push(p);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  }, DEADLINE_MS);
}
const phases = (page: Page) => page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);

/** The snapshot holds every action so far: what a restart must bring back is on the main thread. */
async function snapshotted(page: Page, lab: Lab): Promise<void> {
  await expect.poll(() => page.evaluate((l) => (window as unknown as Hook).qpScope[l]().snapshotCurrent, lab)).toBe(true);
}

async function breakAndRecover(page: Page, lab: Lab, way: Way, nth = 1): Promise<void> {
  await BREAK[way].run(await workerOf(page, lab));
  const alert = page.getByTestId('worker-alert');
  await expect(alert).toHaveAttribute('data-phase', 'restored', { timeout: 30_000 });
  await expect(alert).toContainText(BREAK[way].says);
  await expect(alert).toContainText('so it was restarted');
  expect(await recoveries(page)).toHaveLength(nth);
  expect((await phases(page)).slice(-2)).toEqual(['restarting', 'restored']);
}

/** Play, Step and Share answer after a restart. */
async function stillWorks(page: Page, lab: Lab, progress: () => Promise<number>): Promise<void> {
  const play = page.getByTestId('play');
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  const p0 = await progress();
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(progress).toBeGreaterThan(p0);
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  const p1 = await progress();
  await page.getByTestId('step').click();
  await expect.poll(progress).toBeGreaterThan(p1);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-url')).toHaveValue(new RegExp(`#lab=${lab}&v=\\d+&d=[A-Za-z0-9+\\-$]+$`));
  await page.keyboard.press('Escape');
}

const transportTime = async (page: Page) => ((await frameOf(page, 'transport')) as { t: number }).t;

/** The transport instrument with the install lesson at step 2 (step 1 answered and done), a few events in. */
async function transportInLesson(page: Page): Promise<void> {
  await open(page);
  await prepare(page);
  await page.getByTestId('lesson-panel').locator('#lesson-select').selectOption('install');
  await page.getByTestId('answer-refused').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
  for (let i = 0; i < 4; i++) await page.getByTestId('step').click();
  await snapshotted(page, 'transport');
}

async function lessonKept(page: Page): Promise<void> {
  await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
  await expect(page.getByRole('button', { name: /Step 1: .*\(done\)/ })).toBeVisible();
  await expect(page.getByTestId('worker-alert')).toContainText(/lesson .* at step 2 of \d+ as you left it/);
}

for (const way of ['terminated', 'hung', 'garbage'] as const) {
  test(`transport: a worker ${way} while paused comes back at the same instant and trace hash, lesson step kept; Play, Step, Share work`, async ({ app: page }) => {
    await transportInLesson(page);
    const time = await page.getByTestId('sim-time').innerText();
    const before = await frameOf(page, 'transport') as { t: number; traceHash: string };
    await breakAndRecover(page, 'transport', way);
    await expect(page.getByTestId('sim-time')).toHaveText(time);
    expect(await frameOf(page, 'transport')).toMatchObject({ t: before.t, traceHash: before.traceHash, playing: false });
    await expect(page.getByTestId('worker-alert')).toContainText(`back at ${time}`);
    await lessonKept(page);
    if (way === 'hung') await shot(page, 'recovery-transport-restored');
    await stillWorks(page, 'transport', () => transportTime(page));
  });
}

test('transport: an answer comlink cannot use, a RELEASE, an unclonable answer and an uncaught error each restart the worker at the same instant', async ({ app: page, watch }) => {
  // The uncaught error is thrown on purpose, inside the worker; the page handles it, and says so.
  watch.allow(/injected by the test/);
  await transportInLesson(page);
  const before = await frameOf(page, 'transport') as { t: number; traceHash: string };
  let n = 0;
  for (const way of ['release', 'unclonable', 'uncaught'] as const) {
    await breakAndRecover(page, 'transport', way, ++n);
    expect(await frameOf(page, 'transport')).toMatchObject({ t: before.t, traceHash: before.traceHash });
    await page.getByTestId('worker-alert').getByRole('button', { name: 'Dismiss message' }).click();
    await snapshotted(page, 'transport');
  }
  await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
  await expect(page.getByRole('button', { name: /Step 1: .*\(done\)/ })).toBeVisible();
  await stillWorks(page, 'transport', () => transportTime(page));
});

test('transport: a worker terminated while playing comes back, stopped, at the last instant shown, the same run as a fresh replay', async ({ app: page }) => {
  await open(page);
  await prepare(page);
  await snapshotted(page, 'transport');
  await page.getByTestId('play').click();
  await expect.poll(() => transportTime(page)).toBeGreaterThan(0);
  const seen = await transportTime(page);
  await breakAndRecover(page, 'transport', 'terminated');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  const after = await frameOf(page, 'transport') as { t: number; traceHash: string };
  expect(after.t).toBeGreaterThanOrEqual(seen);
  await expect(page.getByTestId('sim-time')).toHaveText(`t = ${(after.t / 1000).toFixed(3)} µs`);
  await expect(page.getByTestId('worker-alert')).toContainText(`back at t = ${(after.t / 1000).toFixed(3)} µs`);
  const { scenario } = (await call(page, 'transport', 'exportScenario')) as { scenario: Scenario };
  const fresh = createSimulation(scenario);
  fresh.runUntil(after.t);
  expect(fresh.summary().traceHash).toBe(after.traceHash);
  await stillWorks(page, 'transport', () => transportTime(page));
});

const MEMORY_LINK = writeLink('memory', { preset: 'cx5', qps: 4096, overrides: { policy: 'lfu', pattern: 'zipf', skew: 1.1 }, tab: 'cache', lesson: { id: 'policy', step: 1 } });
const packets = async (page: Page) => ((await frameOf(page, 'memory')) as { live: { packets: number } }).live.packets;

for (const way of ['terminated', 'hung', 'garbage'] as const) {
  test(`memory lab: a worker ${way} comes back with the same settings and lesson step; Play, Step, Share work`, async ({ app: page }) => {
    await page.goto(`/#${MEMORY_LINK}`);
    await expect(page.getByTestId('memory-lab')).toBeVisible();
    await expect(page.getByTestId('hit-rate')).not.toHaveText('–', { timeout: 20_000 });
    await prepare(page);
    await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
    await page.getByTestId('tab-walk').click();
    await snapshotted(page, 'memory');
    const settings = await call(page, 'memory', 'linkState');
    await breakAndRecover(page, 'memory', way);
    expect(await call(page, 'memory', 'linkState')).toEqual(settings);
    await expect(page.getByTestId('worker-alert')).toContainText('same settings (ConnectX-5/6-like, 4,096 active QPs)');
    await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
    await expect(page.getByTestId('tab-walk')).toHaveAttribute('aria-selected', 'true');
    if (way === 'garbage') await shot(page, 'recovery-memory-restored');
    await stillWorks(page, 'memory', () => packets(page));
  });
}

test('faults: a worker terminated mid-storm comes back with the same storm settings, tab and speed', async ({ app: page }) => {
  const link = writeLink('faults', { settings: { qps: 2048, fault: 'host-crash', preset: 'mlx4', eqDepth: 256, serviceNs: 10_000, eqeNs: 100, policy: 'round-robin', classes: 3, mix: 'equal', outstanding: 4, seed: 7 }, tab: 'policies', speed: 200_000 });
  await page.goto(`/#${link}`);
  await expect(page.getByTestId('play')).toBeEnabled();
  await prepare(page);
  await snapshotted(page, 'faults');
  const settings = await call(page, 'faults', 'linkState');
  await page.getByTestId('play').click();
  await breakAndRecover(page, 'faults', 'terminated');
  expect(await call(page, 'faults', 'linkState')).toEqual(settings);
  await expect(page.getByTestId('worker-alert')).toContainText("storm's settings are back (2,048 QPs, host-crash, round-robin)");
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
});
