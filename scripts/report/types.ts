// The report's shape: probes produce rows; run.ts renders every row into one Markdown table.
// To add a row, add a probe module under probes/ and list it in probes/index.ts.
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import type { Watch } from '../../e2e/watch.ts';

export interface Row {
  /** Which family the row belongs to, e.g. "Bundle", "Load", "Frames", "Quality". */
  area: string;
  /** What was measured, in words a reader of the README understands. */
  measure: string;
  /** The figure itself, with its unit. */
  figure: string;
  /** The budget or target it is read against, if any (reported, never asserted here). */
  target?: string;
  /** How it was measured, or what limits it. */
  note?: string;
}

export interface ProbeContext {
  browser: Browser;
  /** QP Scope's production build, served for this run. */
  appURL: string;
  /** bench/baseline-app, built and served the same way. */
  baselineURL: string;
  /** Counts CSP violations, foreign requests, console and page errors over every app page opened. */
  watch: Watch;
  /** A fresh context on the app (cold cache), already watched. */
  appContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A fresh context on the baseline page (not watched: it is not the product). */
  baselineContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  log(line: string): void;
}

export interface Probe {
  id: string;
  run(ctx: ProbeContext): Promise<Row[]>;
}
