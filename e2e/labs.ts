// The three instruments as the comfort specs walk them: how to open each, its tabs (and what
// shows a tab has rendered), its main controls, and its dialogs. Waits on state, never on time.
import { expect, type Page } from './fixtures.ts';

export interface Lab {
  id: 'transport' | 'memory' | 'faults';
  hash: string;
  /** Tab id → a test id visible once the tab shows its content. */
  tabs: Record<string, string>;
  /** Test ids of the controls a person must reach: playback, speed, time, share, help, theme, switch. */
  controls: string[];
  /** Open a dialog and return its test id (closed with Escape afterwards). */
  dialogs: Array<{ name: string; open(page: Page): Promise<string> }>;
}

const help = { name: 'help', open: async (page: Page) => { await page.getByTestId('help-button').click(); return ''; } };
const share = { name: 'share', open: async (page: Page) => { await page.getByTestId('share').click(); return 'share-dialog'; } };

export const LABS: Lab[] = [
  {
    id: 'transport', hash: '',
    tabs: { state: 'state-node-RESET', modify: 'modify-target', context: 'rd-atomic', post: 'post-opcode' },
    controls: ['play', 'step', 'speed', 'scrubber', 'tour-button', 'share', 'help-button', 'theme-toggle', 'to-memory', 'to-faults', 'step-back', 'jump-kind', 'files-open'],
    dialogs: [
      { ...help, open: async (page) => { await page.getByTestId('help-button').click(); return 'help'; } },
      share,
      { name: 'full log', open: async (page) => { await page.getByTestId('full-log-open').click(); return 'full-log'; } },
      { name: 'driver differences', open: async (page) => { await page.getByTestId('profile-table-open').click(); return 'profile-table'; } },
      {
        name: 'challenge editor', open: async (page) => {
          await page.getByTestId('files-open').click();
          await page.getByTestId('challenge-open').click();
          return 'challenge-editor';
        },
      },
    ],
  },
  {
    id: 'memory', hash: '#lab=memory',
    tabs: { cache: 'cache-grid', walk: 'walk-cost', timing: 'waterfall', cliff: 'cliff-point', compare: 'compare-hit-b', capacity: 'cap-performant' },
    controls: ['play', 'step', 'speed', 'preset', 'tour-button', 'share', 'help-button', 'theme-toggle', 'to-transport', 'to-faults', 'active-qps'],
    dialogs: [{ ...help, open: async (page) => { await page.getByTestId('help-button').click(); return 'memory-help'; } }, share],
  },
  {
    id: 'faults', hash: '#lab=faults',
    tabs: { storm: 'storm-tab', policies: 'policies-tab', compare: 'compare-tab', explorer: 'explorer-groups', reset: 'late-packets' },
    controls: ['play', 'restart', 'to-end', 'speed', 'tour-button', 'share', 'help-button', 'theme-toggle', 'to-transport', 'to-memory', 'affected-qps'],
    dialogs: [{ ...help, open: async (page) => { await page.getByTestId('help-button').click(); return 'faults-help'; } }, share],
  },
];

/** The lesson column open (it is, on arrival, in every instrument; a test may have closed it). */
export async function showLessons(page: Page): Promise<void> {
  const toggle = page.getByTestId('tour-button');
  if (await toggle.getAttribute('aria-pressed') !== 'true') await toggle.click();
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
}

/** Open an instrument and wait until its first frame drew and Play is live. */
export async function openLab(page: Page, lab: Lab): Promise<void> {
  await page.goto(`/${lab.hash}`);
  await expect(page.getByTestId(`${lab.id}-lab`)).toBeVisible();
  await expect(page.locator('[data-testid="play"]:not([disabled])')).toBeVisible({ timeout: 20_000 });
}

export async function showTab(page: Page, lab: Lab, tab: string): Promise<void> {
  const button = page.getByTestId(`tab-${tab}`);
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await expect(button).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(lab.tabs[tab]).first()).toBeVisible({ timeout: 30_000 });
}

/** document.documentElement.scrollWidth beyond the viewport's width (0 = nothing scrolls sideways). */
export function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** CSS colours as the page computes them, turned into sRGB `rgb()` by painting them on a canvas
 *  (computed styles may come back as oklch() or lab(), which only the browser need read). */
export function asRgb(page: Page, colours: string[]): Promise<string[]> {
  return page.evaluate((cs) => {
    const c = document.createElement('canvas');
    c.width = 1;
    c.height = 1;
    const x = c.getContext('2d', { willReadFrequently: true })!;
    return cs.map((css) => {
      x.clearRect(0, 0, 1, 1);
      x.fillStyle = css;
      x.fillRect(0, 0, 1, 1);
      const d = x.getImageData(0, 0, 1, 1).data;
      return `rgb(${d[0]}, ${d[1]}, ${d[2]})`;
    });
  }, colours);
}

/**
 * Wait until the worker of `lab` has answered everything sent before (a ping answers after
 * them, in order): Pause shows at once, but a tick already in flight still lands after it.
 */
export async function answered(page: Page, lab: 'transport' | 'memory' | 'faults'): Promise<void> {
  await page.evaluate(async (l) => {
    const hook = (window as unknown as { qpScope: Record<string, () => { call(n: string): Promise<unknown> }> }).qpScope;
    await hook[l]().call('ping');
  }, lab);
}
