// Offline after the first load: once the service worker controls the page, the network can go
// away and the default page, the NIC memory lab, the Faults instrument and share links of all three
// still open.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, open, shot, test, type Page } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' }); // the rest of the suite blocks them (playwright.config.ts)

/** Resolves once a service worker is active and controls this page (clientsClaim on first install). */
async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

/** Every file of the build the page may fetch (the Vite manifest and the worker script itself aside). */
function builtFiles(dir = 'dist'): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { if (name !== '.vite') out.push(...builtFiles(path)); continue; }
    out.push(relative('dist', path));
  }
  // qpscope-embed.json is the host's setting, read afresh by an embedded page (docs/hosting.md): never precached.
  return out.filter((f) => f !== 'sw.js' && f !== 'qpscope-embed.json' && !/^workbox-.*\.js$/.test(f));
}

test('the service worker precaches every built file: entry, lazy lab chunks, every worker chunk, icons', async ({ app: page }) => {
  await open(page);
  await untilControlled(page);
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname.slice(1));
    }
    return paths;
  });
  const files = builtFiles();
  // Five workers: the three instruments' simulations, the diagnosis desk's (with its parser's .wasm files) and the code verifier's.
  expect(files.filter((f) => /^assets\/.*worker.*\.js$/.test(f))).toHaveLength(5);
  expect(files.filter((f) => f.endsWith('.wasm'))).toHaveLength(2);
  expect(files.some((f) => /^assets\/MemoryLab-.*\.js$/.test(f))).toBe(true);
  expect(files.some((f) => /^assets\/FaultsLab-.*\.js$/.test(f))).toBe(true);
  expect(files.filter((f) => !cached.includes(f))).toEqual([]);
});

test('after one visit, offline: the page reloads and plays, the memory lab and the Faults instrument run, and share links of all three open', async ({ app: page, context }) => {
  await open(page);
  await untilControlled(page);
  // A link of each instrument, made from their Share buttons while online.
  await page.getByTestId('share').click();
  const transportLink = await page.getByTestId('share-url').inputValue();
  expect(transportLink).toContain('#lab=transport&v=2&d=');

  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await page.reload();
  await open(page);
  const before = await page.getByTestId('sim-time').textContent();
  await page.getByTestId('step').click();
  await expect(page.getByTestId('sim-time')).not.toHaveText(before ?? '');
  await shot(page, 'offline-transport');

  const lab = await context.newPage();
  await lab.goto('/#lab=memory');
  await expect(lab.getByTestId('memory-lab')).toBeVisible();
  await expect(lab.getByTestId('hit-rate')).not.toHaveText('–', { timeout: 20_000 });
  await lab.getByTestId('share').click();
  const memoryLink = await lab.getByTestId('share-url').inputValue();
  expect(memoryLink).toContain('#lab=memory&v=2&d=');
  await shot(lab, 'offline-memory');
  await lab.close();

  const storm = await context.newPage();
  await storm.goto('/#lab=faults');
  await expect(storm.getByTestId('faults-lab')).toBeVisible();
  await expect(storm.getByTestId('storm-grid')).toBeVisible();
  await storm.getByTestId('play').click();
  await expect(storm.getByTestId('storm-time')).not.toHaveText('0 ns');
  await storm.getByTestId('play').click();
  await storm.getByTestId('affected-qps').fill('500');
  const qps = await storm.getByTestId('affected-qps-value').innerText();
  await storm.getByTestId('share').click();
  const faultsLink = await storm.getByTestId('share-url').inputValue();
  expect(faultsLink).toContain('#lab=faults&v=1&d=');
  await shot(storm, 'offline-faults');
  await storm.close();

  const shared = await context.newPage();
  await shared.goto(transportLink);
  await expect(shared.getByTestId('sim-time')).toBeVisible();
  await expect(shared.locator('[data-testid^="qp-"]').first()).toBeVisible();
  await shared.goto('about:blank');
  await shared.goto(memoryLink);
  await expect(shared.getByTestId('memory-lab')).toBeVisible();
  await expect(shared.getByTestId('hit-rate')).not.toHaveText('–', { timeout: 20_000 });
  await shot(shared, 'offline-shared-memory-link');
  await shared.goto('about:blank');
  await shared.goto(faultsLink);
  await expect(shared.getByTestId('faults-lab')).toBeVisible();
  await expect(shared.getByTestId('affected-qps-value')).toHaveText(qps);
});
