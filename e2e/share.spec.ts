import { readFileSync } from 'node:fs';
import LZString from 'lz-string';

const { compressToEncodedURIComponent } = LZString;
import { expect, open, shot, test } from './fixtures.ts';

/** The page's console handle (src/app/main.tsx): the instruments' clients. */
type Hook = { transport(): { call(name: string, ...args: unknown[]): Promise<never> } };

test('a share link reopens the same scenario at the same instant with the same QP selected', async ({ app: page, context }) => {
  await open(page);
  await page.getByTestId('qp-1-0x201').click();
  await page.getByTestId('tab-post').click();
  await page.getByTestId('qp-fatal').click();
  for (let i = 0; i < 5; i++) await page.getByTestId('step').click();
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  // The link is built from the worker's own clock; the header shows the same instant once settled.
  const at = await page.evaluate(async () => ((await (window as unknown as { qpScope: Hook }).qpScope.transport().call('exportScenario')) as { t: number }).t);
  const t = `t = ${(at / 1000).toFixed(3)} µs`;
  await expect(page.getByTestId('sim-time')).toHaveText(t);
  expect(url).toMatch(/#lab=transport&v=2&d=[A-Za-z0-9+\-$]+$/);
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId('sim-time')).toHaveText(t ?? '');
  await expect(other.getByTestId('qp-1-0x201')).toHaveAttribute('data-state', 'ERR');
  await expect(other.locator('#inspector-title, [id="inspector-title"]').first()).toContainText('0x201');
  await shot(other, 'share-reopened');
});

test('a command at t = 0 is in the link: QP 0x100 moved to RESET at once reopens in RESET, with the same events', async ({ app: page, context }) => {
  await open(page);
  const author = await page.evaluate(async () => {
    const c = (window as unknown as { qpScope: Hook }).qpScope.transport();
    await c.call('command', { kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } });
    return (await c.call('summary')) as { simTimeNs: number; traceHash: string; traceEvents: number };
  });
  expect(author.simTimeNs).toBe(0);
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RESET');
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RESET');
  const opened = await other.evaluate(async () => (await (window as unknown as { qpScope: Hook }).qpScope.transport().call('summary')) as { traceHash: string; traceEvents: number });
  expect(opened).toMatchObject({ traceHash: author.traceHash, traceEvents: author.traceEvents });
});

test('a damaged link names the problem and keeps a working scenario', async ({ app: page }) => {
  const bad = compressToEncodedURIComponent(JSON.stringify({ v: 1, scenario: { version: 1, seed: 1, config: { hosts: [{ name: 'A' }], qps: [{ host: 3, type: 'RC' }] } } }));
  await page.goto(`/#s=${bad}`);
  await expect(page.getByTestId('toast')).toContainText('config.qps[0].host');
  await expect(page.getByTestId('qp-0-0x100')).toBeVisible();
  await page.goto('/#s=AAAA$$$notalink');
  await expect(page.getByTestId('toast')).toContainText(/damaged|characters/);
  await shot(page, 'bad-link');
});

test('a 10 MB paste in the link is refused without freezing the page', async ({ app: page }) => {
  await open(page);
  await page.evaluate(() => { window.location.hash = `s=${'A'.repeat(10_000_000)}`; });
  await expect(page.getByTestId('toast')).toContainText(/at most/);
  await expect(page.getByTestId('qp-0-0x100')).toBeVisible();
});

test('the browser worker replays a fixture to the same trace hash as Node', async ({ app: page }) => {
  const fixture = JSON.parse(readFileSync('fixtures/scenarios/rc-fault-two-way.json', 'utf8'));
  await open(page);
  const browser = await page.evaluate(async (s) => {
    const c = (window as unknown as { qpScope: Hook }).qpScope.transport();
    await c.call('load', s, s.config.durationNs);
    return ((await c.call('summary')) as { traceHash: string }).traceHash;
  }, fixture);
  const { runScenario } = await import('../src/core/index.ts');
  expect(browser).toBe(runScenario(fixture).traceHash);
});
