// `npm run report`: builds QP Scope and the baseline page, serves both on ports of the report's
// own, probes them in Debian's Chromium, and writes one Markdown table to docs/report.md.
// Figures and ratios only: nothing here passes or fails on wall-clock time.
//   npm run report                  every probe
//   npm run report -- --only bundle  some probes (comma-separated ids), e.g. the cheap ones
//   --out FILE                       write there instead of docs/report.md, and print the table
//   npm run report:ci                the cheap rows (bundle, quality), as `npm run check` runs them
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { availableParallelism } from 'node:os';
import { chromium, type BrowserContextOptions } from '@playwright/test';
import { chromiumLaunch } from '../chromium.ts';
import { Watch } from '../../e2e/watch.ts';
import { probes } from './probes/index.ts';
import { buildAndServe } from './serve.ts';
import { renderTable } from './table.ts';
import type { ProbeContext, Row } from './types.ts';

const APP_PORT = Number(process.env.REPORT_PORT ?? 4318);
const BASELINE_PORT = APP_PORT + 1;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  ?? (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const OUT = arg('out') ?? 'docs/report.md';

const only = arg('only');
const selected = only ? probes.filter((p) => only.split(',').includes(p.id)) : probes;
if (selected.length === 0) throw new Error(`--only ${only}: no such probe (have ${probes.map((p) => p.id).join(', ')})`);

const log = (line: string) => console.log(`report: ${line}`);

log('building and serving QP Scope and the baseline page');
const app = await buildAndServe('vite.config.ts', APP_PORT);
const baseline = await buildAndServe('bench/baseline-app/vite.config.ts', BASELINE_PORT);
const browser = await chromium.launch(chromiumLaunch);
const rows: Row[] = [];
try {
  const watch = new Watch(app.url);
  // Service workers are blocked unless a probe asks: installing one precaches the whole build in
  // the background, which would land inside load and frame measurements of a first visit.
  const base: BrowserContextOptions = { viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' };
  const ctx: ProbeContext = {
    browser,
    appURL: app.url,
    baselineURL: baseline.url,
    watch,
    async appContext(options) {
      const context = await browser.newContext({ ...base, ...options });
      await watch.attach(context);
      return context;
    },
    baselineContext: (options) => browser.newContext({ ...base, ...options }),
    log,
  };
  for (const probe of selected) {
    log(`probe ${probe.id}`);
    rows.push(...await probe.run(ctx));
  }
} finally {
  await browser.close();
  await app.close();
  await baseline.close();
}

const header = [
  '# QP Scope — figures',
  '',
  `Written by \`npm run report\` on ${new Date().toISOString().slice(0, 10)}: Chromium ${browser.version()}, Node ${process.version},`,
  `${availableParallelism()} cores, production builds served by \`vite preview\` on 127.0.0.1. Figures and ratios,`,
  'not pass/fail; targets are there to read them against. The only enforced row is the initial',
  'JavaScript budget, by `npm run size` in `npm run check`.',
  '',
];
const text = `${header.join('\n')}\n${renderTable(rows)}`;
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, text);
log(`wrote ${OUT} (${rows.length} rows)`);
if (arg('out')) console.log(text);
