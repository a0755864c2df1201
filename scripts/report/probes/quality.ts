// Row (d): quality counts. axe violations per view and theme (WCAG 2.1 A and AA rules), and over every app
// page this report opened: CSP violation reports, requests that left the origin, console errors
// and uncaught page errors. Runs last, so its counts cover the other probes' pages too.
import AxeBuilder from '@axe-core/playwright';
import type { Probe, Row } from '../types.ts';

const VIEWS = [
  { name: 'Transport (default page)', hash: '', ready: '[data-testid^="qp-"]' },
  { name: 'NIC memory (#lab=memory)', hash: '#lab=memory', ready: '[data-testid="memory-lab"]' },
  { name: 'Faults (#lab=faults)', hash: '#lab=faults', ready: '[data-testid="faults-lab"]' },
];
/** Each view in both themes, as the system's preference picks them (no stored choice). */
const THEMES = ['light', 'dark'] as const;

export const qualityProbe: Probe = {
  id: 'quality',
  async run(ctx) {
    const rows: Row[] = [];
    // Service workers allowed here, as a visitor has them: their registration is checked too.
    const context = await ctx.appContext({ serviceWorkers: 'allow' });
    for (const view of VIEWS) for (const theme of THEMES) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`${ctx.appURL}${view.hash}`);
      await page.locator(view.ready).first().waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="play"]:not([disabled])') !== null);
      const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const ids = r.violations.map((v) => `${v.id} (${v.nodes.length})`).join(', ');
      rows.push({ area: 'Quality', measure: `axe violations, ${view.name}, ${theme} theme`, figure: String(r.violations.length), target: '0', note: ids || `${r.passes.length} rules pass` });
      await page.close();
    }
    await context.close();
    const w = ctx.watch;
    const pages = 'over every app page this report opened';
    rows.push(
      { area: 'Quality', measure: 'CSP violation reports', figure: String(w.count('csp')), target: '0', note: pages },
      { area: 'Quality', measure: 'Requests leaving the origin', figure: String(w.count('external')), target: '0', note: pages },
      { area: 'Quality', measure: 'Console errors / uncaught page errors', figure: `${w.count('console')} / ${w.count('pageerror')}`, target: '0 / 0', note: pages },
    );
    return rows;
  },
};
