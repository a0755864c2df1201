import { expect, open, shot, test, type Page } from './fixtures.ts';

// Issue 20: the hardware counters rise while the sandbox loses packets, named as the mlx5 driver
// names them, in the light and the dark theme; an mlx5 error CQE names its syndrome in the log.
// Every wait is on state, never on time.

async function toTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) !== theme; i++) await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test(`counters rise while packets are dropped (mlx5 hw_counters, ${theme} theme)`, async ({ app: page }) => {
    await open(page);
    await toTheme(page, theme);
    await page.getByTestId('profile-select').selectOption('mlx5');
    await expect(page.getByTestId('profile-select')).toHaveValue('mlx5');
    await page.getByTestId('qp-0-0x100').click();
    await page.getByTestId('tab-post').click();
    const panel = page.getByTestId('counters-panel');
    await panel.locator('summary').click();
    await expect(panel).toContainText('mlx5 hw_counters');
    await expect(panel).toContainText('Not modelled');
    await page.getByTestId('counters-mark').click();
    await expect(page.getByTestId('counters-mark-at')).toBeVisible();
    await page.getByTestId('drop-count').fill('20');
    await page.getByTestId('drop-packets').click();
    await page.getByTestId('speed').fill('500');
    await page.getByTestId('play').click();
    // Lost requests: the responder sees a gap and the requester's ACK timer or the sequence NAK fires.
    await expect(panel.locator('[data-testid^="counter-delta-local_ack_timeout_err-"], [data-testid^="counter-delta-packet_seq_err-"], [data-testid^="counter-delta-out_of_sequence-"]').first()).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('play').click();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, `counters-rising-${theme}`);
  });
}

test('an mlx5 error completion names its CQE syndrome in the event log', async ({ app: page }) => {
  await open(page);
  await page.getByTestId('profile-select').selectOption('mlx5');
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-post').click();
  await page.getByTestId('cause-bad-rkey').click();
  await page.getByTestId('speed').fill('500');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('qp-1-0x200')).toHaveAttribute('data-state', 'ERR', { timeout: 30_000 });
  await page.getByTestId('play').click();
  // The recent log window may have moved on: search the whole log.
  await page.getByTestId('full-log-open').click();
  await page.getByTestId('full-log-search').fill('REM_ACCESS_ERR');
  await expect(page.getByTestId('full-log-count')).toContainText(/^[1-9]/);
  await expect(page.getByTestId('full-log-rows')).toContainText(/syndrome 0x13; vendor_err not modelled/);
  await shot(page, 'mlx5-syndrome-log');
  await page.getByTestId('full-log-close').click();
});

test('the modify_qp checker takes any from-state: a running QP checked as INIT → RTR, never sent', async ({ app: page }) => {
  await open(page);
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-modify').click();
  await page.getByTestId('modify-from').selectOption('INIT');
  await page.getByTestId('modify-target').selectOption('RTR');
  const cell = page.locator('#modify-cell');
  await expect(cell).toContainText('RC INIT → RTR is in the kernel table');
  await expect(cell).toContainText('Still unchecked');
  await expect(page.getByTestId('modify-whatif')).toContainText('the QP is RTS');
  await expect(page.getByTestId('modify-submit')).toBeDisabled();
  await page.getByTestId('modify-fill').click();
  await expect(cell).toContainText('The mask matches the table');
  await shot(page, 'modify-what-if-init-rtr');
  // Back to the QP's own state: the call can be sent again.
  await page.getByTestId('modify-from').selectOption('RTS');
  await expect(page.getByTestId('modify-submit')).toBeEnabled();
});
