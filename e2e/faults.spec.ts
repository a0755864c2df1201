// The Faults instrument in real Chromium (topics 7 and 10): a port-down under 1,024 QPs whose
// reports squeeze through the error engine, a policy switch that changes who waits, the reset
// instant dragged across a transfer, the QPN-reuse hazard and its mitigations, a lesson question
// answered wrong and then right, a share link, and axe on every tab. Waits on state only.
import { axe } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';
import { showLessons } from './labs.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/faults-${name}.png` });

async function openFaults(page: Page, hash = '#lab=faults'): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('faults-lab')).toBeVisible();
  await expect(page.getByTestId('storm-grid')).toBeVisible();
}

test('a port-down under 1,024 QPs: every QP reported; strict priority changes who waits', async ({ app: page }) => {
  await openFaults(page);
  await expect(page.getByTestId('affected-qps-value')).toHaveText('1,024 QPs');
  await expect(page.getByTestId('storm-grid')).toHaveAttribute('data-cells', '1024');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('storm-time')).not.toHaveText('0 ns');
  await shot(page, 'storm-running');
  await page.getByTestId('to-end').click();
  await expect(page.getByTestId('storm-reported')).toHaveText('1,024', { timeout: 30_000 });
  await expect(page.getByTestId('storm-lost')).toHaveText('0');
  await expect(page.getByTestId('storm-jain')).toHaveText('1.000');
  await shot(page, 'storm-drained-fifo');

  // Every policy on the same storm: FIFO treats the classes alike, strict priority does not.
  await page.getByTestId('tab-policies').click();
  await expect(page.getByTestId('dist-priority')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('dist-weighted-fair')).toBeVisible({ timeout: 60_000 });
  const table = page.getByTestId('policy-table');
  const row = (label: string) => table.locator('tr', { hasText: label }).locator('td');
  await expect.poll(async () => new Set((await row('FIFO').allInnerTexts()).slice(1, 5)).size).toBe(1);
  await expect.poll(async () => new Set((await row('Strict priority').allInnerTexts()).slice(1, 5)).size).toBe(4);
  await shot(page, 'policies');

  // Switch the live storm's policy and run it again: the fairness readout follows.
  await page.getByTestId('policy').selectOption('priority');
  await page.getByTestId('restart').click();
  await page.getByTestId('to-end').click();
  await expect(page.getByTestId('storm-reported')).toHaveText('1,024', { timeout: 30_000 });
  await expect.poll(async () => Number(await page.getByTestId('storm-jain').innerText())).toBeLessThan(0.9);
});

test('drag the reset across a transfer: late packets dropped, then none of the message; QPN reuse accepts a stale packet until a mitigation is on', async ({ app: page }) => {
  await openFaults(page);
  await page.getByTestId('tab-reset').click();
  const lanes = page.getByTestId('reset-lanes');
  await expect(lanes).toBeVisible();
  await page.getByTestId('situation').selectOption('send-half-arrived');
  const late = page.getByTestId('late-packets').locator('li[data-outcome]');
  // Drag the reset line with the mouse: early (the whole message still on the wire), then late.
  const box = (await lanes.boundingBox())!;
  const dragTo = async (fraction: number) => {
    const line = (await page.getByTestId('reset-line').boundingBox())!;
    await page.mouse.move(line.x + line.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 118 + (box.width - 126) * fraction, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
  };
  await dragTo(0.5);
  await expect(late).toHaveCount(4);
  for (const o of await late.evaluateAll((els) => els.map((e) => e.getAttribute('data-outcome')))) expect(o).toBe('dropped-not-ready');
  await shot(page, 'reset-early');
  // After the message was processed nothing of it is late; at most B's ACK still reaches A.
  await dragTo(0.99);
  await expect.poll(async () => (await late.evaluateAll((els) => els.map((e) => e.getAttribute('data-outcome')))).filter((o) => o !== 'ack')).toEqual([]);
  await shot(page, 'reset-late');

  await page.getByTestId('situation').selectOption('replay-unacked');
  await page.getByTestId('reset-at').fill('65');
  await expect(page.getByTestId('reset-at-value')).toHaveText('6.5 µs');
  await page.getByTestId('reuse').check();
  await expect(page.getByTestId('stale-verdict')).toHaveAttribute('data-accepted', 'true');
  await shot(page, 'reuse-hazard');
  await page.getByTestId('random-psn').check();
  await expect(page.getByTestId('stale-verdict')).toHaveAttribute('data-accepted', 'false');
  await page.getByTestId('random-psn').uncheck();
  await expect(page.getByTestId('stale-verdict')).toHaveAttribute('data-accepted', 'true');
  await page.getByTestId('quarantine').check();
  await expect(page.getByTestId('stale-verdict')).toHaveAttribute('data-accepted', 'false');
  await shot(page, 'reuse-mitigated');
});

test('topic 7 ends on a diagnosis: a wrong cause shows why it misses, never the answer; the first try stays wrong', async ({ app: page }) => {
  await openFaults(page);
  // The lesson column is open on arrival, as in every instrument.
  await page.locator('#lesson-select').selectOption('storm');
  await page.getByRole('button', { name: /^Step 9:/ }).click();
  const q = page.getByTestId('question');
  await expect(q).toContainText('What happened, and what must the program do?');
  await expect(page.getByTestId('step-text').first()).toContainText('IBV_EVENT_PORT_ERR');
  // Answer first (issue 17): the settings would name the fault, the why? chain its root.
  await expect(page.getByTestId('fault-masked')).toBeVisible();
  await expect(page.getByTestId('fault')).toHaveCount(0);
  await expect(page.getByTestId('storm-events-masked')).toBeVisible();
  await shot(page, 'diagnosis-question');
  await page.getByTestId('answer-nothing').check();
  await page.getByTestId('answer-submit').click();
  const fb = page.getByTestId('answer-feedback');
  await expect(fb.locator('[data-correct]')).toHaveAttribute('data-correct', 'false', { timeout: 30_000 });
  await expect(fb).toContainText('earliest and only warning');
  await expect(fb).not.toContainText('port went down');
  // Locked in: the model ran the night, and the settings show what it ran.
  await expect(page.getByTestId('fault')).toBeVisible();
  await expect(page.getByTestId('first-try')).toContainText('✕');
  // No variant for this one: the reveal shows the answer, seen and not scored.
  await expect(page.getByTestId('answer-variant')).toHaveCount(0);
  await page.getByTestId('answer-reveal').click();
  await expect(page.getByTestId('answer-seen')).toContainText('port went down');
  await expect(page.getByRole('button', { name: /^Step 9: .*\(done\)/ })).toBeVisible();
  await shot(page, 'diagnosis-revealed');
});

test('topic 10 lesson: a question answered wrong gets its misconception, then right', async ({ app: page }) => {
  await openFaults(page);
  await showLessons(page);
  await page.locator('#lesson-select').selectOption('reset');
  await page.getByRole('button', { name: /^Step 2:/ }).click();
  await expect(page.getByTestId('question')).toContainText('What happens to the SEND packets');
  await page.getByTestId('answer-nak').check();
  await page.getByTestId('answer-submit').click();
  const fb = page.getByTestId('answer-feedback');
  await expect(fb.locator('[data-correct]')).toHaveAttribute('data-correct', 'false');
  await expect(fb).toContainText('sends nothing');
  await shot(page, 'question-wrong');
  await page.getByTestId('answer-dropped').check();
  await page.getByTestId('answer-submit').click();
  await expect(fb.locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  await expect(page.getByRole('button', { name: /^Step 2: .*\(done\)/ })).toBeVisible();
  await shot(page, 'question-right');
});

test('reset lesson, answer first: before lock-in the timeline hides what followed the reset (no late colour, no ✕, no outcome); after it, the late packets show dropped', async ({ app: page }) => {
  await openFaults(page);
  await showLessons(page);
  await page.locator('#lesson-select').selectOption('reset');
  await page.getByRole('button', { name: /^Step 2:/ }).click();
  await expect(page.getByTestId('question')).toContainText('What happens to the SEND packets');
  const lanes = page.getByTestId('reset-lanes');
  await expect(lanes).toBeVisible();
  // The learner cannot move the reset to run the experiment first: the question holds the model.
  await expect(page.getByTestId('held-note')).toBeVisible();
  await expect(page.getByTestId('reset-at')).toBeDisabled();
  await expect(page.getByTestId('play')).toBeDisabled();
  await expect(page.getByTestId('reset-at-value')).toHaveText('16.0 µs');
  await expect(lanes).toHaveAttribute('data-masked', 'true');
  await expect(page.getByTestId('reset-lanes-masked')).toBeVisible();
  const packets = lanes.getByTestId('lane-packet');
  await expect(packets).not.toHaveCount(0);
  await expect(lanes.locator('[data-testid="lane-packet"][data-late="true"]')).toHaveCount(0);
  expect(await packets.evaluateAll((els) => els.map((e) => e.getAttribute('data-outcome')).filter((o) => o?.startsWith('dropped')))).toEqual([]);
  expect(await lanes.locator('text').allTextContents()).not.toContainEqual(expect.stringContaining('✕'));
  expect((await lanes.locator('title').allTextContents()).join(' ')).not.toContain('dropped');
  await expect(packets.locator('line[stroke="var(--color-amber-700)"], line[stroke="var(--color-red-600)"]')).toHaveCount(0);
  await expect(page.getByTestId('reset-report-masked')).toBeVisible();
  await shot(page, 'reset-masked');
  // Locked in: the model runs the question's instant and the timeline shows the late packets met.
  await page.getByTestId('answer-dropped').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  await expect(page.getByTestId('held-note')).toHaveCount(0);
  await expect(page.getByTestId('reset-at')).toBeEnabled();
  await expect(lanes).toHaveAttribute('data-masked', 'false');
  await expect(page.getByTestId('reset-lanes-masked')).toHaveCount(0);
  await expect(lanes.locator('[data-testid="lane-packet"][data-late="true"]')).not.toHaveCount(0);
  await expect.poll(async () => (await packets.evaluateAll((els) => els.map((e) => e.getAttribute('data-outcome')))).filter((o) => o?.startsWith('dropped')).length).toBeGreaterThan(0);
  await expect(packets.locator('line[stroke="var(--color-red-600)"]')).not.toHaveCount(0);
  expect(await lanes.locator('text').allTextContents()).toContainEqual(expect.stringContaining('✕'));
  await expect(page.getByTestId('reset-report')).toBeVisible();
  await shot(page, 'reset-unmasked');
});

test('a faults link reopens the same storm, tab and reset view; a bad one is named', async ({ app: page, context }) => {
  await openFaults(page);
  await page.getByTestId('affected-qps').fill('500');
  await page.getByTestId('policy').selectOption('weighted-fair');
  await page.getByTestId('tab-reset').click();
  await page.getByTestId('situation').selectOption('read-streaming');
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/#lab=faults&v=1&d=[A-Za-z0-9+\-$]+$/);
  const qps = await page.getByTestId('affected-qps-value').innerText();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId('tab-reset')).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByTestId('situation')).toHaveValue('read-streaming');
  await expect(other.getByTestId('affected-qps-value')).toHaveText(qps);
  await expect(other.getByTestId('policy')).toHaveValue('weighted-fair');
  await other.goto('/#lab=faults&v=1&d=NoWayThisIsALink');
  await expect(other.getByRole('alert').filter({ hasText: 'This link could not be opened' })).toContainText('damaged');
});

test('every Faults tab passes axe', async ({ app: page }) => {
  await openFaults(page);
  for (const tab of ['storm', 'policies', 'compare', 'explorer', 'reset']) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(`${tab}-tab`)).toBeVisible();
    const r = await (await axe(page)).analyze();
    expect(r.violations.map((v) => `${tab}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
});

test('the interleaving explorer: every order of simultaneous faults, grouped by what software sees; one stepped through', async ({ app: page }) => {
  await openFaults(page);
  await page.getByTestId('tab-explorer').click();
  const groups = page.getByTestId('explorer-groups').locator('li');
  await expect(page.getByTestId('explorer-tab')).toContainText('24 detection orders');
  const counts = await groups.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(24);
  await groups.last().getByRole('button', { name: 'step through one' }).click();
  await expect(page.getByTestId('explorer-steps')).toContainText('reported to the application');
  await page.getByTestId('explorer-policy').selectOption('priority');
  await expect(page.getByTestId('explorer-policy')).toHaveValue('priority');
  await expect(page.getByTestId('explorer-tab')).toContainText('24 detection orders');
  await shot(page, 'explorer');
});

test('why? for a late report and for a lost event: the chain names the cause, the queue and the instants the QP panel shows, in both themes', async ({ app: page }) => {
  await openFaults(page);
  await page.getByTestId('to-end').click();
  await expect(page.getByTestId('storm-reported')).toHaveText('1,024', { timeout: 30_000 });
  // The last QP reported under FIFO: it waited behind every report detected before it.
  await page.getByTestId('notable-last-reported').click();
  const why = page.getByTestId('report-why');
  await expect(why).toHaveAttribute('data-verdict', 'reported');
  const qp = page.getByTestId('picked-qp');
  await expect(qp.locator('dd').first()).toContainText('on host A');
  const failed = (await qp.locator('dt:text("failed") + dd').innerText()).replace(' after the fault', '');
  const reported = (await qp.locator('dt:text("reported") + dd').innerText()).replace(/ \(waited .*\)$/, '');
  await expect(page.getByTestId('report-why-cause')).toContainText('Port down on host A at the fault (t = 0)');
  await expect(page.getByTestId('report-why-failed')).toContainText(`failed ${failed} after the fault: its retries ran out`);
  const queue = await page.getByTestId('report-why-queue').innerText();
  const ahead = Number(/took ([\d,]+) other reports? before it/.exec(queue)![1].replace(/,/g, ''));
  expect(ahead).toBeGreaterThan(100);
  // The grid outlines exactly those it waited behind.
  await expect(page.getByTestId('storm-grid')).toHaveAttribute('data-marked', String(ahead));
  await expect(page.getByTestId('report-why-verdict')).toContainText(`Reported ${reported} after the fault`);
  await expect(page.getByTestId('report-why-verdict')).toContainText('1,023 reports of the 1,024 so far came before it');
  await expect(why).toBeInViewport();
  await shot(page, 'why-late-report');
  await why.screenshot({ path: 'test-results/screens/faults-why-late-report-chain.png' });

  // mlx4 with a one-entry event queue drained slowly: QP_FATAL events are lost to the overrun.
  await page.getByTestId('fault').selectOption('context-read-error');
  await page.getByTestId('preset').selectOption('mlx4');
  await page.getByTestId('eq-depth').press('Home');
  await page.getByTestId('eqe').press('End');
  await expect(page.getByTestId('eqe-value')).toHaveText('1.00 ms');
  await expect(why).toHaveCount(0); // a new storm: the old answer is gone
  await page.getByTestId('to-end').click();
  await expect.poll(async () => Number((await page.getByTestId('storm-reported').innerText()).replace(/,/g, '')), { timeout: 30_000 }).toBe(1024);
  await page.getByTestId('notable-event-lost').click();
  await expect(page.getByTestId('report-why-eqe')).toContainText(/Its IBV_EVENT_QP_FATAL found the async EQ full \((\d+) of \1 entries\) at [\d.]+ [mµ]?s: lost\. On this NIC family the driver logs the overrun and carries on/);
  await expect(page.getByTestId('report-why-failed')).toContainText('its context could not be read over PCIe');
  await expect(page.getByTestId('report-why-report')).toContainText('Software could see its first error completion');
  await expect(page.getByTestId('eq-mark')).toHaveAttribute('data-lost', 'true');
  await shot(page, 'why-lost-event');
  const violations = async () => (await (await axe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="storm-tab"]').analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await violations()).toEqual([]);
  const toggle = page.getByTestId('theme-toggle');
  while ((await toggle.getAttribute('data-choice')) !== 'dark') await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'why-lost-event-dark');
  await why.screenshot({ path: 'test-results/screens/faults-why-lost-event-chain-dark.png' });
  expect(await violations()).toEqual([]);
  await page.getByTestId('report-why-close').click();
  await expect(why).toHaveCount(0);
  await expect(page.getByTestId('storm-grid')).toHaveAttribute('data-marked', '0');
});

test('device death: the grid and its legend say what each consumer got (user space: DEVICE_FATAL, context fatal, no flush; kernel: flushed); idle QPs are never healthy', async ({ app: page }) => {
  await openFaults(page);
  await page.getByTestId('fault').selectOption('device-fatal');
  await page.getByTestId('consumer').selectOption('user');
  await page.getByTestId('affected-qps').fill('571');
  const legend = page.getByTestId('storm-legend');
  const device = page.getByTestId('device-state');
  await page.getByTestId('to-end').click();
  await expect(device).toHaveAttribute('data-state', 'internal-error', { timeout: 30_000 });
  await expect(legend.locator('[data-phase="7"]')).toContainText('256');
  await expect(legend).not.toContainText('flushed');
  await expect(device).toContainText('MLX5_DEVICE_STATE_INTERNAL_ERROR');
  await expect(device).toContainText('MLX5_CTX_FLAGS_FATAL_STATE');
  await expect(page.getByTestId('storm-grid')).toHaveAttribute('aria-label', /256 DEVICE_FATAL in user space/);
  await page.getByRole('region', { name: 'The affected QPs' }).screenshot({ path: 'test-results/screens/faults-grid-user-death.png' });
  await shot(page, 'device-death-user');

  await page.getByTestId('consumer').selectOption('kernel');
  await page.getByTestId('to-end').click();
  await expect(legend.locator('[data-phase="3"]')).toContainText('256', { timeout: 30_000 });
  await expect(legend.locator('[data-phase="7"]')).toHaveCount(0);
  await expect(device).toContainText('sw_comp');
  await page.getByRole('region', { name: 'The affected QPs' }).screenshot({ path: 'test-results/screens/faults-grid-kernel-death.png' });
  await shot(page, 'device-death-kernel');
  // The device panel at 390 px: whole, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await device.scrollIntoViewIfNeeded();
  expect(await device.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await shot(page, 'device-death-kernel-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Idle QPs on a port down: unaware, not healthy.
  await page.getByTestId('fault').selectOption('port-down');
  await page.getByTestId('idle').fill('5');
  await page.getByTestId('to-end').click();
  await expect(page.getByTestId('storm-reported')).toHaveText('192', { timeout: 30_000 });
  await expect(legend.locator('[data-phase="8"]')).toContainText('64');
  await expect(legend.locator('[data-phase="0"]')).toContainText('0');
  await shot(page, 'idle-unaware');
});

test('the program\'s side: event-thread controls show at once, keep the storm, and the readout shows what the storm CLI prints for the same settings; holds at 390 px', async ({ app: page }) => {
  await openFaults(page);
  await page.getByTestId('fault').selectOption('context-read-error');
  await page.getByTestId('affected-qps').fill('571');
  await page.getByTestId('to-end').click();
  await expect(page.getByTestId('storm-reported')).toHaveText('256', { timeout: 30_000 });
  const tShown = await page.getByTestId('storm-time').innerText();
  // 50 µs per event, acknowledged 10 ms after reading, rdma_cm on (slider positions 540 and 571).
  await page.getByTestId('event-ns').fill('540');
  await expect(page.getByTestId('event-ns-value')).toHaveText('50.0 µs');
  await page.getByTestId('ack-ns').fill('571');
  await expect(page.getByTestId('ack-ns-value')).toHaveText('10.0 ms');
  await page.getByTestId('cm').check();
  // `npm run sim -- --storm --qps 256 --fault context-read-error … --event-ns 50000 --ack-ns 10000000 --cm`
  // prints program: { asyncBacklogMax: 154, cmBacklogMax: 154, learnedNs.p50: 2560150, destroyWaitNs.p50: 1014810000, unlearned: 0 }.
  const r = page.getByTestId('program-readout');
  await expect(r.getByTestId('program-cm-backlog')).toHaveText('154');
  await expect(r.getByTestId('program-fd-backlog')).toHaveText('154');
  await expect(r.getByTestId('program-learned-p50')).toHaveText('2.56 ms');
  await expect(r.getByTestId('program-destroy-p50')).toHaveText('1.01 s');
  await expect(r.getByTestId('program-unlearned')).toHaveText('0');
  // The storm was not restarted by the program's settings.
  await expect(page.getByTestId('storm-time')).toHaveText(tShown);
  await expect(page.getByTestId('storm-reported')).toHaveText('256');
  await r.scrollIntoViewIfNeeded();
  await shot(page, 'program-side');
  const a = await (await axe(page)).analyze();
  expect(a.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await r.scrollIntoViewIfNeeded();
  await expect(r).toBeVisible();
  expect(await r.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await shot(page, 'program-side-390');
});
