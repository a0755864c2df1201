// `npm run size`: the built bundle per chunk, and a hard failure when the initial JavaScript
// (what the page must load before it runs) passes its gzipped budget. Cheap: no browser, no
// server; `npm run check` runs it right after the build.
import { INITIAL_JS_BUDGET, kB, readBundle } from './report/bundle.ts';

const { chunks, initialGzip, initialRaw } = readBundle();
const width = Math.max(...chunks.map((c) => c.file.length));
for (const c of chunks) {
  console.log(`${c.file.padEnd(width)}  ${c.kind.padEnd(14)}  ${kB(c.raw).padStart(10)}  ${kB(c.gzip).padStart(9)} gzip`);
}
const share = ((100 * initialGzip) / INITIAL_JS_BUDGET).toFixed(0);
const line = `initial JavaScript: ${kB(initialGzip)} gzip (${kB(initialRaw)} raw), ${share}% of the ${kB(INITIAL_JS_BUDGET)} budget`;
if (initialGzip > INITIAL_JS_BUDGET) {
  console.error(`size: FAIL — ${line}`);
  process.exit(1);
}
console.log(`size: ok — ${line}`);
