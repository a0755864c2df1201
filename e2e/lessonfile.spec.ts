// Lesson files in the page (the JSON lesson format, README "Lesson files"): dropped on the page,
// taken and passed; a bad one refused with its field named and the lesson on screen kept; one
// carried by a link; and the table of contents showing each lesson's steps and minutes.
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { expect, open, test, type Page } from './fixtures.ts';
import { showLessons } from './labs.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/lessons/${name}`, import.meta.url), 'utf8');

const drop = (page: Page, name: string, text: string) => page.evaluate(([n, t]) => {
  const dt = new DataTransfer();
  dt.items.add(new File([t], n, { type: 'application/json' }));
  const target = document.querySelector('main') ?? document.body;
  target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
  target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
}, [name, text] as const);

type Frame = { lesson: { id: string; done: boolean; stepsDone: boolean[] } | null };
const call = (page: Page, name: string, ...args: unknown[]) => page.evaluate(([n, a]) => (window.qpScope as { transport(): { call(n: string, ...a: unknown[]): Promise<unknown> } }).transport().call(n as string, ...(a as unknown[])), [name, args] as const);

test('a lesson file dropped on the page is taken and passed', async ({ app: page }) => {
  await open(page);
  await drop(page, 'transport-flush.json', fixture('transport-flush.json'));
  await expect(page.locator('#lesson-heading')).toHaveText('Into ERR and back');
  // Taken as a learner would, through the worker the page drives: predict, act, predict.
  await call(page, 'answer', 'flush');
  await call(page, 'lessonStep', 1);
  await call(page, 'solveStep');
  await call(page, 'lessonStep', 2);
  const last = (await call(page, 'answer', 'einval')) as { ok: boolean; frame: Frame };
  expect(last.ok).toBe(true);
  expect(last.frame.lesson).toMatchObject({ id: 'flush-and-return', done: true, stepsDone: [true, true, true] });
  await expect(page.getByTestId('lesson-panel')).toContainText('Lesson complete ✓');
});

test('a bad lesson file is refused with its field named, and the lesson on screen is kept', async ({ app: page }) => {
  await open(page);
  await drop(page, 'transport-flush.json', fixture('transport-flush.json'));
  await expect(page.locator('#lesson-heading')).toHaveText('Into ERR and back');
  const bad = JSON.parse(fixture('transport-flush.json')) as { steps: Array<{ title: string }> };
  bad.steps[1].title = '';
  await drop(page, 'bad.json', JSON.stringify(bad));
  await expect(page.getByTestId('toast')).toContainText('steps[1].title: must not be empty');
  await expect(page.getByTestId('toast')).toContainText('The current lesson is kept');
  await expect(page.locator('#lesson-heading')).toHaveText('Into ERR and back');
  // Markup in a file is text: a title with a tag shows the tag as characters.
  const marked = JSON.parse(fixture('transport-flush.json')) as { title: string };
  marked.title = '<img src=x onerror=alert(1)>Tagged';
  await drop(page, 'marked.json', JSON.stringify(marked));
  await expect(page.locator('#lesson-heading')).toHaveText('<img src=x onerror=alert(1)>Tagged');
  expect(await page.locator('#lesson-heading img').count()).toBe(0);
});

test('a link carries a lesson file (#lab=faults&lesson=…) and opens it', async ({ app: page }) => {
  const packed = LZString.compressToEncodedURIComponent(JSON.stringify(JSON.parse(fixture('faults-late-packets.json'))));
  await page.goto(`/#lab=faults&lesson=${packed}`);
  await expect(page.locator('#lesson-heading')).toHaveText('Late packets after a reset', { timeout: 20_000 });
});

test('the table of contents shows each lesson\'s steps and minutes', async ({ app: page }) => {
  await open(page);
  await showLessons(page);
  await expect(page.getByTestId('toc-length-state-machine')).toHaveText('9 steps · about 20 min');
  await expect(page.getByTestId('toc-length-intro')).toHaveText(/^6 steps · about \d+ min$/);
});

test('the last lesson file opened is kept: a reload resumes it with its steps done; one no longer valid is refused, named', async ({ app: page }) => {
  await open(page);
  await drop(page, 'transport-flush.json', fixture('transport-flush.json'));
  await expect(page.locator('#lesson-heading')).toHaveText('Into ERR and back');
  await call(page, 'answer', 'flush');
  await call(page, 'lessonStep', 1);
  const f = (await call(page, 'frame')) as Frame;
  expect(f.lesson?.stepsDone).toEqual([true, false, false]);
  // The address follows the person; the reload opens it, and the lesson file is there again.
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#lab=transport&v=\d+&d=/);
  await page.reload();
  await expect(page.locator('#lesson-heading')).toHaveText('Into ERR and back', { timeout: 20_000 });
  await expect.poll(async () => ((await call(page, 'frame')) as Frame).lesson?.stepsDone).toEqual([true, false, false]);
  await expect(page.getByTestId('lesson-panel').locator('#lesson-select')).toContainText('Into ERR and back');

  // The kept file, changed so it no longer passes: refused on load with its field named, and removed.
  await page.evaluate(() => {
    const k = JSON.parse(localStorage.getItem('qp-scope.lesson-file.v1') ?? '{}') as { json: { steps: Array<{ title: string }> } };
    k.json.steps[1].title = '';
    localStorage.setItem('qp-scope.lesson-file.v1', JSON.stringify(k));
  });
  await page.goto('about:blank');
  await open(page);
  await expect(page.getByTestId('toast')).toContainText('could not be opened again: steps[1].title: must not be empty');
  expect(await page.evaluate(() => localStorage.getItem('qp-scope.lesson-file.v1'))).toBeNull();
});
