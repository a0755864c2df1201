// Courses in a real browser (issue 19): a course link opens its syllabus; two items are followed
// in order (the next one offered once the first is done); the syllabus shows each item's progress
// and first-try score; the progress is exported as the file a student hands in, and imported again
// into a browser that has none. A bad course and a bad progress file are refused, naming the field,
// with what was shown kept. Waits are on state, never on time.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { courseLink, finishLesson } from './courseKit.ts';
import { axe } from './axe.ts';

const COURSE = 'fixtures/courses/two-lessons.json';

test('a course link is followed through two items, its progress exported and imported again', async ({ app: page }, info) => {
  await page.goto(`/${courseLink(COURSE)}`);
  await expect(page.getByTestId('course-title')).toHaveText('NIC memory and a first QP in thirty-five minutes');
  await expect(page.getByTestId('course-totals')).toHaveText('3 items · about 35 minutes · 0 of 3 done');
  await expect(page.getByTestId('item-progress-0')).toHaveText('Not started');
  await page.screenshot({ path: 'test-results/screens/course-syllabus.png' });

  // Item 1: its instrument opens with its lesson and the course bar; finished, the next item is offered.
  await page.getByTestId('open-item-0').click();
  await expect(page.getByTestId('memory-lab')).toBeVisible();
  await expect(page.getByTestId('course-bar')).toContainText('Item 1 of 3: Where a QP lives');
  await finishLesson(page, 'memory');
  await expect(page.getByTestId('next-item')).toHaveText('Next: Who runs the eviction →');
  await page.getByTestId('next-item').click();
  await expect(page.getByTestId('course-bar')).toContainText('Item 2 of 3: Who runs the eviction');
  await expect.poll(() => page.evaluate(() => (window as unknown as { qpScope: { memory(): { frame: { lesson: { id: string } | null } } } }).qpScope.memory().frame?.lesson?.id)).toBe('engines');
  await finishLesson(page, 'memory');
  await expect(page.getByTestId('next-item')).toHaveText('Next: What a Queue Pair is →');
  await page.screenshot({ path: 'test-results/screens/course-item.png' });

  // Back on the syllabus: both items done, with their first-try scores.
  await page.getByTestId('to-syllabus').click();
  await expect(page.getByTestId('course-totals')).toHaveText('3 items · about 35 minutes · 2 of 3 done');
  await expect(page.getByTestId('course-item-0')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('course-item-1')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('item-progress-0')).toContainText(/First try: \d of 3 right/);
  await expect(page.getByTestId('item-progress-2')).toContainText('Not started');
  await page.screenshot({ path: 'test-results/screens/course-syllabus-done.png' });

  // Export: the file a student hands in.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-progress').click()]);
  const path = info.outputPath('progress.json');
  await download.saveAs(path);
  const file = JSON.parse(await readFile(path, 'utf8')) as { format: string; course: { title: string }; items: Array<{ key: string; complete: boolean; stepsDone: number; steps: number; firstTry: { answered: number; questions: number } }> };
  expect(file.format).toBe('qpscope-course-progress');
  expect(file.course.title).toBe('NIC memory and a first QP in thirty-five minutes');
  expect(file.items.map((i) => [i.key, i.complete, i.stepsDone, i.steps])).toEqual([['memory/table', true, 4, 4], ['memory/engines', true, 4, 4], ['transport/intro', false, 0, 6]]);
  expect(file.items[0]?.firstTry).toMatchObject({ answered: 3, questions: 3 });

  // A browser with no progress: the same course shows none, until the file is imported.
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.goto(`/${courseLink(COURSE)}`);
  await expect(page.getByTestId('course-totals')).toContainText('0 of 3 done');
  // A bad file first: refused, naming the problem; the progress shown is kept.
  await page.getByTestId('import-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...file, items: file.items.map((i, n) => (n === 1 ? { ...i, stepsDone: -1 } : i)) })) });
  await expect(page.getByTestId('course-message')).toHaveText(/not imported: the progress file's items\[1\]\.stepsDone: must be at least 0/);
  await expect(page.getByTestId('course-totals')).toContainText('0 of 3 done');
  await page.getByTestId('import-file').setInputFiles(path);
  await expect(page.getByTestId('course-message')).toContainText('Imported the progress of "NIC memory and a first QP in thirty-five minutes"');
  await expect(page.getByTestId('course-totals')).toContainText('2 of 3 done');
  await expect(page.getByTestId('item-progress-1')).toContainText('Done');
});

test('a bad course is refused naming its field; the syllabus shown before is kept', async ({ app: page }) => {
  await page.goto(`/${courseLink(COURSE)}`);
  await expect(page.getByTestId('course-title')).toHaveText('NIC memory and a first QP in thirty-five minutes');
  const bad = JSON.parse(await readFile(COURSE, 'utf8')) as { items: Array<Record<string, unknown>> };
  bad.items[1] = { ...bad.items[1], minutes: 0, title: '<img src=x onerror=alert(1)>' };
  const LZ = (await import('lz-string')).default;
  await page.evaluate((h) => { location.hash = h; }, `course=${LZ.compressToEncodedURIComponent(JSON.stringify(bad))}`);
  await expect(page.getByTestId('course-message')).toHaveText(/could not be opened: the course's items\[1\]\.minutes: must be at least 1\. The course shown before is kept\./);
  await expect(page.getByTestId('course-title')).toHaveText('NIC memory and a first QP in thirty-five minutes');
  // Text from a file is text: a title with markup opens as those characters.
  bad.items[1] = { ...bad.items[1], minutes: 5 };
  await page.evaluate((h) => { location.hash = h; }, `course=${LZ.compressToEncodedURIComponent(JSON.stringify(bad))}`);
  await expect(page.getByTestId('open-item-1')).toHaveText('<img src=x onerror=alert(1)>');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('a course-url opens a course file on the same origin; one that is not a course is refused in the instrument', async ({ app: page }) => {
  const text = await readFile(COURSE, 'utf8');
  await page.route('**/courses/nic.json', (r) => r.fulfill({ contentType: 'application/json', body: text }));
  await page.route('**/courses/broken.json', (r) => r.fulfill({ contentType: 'application/json', body: '{"course":1,"title":"x","items":[]}' }));
  await page.goto('/#course-url=/courses/nic.json');
  await expect(page.getByTestId('course-title')).toHaveText('NIC memory and a first QP in thirty-five minutes');
  await page.goto('about:blank');
  await page.goto('/#course-url=/courses/broken.json');
  await expect(page.getByTestId('toast')).toHaveText(/could not be opened: the course's items: must list at least one item/);
});

test('the syllabus passes axe, and holds at 390 and 768 px with nothing scrolling sideways', async ({ app: page }) => {
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/${courseLink('fixtures/courses/first-lab.json')}`);
    await expect(page.getByTestId('course-title')).toHaveText('RDMA Queue Pairs: a first two-hour lab');
    const r = await (await axe(page)).analyze();
    expect(r.violations.map((v) => `${v.id}: ${v.nodes.length}`), `${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width} px`).toBe(true);
    await page.goto('about:blank');
  }
});

test('a course\'s lesson-file item and challenge item open what they name; the challenge met marks its item done, kept in the progress file', async ({ app: page }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const lesson = await readFile('fixtures/lessons/memory-pressure.json', 'utf8');
  await page.route('**/lessons/memory-pressure.json', (r) => r.fulfill({ contentType: 'application/json', body: lesson }));
  const course = { course: 1, title: 'A lesson file and a challenge in twenty minutes', items: [
    { title: 'How full is the cache?', minutes: 10, url: '/lessons/memory-pressure.json' },
    { title: 'Fall off the cache cliff', minutes: 10, lab: 'memory', challenge: 'memory-cliff' },
  ] };
  const LZ = (await import('lz-string')).default;
  const link = `/#course=${LZ.compressToEncodedURIComponent(JSON.stringify(course))}`;
  await page.goto(link);
  await expect(page.getByTestId('course-totals')).toHaveText('2 items · about 20 minutes · 0 of 2 done');
  await expect(page.getByTestId('course-item-0')).toContainText('Lesson file · 10 min');
  await expect(page.getByTestId('course-item-1')).toContainText('Challenge · NIC memory · 10 min');

  // The lesson file: fetched from this origin, opened in its instrument, and counted for its item.
  await page.getByTestId('open-item-0').click();
  await expect(page.getByTestId('memory-lab')).toBeVisible();
  await expect(page.getByTestId('course-bar')).toContainText('Item 1 of 2: How full is the cache?');
  await expect.poll(() => page.evaluate(() => (window as unknown as { qpScope: { memory(): { frame: { lesson: { id: string } | null } } } }).qpScope.memory().frame?.lesson?.id)).toBe('cache-pressure');
  await finishLesson(page, 'memory');
  // Its second step's check needs a closed measurement window: the lab plays until it is done.
  await page.evaluate(async () => {
    const c = (window as unknown as { qpScope: { client(id: string): { act(n: string, ...a: unknown[]): Promise<unknown> } } }).qpScope.client('memory');
    await c.act('lessonStep', 1);
    await c.act('solveStep');
    await c.act('play');
  });
  await expect(page.getByTestId('next-item')).toHaveText('Next: Fall off the cache cliff →', { timeout: 30_000 });

  // The challenge: its start in its instrument with the challenge bar; met, its item is done.
  await page.getByTestId('next-item').click();
  await expect(page.getByTestId('challenge-bar')).toContainText('Fall off the cache cliff');
  await expect(page.getByTestId('course-bar')).toContainText('Item 2 of 2: Fall off the cache cliff');
  await expect(page.getByTestId('active-qps-value')).toHaveText('48 QPs');
  await page.getByTestId('active-qps').fill('600'); // 1,000 QPs
  await expect(page.getByTestId('active-qps-value')).toHaveText('1,000 QPs');
  await page.getByTestId('challenge-check').click();
  await expect(page.getByTestId('challenge-result')).toHaveText('✓ Goal met · score 1', { timeout: 30_000 });
  const code = await page.getByTestId('challenge-code').inputValue();
  await page.getByTestId('to-syllabus').click();
  await expect(page.getByTestId('course-totals')).toHaveText('2 items · about 20 minutes · 2 of 2 done');
  await expect(page.getByTestId('course-item-1')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('item-progress-1')).toHaveText('DoneGoal met · code saved');
  await page.screenshot({ path: 'test-results/screens/course-syllabus-challenge-done.png' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: 'test-results/screens/course-syllabus-challenge-done-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Handed in: the challenge item complete with its code; a browser with no progress imports it back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-progress').click()]);
  const path = info.outputPath('progress.json');
  await download.saveAs(path);
  const file = JSON.parse(await readFile(path, 'utf8')) as { items: Array<{ key: string; complete: boolean; code?: string }> };
  expect(file.items.map((i) => [i.key, i.complete, i.code ?? null])).toEqual([['url:/lessons/memory-pressure.json', true, null], ['memory/challenge:memory-cliff', true, code]]);
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByTestId('course-totals')).toContainText('0 of 2 done');
  await page.getByTestId('import-file').setInputFiles(path);
  await expect(page.getByTestId('course-totals')).toContainText('2 of 2 done');
  await expect(page.getByTestId('item-progress-1')).toHaveText('DoneGoal met · code saved');
});
