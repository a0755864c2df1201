// Shared Playwright fixtures. Every test's browser context is watched (watch.ts): the test fails
// on a Content-Security-Policy violation, a request to any origin but the page's own, a console
// error or an uncaught page error, in any page it opens. A test that provokes one on purpose says
// so with `watch.allow(/pattern/)`.
import { test as base, expect, type Page } from '@playwright/test';
import { Watch } from './watch.ts';

export const test = base.extend<{ watch: Watch; app: Page }>({
  watch: async ({ baseURL }, use) => {
    const watch = new Watch(baseURL ?? 'http://127.0.0.1');
    await use(watch);
    const left = watch.unexpected();
    expect(left, left.join('\n')).toEqual([]);
  },
  // Overrides Playwright's own context fixture, so tests that use `page` directly are covered too.
  context: async ({ context, watch }, use) => {
    await watch.attach(context);
    await use(context);
  },
  app: async ({ page }, use) => {
    await use(page);
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
