// Issue 16 in a real browser, for every instrument alike: a lesson's hint is pressed and shown;
// progress made in a lesson survives a reload, and the page resumes at the same step and instant
// whether the address was `/`, `#lab=<id>` or the full link the address bar kept (replaceState).
// Every wait is on state, never on time.
import { expect, test, type Page } from './fixtures.ts';

type Lab = 'transport' | 'memory' | 'faults';
interface Frame { lesson: { id: string; step: number; stepsDone: boolean[] } | null; playing: boolean; t?: number; live?: { t?: number; packets?: number } }
type Hook = { qpScope: Record<Lab, () => { call(name: string, ...args: unknown[]): Promise<unknown>; frame: Frame | null }> & { settled(): Promise<unknown> } };

const call = (page: Page, lab: Lab, name: string, ...args: unknown[]) =>
  page.evaluate(([l, n, a]) => (window as unknown as Hook).qpScope[l as Lab]().call(n as string, ...(a as unknown[])), [lab, name, args] as const);
const frameOf = (page: Page, lab: Lab) => page.evaluate((l) => (window as unknown as Hook).qpScope[l]().frame, lab);
const saved = (page: Page, lab: Lab) => page.evaluate((l) => JSON.parse(localStorage.getItem('qp-scope.progress.v1') ?? '{"labs":{}}').labs[l]?.at ?? null, lab);

/** Each instrument: a lesson with a hint at `step`, and how its instant is read and moved on. */
const CASES: Array<{ lab: Lab; lesson: string; step: number; instant(f: Frame): number; move(page: Page): Promise<unknown> }> = [
  { lab: 'transport', lesson: 'context', step: 2, instant: (f) => f.t!, move: async (page) => { for (let i = 0; i < 5; i++) await call(page, 'transport', 'step'); } },
  { lab: 'memory', lesson: 'caching', step: 2, instant: (f) => f.live!.packets!, move: (page) => call(page, 'memory', 'catchUp', 20_000) },
  { lab: 'faults', lesson: 'storm', step: 5, instant: (f) => f.live!.t!, move: (page) => call(page, 'faults', 'catchUp', 40_000) },
];

async function ready(page: Page, lab: Lab) {
  await expect(page.getByTestId(`${lab}-lab`)).toBeVisible();
  await expect(page.locator('[data-testid="play"]:not([disabled])')).toBeVisible({ timeout: 20_000 });
}

async function lessonColumn(page: Page) {
  if (!(await page.getByTestId('lesson-panel').isVisible())) await page.getByTestId('tour-button').click();
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
}

for (const c of CASES) {
  test(`${c.lab}: a hint is shown, and a reload at /, #lab=${c.lab} or the kept address resumes the lesson at its step and instant`, async ({ app: page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/#lab=${c.lab}`);
    await ready(page, c.lab);
    await call(page, c.lab, 'pause');
    await call(page, c.lab, 'startLesson', c.lesson, 0, false);
    await call(page, c.lab, 'lessonStep', c.step);
    await lessonColumn(page);
    await expect(page.getByTestId('step-heading')).toHaveText(new RegExp(`^${c.step + 1}\\.`));
    // The hint ladder's first rung, by the button a learner presses.
    await page.getByTestId('lesson-hint').click();
    await expect(page.getByTestId('hints').locator('li')).toHaveCount(1);
    // Progress: the step done, and the instrument's instant moved on, paused.
    await call(page, c.lab, 'solveStep');
    await call(page, c.lab, 'pause');
    await c.move(page);
    const before = (await frameOf(page, c.lab))!;
    expect(before.lesson).toMatchObject({ id: c.lesson, step: c.step });
    expect(before.lesson!.stepsDone[c.step]).toBe(true);
    const instant = c.instant(before);
    expect(instant).toBeGreaterThan(0);
    // The address follows the instrument, and the place is saved (with the instant where the link does not carry it).
    await expect.poll(async () => { const at = await saved(page, c.lab); return at && { lesson: at.lesson, step: at.step, kept: `#${at.hash}` === await page.evaluate(() => location.hash) }; })
      .toEqual({ lesson: c.lesson, step: c.step, kept: true });
    const kept = await page.evaluate(() => location.hash);
    expect(kept).toMatch(new RegExp(`^#lab=${c.lab}&v=\\d+&d=`));

    for (const address of ['/', `/#lab=${c.lab}`, `/${kept}`]) {
      // A new document each time (not a fragment navigation within this one).
      await page.goto('about:blank');
      await page.goto(address);
      await ready(page, c.lab);
      await expect(page.getByTestId('toast'), address).toContainText('resumes where you were');
      await lessonColumn(page);
      await expect(page.getByTestId('step-heading'), address).toHaveText(new RegExp(`^${c.step + 1}\\.`));
      const f = (await frameOf(page, c.lab))!;
      expect(f.lesson, address).toMatchObject({ id: c.lesson, step: c.step });
      expect(f.lesson!.stepsDone[c.step], address).toBe(true);
      expect(f.playing, address).toBe(false);
      expect(c.instant(f), address).toBe(instant);
    }
  });
}

test('Back after switching instruments lands where the person was, as it runs (no link reopened, no history entry added by the address)', async ({ app: page }) => {
  await page.goto('/');
  await ready(page, 'transport');
  for (let i = 0; i < 4; i++) await call(page, 'transport', 'step');
  const t = (await frameOf(page, 'transport'))!.t!;
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#lab=transport&v=\d+&d=/);
  const kept = await page.evaluate(() => location.hash);
  const entries = await page.evaluate(() => history.length);
  await page.getByTestId('to-memory').click();
  await ready(page, 'memory');
  // The switch is one entry; the address then follows memory without adding any.
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#lab=memory&v=\d+&d=/);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await page.goBack();
  await ready(page, 'transport');
  const back = await page.evaluate(() => (window as unknown as Hook).qpScope.settled());
  expect(back).toEqual({ lab: 'transport', opened: true, message: null });
  expect(await page.evaluate(() => location.hash)).toBe(kept);
  expect((await frameOf(page, 'transport'))!.t).toBe(t);
});
