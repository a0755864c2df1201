// Entry of `npm run bench`. Each bench module exports `run(): Promise<Record<string, number>>`;
// their keys are merged into the final stdout line, one JSON object (the line CI and the README
// read). To add a bench, append its path to BENCHES. Progress lines before it start with '#'.
const BENCHES: string[] = [
  // qpBench first: its heap figure is a before/after difference and wants a quiet heap.
  './qpBench.ts',
  './cacheBench.ts',
  './engineBench.ts',
  './countersBench.ts',
  './stormBench.ts',
  './timeTravelBench.ts',
];

interface BenchModule { run: () => Promise<Record<string, number>> }

async function main(): Promise<void> {
  const merged: Record<string, number> = {};
  for (const path of BENCHES) {
    const t0 = performance.now();
    const mod = (await import(path)) as BenchModule;
    const out = await mod.run();
    for (const [k, v] of Object.entries(out)) {
      if (k in merged) throw new Error(`bench key '${k}' from ${path} is already set by an earlier bench`);
      merged[k] = v;
    }
    console.log(`# ${path}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(JSON.stringify(merged));
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
