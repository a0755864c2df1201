// The dark theme (issue 9, Comfort): the header's toggle cycles system → light → dark and the
// choice survives a reload, applied before the page paints; with no choice the system's
// prefers-color-scheme rules; and axe finds no violation (contrast included) on any view, tab or
// dialog in either theme. Screenshots of every instrument in dark land in test-results/screens/.
import { axe as settledAxe } from './axe.ts';
import { expect, shot, test, type Page } from './fixtures.ts';
import { LABS, asRgb, openLab, showLessons, showTab } from './labs.ts';
import { luminance, parseColour } from '../src/views/kit/colour.ts';

/** Luminance of the page's background, 0 (black) … 1 (white). */
async function pageLuminance(page: Page): Promise<number> {
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return luminance(parseColour((await asRgb(page, [bg]))[0]));
}

async function axe(page: Page, where: string): Promise<string[]> {
  const r = await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${where}: ${v.id} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

test('the theme toggle cycles system → light → dark, is remembered across a reload and shared by every instrument', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openLab(page, LABS[0]);
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-choice', 'system');
  expect(await pageLuminance(page)).toBeGreaterThan(0.8);
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-choice', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-choice', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => pageLuminance(page)).toBeLessThan(0.05);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-choice', 'system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  await toggle.click();
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-choice', 'dark');

  // The choice is applied before the body exists, so the first paint is already dark.
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string | null }).themeAtBody = document.documentElement.getAttribute('data-theme');
      obs.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-choice', 'dark');
  expect(await page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody)).toBe('dark');
  expect(await pageLuminance(page)).toBeLessThan(0.05);
  for (const lab of LABS.slice(1)) {
    await page.getByTestId(`to-${lab.id}`).click();
    await expect(page.getByTestId(`${lab.id}-lab`)).toBeVisible();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-choice', 'dark');
    expect(await pageLuminance(page)).toBeLessThan(0.05);
  }
});

test('with no stored choice the system theme rules; a stored choice overrides it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openLab(page, LABS[2]);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-now', 'dark');
  expect(await pageLuminance(page)).toBeLessThan(0.05);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => pageLuminance(page)).toBeGreaterThan(0.8);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-now', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByTestId('theme-toggle').click(); // system → light, whatever the system says
  await expect.poll(() => pageLuminance(page)).toBeGreaterThan(0.8);
  await page.reload();
  await expect(page.getByTestId('faults-lab')).toBeVisible();
  expect(await pageLuminance(page)).toBeGreaterThan(0.8);
});

for (const theme of ['light', 'dark'] as const) {
  for (const lab of LABS) {
    test(`axe: no violation on any ${lab.id} tab or dialog in the ${theme} theme`, async ({ page }) => {
      test.setTimeout(480_000);
      await page.emulateMedia({ colorScheme: theme });
      await openLab(page, lab);
      await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-now', theme);
      // Paused, so axe does not compete with 60 frames a second for the machine's two cores.
      if ((await page.getByTestId('play').getAttribute('aria-pressed')) === 'true') await page.getByTestId('play').click();
      const found: string[] = [];
      for (const tab of Object.keys(lab.tabs)) {
        await showTab(page, lab, tab);
        found.push(...await axe(page, `${tab} tab`));
        if (theme === 'dark') await shot(page, `comfort-dark-${lab.id}-${tab}`);
      }
      for (const d of lab.dialogs) {
        const id = await d.open(page);
        await expect(page.getByTestId(id)).toBeVisible();
        found.push(...await axe(page, `${d.name} dialog`));
        await page.keyboard.press('Escape');
        await expect(page.getByTestId(id)).toBeHidden();
      }
      // The lesson column, open.
      await showLessons(page);
      found.push(...await axe(page, 'lesson panel'));
      expect(found).toEqual([]);
    });
  }
}
