// The Content-Security-Policy is really in force in the built page: the directives are there, an
// inline script and eval are refused and reported, and the page itself causes no report at all
// (every other test checks that through the shared fixture).
import { expect, open, test } from './fixtures.ts';

test('the built page carries the strict policy as a meta tag', async ({ app: page }) => {
  await open(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const directives = new Map((policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v.join(' ')]));
  expect(directives.get('default-src')).toBe("'self'");
  expect(directives.get('script-src')).toBe("'self'");
  expect(directives.get('style-src')).toBe("'self'");
  expect(directives.get('worker-src')).toBe("'self'");
  expect(directives.get('object-src')).toBe("'none'");
  expect(directives.get('base-uri')).toBe("'none'");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|data:|https?:/);
});

test('inline script and eval are refused, and the fixture sees each refusal', async ({ app: page, watch }) => {
  await open(page);
  watch.allow(/^csp: script-src(-elem)? blocked (inline|eval) /);
  watch.allow(/^console: .*Content Security Policy/);
  // The DevTools protocol lets code it evaluates use eval, so the string is handed to a timer:
  // it compiles later in a task of the page's own, where the policy applies.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.append(s);
    (setTimeout as unknown as (code: string) => void)('window.__evalRan = true');
  });
  await expect.poll(() => watch.count('csp')).toBe(2);
  const ran = await page.evaluate(() => {
    const w = window as unknown as { __inlineRan?: boolean; __evalRan?: boolean };
    return { inline: w.__inlineRan === true, eval: w.__evalRan === true };
  });
  expect(ran).toEqual({ inline: false, eval: false });
});

test('the favicon and the manifest icons load from the page itself', async ({ app: page, request }) => {
  await open(page);
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe('./favicon.svg');
  for (const path of ['favicon.svg', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png', 'icons/apple-touch-icon.png']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const manifest = await (await request.get('manifest.webmanifest')).json() as { name: string; display: string; theme_color: string };
  expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#1e293b' });
});
