// Row (a): the build per chunk, raw and gzipped, and the initial JavaScript against its budget
// (the same figures `npm run size` prints and CI enforces).
import { INITIAL_JS_BUDGET, kB, readBundle } from '../bundle.ts';
import type { Probe, Row } from '../types.ts';

/** `assets/index-Sy7ROHLg.js` → `assets/index-*.js`: hashes change every build, names do not. */
const unhashed = (file: string) => file.replace(/-[\w-]{8}\.(js|css)$/, '-*.$1');

export const bundleProbe: Probe = {
  id: 'bundle',
  async run() {
    const { chunks, initialGzip, initialRaw } = readBundle();
    const rows: Row[] = [{
      area: 'Bundle',
      measure: '**Initial JavaScript** (entry + static imports + registerSW.js)',
      figure: `**${kB(initialGzip)} gzip** (${kB(initialRaw)} raw)`,
      target: `≤ ${kB(INITIAL_JS_BUDGET)} gzip (${((100 * initialGzip) / INITIAL_JS_BUDGET).toFixed(0)}% used; CI fails above)`,
      note: 'gzip -9; lazy chunks, workers and the service worker load later and are not counted',
    }];
    for (const c of chunks) {
      rows.push({ area: 'Bundle', measure: `${unhashed(c.file)} (${c.kind})`, figure: `${kB(c.gzip)} gzip / ${kB(c.raw)} raw` });
    }
    return rows;
  },
};
