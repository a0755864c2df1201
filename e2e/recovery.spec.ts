// A worker that crashes, hangs or talks garbage, in real Chromium, for every instrument: the
// instrument says so in an alert, restarts its worker and comes back at the same instant (the
// same simulated time and trace hash; the same packet count and settings; the same storm
// instant and settings), with the lesson step kept, and Play, Step and Share work afterwards.
// Three ways each: the Worker terminated from the page, a worker hung in a busy loop, garbage
// posted to it from the page; then a comlink RELEASE from the page and a rejected tick while
// playing, and (transport) the rest of e2e/breakWorker.ts. The deadline is shortened through the
// page's handle so a hang is found sooner; every wait is on state.
import { createSimulation, type Scenario } from '../src/core/index.ts';
import { writeLink } from '../src/scenario/link/index.ts';
import { createFaultsApi } from '../src/worker/faults/api.ts';
import { createMemoryApi } from '../src/worker/memory/api.ts';
import { expect, open, shot, test, type Page } from './fixtures.ts';
import { BREAK, trackWorkers, type Lab, type Way } from './breakWorker.ts';

/** Short enough to keep a hang test brief, long enough for the slowest legitimate slice these tests cause (a faults tick, ~1.5 s loaded). */
const DEADLINE_MS = 5000;

interface Client { call(n: string, ...a: unknown[]): Promise<unknown>; frame: Record<string, unknown> | null; snapshotCurrent: boolean }
interface Hook { qpScope: Record<Lab, () => Client> & { setDeadline(ms: number): void; recoveries(): Array<{ lab: string; kind: string; ms: number }> } }

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
  await BREAK[way].run(page, lab);
  const alert = page.getByTestId('worker-alert');
  await expect(alert).toHaveAttribute('data-phase', 'restored', { timeout: 30_000 });
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toContainText(BREAK[way].says);
  await expect(alert).toContainText('so it was restarted');
  expect(await recoveries(page)).toHaveLength(nth);
  expect((await phases(page)).slice(-2)).toEqual(['restarting', 'restored']);
}

/** Play, Step (or its instrument's equivalent) and Share answer after a restart. */
async function stillWorks(page: Page, lab: Lab, progress: () => Promise<number>, step = 'step'): Promise<void> {
  const play = page.getByTestId('play');
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  const p0 = await progress();
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(progress).toBeGreaterThan(p0);
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  const p1 = await progress();
  await page.getByTestId(step).click();
  await expect.poll(progress).toBeGreaterThan(p1);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-url')).toHaveValue(new RegExp(`#lab=${lab}&v=\\d+&d=[A-Za-z0-9+\\-$]+$`));
  await page.keyboard.press('Escape');
}

/** Play until `progress` has moved, wait for a snapshot taken while playing, break it, and check it stopped at the last instant shown or later. */
async function breakWhilePlaying(page: Page, lab: Lab, way: Way, progress: () => Promise<number>, nth: number): Promise<number> {
  const play = page.getByTestId('play');
  const p0 = await progress();
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(progress).toBeGreaterThan(p0);
  // The snapshot taken after Play has come back: a restart brings back the run played, not the one before it.
  await snapshotted(page, lab);
  const seen = await progress();
  await breakAndRecover(page, lab, way, nth);
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  const after = await progress();
  expect(after).toBeGreaterThanOrEqual(seen);
  return after;
}

/** The three ways every instrument is tested, as a title says them. */
const THREE = { terminated: 'terminated from the page', hung: 'hung in a busy loop', garbage: 'sent garbage from the page' } as const;
const threeWays = Object.keys(THREE) as Array<keyof typeof THREE>;

// ---------------------------------------------------------------- transport

const transportTime = async (page: Page) => ((await frameOf(page, 'transport')) as { t: number }).t;

/** The transport instrument with the install lesson at step 2 (step 1 answered and done), a few events in. */
async function transportInLesson(page: Page): Promise<void> {
  await trackWorkers(page);
  await open(page);
  await prepare(page);
  await page.getByTestId('lesson-panel').locator('#lesson-select').selectOption('install');
  await page.getByTestId('answer-refused').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
  // One Step at a time, each waited for: read after four quick clicks, the client's frame could
  // still be the third Step's (4.000 µs) while the page went on to paint the fourth (5.000 µs).
  for (let i = 0; i < 4; i++) {
    const t0 = await transportTime(page);
    await page.getByTestId('step').click();
    await expect.poll(() => transportTime(page)).toBeGreaterThan(t0);
  }
  await snapshotted(page, 'transport');
  const t = await transportTime(page);
  await expect(page.getByTestId('sim-time')).toHaveText(`t = ${(t / 1000).toFixed(3)} µs`);
}

async function lessonKept(page: Page, of = /\d+/, step = 2): Promise<void> {
  await expect(page.getByTestId('step-heading')).toHaveText(new RegExp(`^${step}\\.`));
  await expect(page.getByTestId('worker-alert')).toContainText(new RegExp(`lesson .* at step ${step} of ${of.source} as you left it`));
}

for (const way of threeWays) {
  test(`transport: a worker ${THREE[way]} while paused comes back at the same instant and trace hash, lesson step kept; Play, Step, Share work`, async ({ app: page }) => {
    await transportInLesson(page);
    const time = await page.getByTestId('sim-time').innerText();
    const before = await frameOf(page, 'transport') as { t: number; traceHash: string };
    await breakAndRecover(page, 'transport', way);
    await expect(page.getByTestId('sim-time')).toHaveText(time);
    expect(await frameOf(page, 'transport')).toMatchObject({ t: before.t, traceHash: before.traceHash, playing: false });
    await expect(page.getByTestId('worker-alert')).toContainText(`back at ${time}`);
    await lessonKept(page);
    await expect(page.getByRole('button', { name: /Step 1: .*\(done\)/ })).toBeVisible();
    if (way === 'hung') await shot(page, 'recovery-transport-restored');
    await stillWorks(page, 'transport', () => transportTime(page));
  });
}

test('transport: a RELEASE, an answer nobody asked for, an unclonable answer, an uncaught error and a worker that closed itself each restart it at the same instant', async ({ app: page, watch }) => {
  // The uncaught error is thrown on purpose, inside the worker; the page handles it, and says so.
  watch.allow(/injected by the test/);
  await transportInLesson(page);
  const before = await frameOf(page, 'transport') as { t: number; traceHash: string };
  let n = 0;
  for (const way of ['release', 'babble', 'unclonable', 'uncaught', 'closed'] as const) {
    await breakAndRecover(page, 'transport', way, ++n);
    expect(await frameOf(page, 'transport')).toMatchObject({ t: before.t, traceHash: before.traceHash });
    await page.getByTestId('worker-alert').getByRole('button', { name: 'Dismiss message' }).click();
    await snapshotted(page, 'transport');
  }
  await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
  await expect(page.getByRole('button', { name: /Step 1: .*\(done\)/ })).toBeVisible();
  await stillWorks(page, 'transport', () => transportTime(page));
});

test('transport: terminated while playing, then a rejected tick while playing: each stops playback and comes back at the last instant shown, the same run as a fresh replay', async ({ app: page }) => {
  await trackWorkers(page);
  await open(page);
  await prepare(page);
  await snapshotted(page, 'transport');
  let n = 0;
  for (const way of ['terminated', 'rejectedTick'] as const) {
    const t = await breakWhilePlaying(page, 'transport', way, () => transportTime(page), ++n);
    const after = await frameOf(page, 'transport') as { t: number; traceHash: string };
    expect(after.t).toBe(t);
    await expect(page.getByTestId('sim-time')).toHaveText(`t = ${(t / 1000).toFixed(3)} µs`);
    await expect(page.getByTestId('worker-alert')).toContainText(`back at t = ${(t / 1000).toFixed(3)} µs`);
    const { scenario } = (await call(page, 'transport', 'exportScenario')) as { scenario: Scenario };
    const fresh = createSimulation(scenario);
    fresh.runUntil(after.t);
    expect(fresh.summary().traceHash).toBe(after.traceHash);
    await snapshotted(page, 'transport');
  }
  await stillWorks(page, 'transport', () => transportTime(page));
});

// ---------------------------------------------------------------- NIC memory

const MEMORY_LINK = writeLink('memory', { preset: 'cx5', qps: 4096, overrides: { policy: 'lfu', pattern: 'zipf', skew: 1.1 }, tab: 'cache', lesson: { id: 'policy', step: 2 } }); // step 3 (zipf): no question, so the model is not held
const packets = async (page: Page) => ((await frameOf(page, 'memory')) as { live: { packets: number } }).live.packets;
type Live = { packets: number; simNs: number; stats: Record<string, number> };
const liveOf = async (page: Page) => ((await frameOf(page, 'memory')) as { live: Live }).live;

/** The same settings in a fresh lab (the worker API in Node), run to `count` packets: what a restart must match. */
async function freshMemory(page: Page, count: number): Promise<Pick<Live, 'packets' | 'simNs' | 'stats'>> {
  const state = await call(page, 'memory', 'linkState') as Parameters<ReturnType<typeof createMemoryApi>['applyLink']>[0];
  const api = createMemoryApi();
  expect(api.applyLink(state).ok).toBe(true);
  let f = api.frame();
  for (let i = 0; i < 10_000 && f.live.packets < count; i++) f = api.catchUp(count);
  return { packets: f.live.packets, simNs: f.live.simNs, stats: { ...f.live.stats } };
}

async function memoryLab(page: Page): Promise<void> {
  await trackWorkers(page);
  await page.goto(`/#${MEMORY_LINK}`);
  await expect(page.getByTestId('memory-lab')).toBeVisible();
  await expect(page.getByTestId('hit-rate')).not.toHaveText('–', { timeout: 20_000 });
  await prepare(page);
  await expect(page.getByTestId('step-heading')).toHaveText(/^3\./);
  await page.getByTestId('tab-walk').click();
  await page.getByTestId('step').click();
  await expect.poll(() => packets(page)).toBeGreaterThan(0);
  await snapshotted(page, 'memory');
}

for (const way of threeWays) {
  test(`memory lab: a worker ${THREE[way]} comes back with the same settings, packet count, counters and lesson step; Play, Step, Share work`, async ({ app: page }) => {
    await memoryLab(page);
    const settings = await call(page, 'memory', 'linkState');
    const before = await liveOf(page);
    await breakAndRecover(page, 'memory', way);
    expect(await call(page, 'memory', 'linkState')).toEqual(settings);
    expect(await liveOf(page)).toMatchObject({ packets: before.packets, simNs: before.simNs, stats: before.stats });
    await expect(page.getByTestId('worker-alert')).toContainText(new RegExp(`same settings \\(ConnectX-5/6-like.*, 4,096 active QPs\\) at packet ${before.packets.toLocaleString('en')},`));
    await lessonKept(page, /\d+/, 3);
    await expect(page.getByTestId('tab-walk')).toHaveAttribute('aria-selected', 'true');
    if (way === 'garbage') await shot(page, 'recovery-memory-restored');
    await stillWorks(page, 'memory', () => packets(page));
  });
}

test('memory lab: a RELEASE and a rejected tick while playing each stop playback and come back at the packet count shown, with the same counters', async ({ app: page }) => {
  await memoryLab(page);
  let n = 0;
  for (const way of ['release', 'rejectedTick'] as const) {
    const count = await breakWhilePlaying(page, 'memory', way, () => packets(page), ++n);
    await expect(page.getByTestId('worker-alert')).toContainText(`at packet ${count.toLocaleString('en')}`);
    // The same seeded packets give the same cache: a fresh lab run to the same count agrees.
    expect(await liveOf(page)).toMatchObject(await freshMemory(page, count));
    await snapshotted(page, 'memory');
  }
  await lessonKept(page, /\d+/, 3);
  await stillWorks(page, 'memory', () => packets(page));
});

// ---------------------------------------------------------------- faults at scale

const FAULTS_LINK = writeLink('faults', {
  settings: { qps: 2048, fault: 'host-crash', preset: 'mlx4', eqDepth: 256, serviceNs: 10_000, eqeNs: 100, policy: 'round-robin', classes: 3, mix: 'equal', outstanding: 4, seed: 7, consumer: 'kernel', idle: 0, classMix: 'interleaved', srq: 0.25, eventNs: 50_000, ackNs: 1_000_000, cm: true },
  tab: 'policies', speed: 200_000, lesson: { id: 'storm', step: 5 }, // step 6 (squeeze): no question, so the model is not held
});
const stormTime = async (page: Page) => ((await frameOf(page, 'faults')) as { live: { t: number } }).live.t;
const SETTINGS_WORDS = "storm's settings are back (2,048 QPs, host-crash, round-robin)";

/** The same storm in a fresh instrument (the worker API in Node), run to `t`: what a restart must match. */
async function freshStorm(page: Page, t: number): Promise<unknown> {
  const state = await call(page, 'faults', 'linkState') as Parameters<ReturnType<typeof createFaultsApi>['applyLink']>[0];
  const api = createFaultsApi();
  expect(api.applyLink(state).ok).toBe(true);
  let f = api.frame();
  for (let i = 0; i < 10_000 && f.live.t < t; i++) f = api.catchUp(t);
  return f.live.summary;
}
const summaryOf = async (page: Page) => ((await frameOf(page, 'faults')) as { live: { summary: unknown } }).live.summary;

async function faultsLab(page: Page): Promise<void> {
  await trackWorkers(page);
  await page.goto(`/#${FAULTS_LINK}`);
  await expect(page.getByTestId('play')).toBeEnabled();
  await prepare(page);
  await expect(page.getByTestId('step-heading')).toHaveText(/^6\./);
  // A storm under way, paused: what comes back is an instant, not the beginning.
  await page.getByTestId('play').click();
  await expect.poll(() => stormTime(page)).toBeGreaterThan(0);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  await snapshotted(page, 'faults');
}

for (const way of threeWays) {
  test(`faults: a worker ${THREE[way]} comes back with the same storm settings, storm instant, tab, speed and lesson step; Play, To the end, Share work`, async ({ app: page }) => {
    await faultsLab(page);
    const settings = await call(page, 'faults', 'linkState');
    const before = await frameOf(page, 'faults') as { live: { t: number; summary: unknown } };
    await breakAndRecover(page, 'faults', way);
    expect(await call(page, 'faults', 'linkState')).toEqual(settings);
    await expect(page.getByTestId('worker-alert')).toContainText(`${SETTINGS_WORDS} at t = ${(before.live.t / 1000).toFixed(3)} µs of the storm`);
    expect(await frameOf(page, 'faults')).toMatchObject({ live: { t: before.live.t, summary: before.live.summary }, playing: false });
    await lessonKept(page, /\d+/, 6);
    await expect(page.getByTestId('tab-policies')).toHaveAttribute('aria-selected', 'true');
    if (way === 'terminated') await shot(page, 'recovery-faults-restored');
    await stillWorks(page, 'faults', () => stormTime(page), 'to-end');
  });
}

test('faults: terminated mid-storm, a RELEASE and a rejected tick while playing each stop playback and come back at the storm instant shown', async ({ app: page }) => {
  await faultsLab(page);
  const settings = await call(page, 'faults', 'linkState');
  let n = 0;
  for (const way of ['terminated', 'release', 'rejectedTick'] as const) {
    const t = await breakWhilePlaying(page, 'faults', way, () => stormTime(page), ++n);
    expect(await call(page, 'faults', 'linkState')).toEqual(settings);
    await expect(page.getByTestId('worker-alert')).toContainText(`${SETTINGS_WORDS} at t = ${(t / 1000).toFixed(3)} µs of the storm`);
    expect(await summaryOf(page)).toEqual(await freshStorm(page, t));
    await snapshotted(page, 'faults');
  }
  await lessonKept(page, /\d+/, 6);
});
