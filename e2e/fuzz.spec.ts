// Link fuzzing in real Chromium, for every instrument: 10,000 deterministic mutations of valid
// links each (e2e/linkFuzz.ts; the seed is in the test's name), opened inside the page through
// its automation entry; then a few hundred through real location.hash navigation, where each
// refusal must show as a role="alert" naming the problem and the page must keep what it showed.
// 0 uncaught errors, 0 refusals without a message, no worker restarts, no markup ever run.
import { LABS, mutations, SCRIPTS, SEEDS } from './linkFuzz.ts';
import { emptyTally, runInPage, scriptRan } from './fuzzRun.ts';
import { expect, test, type Page } from './fixtures.ts';
import { writeLink } from '../src/scenario/link/index.ts';
import { sandboxScenario } from '../src/scenario/presets.ts';
import { parseScenario } from '../src/core/model/schema.ts';
import { exampleChallenge } from '../src/scenario/challenge.ts';
import type { LabId } from '../src/scenario/link/index.ts';

const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);
const SAMPLE = Number(process.env.FUZZ_SAMPLE ?? 200);

interface Hook { qpScope: Record<LabId, () => { call(n: string, ...a: unknown[]): Promise<unknown>; frame: Record<string, unknown> | null }> & { settled(): Promise<{ opened: boolean; message: string | null } | null> } }

/** The instrument is up: Play can be pressed, or a lesson's open question holds the model (and says so). */
function live(page: Page) {
  return page.locator('[data-testid="play"]:enabled, [data-testid="held-note"]').first();
}

async function openLab(page: Page, lab: LabId): Promise<void> {
  await page.goto(`/#lab=${lab}`);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 30_000 });
}

/** What a refused link must leave as it was: the instant and trace (transport), the settings (memory, faults). */
async function stateOf(page: Page, lab: LabId): Promise<string> {
  return page.evaluate(async (l) => {
    const c = (window as unknown as Hook).qpScope[l]();
    if (l === 'transport') {
      const f = c.frame as { t: number; traceHash: string; scenarioTitle: string };
      return JSON.stringify([f.t, f.traceHash, f.scenarioTitle]);
    }
    return JSON.stringify(await c.call('linkState'));
  }, lab);
}

for (const lab of LABS) {
  test(`link fuzz, ${lab}: ${COUNT.toLocaleString('en')} mutations opened in the page, each opened or refused with a message and the state kept (seed ${SEEDS[lab].inPage})`, async ({ app: page }) => {
    test.setTimeout(20 * 60_000);
    const ms = mutations(lab, COUNT, SEEDS[lab].inPage);
    await openLab(page, lab);
    const t = await runInPage(page, lab, ms, emptyTally());
    console.log(`fuzz ${lab}: ${t.opened} opened, ${t.refused} refused with a message, ${t.silent.length} without, ${t.threw.length} threw, ${t.changed.length} refused yet changed, ${t.restarts} worker restarts`);
    expect(t.threw.map((x) => `${x.m.kind}: ${x.error}`)).toEqual([]);
    expect(t.silent.map((m) => m.kind)).toEqual([]);
    expect(t.changed.map((m) => `${m.kind}: ${m.hash.slice(0, 80)}`)).toEqual([]);
    expect(t.restarts).toBe(0);
    expect(t.opened + t.refused).toBe(COUNT);
    expect(t.refused).toBeGreaterThan(COUNT / 2);
    expect(await scriptRan(page)).toBe(false);
  });

  test(`link fuzz, ${lab}: ${SAMPLE} mutations through location.hash, each refusal an alert with the previous state kept (seed ${SEEDS[lab].viaHash})`, async ({ app: page }) => {
    test.setTimeout(10 * 60_000);
    const ms = mutations(lab, SAMPLE, SEEDS[lab].viaHash);
    await openLab(page, lab);
    let refused = 0;
    for (const m of ms) {
      const before = await stateOf(page, lab);
      const shownLab = await page.evaluate(() => (document.querySelector('[aria-current="page"]')?.textContent ?? ''));
      const o = await page.evaluate((h) => new Promise<{ opened: boolean; message: string | null } | 'same'>((resolve) => {
        const was = window.location.hash;
        // Registered after the page's own listener: the page has queued the address when this runs.
        window.addEventListener('hashchange', () => { void (window as unknown as Hook).qpScope.settled().then((x) => resolve(x!)); }, { once: true });
        window.location.hash = h;
        if (window.location.hash === was) resolve('same');
      }), m.hash);
      if (o === 'same' || o.opened) continue;
      refused++;
      const alert = page.getByTestId('toast');
      await expect(alert).toHaveAttribute('role', 'alert');
      await expect(alert).toContainText(o.message!.slice(0, 200));
      // A refusal keeps what the instrument showed (a refusal naming another instrument switches to it as it is).
      const now = await page.evaluate(() => (document.querySelector('[aria-current="page"]')?.textContent ?? ''));
      if (now === shownLab) expect(await stateOf(page, lab), `${m.kind}: ${m.hash.slice(0, 80)}`).toBe(before);
      else await page.goto(`/#lab=${lab}`);
      await expect(live(page)).toBeVisible();
    }
    expect(refused).toBeGreaterThan(SAMPLE / 3);
    await expect(live(page)).toBeVisible();
    expect(await scriptRan(page)).toBe(false);
  });
}

test('script and markup from a link always show as text: a challenge title and text, a scenario title', async ({ app: page }) => {
  const sc = parseScenario({ ...sandboxScenario(), title: SCRIPTS[1] });
  const challenge = { ...exampleChallenge(), title: SCRIPTS[0], text: `${SCRIPTS[1]} ${SCRIPTS[2]} ${SCRIPTS[4]}` };
  await page.goto(`/#${writeLink('transport', { scenario: sc, t: 0, challenge })}`);
  const banner = page.getByTestId('challenge');
  await expect(banner).toContainText(`Challenge: ${SCRIPTS[0]}`);
  await expect(banner).toContainText(SCRIPTS[1]);
  await expect(banner).toContainText(SCRIPTS[4]);
  // The scenario's title is the header's subtitle, as text (it wraps now, no title attribute).
  await expect(page.getByTestId('shell-subtitle')).toHaveText(SCRIPTS[1]);
  expect(await scriptRan(page)).toBe(false);
  expect(await page.locator('#root img, #root script, #root svg[onload]').count()).toBe(0);
});
