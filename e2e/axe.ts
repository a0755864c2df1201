// axe on a settled page. A colour transition caught half-way (a walk level fading in, a flash
// fading out) has a colour between two that pass, and axe would judge that in-between frame;
// so every finite animation is let finish first. Waits on the animations' own promises, not on time.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null))));
}

/** The axe builder for `page`, once its finite animations have finished. */
export async function axe(page: Page): Promise<AxeBuilder> {
  await settled(page);
  return new AxeBuilder({ page });
}
