// Tablet and phone (issue 9, Comfort): at 768×1024 and 390×844 nothing scrolls sideways on any
// instrument, tab or dialog; every main control can be scrolled to, lies inside the viewport's
// width, and on a touch screen is a target of 44 px or more, like every other control shown.
// Screenshots of each instrument at both sizes land in test-results/screens/. Waits on state only.
import { expect, shot, test, type Page } from './fixtures.ts';
import { LABS, openLab, showTab, sideways } from './labs.ts';

const SIZES = [{ width: 768, height: 1024 }, { width: 390, height: 844 }] as const;

/** A control's box after scrolling it into view: inside the viewport's width? */
async function reach(page: Page, testId: string) {
  const el = page.getByTestId(testId).first();
  await el.scrollIntoViewIfNeeded();
  await expect(el, testId).toBeVisible();
  const box = (await el.boundingBox())!;
  const width = await page.evaluate(() => window.innerWidth);
  return { box, inside: box.x >= 0 && box.x + box.width <= width + 0.5 };
}

/** Visible controls under `root` smaller than a 44 px target (a checkbox's target is its label). */
function smallTargets(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    const out: string[] = [];
    for (const el of document.querySelector(root)!.querySelectorAll<HTMLElement>('button, select, a[href], [role="tab"], input, textarea')) {
      if (el.closest('[aria-hidden="true"]') || (el as HTMLInputElement).type === 'file') continue;
      const target = (el as HTMLInputElement).type === 'checkbox' ? el.closest('label') ?? el : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.classList.contains('sr-only') && !el.matches(':focus')) continue;
      // A link inside running text is exempt (WCAG 2.5.5 "inline").
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      const minW = el.tagName === 'BUTTON' || el.tagName === 'A' || el.getAttribute('role') === 'tab' ? 44 : 0;
      if (r.height < 44 || r.width < minW) out.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('data-testid') ?? '').trim().slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  }, root);
}

for (const size of SIZES) {
  for (const lab of LABS) {
    test(`${lab.id} at ${size.width}×${size.height}: no sideways scroll on any tab or dialog`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await openLab(page, lab);
      expect(await sideways(page), 'on opening').toBeLessThanOrEqual(0);
      await shot(page, `comfort-${lab.id}-${size.width}`);
      for (const tab of Object.keys(lab.tabs)) {
        await showTab(page, lab, tab);
        expect(await sideways(page), `tab ${tab}`).toBeLessThanOrEqual(0);
        // The tab's panel itself fits the width (a clipped chart would hide behind overflow).
        const panel = page.locator('[role="tabpanel"]').last();
        const over = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(over, `tab ${tab}'s panel`).toBeLessThanOrEqual(1);
      }
      await shot(page, `comfort-${lab.id}-${size.width}-last-tab`);
      for (const d of lab.dialogs) {
        const id = await d.open(page);
        const box = page.getByTestId(id);
        await expect(box, d.name).toBeVisible();
        expect(await sideways(page), `dialog ${d.name}`).toBeLessThanOrEqual(0);
        const b = (await box.boundingBox())!;
        expect(b.x, `dialog ${d.name} left edge`).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width, `dialog ${d.name} right edge`).toBeLessThanOrEqual(size.width + 0.5);
        if (size.width === 390) await shot(page, `comfort-${lab.id}-390-${d.name.replace(/\s+/g, '-')}`);
        await page.keyboard.press('Escape');
        await expect(box).toBeHidden();
      }
    });
  }
}

test.describe('on a touch screen', () => {
  for (const size of SIZES) {
    test.describe(`${size.width}×${size.height}`, () => {
      test.use({ viewport: size, hasTouch: true, isMobile: true });
      for (const lab of LABS) {
        test(`${lab.id}: every main control is reachable and every control a 44 px target`, async ({ page }) => {
          test.setTimeout(120_000);
          await openLab(page, lab);
          expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'a coarse pointer').toBe(true);
          expect(await sideways(page)).toBeLessThanOrEqual(0);
          for (const id of [...lab.controls, ...Object.keys(lab.tabs).map((t) => `tab-${t}`)]) {
            const { box, inside } = await reach(page, id);
            expect(inside, `${id} lies inside the viewport's width`).toBe(true);
            expect(box.height, `${id} height`).toBeGreaterThanOrEqual(44);
            expect(box.width, `${id} width`).toBeGreaterThanOrEqual(44);
          }
          // Every other visible control too: on the page, on every tab and in every dialog.
          expect(await smallTargets(page), 'controls smaller than 44 px').toEqual([]);
          for (const tab of Object.keys(lab.tabs)) {
            await showTab(page, lab, tab);
            expect(await smallTargets(page, '[role="tabpanel"]'), `controls smaller than 44 px on tab ${tab}`).toEqual([]);
          }
          for (const d of lab.dialogs) {
            const id = await d.open(page);
            await expect(page.getByTestId(id)).toBeVisible();
            expect(await smallTargets(page, `[data-testid="${id}"]`), `controls smaller than 44 px in ${d.name}`).toEqual([]);
            await page.keyboard.press('Escape');
            await expect(page.getByTestId(id)).toBeHidden();
          }
          await shot(page, `comfort-${lab.id}-${size.width}-touch`);
        });
      }
    });
  }
});
