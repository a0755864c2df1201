// Bounded memory in the page: played past the trace window, the full log says how many events
// are no longer kept, and a row in it still seeks (restore a checkpoint and replay).
import { test, expect, open, shot } from './fixtures.ts';

type Hook = { qpScope: { transport(): { call(name: string, ...args: unknown[]): Promise<unknown> } } };

test('played past the kept window, the full log says how many events it no longer keeps, and its rows still seek', async ({ app: page }) => {
  await open(page);
  // The sandbox lengthened to the schema's longest duration, through the page's own hook.
  await page.evaluate(async () => {
    const c = (window as unknown as Hook).qpScope.transport();
    const { scenario } = (await c.call('exportScenario')) as { scenario: { config: { durationNs: number } } };
    scenario.config.durationNs = 10_000_000_000;
    await c.call('load', scenario, 0);
  });
  const speed = page.getByTestId('speed');
  await speed.fill(String(await speed.getAttribute('max')));
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  // Wait on the worker's own count: the window (50,000 events) has moved on.
  await expect.poll(async () => page.evaluate(async () => ((await (window as unknown as Hook).qpScope.transport().call('bounds')) as { traceFrom: number }).traceFrom), { timeout: 120_000 }).toBeGreaterThan(0);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('full-log-open').click();
  await expect(page.getByTestId('full-log-count')).toContainText(/of [\d,]+ events \(the oldest [\d,]+ are no longer kept\)/);
  await shot(page, 'full-log-window');
  // The oldest kept row: seeking to it goes back before most of the window and replays.
  const first = page.getByTestId('full-log-rows').getByRole('listitem').first();
  const at = await first.getByRole('button', { name: /µs$/ }).innerText();
  await first.getByRole('button', { name: /µs$/ }).click();
  await page.getByTestId('full-log-close').click();
  await expect(page.getByTestId('sim-time')).toContainText(at.replace('µs', '').trim());
});
