import { expect, shot, test, type Page } from './fixtures.ts';
import { LABS, openLab, showLessons } from './labs.ts';

// The same shell in every instrument (views/shell/LabShell.tsx): a student who switches finds the
// lesson column, Play, Share and help where they were. On a phone the lesson comes first, under
// the header, and Play right under it. Every instrument opens with the column open (no click),
// at 1280×720, 1600×900 and on a phone; what clips beside it is e2e/wire.spec.ts's to find. Waits
// on state, never on time.
const SIZES = [{ width: 1280, height: 720 }, { width: 1600, height: 900 }, { width: 390, height: 844 }] as const;

async function boxes(page: Page) {
  const box = async (id: string) => {
    const b = await page.getByTestId(id).first().boundingBox();
    expect(b, id).not.toBeNull();
    return b!;
  };
  return { lesson: await box('lesson-column'), play: await box('play'), share: await box('share'), help: await box('help-button'), lessons: await box('tour-button') };
}
const place = (b: { x: number; y: number; width: number }) => ({ x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width) });

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the lesson column, Play, Share and help are in the same place in every instrument`, async ({ page }) => {
    await page.setViewportSize(size);
    const seen: Array<Awaited<ReturnType<typeof boxes>>> = [];
    for (const lab of LABS) {
      await openLab(page, lab);
      // Open on arrival, as a student switching instruments left it: nothing to click.
      await expect(page.getByTestId('tour-button'), `${lab.id}: the lesson column opens with the instrument`).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('lesson-panel')).toBeVisible();
      const b = await boxes(page);
      test.info().annotations.push({ type: 'measured', description: `${lab.id} ${size.width}×${size.height}: lesson column at (${b.lesson.x.toFixed(1)}, ${b.lesson.y.toFixed(1)}) ${b.lesson.width.toFixed(0)}×${b.lesson.height.toFixed(0)}; Play at (${b.play.x.toFixed(1)}, ${b.play.y.toFixed(1)})` });
      seen.push(b);
      await shot(page, `shell-${lab.id}-${size.width}`);
      // The lesson column is the first thing under the header: on the left from 1024 px, on top below.
      const header = (await page.getByTestId('shell-header').boundingBox())!;
      expect(Math.round(b.lesson.y), `${lab.id}: the lesson column starts under the header`).toBe(Math.round(header.y + header.height));
      expect(Math.round(b.lesson.x)).toBe(0);
      if (size.width < 1024) {
        expect(b.lesson.width, `${lab.id}: full width`).toBeGreaterThan(size.width - 2);
        // Play right under the step that asks for it, on the first screen.
        expect(b.play.y - (b.lesson.y + b.lesson.height), `${lab.id}: Play under the lesson`).toBeGreaterThanOrEqual(0);
        expect(b.play.y - (b.lesson.y + b.lesson.height), `${lab.id}: Play right under the lesson`).toBeLessThan(24);
        expect(b.play.y + b.play.height, `${lab.id}: Play on the first screen`).toBeLessThanOrEqual(size.height);
      } else {
        expect(b.play.x, `${lab.id}: Play right of the lesson column`).toBeGreaterThan(b.lesson.x + b.lesson.width);
      }
    }
    for (const [i, b] of seen.entries()) {
      expect(place(b.lesson), `${LABS[i].id}: the lesson column where transport has it`).toEqual(place(seen[0].lesson));
      for (const k of ['share', 'help', 'lessons'] as const) expect(place(b[k]), `${LABS[i].id}: ${k}`).toEqual(place(seen[0][k]));
      if (size.width >= 1024) {
        expect(place(b.play), `${LABS[i].id}: Play`).toEqual(place(seen[0].play));
        expect(Math.round(b.lesson.height)).toBe(Math.round(seen[0].lesson.height));
      }
    }
  });
}

test('the Lessons toggle hides and shows the column in every instrument, and says which it is', async ({ page }) => {
  for (const lab of LABS) {
    await openLab(page, lab);
    await showLessons(page);
    const toggle = page.getByTestId('tour-button');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(page.getByTestId('lesson-column')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.getByTestId('lesson-panel')).toBeVisible();
  }
});
