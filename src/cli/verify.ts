// npm run verify -- <code>…: replays each completion code headlessly and prints one JSON line per
// code, { code, challenge, met, score, traceHash }. Exit 0 only when every code is genuine and
// met; otherwise 1, with each bad code named (and why) on stderr. Codes may also come on stdin,
// one per line (`npm run verify -- - < codes.txt`), as an instructor pastes a grade book column.
import { readFileSync } from 'node:fs';
import { verifyCode, type CodeRow } from '../worker/challenge/verify.ts';

export interface VerifyResult { lines: string[]; errors: string[]; code: 0 | 1 | 2 }

const USAGE = 'usage: npm run verify -- <code>… (or - to read codes from stdin, one per line)';

export function runVerify(args: readonly string[], stdin: () => string = () => readFileSync(0, 'utf8')): VerifyResult {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) return { lines: [USAGE], errors: [], code: 0 };
  const codes = args.flatMap((a) => (a === '-' ? stdin().split(/\r?\n/) : [a])).map((c) => c.trim()).filter((c) => c !== '');
  if (codes.length === 0) return { lines: [], errors: [USAGE], code: 2 };
  const rows: CodeRow[] = codes.map(verifyCode);
  const lines = rows.map((r) => JSON.stringify({ code: r.code, challenge: r.challenge, met: r.met, score: r.score, traceHash: r.traceHash }));
  const errors = rows.filter((r) => !r.genuine || !r.met).map((r) => `bad code ${r.code}: ${r.problem ?? 'not met'}`);
  return { lines, errors, code: errors.length ? 1 : 0 };
}

if (process.argv[1] && /verify\.ts$/.test(process.argv[1])) {
  const r = runVerify(process.argv.slice(2));
  for (const l of r.lines) process.stdout.write(`${l}\n`);
  for (const e of r.errors) process.stderr.write(`${e}\n`);
  process.exitCode = r.code;
}
