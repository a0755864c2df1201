// Runs one bench module (bench/run.ts starts one process per module) and prints its '#' progress
// lines, then its result as the last line: `= {json}`.
export {};

interface BenchModule { run: () => Promise<Record<string, number>> }

const path = process.argv[2];
if (!path) throw new Error('usage: one.ts <bench module path>');
const mod = (await import(path)) as BenchModule;
console.log(`= ${JSON.stringify(await mod.run())}`);
