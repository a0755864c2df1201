// Challenges in real Chromium: a built-in challenge is opened from the Challenges page, met with
// the student's own command, and its completion code is verified on the Verify page (the table
// and the grade-book CSV) and by the CLI (npm run verify, spawned here); the student's link
// carries the challenge and the code, and opening it shows the goal and the verified result.
// Tests wait on state, never on time.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from './fixtures.ts';
import { encodeLink } from '../src/scenario/link/envelope.ts';

const run = promisify(execFile);
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/challenge-${name}.png` });

test('a memory challenge met in the page gives a code the Verify page and the CLI accept', async ({ app: page }) => {
  test.setTimeout(120_000);
  await page.goto('/#verify');
  await expect(page.getByTestId('verify-page')).toBeVisible();
  await shot(page, 'verify-page');
  await page.getByTestId('start-memory-cliff').click();
  await expect(page.getByTestId('memory-lab')).toBeVisible();
  const bar = page.getByTestId('challenge-bar');
  await expect(bar).toContainText('Fall off the cache cliff');

  // Not met before the student does anything: no code.
  await page.getByTestId('challenge-check').click();
  await expect(page.getByTestId('challenge-result')).toHaveText('Not yet (0 commands of yours)', { timeout: 30_000 });
  await expect(page.getByTestId('challenge-code')).toHaveCount(0);

  await page.getByTestId('active-qps').fill('600'); // 10^(600/200) = 1,000 QPs
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000 QPs');
  await page.getByTestId('challenge-check').click();
  await expect(page.getByTestId('challenge-result')).toHaveText('✓ Goal met · score 1', { timeout: 30_000 });
  const code = await page.getByTestId('challenge-code').inputValue();
  expect(code).toMatch(/^QP1-/);
  const link = await page.getByTestId('challenge-share').inputValue();
  expect(link).toContain('#challenge=memory-cliff&seed=1&code=');
  await shot(page, 'met');

  // The Verify page: the code, and a forged one, replayed in the verify worker.
  await page.getByTestId('verify-link').click();
  await expect(page.getByTestId('verify-page')).toBeVisible();
  await page.getByTestId('verify-input').fill(`${code}\nQP1-AAAAA-AAAAA-AAAA\n`);
  await page.getByTestId('verify-run').click();
  const rows = page.getByTestId('verify-row');
  await expect(rows).toHaveCount(2, { timeout: 60_000 });
  await expect(rows.nth(0)).toHaveAttribute('data-met', 'true');
  await expect(rows.nth(0)).toContainText('✓ genuine, met');
  await expect(rows.nth(1)).toHaveAttribute('data-met', 'false');
  await expect(rows.nth(1)).toContainText('checksum');
  await shot(page, 'verify-table');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('verify-csv').click()]);
  const csv = await readFile(await dl.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('code,challenge,met,score,traceHash,genuine,problem');
  expect(csv).toContain(`${code},memory-cliff,true,1,`);

  // The CLI replays the same code headlessly and agrees.
  const out = await run('npx', ['tsx', 'src/cli/verify.ts', code], { cwd: process.cwd() });
  const line = JSON.parse(out.stdout.trim()) as Record<string, unknown>;
  expect(line).toMatchObject({ code, challenge: 'memory-cliff', met: true, score: 1 });
  await expect(rows.nth(0)).toContainText(String(line.traceHash).slice(0, 16));

  // The student's link: the challenge's goal, and the result verified.
  await page.goto(link.slice(link.indexOf('#')).replace(/^/, '/'));
  await expect(page.getByTestId('challenge-bar')).toContainText('Fall off the cache cliff');
  await expect(page.getByTestId('challenge-shared')).toContainText('✓ genuine and met, score 1', { timeout: 30_000 });
  await shot(page, 'shared-link');
});

test('a transport challenge written in the page: the link opens it, the banner ticks the goal, the code verifies in the CLI', async ({ app: page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('qp-0-0x101')).toBeVisible();
  await page.getByTestId('files-open').click();
  await page.getByTestId('challenge-open').click();
  // The example needs the student: no warning; the id the codes will verify under is shown.
  await page.getByTestId('challenge-max').fill('2');
  await page.getByTestId('challenge-make').click();
  const url = await page.getByTestId('challenge-url').inputValue();
  await expect(page.getByTestId('challenge-id')).toHaveText(/^w-[0-9a-f]{10}$/);
  const id = await page.getByTestId('challenge-id').textContent();
  await expect(page.getByTestId('challenge-warning')).toHaveCount(0);
  await shot(page, 'writer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('challenge-editor')).toHaveCount(0);

  await page.goto(url.slice(url.indexOf('#')).replace(/^/, '/'));
  const banner = page.getByTestId('challenge');
  await expect(banner).toContainText('Break the neighbour, spare the pair');
  await expect(page.getByTestId('challenge-status')).toHaveText('Not yet');
  await expect(page.getByTestId('challenge-limits')).toHaveText(/Limits: at most 2 commands of yours\. Score: attributes you passed/);
  await expect(banner).not.toContainText('Score: 17');
  await shot(page, 'written-banner');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByTestId('challenge').scrollIntoViewIfNeeded();
  await page.getByTestId('challenge').screenshot({ path: 'test-results/screens/challenge-written-banner-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  // Checked before acting: not met, no code.
  await page.getByTestId('written-check').click();
  await expect(page.getByTestId('written-result')).toHaveText('Not met when replayed from the start (0 commands of yours)', { timeout: 30_000 });
  await expect(page.getByTestId('written-code')).toHaveCount(0);

  // The student's one command: QP A·0x101 to ERR, passing only IBV_QP_STATE.
  await page.getByTestId('qp-0-0x101').click();
  await page.getByTestId('tab-modify').click();
  await page.getByTestId('modify-target').selectOption('ERR');
  await page.getByTestId('modify-fill').click();
  await page.getByTestId('modify-submit').click();
  await expect(page.getByTestId('qp-0-0x101')).toHaveAttribute('data-state', 'ERR');
  await expect(page.getByTestId('challenge-status')).toContainText('✓ Goal holds');
  await page.getByTestId('written-check').click();
  await expect(page.getByTestId('written-result')).toHaveText('✓ Goal met, replayed from the start · score 1', { timeout: 30_000 });
  const code = await page.getByTestId('written-code').inputValue();
  await shot(page, 'written-met');
  const out = await run('npx', ['tsx', 'src/cli/verify.ts', code], { cwd: process.cwd() });
  expect(JSON.parse(out.stdout.trim())).toMatchObject({ code, challenge: id, met: true, score: 1 });
});

test('the CLI refuses a forged code, naming it, with exit 1', async () => {
  const forged = 'QP1-AAAAA-AAAAA-AAAA';
  const r = await run('npx', ['tsx', 'src/cli/verify.ts', forged]).catch((e: { code: number; stdout: string; stderr: string }) => e);
  expect((r as { code?: number }).code).toBe(1);
  expect(r.stderr).toContain(`bad code ${forged}`);
});

/** Save the instrument's state through the State menu; the file's text. */
async function saveState(page: Page): Promise<string> {
  await page.getByTestId('state-menu').click();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('state-save').click()]);
  return readFile(await dl.path(), 'utf8');
}

test('memory and faults: a saved state file opens in a fresh page to the same state (saved again, the same file)', async ({ app: page }) => {
  test.setTimeout(120_000);
  await page.goto('/#lab=memory');
  await expect(page.getByTestId('memory-lab')).toBeVisible();
  await page.getByTestId('active-qps').fill('600'); // 1,000 QPs
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000 QPs');
  const mem = await saveState(page);
  expect(JSON.parse(mem)).toMatchObject({ qpScope: 'state', lab: 'memory', v: 2, payload: { qps: 1000 } });

  await page.goto('/#lab=faults');
  await expect(page.getByTestId('faults-lab')).toBeVisible();
  await page.getByTestId('policy').selectOption('priority');
  await expect(page.getByTestId('policy')).toHaveValue('priority');
  const flt = await saveState(page);
  expect(JSON.parse(flt)).toMatchObject({ qpScope: 'state', lab: 'faults', payload: { settings: { policy: 'priority' } } });

  // The defaults (by a link: a bare address would resume the place just saved), then each file, saved again.
  await page.goto(`/#${encodeLink('memory', 2, { preset: 'cx3', qps: 48, overrides: {} })}`);
  await expect(page.getByTestId('active-qps-value')).toHaveText('48 QPs');
  await page.getByTestId('state-file').setInputFiles({ name: 'mem.json', mimeType: 'application/json', buffer: Buffer.from(mem) });
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000 QPs');
  expect(await saveState(page)).toBe(mem);

  await page.getByTestId('state-file').setInputFiles({ name: 'flt.json', mimeType: 'application/json', buffer: Buffer.from(flt) });
  await expect(page.getByTestId('faults-lab')).toBeVisible();
  await expect(page.getByTestId('policy')).toHaveValue('priority');
  expect(await saveState(page)).toBe(flt);

  // A bad file is refused with the field named, and the instrument keeps its state.
  await page.getByTestId('state-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ qpScope: 'state', lab: 'gpu', v: 1, payload: {} })) });
  await expect(page.getByRole('alert').filter({ hasText: 'bad.json: lab: there is no instrument "gpu"' })).toBeVisible();
  await expect(page.getByTestId('policy')).toHaveValue('priority');
});
