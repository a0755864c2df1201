// Opening an address right after a link, before the instrument's snapshot of that link comes back
// (a worker round trip later): the address must be opened even when it equals the place the
// instrument had before the link. That old place once stood in for "where it still is", and a
// state file opened quickly after a link was ignored (a CI run saw 48 QPs stay after the file).
import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from './fixtures.ts';
import { encodeLink } from '../src/scenario/link/envelope.ts';

async function saveState(page: Page): Promise<string> {
  await page.getByTestId('state-menu').click();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('state-save').click()]);
  return readFile(await dl.path(), 'utf8');
}

const link48 = encodeLink('memory', 2, { preset: 'cx3', qps: 48, overrides: {} });

async function at1000(page: Page): Promise<string> {
  await page.goto('/#lab=memory');
  await expect(page.getByTestId('memory-lab')).toBeVisible();
  const hash = () => page.evaluate(() => location.hash);
  await expect.poll(hash).toContain('&d=');
  const before = await hash();
  await page.getByTestId('active-qps').fill('600'); // 1,000 QPs
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000 QPs');
  // The address follows the snapshot of the 1,000-QP state: that is the instrument's place now.
  await expect.poll(hash).not.toBe(before);
  return hash();
}

test('the place from before a link, opened in the same turn as the link, is opened, not taken as where the instrument is', async ({ app: page }) => {
  const place = await at1000(page);
  const out = await page.evaluate(async ([a, b]) => {
    const q = window.qpScope as { openLink(h: string): Promise<{ opened: boolean }> };
    const first = q.openLink(`#${a}`);
    const second = q.openLink(b);
    return [await first, await second];
  }, [link48, place] as const);
  expect(out.map((o) => o.opened)).toEqual([true, true]);
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000 QPs');
});

test('a state file opened at once after a link is applied, even when it is the place from before the link', async ({ app: page }) => {
  await at1000(page);
  const mem = await saveState(page);
  await page.goto(`/#${link48}`);
  await page.getByTestId('state-file').setInputFiles({ name: 'mem.json', mimeType: 'application/json', buffer: Buffer.from(mem) });
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000 QPs');
  expect(await saveState(page)).toBe(mem);
});
