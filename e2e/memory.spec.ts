// The NIC-memory lab in real Chromium: the cliff appears when the active QPs pass the cache, the
// compare view separates two policies on the same traffic, a million-QP sweep runs to the end
// (its longest main-thread task is reported as a figure, never asserted: CI machines are loaded),
// a shared link reproduces the lab, and every tab is captured. Tests wait on state, never on time.
import type { Page } from '@playwright/test';
import { axe } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { answered, showLessons } from './labs.ts';

async function openLab(page: Page, hash = '#lab=memory'): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('memory-lab')).toBeVisible();
  await expect(page.getByTestId('hit-rate')).not.toHaveText('–', { timeout: 20_000 });
}

const TABS = ['cache', 'walk', 'timing', 'cliff', 'compare', 'capacity'] as const;
/** What shows that a tab has rendered its live content (not a loading placeholder). */
const READY: Record<(typeof TABS)[number], string> = {
  cache: 'cache-grid', walk: 'walk-cost', timing: 'waterfall', cliff: 'cliff-point', compare: 'compare-hit-b', capacity: 'cap-performant',
};

async function showTab(page: Page, tab: (typeof TABS)[number]): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await expect(page.getByTestId(READY[tab]).first()).toBeVisible({ timeout: 20_000 });
  if (tab === 'compare') await expect(page.getByTestId('compare-hit-b')).not.toHaveText('–', { timeout: 20_000 });
}

const pctOf = async (page: Page, id: string) => Number((await page.getByTestId(id).innerText()).replace('%', ''));
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/memory-${name}.png` });

/** Drag a range input's thumb from its current value to `toPos` (of its min..max) with the mouse. */
async function dragSlider(page: Page, testId: string, toPos: number): Promise<void> {
  const el = page.getByTestId(testId);
  const box = (await el.boundingBox())!;
  const [min, max, value] = await el.evaluate((e: HTMLInputElement) => [Number(e.min), Number(e.max), Number(e.value)]);
  const thumb = 8; // Chromium's thumb inset at each end
  const xOf = (v: number) => box.x + thumb + ((v - min) / (max - min)) * (box.width - 2 * thumb);
  const y = box.y + box.height / 2;
  await page.mouse.move(xOf(value), y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) await page.mouse.move(xOf(value + ((toPos - value) * i) / steps), y);
  await page.mouse.up();
}

test('dragging the active QPs past the cache size makes the hit rate fall and the cliff chart follow', async ({ app: page }) => {
  await openLab(page);
  await expect.poll(() => pctOf(page, 'hit-rate'), { timeout: 20_000 }).toBeGreaterThan(95); // 48 QPs on a 112-context cache
  await page.getByTestId('tab-cliff').click();
  const chart = page.getByTestId('cliff-chart');
  await expect(chart).toBeVisible();
  await expect(page.getByTestId('published-point').first()).toBeVisible();
  const source = page.getByTestId('cliff-legend');
  await expect(source).toContainText('FaSST');
  await expect(source).toContainText('RAW');
  await expect(page.getByTestId('cliff-marker')).toHaveAttribute('data-qps', '48');
  await shot(page, 'cliff-before-drag');

  await dragSlider(page, 'active-qps', 600); // 10^(600/200) = 1,000 QPs, well past 112
  await expect(page.getByTestId('active-qps-value')).toHaveText(/^[\d,]+ QPs$/);
  // The readout and the chart's marker settle on the same setting once the drag's last value lands.
  const readout = async () => Number((await page.getByTestId('active-qps-value').innerText()).replace(/[^\d]/g, ''));
  await expect.poll(async () => String(await readout()) === await page.getByTestId('cliff-marker').getAttribute('data-qps'), { timeout: 15_000 }).toBe(true);
  const qps = await readout();
  expect(qps).toBeGreaterThan(500);
  // The sweep computes the new operating point first: a point at exactly that N appears.
  await expect(page.locator(`[data-testid="cliff-point"][data-qps="${qps}"]`)).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => pctOf(page, 'hit-rate'), { timeout: 20_000 }).toBeLessThan(25); // ≈ 112 / N
  const point = page.locator(`[data-testid="cliff-point"][data-qps="${qps}"]`);
  expect(Number(await point.getAttribute('data-hit'))).toBeLessThan(0.25);
  const low = Number(await page.locator('[data-testid="cliff-point"][data-qps="1"]').getAttribute('data-mops'));
  expect(Number(await point.getAttribute('data-mops'))).toBeLessThan(low / 3);
  await shot(page, 'cliff-after-drag');
  await page.getByTestId('tab-cache').click();
  await expect(page.getByTestId('cache-grid')).toBeVisible();
  await shot(page, 'cache-thrashing');
});

test('switching the policy in compare mode: both NICs run the same traffic and their hit rates differ', async ({ app: page }) => {
  await openLab(page);
  await page.getByTestId('pattern').selectOption('zipf');
  await page.getByTestId('active-qps').fill('600'); // 1,000 QPs
  await page.getByTestId('tab-compare').click();
  const compare = page.getByTestId('compare');
  await expect(compare.getByTestId('compare-policy-a')).toBeVisible();
  await page.getByTestId('compare-policy-a').selectOption('lfu');
  await page.getByTestId('compare-policy-b').selectOption('random');
  await expect(page.getByTestId('compare-diff')).toContainText('B differs in: policy');
  const hit = async (k: 'a' | 'b') => Number(await page.getByTestId(`compare-hit-${k}`).getAttribute('data-value'));
  await expect.poll(async () => (await hit('a')) - (await hit('b')), { timeout: 20_000 }).toBeGreaterThan(0.04);
  await shot(page, 'compare-lfu-vs-random');
  // Switch B to LFU as well: the two sides now agree, because the traffic is identical.
  await page.getByTestId('compare-policy-b').selectOption('lfu');
  await expect(page.getByTestId('compare-diff')).toContainText('B differs in: nothing');
  await expect.poll(async () => Math.abs((await hit('a')) - (await hit('b'))), { timeout: 20_000 }).toBeLessThan(0.005);
  // An impossible side is refused with its field named, and the running pair is kept.
  await page.getByTestId('compare-ways-b').selectOption('64');
  await expect(page.getByTestId('config-notice')).toContainText('compare side B: cache.ways (64) must divide cache.entries (112)');
  await expect(page.getByTestId('compare-ways-b')).toHaveValue('8');
});

test('a million active QPs: the sweep runs to completion; its longest main-thread task is reported', async ({ app: page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await openLab(page);
  await page.getByTestId('tab-cliff').click();
  await expect(page.getByTestId('cliff-chart')).toHaveAttribute('data-done', 'yes', { timeout: 30_000 });
  // Arm one in-page wait before the sweep, so the harness does not poll the page while we measure.
  const t0 = await page.evaluate(() => {
    const w = window as unknown as { __sweepDone: Promise<number> };
    w.__sweepDone = new Promise((resolve) => {
      const done = () => document.querySelector('[data-testid="cliff-chart"]')?.getAttribute('data-done') === 'yes'
        && document.querySelector('[data-testid="cliff-marker"]')?.getAttribute('data-qps') === '1000000'
        && document.querySelector('[data-testid="cliff-point"][data-qps="1000000"]') !== null;
      const mo = new MutationObserver(() => { if (done()) { mo.disconnect(); resolve(performance.now()); } });
      mo.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-done', 'data-qps'] });
    });
    return performance.now();
  });
  await page.getByTestId('active-qps').press('End'); // 1,000,000 QPs
  const t1 = await page.evaluate(() => (window as unknown as { __sweepDone: Promise<number> }).__sweepDone);
  const tasks = await page.evaluate((since) => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks.filter((t) => t.start >= since), t0);
  const worst = tasks.reduce((a, t) => Math.max(a, t.duration), 0);
  test.info().annotations.push({ type: 'longest main-thread task during the 1M sweep (ms)', description: worst.toFixed(1) });
  console.log(`1M-QP sweep finished in ${Math.round(t1 - t0)} ms; long tasks: ${tasks.length}, longest ${worst.toFixed(1)} ms`);
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000,000 QPs');
  await expect(page.locator('[data-testid="cliff-point"][data-qps="1000000"]')).toHaveCount(1);
  await expect.poll(() => pctOf(page, 'hit-rate'), { timeout: 20_000 }).toBeLessThan(1);
  await shot(page, 'cliff-1M');
});

test('a shared link reopens the same lab; a damaged one is named and changes nothing', async ({ app: page }) => {
  await openLab(page);
  await page.getByTestId('policy').selectOption('2q');
  await page.getByTestId('active-qps').fill('500');
  await page.getByTestId('tab-cliff').click();
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/#lab=memory&v=2&d=[A-Za-z0-9+\-$]+$/);
  await page.getByTestId('share-dialog-close').click();
  const qpsText = await page.getByTestId('active-qps-value').innerText();

  const other = await page.context().newPage();
  await other.goto(url);
  await expect(other.getByTestId('policy')).toHaveValue('2q');
  await expect(other.getByTestId('active-qps-value')).toHaveText(qpsText);
  await expect(other.getByTestId('tab-cliff')).toHaveAttribute('aria-selected', 'true');
  await other.close();

  const bad = await page.context().newPage();
  await bad.goto('/#lab=memory&m=NoWayThisIsALink');
  await expect(bad.getByRole('alert').filter({ hasText: 'This link could not be opened' })).toContainText('the link is damaged');
  await expect(bad.getByTestId('active-qps-value')).toHaveText('48 QPs'); // the default lab, untouched
  await bad.close();
});

test('an impossible slider combination shows a message, not a crash', async ({ app: page }) => {
  await openLab(page);
  await page.getByTestId('ways').selectOption('64');
  await expect(page.getByTestId('config-notice')).toContainText('cache.ways (64) must divide cache.entries (112)');
  await expect(page.getByTestId('ways')).toHaveValue('8');
  await expect(page.getByTestId('hit-rate')).toBeVisible();
});

for (const size of [{ width: 1280, height: 720 }, { width: 1600, height: 900 }]) {
  test(`every tab at ${size.width}×${size.height}, without page scroll`, async ({ app: page }) => {
    await page.setViewportSize(size);
    await openLab(page);
    await page.getByTestId('active-qps').fill('540'); // 501 QPs: past the cache, so misses, write-backs and a waterfall
    await expect(page.getByTestId('active-qps-value')).toHaveText('501 QPs');
    for (const tab of TABS) {
      await showTab(page, tab);
      const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(overflow, `${tab} scrolls the page`).toBeLessThanOrEqual(0);
      await shot(page, `${tab}-${size.width}`);
    }
    await expect(page.getByTestId('capacity')).toBeVisible();
    await expect(page.getByTestId('race')).toBeVisible();
  });
}

test('every tab passes axe (contrast, names, roles)', async ({ app: page }) => {
  test.setTimeout(120_000);
  await openLab(page);
  await page.getByTestId('active-qps').fill('540');
  for (const tab of TABS) {
    await showTab(page, tab);
    const r = await (await axe(page)).analyze();
    expect(r.violations.map((v) => `${tab}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
});

test('the Capacity tab sets the closed form beside the simulated sweep and brackets performant QPs', async ({ app: page }) => {
  test.setTimeout(180_000);
  await openLab(page);
  await showTab(page, 'capacity');
  await expect(page.getByTestId('cap-vs-sim')).toContainText('Why they differ');
  // The sweep runs in the worker; wait on its state (a failing point swept), never on time.
  await expect(page.getByTestId('cap-sim-performant')).toHaveText(/between \d[\d,]* and \d/, { timeout: 150_000 });
  await expect(page.getByTestId('cap-sim-at')).toContainText('Mops');
  await shot(page, 'capacity-vs-sim');
});

test('a lesson\'s Next brings the next step\'s tab into view', async ({ app: page }) => {
  await openLab(page);
  await showLessons(page);
  await page.locator('#lesson-select').selectOption('caching');
  await expect(page.getByTestId('step-heading')).toHaveText(/^1\./);
  // Step 3 ("Drag past the cache") lives on the Cache tab; step 4 on the Cliff tab.
  // Wait for the jump itself: the Cache tab is also where the lab opens, so the tab alone says
  // nothing, and a Next pressed while the page still shows step 1 goes to step 2.
  await page.getByRole('button', { name: /^Step 3: / }).click();
  await expect(page.getByTestId('step-heading')).toHaveText(/^3\./);
  await expect(page.getByTestId('tab-cache')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText(/^4\./);
  await expect(page.getByTestId('tab-cliff')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '← Previous step' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText(/^3\./);
  await expect(page.getByTestId('tab-cache')).toHaveAttribute('aria-selected', 'true');
});

test('why? for an eviction: the row\'s miss, the policy\'s rule and the victim\'s deciding access, in both themes', async ({ app: page }) => {
  await openLab(page);
  await page.getByTestId('active-qps').fill('600'); // 1,000 QPs through 112 contexts: most misses evict
  await page.getByTestId('tab-cache').click();
  await expect(page.getByTestId('cache-grid')).toBeVisible();
  if ((await page.getByTestId('play').getAttribute('aria-pressed')) === 'true') await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  const cases = [['lru', 'LRU evicts the evictable line used least recently', 'its last use'], ['fifo', 'FIFO evicts the line filled longest ago', 'its fill']] as const;
  for (const [policy, rule, decided] of cases) {
    await page.getByTestId('policy').selectOption(policy);
    await expect(page.getByTestId('policy')).toHaveValue(policy);
    // A new run starts with free ways (its first frame has no lookup yet): wait for it, so a row
    // of the run before is never taken for one of this run. Then play until lookups evict, and pause.
    await expect(page.locator('[aria-label="Latest lookups"]')).toContainText('Press Play');
    const any = page.locator('[data-testid^="why-evict-"]').first();
    await page.getByTestId('play').click();
    await expect(any).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('play').click();
    await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
    await answered(page, 'memory');
    for (let i = 0; i < 40 && (await any.count()) === 0; i++) await page.getByTestId('step').click();
    await expect(any).toBeVisible();
    const n = Number((await any.getAttribute('data-testid'))!.replace('why-evict-', ''));
    const why = page.getByTestId(`why-evict-${n}`);
    const row = await page.locator('[aria-label="Latest lookups"] li', { has: why }).innerText();
    const [, qpn, victim] = /(0x[0-9a-f]+) set \d+: .*out (0x[0-9a-f]+)/.exec(row)!;
    await why.click();
    const panel = page.getByTestId('evict-why');
    await expect(panel).toContainText(`Why ${victim} left`);
    await expect(page.getByTestId('evict-why-miss')).toContainText(`Packet #${n.toLocaleString('en-US')}'s lookup of ${qpn} missed`);
    await expect(page.getByTestId('evict-why-rule')).toContainText(rule);
    const access = await page.getByTestId('evict-why-access').innerText();
    expect(access).toContain(`What made ${victim} the victim: ${decided}`);
    // The deciding access came before the miss that needed the slot.
    const at = /packet #([\d,]+)/.exec(access)!;
    expect(Number(at[1].replace(/,/g, ''))).toBeLessThan(n);
    await expect(page.getByTestId('evict-why-leaves')).toContainText(`${victim} leaves way`);
    // The set the victim left is the one shown, slot and policy state.
    await expect(page.getByTestId('policy-state')).toContainText(`Policy state of set ${/set (\d+):/.exec(row)![1]}`);
    await expect(page.getByTestId('slot-detail')).toContainText(qpn);
    await page.screenshot({ path: `test-results/screens/memory-why-eviction-${policy}.png` });
    const light = await (await axe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="cache-tab"]').analyze();
    expect(light.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    await page.getByTestId('evict-why-close').click();
    await expect(panel).toHaveCount(0);
  }
  // The same answer in the dark theme, looked at. One step shows one lookup, and about one in ten
  // is a hit with no "why?": step until a lookup evicts (a CI run once stopped on a hit).
  // Each step waits for its own frame (the newest lookup changes), so an old list is never read.
  const evicting = page.locator('[data-testid^="why-evict-"]').first();
  const newest = page.locator('[aria-label="Latest lookups"] li').first();
  const stepOne = async (): Promise<void> => {
    const before = await newest.innerText();
    await page.getByTestId('step').click();
    await expect(newest).not.toHaveText(before);
  };
  await stepOne();
  for (let i = 0; i < 40 && (await evicting.count()) === 0; i++) await stepOne();
  const toggle = page.getByTestId('theme-toggle');
  while ((await toggle.getAttribute('data-choice')) !== 'dark') await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await evicting.click();
  await expect(page.getByTestId('evict-why')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/memory-why-eviction-dark.png' });
  const results = await (await axe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="cache-tab"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});

test('a readout that shows the graded number is masked until the answer is locked in; a wrong answer shows why, never the model\'s value', async ({ app: page }) => {
  await openLab(page);
  // The lesson column is open on arrival, as in every instrument.
  await page.locator('#lesson-select').selectOption('capacity');
  await expect(page.getByTestId('step-heading')).toHaveText(/^1\./);
  // The live throughput already runs at 512 QPs: it would answer "what will it settle at?".
  await expect(page.getByTestId('throughput')).toHaveText('answer first');
  await expect(page.getByTestId('throughput')).toHaveAttribute('data-masked', 'true');
  // The Capacity tab's why (set conflicts come before the closed form's knee) is the feedback's own reason.
  await expect(page.getByTestId('cap-why-masked')).toBeVisible();
  await expect(page.getByTestId('cap-vs-sim')).not.toContainText('set-associative');
  await expect(page.getByTestId('cap-sim-performant')).toHaveText('answer first');
  await expect(page.getByTestId('lesson-sources')).not.toHaveAttribute('open', '');
  await shot(page, 'masked-readout');
  await page.getByTestId('answer-number').fill('60');
  await page.getByTestId('answer-submit').click();
  const fb = page.getByTestId('answer-feedback');
  await expect(fb.locator('[data-correct]')).toHaveAttribute('data-correct', 'false', { timeout: 30_000 });
  await expect(fb).toContainText('fully associative');
  await expect(fb).not.toContainText('52');
  await expect(page.getByTestId('throughput')).toHaveText(/Mops/);
  await expect(page.getByTestId('cap-vs-sim')).toContainText('set-associative');
  await expect(page.getByTestId('first-try')).toContainText('✕');
});

test('caching, answer first: the slider note keeps "evict each other" back on the set-conflict question; the Connect-IB question masks the cliff, its numbers and the throughput', async ({ app: page }) => {
  await openLab(page);
  await page.locator('#lesson-select').selectOption('caching');
  await page.getByRole('button', { name: /^Step 5:/ }).click();
  await expect(page.getByTestId('question')).toContainText('fewer than the 112 slots');
  const note = page.locator('aside[aria-label="Settings"]').getByText(/^cache holds/);
  await expect(note).toHaveText(/^cache holds 112 in 14 sets of 8 \(amber tick\)$/);
  await expect(page.getByTestId('hit-rate')).toHaveAttribute('data-masked', 'true');
  await page.getByRole('button', { name: /^Step 6:/ }).click();
  await expect(page.getByTestId('question')).toContainText('Connect-IB preset at 420');
  await page.getByTestId('tab-cliff').click();
  await expect(page.getByTestId('cliff-masked')).toBeVisible();
  await expect(page.getByTestId('cliff-numbers-masked')).toBeVisible();
  await expect(page.getByTestId('cliff-targets')).toHaveCount(0);
  await expect(page.getByTestId('throughput')).toHaveAttribute('data-masked', 'true');
  await expect(page.getByTestId('latency')).toHaveAttribute('data-masked', 'true');
  await shot(page, 'caching-connectib-masked');
  await page.getByTestId('answer-near').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('cliff-targets')).toBeVisible();
  await expect(page.getByTestId('throughput')).toHaveText(/Mops/);
});

test('policy, answer first: the Compare tab keeps both sides\' figures, the difference and the charts back until the answer is locked in', async ({ app: page }) => {
  await openLab(page);
  await page.locator('#lesson-select').selectOption('policy');
  await page.getByRole('button', { name: /^Step 2:/ }).click();
  await expect(page.getByTestId('question')).toContainText('Under Zipf traffic');
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-diff-masked')).toBeVisible();
  await expect(page.getByTestId('compare-charts-masked')).toBeVisible();
  await expect(page.getByTestId('compare-hit-a')).toHaveCount(0);
  await expect(page.getByTestId('compare-readout-masked-b')).toContainText('answer first');
  await expect(page.getByTestId('hit-rate')).toHaveAttribute('data-masked', 'true');
  await shot(page, 'policy-compare-masked');
  await page.getByTestId('answer-a').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('compare-diff')).toBeVisible();
  await expect(page.getByTestId('compare-hit-a')).not.toHaveText('–');
});

test('table, answer first: the walk\'s read count and what on-chip levels buy are masked on the on-chip question, the table memory on the memory question', async ({ app: page }) => {
  await openLab(page);
  await page.locator('#lesson-select').selectOption('table');
  await page.getByRole('button', { name: /^Step 2:/ }).click();
  await expect(page.getByTestId('question')).toContainText('Levels on chip');
  await expect(page.getByTestId('walk-masked')).toHaveText('answer first');
  await expect(page.getByTestId('table-walk')).not.toContainText('What keeping levels on chip buys');
  await page.getByTestId('answer-number').fill('3');
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', /true|false/, { timeout: 30_000 });
  await expect(page.getByTestId('walk-cost')).toBeVisible();
  await page.getByRole('button', { name: /^Step 3:/ }).click();
  await expect(page.getByTestId('question')).toContainText('100,000 active QPs');
  await expect(page.getByTestId('table-memory-masked')).toBeVisible();
  await expect(page.getByTestId('table-memory')).toHaveCount(0);
});
