// Comfort at 1280×720 (issue 9): a readable wire (a lane per QP pair and direction, pills that
// never overlap each other or a lane label, legible PSNs, a slow-down near interesting events),
// no clipped text in any view, and the transport view at 1,000 active QPs. Waits on state only.
import { expect, open, shot, test, type Page } from './fixtures.ts';
import { clippedText } from './clipped.ts';
import { LABS, openLab, showLessons, showTab } from './labs.ts';

interface Rect { x: number; y: number; w: number; h: number; what: string }

/** Lane labels and packet pills (their front card) as drawn, in page pixels. */
async function wireBoxes(page: Page): Promise<Rect[]> {
  return page.getByTestId('wire').evaluate((svg) => {
    const out: Array<{ x: number; y: number; w: number; h: number; what: string }> = [];
    const add = (el: Element, what: string) => { const r = el.getBoundingClientRect(); out.push({ x: r.x, y: r.y, w: r.width, h: r.height, what }); };
    svg.querySelectorAll('[data-testid="lane-label"]').forEach((el) => add(el, `label ${el.textContent}`));
    svg.querySelectorAll('[data-testid="packet"], [data-testid="packet-group"]').forEach((g) => add(g, `${g.getAttribute('data-testid')} ${g.textContent?.slice(0, 30)}`));
    return out;
  });
}

const overlapping = (rs: Rect[]): string[] => {
  const bad: string[] = [];
  // 0.5 px of slack: text boxes are measured with antialiasing.
  for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
    const a = rs[i], b = rs[j];
    if (a.x + 0.5 < b.x + b.w && b.x + 0.5 < a.x + a.w && a.y + 0.5 < b.y + b.h && b.y + 0.5 < a.y + a.h) bad.push(`${a.what} × ${b.what}`);
  }
  return bad;
};

/** Contrast of every pill's text with its card, from the colours actually painted (tokens may compute to oklch: a canvas pixel says the sRGB). */
async function pillContrasts(page: Page): Promise<Array<{ text: string; ratio: number }>> {
  return page.getByTestId('wire').evaluate((svg) => {
    const px = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (c: string) => { px.clearRect(0, 0, 1, 1); px.fillStyle = c; px.fillRect(0, 0, 1, 1); return [...px.getImageData(0, 0, 1, 1).data.slice(0, 3)]; };
    const lum = (c: number[]) => { const v = c.map((x) => x / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4)); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
    return [...svg.querySelectorAll('[data-testid="packet"], [data-testid="packet-group"]')].map((g) => {
      const rects = g.querySelectorAll('rect');
      const card = rects[rects.length - 1];
      const text = g.querySelector('text')!;
      const a = lum(rgb(getComputedStyle(card).fill)), b = lum(rgb(getComputedStyle(text).fill));
      return { text: text.textContent ?? '', ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
  });
}

/** The header's groups side by side: none overlaps the next, none spills out of its own box. */
async function headerCrowding(page: Page): Promise<string[]> {
  return page.locator('header').first().evaluate((h) => {
    const out: string[] = [];
    const kids = [...h.children].filter((c) => c.getBoundingClientRect().width > 0);
    const name = (c: Element) => `${c.tagName.toLowerCase()} "${(c.textContent ?? '').trim().slice(0, 24)}"`;
    for (let i = 0; i + 1 < kids.length; i++) {
      const a = kids[i].getBoundingClientRect(), b = kids[i + 1].getBoundingClientRect();
      if (Math.abs(a.top - b.top) < a.height / 2 && a.right > b.left + 0.5) out.push(`${name(kids[i])} runs into ${name(kids[i + 1])}`);
    }
    for (const c of kids) if (c.scrollWidth > c.clientWidth + 1) out.push(`${name(c)} spills: ${c.scrollWidth} > ${c.clientWidth}`);
    if (h.scrollWidth > h.clientWidth + 1) out.push(`the header spills: ${h.scrollWidth} > ${h.clientWidth}`);
    return out;
  });
}

const simUs = async (page: Page) => Number((await page.getByTestId('sim-time').textContent())?.replace(/[^0-9.]/g, ''));

for (const theme of ['light', 'dark'] as const) test(`the wire at 1280×720, ${theme} theme: a lane per QP pair and direction, pills never overlap each other or a lane label, PSNs legible`, async ({ app: page }) => {
  await page.emulateMedia({ colorScheme: theme });
  await open(page);
  // The page follows the system's scheme: its background is dark in the dark theme.
  const bg = await page.evaluate(() => { const c = document.createElement('canvas').getContext('2d')!; c.fillStyle = getComputedStyle(document.body).backgroundColor; c.fillRect(0, 0, 1, 1); return c.getImageData(0, 0, 1, 1).data[0]; });
  expect(bg < 80).toBe(theme === 'dark');
  const wire = page.getByTestId('wire');
  await expect(wire).toHaveAttribute('data-lanes', '4');
  await expect(page.getByTestId('lane-label')).toHaveText(['A·0x100 → B·0x200', 'A·0x100 ← B·0x200', 'A·0x101 → B·0x201', 'A·0x101 ← B·0x201']);
  await page.getByTestId('speed').fill('450');
  await page.getByTestId('play').click();
  // Several instants while playing: each one collision-free, every pill legible.
  let seen = 0;
  for (let i = 0; i < 8; i++) {
    await expect.poll(async () => page.locator('[data-testid="packet"], [data-testid="packet-group"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const boxes = await wireBoxes(page);
    expect(overlapping(boxes)).toEqual([]);
    for (const c of await pillContrasts(page)) expect(c.ratio, c.text).toBeGreaterThanOrEqual(4.5);
    seen += boxes.filter((b) => !b.what.startsWith('label')).length;
    const t = await simUs(page);
    await expect.poll(() => simUs(page)).toBeGreaterThan(t);
  }
  await page.getByTestId('play').click();
  expect(seen).toBeGreaterThan(8);
  expect(await headerCrowding(page)).toEqual([]);
  // Every pill names its op and its PSN in text.
  const psn = await page.getByTestId('packet').first().getAttribute('data-psn');
  await expect(page.getByTestId('packet').first()).toContainText(psn ?? 'x');
  await shot(page, `wire-sandbox-${theme}`);
});

test('slow down near events: a lost packet slows playback, the speed control keeps the chosen speed and says it is slowed, then it returns', async ({ app: page }) => {
  await open(page);
  await page.getByTestId('slow-near-events').check();
  await page.getByTestId('tab-post').click();
  await page.getByTestId('drop-packets').click();
  await expect(page.getByTestId('drop-next-0').or(page.getByTestId('drop-next-1')).first()).toBeVisible();
  await page.getByTestId('speed').fill('700');
  const chosen = await page.getByTestId('speed-value').textContent();
  await page.getByTestId('play').click();
  await expect(page.getByTestId('speed-slowed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('slowed-why')).toContainText(/lost packet|NAK|retry/);
  await expect(page.getByTestId('speed-value')).toHaveText(chosen ?? '');
  expect(await headerCrowding(page)).toEqual([]);
  await shot(page, 'wire-slowed');
  await expect(page.getByTestId('speed-slowed')).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('speed-value')).toHaveText(chosen ?? '');
  await page.getByTestId('play').click();
});

test('modify_qp at 1280×720: the value column shows IBV_QPS_* states and a PSN of 1000 whole', async ({ app: page }) => {
  await open(page);
  await page.locator('#lesson-select').selectOption('install');
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'RESET');
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-modify').click();
  for (const target of ['INIT', 'RTR', 'RTS', '']) {
    if (target) await page.getByTestId('modify-target').selectOption(target);
    else await page.getByTestId('modify-target').selectOption({ index: 0 });
    // Every attribute in: each value field on show.
    for (const box of await page.locator('input[data-testid^="attr-IBV_QP_"]').all()) if (!(await box.isChecked())) await box.check();
    const psn = page.getByLabel('sq_psn value');
    if (await psn.count()) await psn.fill('1000');
    const cur = page.getByLabel('cur_qp_state value');
    if (await cur.count()) await cur.selectOption('INIT');
    expect(await clippedText(page), `target ${target || '(none)'}`).toEqual([]);
    if (target === 'RTS') await shot(page, 'wire-modify-values');
  }
  await expect(page.getByLabel('sq_psn value')).toHaveValue('1000');
});

test('a QP card is never covered by the CQ line, however tall the cards grow', async ({ app: page }) => {
  await open(page);
  await page.locator('#lesson-select').selectOption('errors');
  await page.getByTestId('qp-0-0x100').click();
  await page.getByTestId('tab-post').click();
  await page.getByTestId('fault-status').selectOption('IBV_WC_RETRY_EXC_ERR');
  await page.getByTestId('fault-fail-next').click();
  for (let i = 0; i < 4; i++) await page.getByTestId('post-send').click();
  const covered = () => page.evaluate(() => {
    const bad: string[] = [];
    for (const host of [0, 1]) {
      const cq = document.querySelector(`[data-testid="cq-fill-${host}"]`)?.getBoundingClientRect();
      if (!cq) continue;
      for (const chip of document.querySelectorAll(`[data-testid^="qp-${host}-"]`)) {
        const r = chip.getBoundingClientRect();
        const box = chip.closest('ul')!.getBoundingClientRect();
        const top = Math.max(r.top, box.top), bottom = Math.min(r.bottom, box.bottom);
        if (bottom > top && bottom > cq.top + 0.5 && top < cq.bottom - 0.5) bad.push(`${chip.getAttribute('data-testid')} under the CQ line`);
      }
    }
    return bad;
  });
  await expect(page.getByTestId('qp-0-0x100')).toContainText('next WR fails');
  expect(await covered()).toEqual([]);
  await page.getByTestId('speed').fill('600');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('qp-0-0x100')).toHaveAttribute('data-state', 'ERR', { timeout: 30_000 });
  await page.getByTestId('play').click();
  await expect(page.getByTestId('cq-fill-0')).toContainText(/CQ 0: [1-9]\d*\/1024 unpolled/);
  expect(await covered()).toEqual([]);
  expect(await clippedText(page)).toEqual([]);
  await shot(page, 'wire-cq-line');
});

test('the NIC-memory lab at 1280×720: the Zipf skew slider in view, the race table and the Timing headings whole', async ({ app: page }) => {
  await page.goto('/#lab=memory');
  await expect(page.getByTestId('hit-rate')).not.toHaveText('–', { timeout: 20_000 });
  await page.getByTestId('pattern').selectOption('zipf');
  await expect(page.getByTestId('skew')).toBeInViewport({ ratio: 1 });
  await shot(page, 'wire-memory-zipf');

  await page.getByTestId('tab-timing').click();
  await expect(page.getByTestId('chart-latency-now')).toBeVisible({ timeout: 20_000 });
  for (const id of ['chart-hit-rate', 'chart-throughput', 'chart-latency']) {
    const [a, b] = [await page.getByTestId(`${id}-title`).boundingBox(), await page.getByTestId(`${id}-now`).boundingBox()];
    expect(a && b && (a.x + a.width <= b.x || b.y >= a.y + a.height), `${id}: title and "now" overlap`).toBe(true);
    const chart = await page.getByTestId(id).boundingBox();
    expect(a && chart && a.x + a.width <= chart.x + chart.width, `${id}: the title runs out of its chart`).toBe(true);
  }
  expect(await clippedText(page)).toEqual([]);
  await shot(page, 'wire-memory-timing');

  await page.getByTestId('tab-capacity').click();
  await page.getByRole('button', { name: '↺ Replay' }).click();
  await expect(page.getByTestId('race-verdict')).not.toContainText('Cycle', { timeout: 20_000 });
  await expect(page.getByTestId('race-seen').first()).toContainText(/\((new|old)\)/);
  const table = page.getByTestId('race-fields');
  const fits = await table.evaluate((t) => ({ table: t.getBoundingClientRect().right, panel: t.closest('section')!.getBoundingClientRect().right, wide: t.scrollWidth > t.clientWidth + 1 }));
  expect(fits.table).toBeLessThanOrEqual(fits.panel);
  expect(fits.wide).toBe(false);
  expect(await clippedText(page)).toEqual([]);
  await shot(page, 'wire-memory-race');
});

/** Each lesson of `lab` at its first question step (or its first step), as a learner reaches it; `visit` runs at each. */
async function atLessons(page: Page, lab: string, visit: (where: string) => Promise<void>): Promise<void> {
  const lessons = await page.evaluate((id) => (window as unknown as { qpScope: { client(id: string): { call(n: string): Promise<Array<{ id: string; steps: Array<{ question: boolean }> }>> } } }).qpScope.client(id).call('lessons'), lab);
  for (const l of lessons) {
    const step = Math.max(0, l.steps.findIndex((s) => s.question));
    await page.evaluate(([id, lesson, at]) => (window as unknown as { qpScope: { client(id: string): { act(n: string, ...a: unknown[]): Promise<unknown> } } }).qpScope.client(id).act('startLesson', lesson, at, false, 1), [lab, l.id, step] as const);
    await expect(page.getByTestId('step-heading')).toHaveText(new RegExp(`^${step + 1}\\. `));
    await visit(`${lab} lesson ${l.id} step ${step + 1}`);
  }
}

// Every text node, with the lesson column open (as every instrument opens), at every tab of every
// instrument and at each lesson's first question step, at 1280×720 and 1600×900.
for (const size of [{ width: 1280, height: 720 }, { width: 1600, height: 900 }]) test(`every view, tab and lesson question of the three instruments at ${size.width}×${size.height}, lesson column open, has no clipped text`, async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(size);
  const found: string[] = [];
  const sweep = async (where: string) => { for (const c of await clippedText(page)) found.push(`${where}: ${c}`); };
  for (const lab of LABS) {
    await openLab(page, lab);
    await expect(page.getByTestId('lesson-panel'), `${lab.id} opens with the lesson column`).toBeVisible();
    for (const tab of Object.keys(lab.tabs)) {
      await showTab(page, lab, tab);
      await sweep(`${lab.id} ${tab}`);
    }
    if (lab.id === 'transport') {
      await page.getByTestId('files-open').click();
      await sweep('transport files menu');
      await page.getByTestId('files-open').click();
      await page.getByTestId('wire-key').locator('summary').click();
      await sweep('transport wire key');
      // The key's popover is drawn whole, over everything: each corner's topmost element is inside it.
      const hidden = await page.getByTestId('wire-key').locator('div').first().evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]
          .filter(([x, y]) => !el.contains(document.elementFromPoint(x, y))).map(([x, y]) => `${x.toFixed(0)},${y.toFixed(0)}`);
      });
      expect(hidden, 'corners of the wire key that something else covers').toEqual([]);
      await page.getByTestId('wire-key').locator('summary').click();
    }
    await page.getByTestId('help-button').click();
    await sweep(`${lab.id} help`);
    await page.keyboard.press('Escape');
    await showLessons(page);
    await atLessons(page, lab.id, sweep);
    await shot(page, `clipped-${lab.id}-${size.width}`);
  }
  expect(found).toEqual([]);
});

test('1,000 active QPs: every QP is in the view, one is selected by click and by keyboard, the wire aggregates', async ({ app: page }) => {
  await open(page);
  await page.getByTestId('files-open').click();
  await page.getByTestId('open-scale').click();
  const gridA = page.getByTestId('qp-grid-0'), gridB = page.getByTestId('qp-grid-1');
  await expect(gridA).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => Number(await gridA.getAttribute('data-count')) + Number(await gridB.getAttribute('data-count'))).toBe(1000);
  // The lesson column describes this run, not the two-pair sandbox.
  await expect(page.getByRole('heading', { name: 'Sandbox at scale' })).toBeVisible();
  await page.getByTestId('speed').fill('650');
  await page.getByTestId('play').click();
  await expect.poll(async () => page.locator('[data-testid="packet"], [data-testid="packet-group"]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('lane-label').filter({ hasText: 'other connections' })).toHaveCount(2);
  expect(overlapping(await wireBoxes(page))).toEqual([]);

  // A click on a cell selects that QP: the inspector and the chip above the grid follow.
  const box = (await gridA.locator('canvas').boundingBox())!;
  await gridA.locator('canvas').click({ position: { x: box.width - 3, y: box.height - 3 } });
  const picked = await gridA.getAttribute('aria-valuetext');
  expect(picked).toMatch(/^QP 0x[0-9a-f]+, RC, /);
  const qpn = /QP (0x[0-9a-f]+)/.exec(picked ?? '')![1];
  await expect(page.locator('#inspector-title')).toContainText(qpn);
  await expect(page.getByTestId(`qp-0-${qpn}`)).toHaveAttribute('aria-pressed', 'true');

  // The keyboard: focus the grid, Home, then two steps right.
  await gridA.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(gridA).toHaveAttribute('aria-valuenow', '2');
  const third = /QP (0x[0-9a-f]+)/.exec((await gridA.getAttribute('aria-valuetext')) ?? '')![1];
  await expect(page.locator('#inspector-title')).toContainText(third);
  await expect(page.getByTestId(`qp-0-${third}`)).toBeVisible();
  // The arrow keys moved the selection, not the simulation clock (→ is "step" elsewhere).
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'wire-1000-qps');
  await page.getByTestId('play').click();
  expect(await clippedText(page)).toEqual([]);
  expect(await headerCrowding(page)).toEqual([]);
});
