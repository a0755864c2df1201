// Embedding in a real browser (issue 19): docs/embed-example.html, served from a second origin
// (a tiny server on the next ports, as localhost: another site than 127.0.0.1; the frames load the preview server), shows two lessons
// in the embed layout. Progress messages reach a parent on qpscope-embed.json's allowlist and none
// reach one that is not on it; with storage denied in the frames the page works on, says once that
// progress lasts only for this visit, throws nothing, and still tells the parent.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { finishLesson } from './courseKit.ts';

const EXAMPLE = readFileSync('docs/embed-example.html', 'utf8');
// Two parent origins on other sites than the preview server's 127.0.0.1: a tiny server on two
// ports the system picks (free ones: other runs use the fixed ones), reached as localhost
// (Chromium blocks a public page's frames from loading a local server, so the parent must be on
// this machine too).
let TEACHER = '';
let OTHER = '';
const servers: Server[] = [];

test.beforeAll(async () => {
  const hosts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const s = createServer((req, res) => {
      if (req.url?.startsWith('/embed-example.html')) { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(EXAMPLE); return; }
      res.writeHead(404); res.end();
    });
    await new Promise<void>((ok) => s.listen(0, 'localhost', ok));
    servers.push(s);
    hosts.push(`localhost:${(s.address() as AddressInfo).port}`);
  }
  [TEACHER = '', OTHER = ''] = hosts;
});
test.afterAll(async () => { await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok)))); });

interface Got { frame: string; message: { type: string; lab: string; lesson: string; done: boolean; stepsDone: number; steps: number } }

async function serve(context: BrowserContext, allowed: string[]): Promise<{ configs: () => number }> {
  let configs = 0;
  await context.route('**/qpscope-embed.json', (r) => { configs++; return r.fulfill({ contentType: 'application/json', body: JSON.stringify({ parentOrigins: allowed }) }); });
  return { configs: () => configs };
}

async function openExample(page: Page, parent: string, baseURL: string): Promise<[Frame, Frame]> {
  await page.goto(`http://${parent}/embed-example.html?qpscope=${encodeURIComponent(`${baseURL}/`)}`);
  const frame = async (lab: string) => {
    await expect.poll(() => page.frames().some((f) => f.url().includes(`lab=${lab}`))).toBe(true);
    const f = page.frames().find((x) => x.url().includes(`lab=${lab}`));
    if (!f) throw new Error(`no ${lab} frame`);
    return f;
  };
  return [await frame('memory'), await frame('faults')];
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { qpScopeMessages: Got[] }).qpScopeMessages);

test.beforeEach(({ watch }) => {
  // The example page is on other host names on purpose: served by a route, never by a network.
  watch.allow(/^external: http:\/\/localhost:\d+\/(embed-example\.html|favicon\.ico)/);
});

test('two embedded lessons render in the embed layout and tell an allowed parent of their progress', async ({ page, context, baseURL }) => {
  await serve(context, [`http://${TEACHER}`]);
  const [a, b] = await openExample(page, TEACHER, baseURL ?? '');
  for (const [f, lab, lesson] of [[a, 'memory', 'The QP table'], [b, 'faults', 'Many QPs failing at once']] as const) {
    await expect(f.getByTestId(`${lab}-lab`)).toHaveAttribute('data-embed', 'true');
    await expect(f.getByTestId('lesson-column')).toBeVisible();
    await expect(f.getByTestId('lesson-column')).toContainText(lesson);
    await expect(f.getByRole('navigation', { name: 'Instruments' })).toHaveCount(0);
    await expect(f.getByTestId('share')).toHaveCount(0);
    const open = f.getByTestId('open-in-qpscope');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('href', new RegExp(`^${baseURL}/#lab=${lab}&v=\\d+&d=[^&]+$`));
  }
  await expect(page.locator('#progress-a')).toContainText('Step 1 of 4');
  await page.screenshot({ path: 'test-results/screens/embed-example.png' });
  // A phone: the two frames one above the other, each at the width it gets.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: 'test-results/screens/embed-example-390.png' });
  if (size) await page.setViewportSize(size);
  await finishLesson(a, 'memory');
  await expect(page.locator('#progress-a')).toContainText('✓ Lesson done');
  const got = await received(page);
  expect(got.some((g) => g.frame === 'a' && g.message.lesson === 'table' && g.message.done && g.message.stepsDone === 4)).toBe(true);
  expect(got.some((g) => g.frame === 'b' && g.message.lesson === 'storm' && g.message.lab === 'faults')).toBe(true);
  expect(new Set(got.map((g) => g.message.type))).toEqual(new Set(['qpscope:progress']));
  await page.screenshot({ path: 'test-results/screens/embed-example-done.png' });
});

test('a parent that is not on the allowlist hears nothing', async ({ page, context, baseURL }) => {
  const served = await serve(context, [`http://${TEACHER}`]);
  const [a, b] = await openExample(page, OTHER, baseURL ?? '');
  // Each frame has read the allowlist and decided: from here on nothing can be sent.
  for (const f of [a, b]) await expect(f.locator('html')).toHaveAttribute('data-parent-progress', 'off');
  expect(served.configs()).toBeGreaterThanOrEqual(2);
  await expect(a.getByTestId('lesson-column')).toContainText('The QP table');
  await finishLesson(a, 'memory');
  await expect.poll(() => a.evaluate(() => (window as unknown as { qpScope: { memory(): { frame: { lesson: { done: boolean } | null } | null } } }).qpScope.memory().frame?.lesson?.done)).toBe(true);
  expect(await received(page)).toEqual([]);
  await expect(page.locator('#progress-a')).toHaveText('No progress yet.');
});

test('with storage denied in the frames, the lessons work, say once that progress lasts this visit, throw nothing and still report', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  // As Chromium does in a cross-site frame when third-party storage is blocked.
  await context.addInitScript((o) => {
    if (location.origin !== o || window.parent === window) return;
    const deny = () => { throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError'); };
    Object.defineProperty(window, 'localStorage', { get: deny, configurable: true });
    Object.defineProperty(window, 'sessionStorage', { get: deny, configurable: true });
    Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => { throw new DOMException('The request was denied.', 'SecurityError'); }, configurable: true });
  }, origin);
  await serve(context, [`http://${TEACHER}`]);
  const [a, b] = await openExample(page, TEACHER, baseURL ?? '');
  for (const f of [a, b]) {
    await expect(f.getByTestId('storage-note')).toHaveCount(1);
    await expect(f.getByTestId('storage-note')).toContainText('progress is kept only for this visit');
  }
  await finishLesson(a, 'memory');
  await expect(page.locator('#progress-a')).toContainText('✓ Lesson done');
  // Still one note, after every frame of the lesson.
  await expect(a.getByTestId('storage-note')).toHaveCount(1);
  // (The watch fails the test on any uncaught error or console error, in the frames too.)
});
