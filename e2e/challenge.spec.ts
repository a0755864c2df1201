// Challenges in real Chromium: a built-in challenge is opened from the Challenges page, met with
// the student's own command, and its completion code is verified on the Verify page (the table
// and the grade-book CSV) and by the CLI (npm run verify, spawned here); the student's link
// carries the challenge and the code, and opening it shows the goal and the verified result.
// Tests wait on state, never on time.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from './fixtures.ts';

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

test('the CLI refuses a forged code, naming it, with exit 1', async () => {
  const forged = 'QP1-AAAAA-AAAAA-AAAA';
  const r = await run('npx', ['tsx', 'src/cli/verify.ts', forged]).catch((e: { code: number; stdout: string; stderr: string }) => e);
  expect((r as { code?: number }).code).toBe(1);
  expect(r.stderr).toContain(`bad code ${forged}`);
});
