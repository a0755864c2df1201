import { expect, open, shot, test } from './fixtures.ts';

// Errors with real causes (issue 10): a memory region deregistered under traffic, and a driver
// difference appearing in compare mode. Every wait is on state, never on time.

test('deregistering an MR under a running WRITE: its rkey check fails, REM_ACCESS_ERR, and the QP flushes', async ({ app: page }) => {
  await open(page);
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-post').click();
  // A's data buffer (lkey = rkey 0x110) is where the B→A write workload lands.
  await expect(page.getByTestId('mr-0x110')).toBeVisible();
  await page.getByTestId('speed').fill('600');
  await page.getByTestId('play').click();
  // A WRITE has landed (asked of the worker's whole log: the log box on screen shows only its
  // newest lines, and a loaded machine can paint the landing after it has scrolled past).
  const landed = () => page.evaluate(async () => {
    const h = (window as unknown as { qpScope: { transport(): { call(n: string, q: unknown): Promise<{ total: number }> } } }).qpScope;
    return (await h.transport().call('log', { kinds: ['mem'], qp: null, text: 'RDMA WRITE', offset: 0, limit: 1 })).total;
  });
  await expect.poll(landed, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.getByTestId('dereg-0x110').click();
  await expect(page.getByTestId('keys-result')).toContainText('ibv_dereg_mr(0x110)');
  await expect(page.getByTestId('mr-0x110')).toContainText('dereg.');
  await expect(page.getByTestId('qp-1-0x200')).toHaveAttribute('data-state', 'ERR', { timeout: 30_000 });
  await page.getByTestId('play').click();

  await page.getByTestId('qp-1-0x200').click();
  await expect(page.getByTestId('qp-why')).toContainText('IBV_WC_REM_ACCESS_ERR');
  await shot(page, 'keys-dereg-rem-access-flush');
  // The application keeps posting (and B keeps flushing) until the pause lands, so the recent log
  // window may have moved on by then: read the whole log instead, which does not depend on how
  // much wall time the pause took.
  await page.getByTestId('full-log-open').click();
  const rows = page.getByTestId('full-log-rows');
  for (const [query, line] of [['rkey check failed', /rkey check failed: rkey 0x110 names an MR deregistered at/], ['REM_ACCESS_ERR', /REM_ACCESS_ERR/], ['FLUSH_ERR', /FLUSH_ERR/]] as const) {
    await page.getByTestId('full-log-search').fill(query);
    await expect(page.getByTestId('full-log-count')).toContainText(/^[1-9]/);
    await expect(rows).toContainText(line);
  }
  await page.getByTestId('full-log-close').click();
});

test('switching the driver profile, and a difference appearing in compare mode', async ({ app: page }) => {
  await open(page);
  // Switch the model to rxe: the same scenario replays under it, and the choice shows at once.
  await page.getByTestId('profile-select').selectOption('rxe');
  await expect(page.getByTestId('profile-select')).toHaveValue('rxe');
  await page.getByTestId('compare-select').selectOption('ibta');
  await expect(page.getByTestId('compare-summary')).toContainText('No difference yet');
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-post').click();
  // A WRITE with an rkey that names no MR on B: the responder NAKs it under both profiles, but
  // only the IBTA (as mlx5) raises IBV_EVENT_QP_ACCESS_ERR on the responder; rxe raises none.
  await page.getByTestId('cause-bad-rkey').click();
  await expect(page.getByTestId('keys-result')).toContainText('rkey 0xdead00');
  await page.getByTestId('speed').fill('500');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('compare-first-diff')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('play').click();
  await expect(page.getByTestId('compare-summary')).toContainText('First difference at t =');
  await expect(page.getByTestId('compare-first-diff')).toContainText('IBV_EVENT_QP_ACCESS_ERR');
  await shot(page, 'compare-first-difference');

  await page.getByTestId('profile-table-open').click();
  await expect(page.getByTestId('profile-row-responder-events')).toContainText('none: the error shows only in CQEs');
  await shot(page, 'profile-table');
});

test('the keys lesson: a wrong rkey, a question on the READ\'s own key, and the driver difference', async ({ app: page }) => {
  await open(page);
  await page.locator('#lesson-select').selectOption('keys');
  await expect(page.getByTestId('step-heading')).toContainText('A key the remote never gave');
  await page.getByTestId('lesson-solve').click();
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'ERR');
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByTestId('lesson-solve').click();
  await expect(page.getByTestId('qp-0-0x101')).toHaveAttribute('data-state', 'ERR');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.getByTestId('question')).toBeVisible();
  await page.getByTestId('answer-send').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback')).toContainText('buffer is only written when the response comes back');
  await page.getByTestId('answer-response').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback')).toContainText('host B has already executed the READ');
  await shot(page, 'lesson-keys-question');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.getByTestId('question')).toBeVisible();
  await page.getByTestId('answer-ERR').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback')).toContainText('what rxe does to every QP type');
  await page.getByTestId('answer-SQE').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback')).toContainText('SQE is a state only hardware enters');
  await expect(page.getByTestId('qp-0-0x103')).toHaveAttribute('data-state', 'SQE');
  await page.getByRole('button', { name: 'Next →' }).click();
  // The learner switches the profile in the bar; the lesson goes on, and the failure of the step
  // before, replayed under rxe, leaves the QP in ERR at once.
  await expect(page.getByTestId('step-heading')).toContainText('The same error under rxe');
  await page.getByTestId('profile-select').selectOption('rxe');
  await expect(page.getByTestId('qp-0-0x103')).toHaveAttribute('data-state', 'ERR');
  await expect(page.getByTestId('lesson-task')).toBeVisible();
  await shot(page, 'lesson-keys-rxe-err');
});
