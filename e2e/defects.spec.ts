// Defects found by trying the page as a new user would (issue 6, §3). Each test failed before
// its fix; each waits on state, never on time.
import LZString from 'lz-string';
import { parseScenario } from '../src/core/index.ts';
import { writeLink } from '../src/scenario/link/index.ts';
import { sandboxScenario } from '../src/scenario/presets.ts';
import { expect, open, shot, test, type Page } from './fixtures.ts';
import { showLessons } from './labs.ts';

const { compressToEncodedURIComponent: pack } = LZString;
const alert = (page: Page) => page.getByRole('alert').filter({ hasText: 'This link could not be opened' });
const simNs = async (page: Page) => Math.round(Number((await page.getByTestId('sim-time').innerText()).replace(/[^\d.]/g, '')) * 1000);

test('1. choosing a lesson starts a fresh event log with the fresh clock', async ({ app: page }) => {
  await open(page);
  await page.getByTestId('speed').fill('700');
  await page.getByTestId('play').click();
  await expect.poll(() => simNs(page), { timeout: 30_000 }).toBeGreaterThan(40_000);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('log-count')).toContainText('last 150 of');
  await page.locator('#lesson-select').selectOption('errors');
  await expect(page.getByTestId('sim-time')).toHaveText('t = 0.000 µs');
  // Every line in the log belongs to the new scenario: none is later than its clock.
  const times = await page.locator('[data-testid="event-log"] li[data-t]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-t'))));
  expect(times.length).toBeGreaterThan(0);
  expect(Math.max(...times)).toBe(0);
  await expect(page.getByTestId('log-count')).not.toContainText('last 150');
});

test('2. a link made inside a lesson opens that lesson at that step, with its text', async ({ app: page, context }) => {
  await open(page);
  await page.locator('#lesson-select').selectOption('state-machine');
  await page.getByRole('button', { name: /^Step 3:/ }).click();
  await expect(page.getByTestId('step-heading')).toHaveText(/^3\. /);
  const heading = await page.getByTestId('step-heading').innerText();
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.locator('#lesson-select')).toHaveValue('state-machine');
  await expect(other.getByTestId('step-heading')).toHaveText(heading);
  await expect(other.getByRole('button', { name: /^Step 3:/ })).toHaveAttribute('aria-current', 'step');
  await shot(other, 'defect-2-lesson-link');
});

test('3. choosing "Sandbox (free play)" in a lesson loads the sandbox', async ({ app: page }) => {
  await open(page);
  await page.locator('#lesson-select').selectOption('install');
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RESET');
  await page.locator('#lesson-select').selectOption('');
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RTS');
  await expect(page.locator('header')).toContainText('Sandbox: two hosts');
  await expect(page.getByTestId('lesson-panel')).toContainText('Sandbox');
  await shot(page, 'defect-3-sandbox');
});

test('4. a memory link that opens on the Compare tab starts the compare', async ({ app: page }) => {
  const hash = writeLink('memory', { preset: 'cx3', qps: 1000, overrides: { pattern: 'zipf', skew: 0.99 }, tab: 'compare', compare: { a: { policy: 'lfu', engine: 'fixed', entries: 112, ways: 8 }, b: { policy: 'random', engine: 'fixed', entries: 112, ways: 8 } } });
  await page.goto(`/#${hash}`);
  await expect(page.getByTestId('tab-compare')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('compare-hit-a')).not.toHaveText('–', { timeout: 20_000 });
  await expect(page.getByTestId('compare-policy-b')).toHaveValue('random');
  await shot(page, 'defect-4-compare-link');
});

test('5. links keep every input: the capacity panel, the race, the speed, the lesson step; the inspector tab', async ({ app: page, context }) => {
  await page.goto('/#lab=memory');
  await expect(page.getByTestId('hit-rate')).not.toHaveText('–', { timeout: 20_000 });
  await page.getByTestId('speed').fill('30');
  await page.getByTestId('tab-capacity').click();
  await page.getByTestId('cap-context').selectOption('512');
  await page.getByTestId('race-offset').fill('9');
  await page.getByTestId('race-seqlock').click();
  await showLessons(page);
  await page.locator('#lesson-select').selectOption('capacity');
  await page.getByRole('button', { name: /^Step 2:/ }).click();
  await page.getByTestId('tab-capacity').click();
  const speed = await page.getByTestId('speed-value').innerText();
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId('tab-capacity')).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByTestId('cap-context')).toHaveValue('512');
  await expect(other.getByTestId('race-offset-value')).toHaveText('+9 vs the write');
  await expect(other.getByTestId('race-seqlock')).toHaveAttribute('aria-checked', 'true');
  await expect(other.getByTestId('speed-value')).toHaveText(speed);
  await expect(other.getByRole('button', { name: /^Step 2:/ })).toHaveAttribute('aria-current', 'step');

  // A bare address now resumes where the person was (the memory lesson above): name the instrument.
  await open(page, '#lab=transport');
  await page.getByTestId('tab-context').click();
  await page.getByTestId('share').click();
  const t = await page.getByTestId('share-url').inputValue();
  const third = await context.newPage();
  await third.goto(t);
  await expect(third.getByTestId('tab-context')).toHaveAttribute('aria-selected', 'true');
});

test('6. bad links are refused in a role="alert" naming the problem, and the default scenario is kept', async ({ app: page }) => {
  const good = writeLink('transport', { scenario: parseScenario(sandboxScenario()), t: 3000 });
  const cases: Array<[string, RegExp]> = [
    [`#${good}${'A'.repeat(300_000)}`, /characters more than its data/],
    ['#lab=bogus', /no instrument "bogus"/],
    [`#${good}&colour=red`, /does not know: "colour"/],
  ];
  for (const [hash, msg] of cases) {
    await page.goto('/');
    await page.evaluate((h) => { window.location.hash = h; }, hash);
    await expect(alert(page)).toContainText(msg);
    await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RTS');
  }
  await shot(page, 'defect-6-bad-link');
});

test('7. a link checks its own keys only, and refuses an unknown lesson or a QP its scenario lacks', async ({ app: page }) => {
  const base = { preset: 'cx3', qps: 48, overrides: { policy: 'lru' }, tab: 'cache' } as const;
  const mem = (o: unknown) => `#lab=memory&v=2&d=${pack(JSON.stringify(o).replace(/"overrides":\{/, '"overrides":{"constructor":1,'))}`;
  await page.goto(`/${mem(base)}`);
  await expect(alert(page)).toContainText('constructor');
  await expect(page.getByTestId('active-qps-value')).toHaveText('48 QPs');
  const sc = parseScenario(sandboxScenario());
  await page.goto(`/#${writeLink('transport', { scenario: sc, t: 0, lesson: { id: 'no-such-lesson', step: 0 } })}`);
  await expect(alert(page)).toContainText('lesson this page does not have');
  await page.goto(`/#${writeLink('transport', { scenario: sc, t: 0, sel: { host: 1, qpn: 0x2ff } })}`);
  await expect(alert(page)).toContainText('selects QP 0x2ff on host B');
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RTS');
});

test('8. a real responder NAK is reported as a failed WR, never as "injected"', async ({ app: page }) => {
  // Host B's QP lacks IBV_ACCESS_REMOTE_ATOMIC: an atomic from A is refused by the responder for
  // real, with NAK Invalid Request (rxe check_op_valid; hfi1/qib rc.c nack_inv).
  const s = sandboxScenario();
  s.config.qps[1].attrs = { qp_access_flags: 1 | 2 | 4 };
  s.config.workloads = [];
  s.commands = [{ t: 100, cmd: { kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 7, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8 } } }];
  await page.goto(`/#${writeLink('transport', { scenario: parseScenario(s), t: 30_000, sel: { host: 0, qpn: 0x100 } })}`);
  await expect(page.getByTestId('sim-time')).toHaveText('t = 30.000 µs');
  const log = page.getByTestId('event-log');
  await expect(log).toContainText('wr_id 7 failed with REM_INV_REQ_ERR');
  await expect(log).not.toContainText('injected');
  await shot(page, 'defect-8-real-error');
});
