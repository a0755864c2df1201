// Entry of `npm run bench`. Each bench module exports `run(): Promise<Record<string, number>>`;
// their keys are merged into the final stdout line, one JSON object (the line CI and the README
// read). To add a bench, append its path to BENCHES. Progress lines before it start with '#'.
//
// WHY one process per bench: in one shared process each bench ran on the JIT state and heap the
// ones before it left (the 1M-QP bring-up's old generation, the engine bench's event shapes in
// the transport's inline caches), and the storm bench measured 10-15 % slower in fourth place
// than alone. A person runs one of these workloads at a time; so does each bench now. Ratios
// inside a bench (core vs lru-cache, counters on vs off) still compare runs in one process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES: string[] = [
  './qpBench.ts',
  './cacheBench.ts',
  './engineBench.ts',
  './countersBench.ts',
  './stormBench.ts',
  './timeTravelBench.ts',
];

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

function main(): void {
  const merged: Record<string, number> = {};
  for (const path of BENCHES) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', here('./one.ts'), here(path)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const lines = (r.stdout ?? '').split('\n').filter((l) => l !== '');
    for (const l of lines) if (!l.startsWith('= ')) console.log(l);
    const result = lines.find((l) => l.startsWith('= '));
    if (r.status !== 0 || !result) {
      process.stderr.write(r.stderr ?? '');
      throw new Error(`bench ${path} failed (exit ${r.status ?? r.signal})`);
    }
    for (const [k, v] of Object.entries(JSON.parse(result.slice(2)) as Record<string, number>)) {
      if (k in merged) throw new Error(`bench key '${k}' from ${path} is already set by an earlier bench`);
      merged[k] = v;
    }
    console.log(`# ${path}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(JSON.stringify(merged));
}

try {
  main();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
}
