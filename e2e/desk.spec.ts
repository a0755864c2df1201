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
