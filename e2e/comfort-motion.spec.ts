// Reduced motion and colour vision (issue 9, Comfort).
// - With prefers-reduced-motion, nothing animates (no running CSS animation, transition or Web
//   Animation, while each instrument plays) and packets stand at one of five stops along the wire;
//   without it they fly (so the check can fail).
// - Under a protanopia and a deuteranopia simulation laid over the whole page (an SVG
//   feColorMatrix filter with the matrices of Machado, Oliveira and Fernandes 2009, severity 1.0,
//   as in src/views/kit/colour.ts), each instrument is captured; and the colours the page really
//   renders for the packet legend stay apart under both simulations, in both themes.
import { expect, shot, test, type Page } from './fixtures.ts';
import { LABS, asRgb, openLab, showTab } from './labs.ts';
import { CVD_MATRICES, deltaEOK, parseColour, simulate, type Deficiency } from '../src/views/kit/colour.ts';

const STOPS = ['0.000', '0.250', '0.500', '0.750', '1.000'];

const running = (page: Page) => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').map((a) => {
  const t = (a.effect as KeyframeEffect | null)?.target as Element | null;
  return `${a.constructor.name} on ${t?.tagName.toLowerCase() ?? '?'}.${(t?.getAttribute('class') ?? '').split(' ').slice(0, 3).join('.')}`;
}));

async function playTransport(page: Page): Promise<void> {
  await openLab(page, LABS[0]);
  await page.getByTestId('speed').fill('500');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('packet').first()).toBeVisible({ timeout: 20_000 });
}

const progressOf = (page: Page) => page.getByTestId('packet').evaluateAll((els) => els.map((e) => e.getAttribute('data-progress') ?? ''));

test.describe('with prefers-reduced-motion: reduce', () => {
  test.use({ reducedMotion: 'reduce' });

  test('transport: packets step between five stops and nothing animates', async ({ page }) => {
    await playTransport(page);
    for (let i = 0; i < 6; i++) {
      const seen = await progressOf(page);
      expect(seen.length).toBeGreaterThan(0);
      for (const p of seen) expect(STOPS, `packet progress ${p}`).toContain(p);
      await page.getByTestId('qp-1-0x200').click(); // a click that would start a colour transition
      expect(await running(page)).toEqual([]);
      await expect.poll(async () => (await progressOf(page)).join()).not.toBe(seen.join());
    }
    await shot(page, 'comfort-reduced-motion-transport');
    await page.getByTestId('play').click();
  });

  for (const lab of LABS.slice(1)) {
    test(`${lab.id}: playing, every tab, no running animation`, async ({ page }) => {
      test.setTimeout(180_000);
      await openLab(page, lab);
      if ((await page.getByTestId('play').getAttribute('aria-pressed')) !== 'true') await page.getByTestId('play').click();
      for (const tab of Object.keys(lab.tabs)) {
        await showTab(page, lab, tab);
        expect(await running(page), tab).toEqual([]);
      }
      await shot(page, `comfort-reduced-motion-${lab.id}`);
    });
  }
});

test('without reduced motion, packets fly (between the stops)', async ({ page }) => {
  await playTransport(page);
  await expect.poll(async () => (await progressOf(page)).some((p) => !STOPS.includes(p)), { timeout: 30_000 }).toBe(true);
  await page.getByTestId('play').click();
});

/** Lay a colour-vision simulation over the whole page. */
async function simulateVision(page: Page, kind: Deficiency | null): Promise<void> {
  await page.evaluate(({ kind, rows }) => {
    document.getElementById('cvd-sim')?.remove();
    document.documentElement.style.filter = '';
    if (!kind) return;
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('id', 'cvd-sim');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('width', '0');
    svg.setAttribute('height', '0');
    const filter = document.createElementNS(ns, 'filter');
    filter.setAttribute('id', 'cvd-filter');
    filter.setAttribute('color-interpolation-filters', 'linearRGB'); // the matrices act on linear RGB
    const m = document.createElementNS(ns, 'feColorMatrix');
    m.setAttribute('type', 'matrix');
    m.setAttribute('values', rows.map((r) => `${r.join(' ')} 0 0`).join(' ') + ' 0 0 0 1 0');
    filter.append(m);
    svg.append(filter);
    document.body.append(svg);
    document.documentElement.style.filter = 'url(#cvd-filter)';
  }, { kind, rows: kind ? CVD_MATRICES[kind].map((r) => [...r]) : [] });
}

for (const theme of ['light', 'dark'] as const) {
  test(`colour vision, ${theme} theme: each instrument under protanopia and deuteranopia; the rendered packet colours stay apart`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: theme });
    await playTransport(page);
    await page.getByTestId('play').click();
    // The colours the browser actually draws for the eight packet kinds (the wire legend).
    const swatches = await asRgb(page, await page.locator('[aria-label="Packet colour legend"] li span[aria-hidden="true"]').evaluateAll((els) => els.slice(0, 8).map((e) => getComputedStyle(e).backgroundColor)));
    expect(swatches).toHaveLength(8);
    for (const kind of ['protanopia', 'deuteranopia'] as const) {
      const seen = swatches.map((c) => simulate(parseColour(c), kind));
      let min = Infinity;
      for (let i = 0; i < seen.length; i++) for (let j = i + 1; j < seen.length; j++) min = Math.min(min, deltaEOK(seen[i], seen[j]));
      expect(min, `closest two packet colours under ${kind} (ΔE_OK)`).toBeGreaterThanOrEqual(0.08);
    }
    const views: Array<[typeof LABS[number], string]> = [[LABS[0], 'state'], [LABS[1], 'cache'], [LABS[2], 'storm']];
    for (const [lab, tab] of views) {
      if (lab.id !== 'transport') {
        await openLab(page, lab);
        await showTab(page, lab, tab);
        if (lab.id === 'faults') { await page.getByTestId('to-end').click(); await expect(page.getByTestId('storm-reported')).not.toHaveText('0', { timeout: 30_000 }); }
      }
      for (const kind of ['protanopia', 'deuteranopia'] as const) {
        await simulateVision(page, kind);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toContain('cvd-filter');
        await shot(page, `comfort-cvd-${kind}-${theme}-${lab.id}`);
      }
      await simulateVision(page, null);
    }
  });
}
