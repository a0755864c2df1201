// The in-page probe (inpage.js) as the harness sees it: where the script is, and what it records.
import { fileURLToPath } from 'node:url';

/** For `context.addInitScript({ path: PROBE_SCRIPT })`. */
export const PROBE_SCRIPT = fileURLToPath(new URL('./inpage.js', import.meta.url));

export interface FrameWindow {
  /** Wall time of the run, rAF frame intervals, and the main-thread long tasks that started in it. */
  ms: number;
  frames: number[];
  longTasks: number[];
}

export interface InPageProbe {
  /** performance.now() when the page first showed an enabled Play button: the first interaction. */
  readyAt: number | null;
  measure(ms: number): Promise<FrameWindow>;
}
