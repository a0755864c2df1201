import { expect, test } from './fixtures.ts';
import { LABS, openLab } from './labs.ts';

// One tab list for every instrument (views/kit/Tabs.tsx), keyed as the WAI-ARIA tabs pattern has
// it: only the selected tab is in the Tab order; ← → move and wrap, Home and End go to the ends,
// and each move selects the tab and keeps the focus on it. Waits on state, never on time.
for (const lab of LABS) {
  test(`${lab.id}: the tabs move with ← → Home End, with one tab in the Tab order`, async ({ page }) => {
    await openLab(page, lab);
    const ids = Object.keys(lab.tabs);
    const tab = (id: string) => page.getByTestId(`tab-${id}`);
    const list = page.getByRole('tablist').filter({ has: tab(ids[0]) });
    await expect(list.getByRole('tab')).toHaveCount(ids.length);
    await tab(ids[0]).click();
    const at = async (id: string) => {
      await expect(tab(id)).toHaveAttribute('aria-selected', 'true');
      await expect(tab(id)).toBeFocused();
      await expect(list.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
      await expect(tab(id)).toHaveAttribute('tabindex', '0');
    };
    await at(ids[0]);
    for (const [key, id] of [
      ['End', ids.at(-1)!], ['Home', ids[0]], ['ArrowLeft', ids.at(-1)!], ['ArrowRight', ids[0]], ['ArrowRight', ids[1]],
    ] as const) {
      await page.keyboard.press(key);
      await at(id);
    }
  });
}
