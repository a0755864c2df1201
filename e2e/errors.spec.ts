import { expect, open, shot, test, type Page } from './fixtures.ts';

/** Lines of the event log, oldest first, as "host·qpn text". */
async function logLines(page: Page): Promise<string[]> {
  return page.locator('[data-testid="event-log"] li').evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ')));
}

// Topic 6 in the browser: one QP fails with RETRY_EXC_ERR, the WRs behind it flush in order,
// and the neighbour QP on the same CQ keeps completing.
test('retry exceeded: one error CQE, then FLUSH_ERR in posting order; the neighbour keeps completing', async ({ app: page }) => {
  await open(page);
  await page.locator('#lesson-select').selectOption('errors');
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-post').click();
  await page.getByTestId('fault-status').selectOption('IBV_WC_RETRY_EXC_ERR');
  await page.getByTestId('fault-fail-next').click();
  for (let i = 0; i < 4; i++) await page.getByTestId('post-send').click();
  // 100 µs of simulated time per second: slow enough that the pause lands a few µs after the
  // failure, so the failure's lines are still in the log's tail on any machine.
  await page.getByTestId('speed').fill('600');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'ERR', { timeout: 30_000 });
  await page.getByTestId('play').click();

  await expect(page.getByTestId('cqe-IBV_WC_RETRY_EXC_ERR')).toHaveCount(1);
  await expect(page.getByTestId('cqe-IBV_WC_WR_FLUSH_ERR').first()).toBeVisible();
  await shot(page, 'flush-in-order');

  // Only this QP's lines: the neighbour's traffic would push them out of the rendered tail.
  await page.getByTestId('log-selected-only').check();
  const sendLines = async () => (await logLines(page)).filter((l) => /A·0x100.*CQE on CQ 0: send wr_id/.test(l));
  await expect.poll(async () => (await sendLines()).map((l) => /(IBV_WC_[A-Z_]+)/.exec(l)?.[1]))
    .toEqual(['IBV_WC_RETRY_EXC_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR', 'IBV_WC_WR_FLUSH_ERR']);
  const sends = await sendLines();
  const ids = sends.map((l) => Number(/wr_id (\d+)/.exec(l)?.[1]));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));

  // The neighbour on the same CQ keeps completing after the failure.
  await page.getByTestId('log-selected-only').uncheck();
  await page.getByTestId('speed').fill('500');
  await page.getByTestId('play').click();
  await expect.poll(async () => {
    const lines = await logLines(page);
    const fail = lines.findIndex((l) => l.includes('IBV_WC_RETRY_EXC_ERR'));
    return lines.slice(fail + 1).filter((l) => /A·0x101.*CQE on CQ 0: send .*IBV_WC_SUCCESS/.test(l)).length;
  }, { timeout: 20_000 }).toBeGreaterThan(2);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('qp-0-0x101')).toHaveAttribute('data-state', 'RTS');
  await shot(page, 'neighbour-completing');
});
