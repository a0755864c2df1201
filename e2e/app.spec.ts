import { axe } from './axe.ts';
import { expect, open, shot, test } from './fixtures.ts';

test('the page loads with two hosts exchanging RC traffic, no console errors, no foreign requests', async ({ app: page }) => {
  await open(page);
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RTS');
  await expect(page.getByTestId('qp-1-0x200')).toHaveAttribute('data-state', 'RTS');
  await page.getByTestId('speed').fill('600');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('packet').first()).toBeVisible();
  await expect.poll(async () => Number((await page.getByTestId('sim-time').textContent())?.replace(/[^0-9.]/g, '')), { timeout: 15_000 }).toBeGreaterThan(5);
  await shot(page, 'app-playing');
  await page.getByTestId('play').click();
});

test('no WCAG 2 A/AA violations on any inspector tab', async ({ app: page }) => {
  await open(page);
  for (const tab of ['state', 'modify', 'context', 'post']) {
    await page.getByTestId(`tab-${tab}`).click();
    const r = await (await axe(page)).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(r.violations.map((v) => `${tab}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('keyboard: space plays and pauses, → steps, ? opens help and Escape closes it', async ({ app: page }) => {
  await open(page);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  const before = await page.getByTestId('sim-time').textContent();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('sim-time')).not.toHaveText(before ?? '');
  await page.keyboard.press('?');
  await expect(page.getByTestId('help')).toBeVisible();
  await shot(page, 'help');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help')).toBeHidden();
});

test('the layout is usable at 1280×720: no page scroll, every panel in view', async ({ app: page }) => {
  await open(page);
  const sizes = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
  expect(sizes.w).toBeLessThanOrEqual(1280);
  expect(sizes.h).toBeLessThanOrEqual(720);
  for (const id of ['wire', 'ring-sq', 'event-log', 'tab-modify', 'lesson-panel']) await expect(page.getByTestId(id)).toBeInViewport();
});
