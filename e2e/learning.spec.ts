// Issue 8 in a real browser: a question answered wrong then right, progress that survives a
// reload, three steps back equal to a fresh run, an exported scenario imported into a fresh page,
// a challenge link completed, and the "why?" chain. Every wait is on state, never on time.
import { writeFileSync } from 'node:fs';
import { encodeLink } from '../src/scenario/link/envelope.ts';
import { sandboxScenario } from '../src/scenario/presets.ts';
import { expect, open, shot, test, type Page } from './fixtures.ts';

type Hook = { transport(): { call(name: string, ...args: unknown[]): Promise<unknown> } };
const call = (page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([n, a]) => (window as unknown as { qpScope: Hook }).qpScope.transport().call(n as string, ...(a as unknown[])), [name, args] as const);
const hashOf = async (page: Page) => ((await call(page, 'frame')) as { traceHash: string; t: number });

async function startLesson(page: Page, id: string) {
  await page.getByTestId('lesson-panel').locator('#lesson-select').selectOption(id);
  await expect(page.getByTestId('step-heading')).toHaveText(/^1\./);
}

test('a question answered wrong, then right: the model runs once, the feedback names the misconception', async ({ app: page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  await startLesson(page, 'install');
  const q = page.getByTestId('question');
  await expect(q).toContainText('Predict first');
  await q.getByTestId('answer-accepted').check();
  await q.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'false');
  await expect(page.getByTestId('answer-feedback')).toContainText('current libmlx5 keep the receive side closed until INIT');
  // Wrong: the prompt, the choices to change and the misconception are all in view.
  await expect(page.locator('#question-prompt')).toBeInViewport({ ratio: 1 });
  await expect(q.getByTestId('answer-refused')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('answer-feedback')).toBeInViewport({ ratio: 1 });
  await shot(page, 'question-wrong');
  await q.getByTestId('answer-refused').check();
  await q.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  await expect(q).toContainText('2 attempts');
  // At 1280×720 the step's text next to the question, the question and its feedback share the
  // lesson column, in view together with Next (nothing of them scrolled out or cut off). The step's
  // first paragraph, read before answering, may scroll above once the feedback is in.
  await expect(page.getByTestId('step-text').last()).toBeInViewport({ ratio: 1 });
  await expect(page.locator('#question-prompt')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('answer-feedback')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Next →' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'question-right');
});

test('a wrong answer shows why it misses, never the model\'s value; a variant with other numbers is graded by the model', async ({ app: page }) => {
  await open(page);
  await startLesson(page, 'errors');
  await page.getByTestId('lesson-solve').click();
  await expect(page.getByRole('button', { name: /Step 1: .*\(done\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next →' }).click();
  // The retry interval: 4.096 µs × 2^2 = 16.384 µs. Answer 5 µs, a common guess.
  await page.getByTestId('answer-number').fill('5');
  await page.getByTestId('answer-submit').click();
  const fb = page.getByTestId('answer-feedback');
  await expect(fb.locator('[data-correct]')).toHaveAttribute('data-correct', 'false');
  await expect(fb).toContainText('exponent');
  await expect(fb).not.toContainText('16.384');
  await expect(fb).not.toContainText('It did');
  await expect(page.getByTestId('first-try')).toContainText('✕');
  // The same answer again is not an attempt: the button waits for a change.
  await expect(page.getByTestId('answer-submit')).toBeDisabled();
  await page.getByTestId('answer-variant').click();
  const q = page.getByTestId('question');
  await expect(q).toContainText('variant 1');
  await expect(q).toContainText('Predict first');
  await expect(q).toContainText('the first retransmission of wr_id 1 and the third');
  await shot(page, 'question-variant');
  await page.getByTestId('answer-number').fill('32.768');
  await page.getByTestId('answer-submit').click();
  await expect(fb.locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  // The step is done; the score keeps the wrong first answer.
  await expect(page.getByRole('button', { name: /Step 2: .*\(done\)/ })).toBeVisible();
  await expect(page.getByTestId('first-try')).toContainText('✕');
});

test('the first-try score is shown per lesson in the table of contents and survives a reload', async ({ app: page }) => {
  await open(page);
  await startLesson(page, 'install');
  await page.getByTestId('answer-accepted').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'false');
  await page.getByTestId('answer-refused').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  const option = page.locator('#lesson-select option[value="install"]');
  await expect(option).toHaveText(/first try: 0 of 3/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qp-scope.progress.v1') ?? '')).toContain('"first":[false');
  await page.reload();
  await expect(page.getByTestId('step-heading')).toHaveText(/^1\./);
  await expect(option).toHaveText(/first try: 0 of 3/);
  // Free play lists every lesson with its score.
  await page.locator('#lesson-select').selectOption('');
  await expect(page.getByTestId('toc-first-install')).toHaveText('first try: 0 of 3');
});

test('progress is saved: a reload resumes the lesson at its step with the steps done', async ({ app: page }) => {
  await open(page);
  await startLesson(page, 'install');
  await page.getByTestId('answer-refused').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
  // Saved once the worker built the moment's link.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qp-scope.progress.v1') ?? '')).toContain('"step":1');
  await page.reload();
  await expect(page.getByTestId('step-heading')).toHaveText(/^2\./);
  await expect(page.getByRole('button', { name: /Step 1: .*\(done\)/ })).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('resumes where you were');
  await shot(page, 'resumed');
});

test('three steps back equal a fresh run to that instant (same trace hash)', async ({ app: page, context }) => {
  await open(page);
  for (let i = 0; i < 8; i++) await page.getByTestId('step').click();
  const before = await hashOf(page);
  for (let i = 0; i < 3; i++) {
    const t0 = (await hashOf(page)).t;
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await hashOf(page)).t).toBeLessThan(t0);
  }
  const back = await hashOf(page);
  expect(back.t).toBeLessThan(before.t);
  const { scenario } = (await call(page, 'exportScenario')) as { scenario: unknown };
  const fresh = await context.newPage();
  await open(fresh);
  const r = (await call(fresh, 'load', scenario, back.t)) as { ok: boolean; frame: { traceHash: string } };
  expect(r.ok).toBe(true);
  expect(r.frame.traceHash).toBe(back.traceHash);
  await expect(page.getByTestId('scrubber')).toHaveValue(String(back.t));
});

test('export a scenario and import it into a fresh page: the same trace hash at the same instant', async ({ app: page, context }, info) => {
  await open(page);
  await page.getByTestId('qp-0-0x101').click();
  await page.getByTestId('tab-post').click();
  await page.getByTestId('qp-fatal').click();
  for (let i = 0; i < 4; i++) await page.getByTestId('step').click();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('files-open').click().then(() => page.getByTestId('export-scenario').click())]);
  const file = info.outputPath('exported.json');
  await dl.saveAs(file);
  const at = await hashOf(page);
  const fresh = await context.newPage();
  await open(fresh);
  await fresh.getByTestId('import-file').setInputFiles(file);
  await expect(fresh.getByTestId('toast')).toContainText('Imported');
  expect((await call(fresh, 'exportScenario') as { scenario: unknown }).scenario).toEqual((await call(page, 'exportScenario') as { scenario: unknown }).scenario);
  // Run the imported scenario up to the same instant (fast), then compare the traces there.
  await call(fresh, 'setSpeed', 1e7);
  await call(fresh, 'play');
  await expect.poll(async () => (await hashOf(fresh)).t, { timeout: 20_000 }).toBeGreaterThanOrEqual(at.t);
  await call(fresh, 'pause');
  const r = (await call(fresh, 'seek', at.t)) as { traceHash: string };
  const s = (await call(page, 'seek', at.t)) as { traceHash: string };
  expect(r.traceHash).toBe(s.traceHash);
  // A bad file is named by its field, and the scenario in place is kept.
  const bad = info.outputPath('bad.json');
  writeFileSync(bad, JSON.stringify({ version: 1, seed: 1, config: { hosts: [{ name: 'A' }], qps: [{ host: 5, type: 'RC' }] } }));
  await fresh.getByTestId('import-file').setInputFiles(bad);
  await expect(fresh.getByTestId('toast')).toContainText('config.qps[0].host');
  await expect(fresh.getByTestId('qp-0-0x101')).toHaveAttribute('data-state', 'ERR');
});

test('an older challenge link (the old goal language) opens on the predicate model: graded live, checked, its code verified', async ({ app: page }) => {
  test.setTimeout(120_000);
  const scenario = {
    version: 1, seed: 4, title: 'Challenge: bring up QP 0x100',
    config: { durationNs: 2_000_000, hosts: [{ name: 'Host A' }, { name: 'Host B' }], qps: [{ host: 0, type: 'RC', bringUp: 'RESET' }, { host: 1, type: 'RC', peer: 0, bringUp: 'RTR', recvs: 8, refill: true, attrs: { rq_psn: 1000 } }] },
    commands: [],
  };
  const challenge = {
    title: 'QP 0x100 to RTS', text: 'Bring QP 0x100 to RTS with the fewest attributes.',
    goal: { all: [{ state: { host: 0, qpn: 256, is: 'RTS' } }, { count: { kind: 'modify', where: { host: 0, qpn: 256 }, op: '>=', value: 3 } }] },
    score: { label: 'attributes passed', kind: 'modify', field: 'mask', where: { host: 0, qpn: 256 } },
  };
  await open(page, `#${encodeLink('transport', 2, { scenario, t: 0, challenge })}`);
  await expect(page.getByTestId('challenge-status')).toHaveText('Not yet');
  // The old `count` goal reads as an events predicate, ticked off with its count.
  await expect(page.getByTestId('challenge').getByRole('list', { name: 'Goal' })).toContainText('(now 0)');
  // The attempt a learner makes: the modify_qp panel, the chosen transition's required
  // attributes only (4 + 7 + 6 = 17), each call answered 0.
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-modify').click();
  for (const target of ['INIT', 'RTR', 'RTS']) {
    await page.getByTestId('modify-target').selectOption(target);
    await page.getByTestId('modify-fill').click();
    await page.getByTestId('modify-submit').click();
    await expect(page.getByTestId('modify-reply')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', target);
    if (target !== 'RTS') await expect(page.getByTestId('challenge-status')).toHaveText('Not yet');
  }
  await expect(page.getByTestId('challenge-status')).toContainText('Goal holds');
  await expect(page.getByTestId('challenge')).not.toContainText('Score: 17');
  // Checked: the student's three calls replayed from the start; the score counts their 17 attributes.
  await page.getByTestId('written-check').click();
  await expect(page.getByTestId('written-result')).toHaveText('✓ Goal met, replayed from the start · score 17', { timeout: 30_000 });
  const code = await page.getByTestId('written-code').inputValue();
  expect(code).toMatch(/^QP1-/);
  await shot(page, 'challenge-met');
  await page.getByTestId('written-verify-link').click();
  await expect(page.getByTestId('verify-page')).toBeVisible();
  await expect(page.getByTestId('verify-input')).toHaveValue(code);
  await page.getByTestId('verify-run').click();
  await expect(page.getByTestId('verify-row')).toHaveAttribute('data-met', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('verify-row')).toContainText(/w-[0-9a-f]{10}/);
});

test('why? walks a flush completion back to its root, highlighted in the log and the wire view', async ({ app: page }) => {
  await open(page);
  await startLesson(page, 'errors');
  await page.getByTestId('lesson-solve').click();
  await expect(page.getByRole('button', { name: /Step 1: .*\(done\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next →' }).click();
  // Step 2 asks when the retry fires (4.096 µs × 2^2 apart); its reveal posts the four sends.
  await page.getByTestId('answer-number').fill('16.384');
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', 'true');
  await page.getByRole('button', { name: 'Next →' }).click();
  // Step 3 asks what the CQ will hold once wr_id 1's retries are spent; answering runs it.
  await page.getByTestId('answer-in-order').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', /true|false/);
  await page.getByTestId('full-log-open').click();
  await page.getByTestId('full-log-search').fill('FLUSH_ERR');
  await expect(page.getByTestId('full-log-count')).toContainText(/^[1-9]/);
  await page.getByTestId('full-log-rows').getByRole('button', { name: 'why?' }).first().click();
  await page.getByTestId('full-log-close').click();
  await expect(page.getByTestId('why-panel')).toContainText('root');
  await expect(page.getByTestId('why-panel')).toContainText('failed with');
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-why', 'true');
  await shot(page, 'why-chain');
});

test('a visit from someone\'s link never overwrites the saved progress, and "Reset my progress" forgets it', async ({ app: page, context }) => {
  await open(page);
  await startLesson(page, 'install');
  await page.getByTestId('answer-refused').check();
  await page.getByTestId('answer-submit').click();
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qp-scope.progress.v1') ?? '')).toContain('"lesson":"install","step":1');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('qp-scope.progress.v1')!).labs.transport.at);
  // Someone's link into another lesson, at its third step; the visitor moves on there.
  const visit = await context.newPage();
  await open(visit, `#${encodeLink('transport', 2, { scenario: sandboxScenario(), t: 0, lesson: { id: 'errors', step: 2 } })}`);
  await expect(visit.getByTestId('step-heading')).toHaveText(/^3\./);
  await expect(visit.getByTestId('toast')).toContainText('Your own lesson progress is kept');
  await visit.getByRole('button', { name: 'Next →' }).click();
  await expect(visit.getByTestId('step-heading')).toHaveText(/^4\./);
  await expect.poll(() => visit.evaluate(() => JSON.parse(localStorage.getItem('qp-scope.progress.v1')!).labs.transport.at)).toEqual(saved);
  await visit.close();
  // A bare address still resumes the person's own place.
  const back = await context.newPage();
  await open(back);
  await expect(back.getByTestId('step-heading')).toHaveText(/^2\./);
  await expect(back.locator('#lesson-select')).toHaveValue('install');
  // Reset: from free play, the table of contents forgets, and a bare address starts afresh.
  await back.locator('#lesson-select').selectOption('');
  await expect(back.getByTestId('toc-done-install')).toBeVisible();
  await back.getByTestId('progress-reset').click();
  await expect(back.getByTestId('toc-done-install')).toHaveCount(0);
  expect(await back.evaluate(() => localStorage.getItem('qp-scope.progress.v1'))).toBeNull();
  await back.reload();
  await expect(back.getByTestId('sim-time')).toBeVisible();
  await expect(back.locator('#lesson-select')).toHaveValue('');
  await shot(back, 'progress-reset');
});

test('the scrubber and play both reach the exact end of the scenario', async ({ app: page }) => {
  await open(page);
  const short = { ...sandboxScenario(), title: 'Short run' };
  short.config = { ...short.config, durationNs: 30_000 };
  await call(page, 'load', short);
  await call(page, 'setSpeed', 1e7);
  await page.getByTestId('play').click();
  await expect.poll(async () => (await hashOf(page)).t).toBe(30_000);
  await expect(page.getByTestId('sim-time')).toHaveText('t = 30.000 µs');
  // Back to the start with the scrubber's Home key, then its End key: exactly the end again.
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press('Home');
  await expect.poll(async () => (await hashOf(page)).t).toBe(0);
  await page.keyboard.press('End');
  await expect.poll(async () => (await hashOf(page)).t).toBe(30_000);
  await expect(page.getByTestId('scrubber')).toHaveValue('30000');
  await expect(page.getByTestId('sim-time')).toHaveText('t = 30.000 µs');
});

test('a scenario file dropped on the page is imported; a bad one is named and the scenario kept', async ({ app: page }) => {
  await open(page);
  const drop = (name: string, text: string) => page.evaluate(([n, t]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], n, { type: 'application/json' }));
    const target = document.querySelector('[data-testid="transport-lab"]')!;
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, text] as const);
  const dropped = { ...sandboxScenario(), title: 'Dropped here' };
  await drop('dropped.json', JSON.stringify(dropped));
  await expect(page.getByTestId('toast')).toContainText('Imported');
  expect(((await call(page, 'exportScenario')) as { scenario: { title: string } }).scenario.title).toBe('Dropped here');
  await drop('bad.json', JSON.stringify({ version: 1, seed: 1, config: { hosts: [{ name: 'A' }], qps: [{ host: 5, type: 'RC' }] } }));
  await expect(page.getByTestId('toast')).toContainText('config.qps[0].host');
  expect(((await call(page, 'exportScenario')) as { scenario: { title: string } }).scenario.title).toBe('Dropped here');
});

test('issue 17: a glossary term opens by tap and closes on Escape; a step that runs 150 µs keeps its drops pinned above the log', async ({ app: page }) => {
  await open(page);
  await startLesson(page, 'intro');
  const term = page.getByTestId('step-text').locator('button[data-term]').first();
  await term.click();
  await expect(term).toHaveAttribute('aria-expanded', 'true');
  const pop = page.getByTestId('step-text').getByTestId('term-popover').first();
  await expect(pop).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pop).toBeHidden();
  await expect(term).toHaveAttribute('aria-expanded', 'false');
  // Intro step 5 drops two packets and runs 150 µs: far more than the log shows follows them.
  await page.getByRole('button', { name: /^Step 5:/ }).click();
  await expect(page.locator('#question-prompt')).toContainText('resend first');
  await page.getByTestId('answer-error').check();
  await page.getByTestId('answer-submit').click();
  await expect(page.getByTestId('answer-feedback').locator('[data-correct]')).toHaveAttribute('data-correct', /true|false/);
  const pinned = page.getByTestId('log-pinned');
  await expect(pinned).toContainText('injected fault');
  await expect(pinned).toContainText('will be lost');
  await expect(pinned).toContainText('retransmit from PSN');
  await shot(page, 'log-pinned');
});
