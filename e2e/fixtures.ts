// Shared Playwright fixtures: every test fails on a console error, an uncaught page error, or a
// request to any origin but the page's own.
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ app: Page }>({
  app: async ({ page, baseURL }, use) => {
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(baseURL ?? '') && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`external request: ${u}`);
    });
    await use(page);
    expect(problems, problems.join('\n')).toEqual([]);
  },
});

export { expect };
export type { Page };

/** Open the page (optionally with a hash) and wait until the first frame has rendered. */
export async function open(page: Page, hash = ''): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('sim-time')).toBeVisible();
  await expect(page.locator('[data-testid^="qp-"]').first()).toBeVisible();
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}
