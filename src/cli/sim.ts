// `npm run sim -- <scenario.json>`: runs a scenario headlessly and prints its JSON summary.
// `npm run sim -- --sweep …` runs the cache sweep (see sweepCli.ts).
import { readFileSync } from 'node:fs';
import { runScenario, ScenarioError } from '../core/index.ts';

export async function main(args: string[], out: (s: string) => void, err: (s: string) => void): Promise<number> {
  if (args.includes('--sweep')) {
    const { sweepMain } = await import('./sweepCli.ts');
    return sweepMain(args, out, err);
  }
  if (args.includes('--storm')) {
    const { stormMain } = await import('./stormCli.ts');
    return stormMain(args, out, err);
  }
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    err('usage: npm run sim -- <scenario.json> [--until <ns>]\n       npm run sim -- --sweep --preset <cx3|connect-ib|cx5|srnic> --qps 48,88,144 [--csv]\n       npm run sim -- --storm --qps N --fault <kind> [--policy <p>|all] (--help for the rest)');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    err(`cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    err(`${file} is not JSON: ${(e as Error).message}`);
    return 2;
  }
  try {
    out(JSON.stringify(runScenario(json), null, 2));
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError) { err(`${file}: invalid scenario: ${e.message}`); return 2; }
    throw e;
  }
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isEntry) {
  main(process.argv.slice(2), (s) => console.log(s), (s) => console.error(s)).then((code) => { process.exitCode = code; });
}
