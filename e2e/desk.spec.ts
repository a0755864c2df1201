import { expect, open, shot, test, type Page } from './fixtures.ts';
import { axe } from './axe.ts';

// Issue 20, the diagnosis desk: the four engineer cases, each from the desk to a reproduction in
// the transport instrument with "why?" open; a pasted snippet missing IBV_QP_AV refused as the
// kernel refuses it (the C parsed by tree-sitter in the desk's worker, under the page's CSP).
// Every wait is on state, never on time.

async function openDesk(page: Page): Promise<void> {
  await page.getByTestId('desk-open').click();
  await expect(page.getByTestId('desk')).toBeVisible();
}

/** Fill a case, find its causes, and reproduce the first whose id is `id`; "why?" must open. */
async function reproduceCase(page: Page, n: number, id: string, shotName: string): Promise<void> {
  await openDesk(page);
  await page.getByTestId(`desk-case-${n}`).click();
  await page.getByTestId('desk-find').click();
  const cause = page.locator(`[data-testid="desk-cause"][data-id="${id}"]`);
  await expect(cause).toBeVisible({ timeout: 60_000 });
  await cause.scrollIntoViewIfNeeded();
  await shot(page, `${shotName}-causes`);
  await cause.getByTestId('desk-reproduce').click();
  await expect(page.getByTestId('desk')).toBeHidden();
  await expect(page.getByTestId('why-panel')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('why-link').first()).toBeVisible();
}

test('case 1: REM_ACCESS_ERR after the peer restarts → a stale rkey, first; reproduced with why? open on the completion', async ({ app: page }) => {
  await open(page);
  await reproduceCase(page, 1, 'stale-rkey-after-peer-restart', 'desk-case1');
  await expect(page.getByTestId('why-panel')).toContainText(/REM_ACCESS_ERR/);
  await shot(page, 'desk-case1-why');
  // The first cause listed is the stale rkey; a destroyed peer QP is not (it gives RETRY_EXC_ERR).
  await openDesk(page);
  await expect(page.getByTestId('desk-cause').first()).toHaveAttribute('data-id', 'stale-rkey-after-peer-restart');
  await expect(page.locator('[data-testid="desk-cause"][data-id="peer-qp-destroyed"]')).toHaveCount(0);
});

test('case 2: EINVAL from modify to RTR → the kernel table\'s causes; reproduced with why? open on the refusal', async ({ app: page }) => {
  await open(page);
  await reproduceCase(page, 2, 'modify-missing-av', 'desk-case2');
  await expect(page.getByTestId('why-panel')).toContainText(/RTR/);
});

test('case 3: throughput collapse as connections grow → the context cache; no error counter rises; the memory cliff one click away', async ({ app: page }) => {
  await open(page);
  await openDesk(page);
  await page.getByTestId('desk-case-3').click();
  await page.getByTestId('desk-find').click();
  const cause = page.locator('[data-testid="desk-cause"][data-id="context-cache-thrash"]');
  await expect(cause).toBeVisible({ timeout: 60_000 });
  await expect(cause.getByTestId('desk-scale')).toContainText('out_of_buffer');
  await expect(cause.getByTestId('desk-measured')).toContainText(/context evictions/);
  await expect(cause.getByTestId('desk-open-memory')).toHaveAttribute('href', /^#lab=memory&v=2&d=/);
  await page.getByTestId('desk-close').click();
  await reproduceCase(page, 3, 'context-cache-thrash', 'desk-case3');
  await shot(page, 'desk-case3-why');
  // The link opens the memory instrument on its cliff.
  await openDesk(page);
  await page.locator('[data-testid="desk-cause"][data-id="context-cache-thrash"]').getByTestId('desk-open-memory').click();
  await expect(page.getByTestId('to-transport')).toBeVisible();
});

test('case 4: thousands of QPs failing after a port flap → the storm; reproduced with why? open; the Faults storm one click away', async ({ app: page }) => {
  await open(page);
  await reproduceCase(page, 4, 'port-flap-storm', 'desk-case4');
  await expect(page.getByTestId('why-panel')).toContainText(/RETRY_EXC_ERR/);
  await shot(page, 'desk-case4-why');
  await openDesk(page);
  await page.locator('[data-testid="desk-cause"][data-id="port-flap-storm"]').getByTestId('desk-open-faults').click();
  await expect(page.getByTestId('to-transport')).toBeVisible();
});

test('a pasted snippet without IBV_QP_AV is refused as the kernel refuses it, with the call as it should be', async ({ app: page }) => {
  await open(page);
  await openDesk(page);
  await page.getByTestId('tab-code').click();
  // The example in the box is such a snippet: INIT, then RTR without IBV_QP_AV.
  await page.getByTestId('desk-code-check').click();
  const refusal = page.getByTestId('desk-refusal');
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal).toContainText('EINVAL');
  await expect(refusal).toContainText('missing IBV_QP_AV');
  await expect(page.getByTestId('desk-fixed')).toContainText('IBV_QP_AV');
  await expect(page.locator('[data-testid="desk-call"][data-verdict="ok"]')).toHaveCount(1);
  await expect(page.getByTestId('desk-code-result')).toContainText('remote_qpn (symbolic)');
  await shot(page, 'desk-code-missing-av');
});

/** Enter RETRY_EXC_ERR on the requester under mlx5, with the two QPs' states (empty: not known), and find. */
async function retryExc(page: Page, local: string, peer: string): Promise<void> {
  await page.getByTestId('desk-status').selectOption('IBV_WC_RETRY_EXC_ERR');
  await page.getByTestId('desk-side').selectOption('requester');
  await page.getByTestId('desk-profile').selectOption('mlx5');
  await page.getByTestId('desk-local-state').selectOption(local);
  await page.getByTestId('desk-peer-state').selectOption(peer);
  await page.getByTestId('desk-find').click();
}

for (const width of [1280, 390]) {
  test(`both QPs' states reorder the causes: local ERR + peer RTS puts the lost path first and a destroyed peer after, saying why (${width} px)`, async ({ app: page }) => {
    if (width === 390) await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    await openDesk(page);
    await retryExc(page, '', '');
    const first = page.getByTestId('desk-cause').first();
    await expect(first).toHaveAttribute('data-id', 'peer-qp-destroyed', { timeout: 60_000 });
    await retryExc(page, 'ERR', 'RTS');
    await expect(first).toHaveAttribute('data-id', 'packets-lost', { timeout: 60_000 });
    await expect(first.getByTestId('desk-conflict')).toHaveCount(0);
    await expect(page.locator('[data-testid="desk-causes"] [role="status"]')).toContainText('not the QP states entered');
    const gone = page.locator('[data-testid="desk-cause"][data-id="peer-qp-destroyed"]');
    await expect(gone.getByTestId('desk-conflict')).toHaveText('Ranked lower: your peer QP is RTS; this cause leaves it destroyed.');
    // Every cause that agrees is listed before every cause that contradicts the states.
    const flags = await page.getByTestId('desk-cause').evaluateAll((els) => els.map((e) => e.querySelector('[data-testid="desk-conflict"]') !== null));
    expect(flags.indexOf(true)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(true)).every(Boolean)).toBe(true);
    // The local state alone: a local QP still RTS contradicts the lost path too (it leaves it in ERR).
    await retryExc(page, 'RTS', 'RTS');
    await expect(page.locator('[data-testid="desk-cause"][data-id="packets-lost"]').getByTestId('desk-conflict')).toHaveText('Ranked lower: your local QP is RTS; this cause leaves it in ERR.', { timeout: 60_000 });
    await retryExc(page, 'ERR', 'RTS');
    await expect(first).toHaveAttribute('data-id', 'packets-lost', { timeout: 60_000 });
    await page.getByTestId('desk-states').scrollIntoViewIfNeeded();
    await shot(page, `desk-states-form-${width}`);
    await gone.scrollIntoViewIfNeeded();
    await gone.locator('summary').nth(1).click();
    await expect(gone.getByTestId('desk-outcomes')).toContainText('local ERR · peer gone');
    await shot(page, `desk-states-causes-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the desk with causes listed passes axe (WCAG 2 A/AA), ${theme} theme`, async ({ app: page }) => {
    await open(page);
    const toggle = page.getByTestId('theme-toggle');
    for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) !== theme; i++) await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await openDesk(page);
    await page.getByTestId('desk-case-1').click();
    await page.getByTestId('desk-find').click();
    const first = page.getByTestId('desk-cause').first();
    await expect(first).toBeVisible({ timeout: 60_000 });
    await first.locator('summary').nth(1).click();
    await expect(first.getByTestId('desk-outcomes')).toBeVisible();
    await shot(page, `desk-${theme}`);
    const r = await (await axe(page)).withTags(['wcag2a', 'wcag2aa']).include('[data-testid="desk"]').analyze();
    expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.getByTestId('tab-code').click();
    await page.getByTestId('desk-code-check').click();
    await expect(page.getByTestId('desk-refusal')).toBeVisible({ timeout: 30_000 });
    const c = await (await axe(page)).withTags(['wcag2a', 'wcag2aa']).include('[data-testid="desk"]').analyze();
    expect(c.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await shot(page, `desk-code-${theme}`);
  });
}

test('the desk at 390 px: the causes and the code check fit the width', async ({ app: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  await openDesk(page);
  await page.getByTestId('desk-case-4').click();
  await page.getByTestId('desk-find').click();
  await expect(page.getByTestId('desk-cause').first()).toBeVisible({ timeout: 60_000 });
  const over = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await over()).toBeLessThanOrEqual(0);
  await page.getByTestId('desk-cause').first().scrollIntoViewIfNeeded();
  await shot(page, 'desk-390');
  await page.getByTestId('tab-code').click();
  await page.getByTestId('desk-code-check').click();
  await expect(page.getByTestId('desk-refusal')).toBeVisible({ timeout: 30_000 });
  expect(await over()).toBeLessThanOrEqual(0);
  await page.getByTestId('desk-refusal').scrollIntoViewIfNeeded();
  await shot(page, 'desk-code-390');
});
