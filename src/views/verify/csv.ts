// The grade book's CSV: one row per code, RFC 4180 quoting (a field with a comma, a quote or a
// line break is quoted, its quotes doubled), and a cell that a spreadsheet would read as a
// formula (=, +, -, @ first) is prefixed with a quote mark so pasting it runs nothing.
import type { CodeRow } from '../../bridge/verify.ts';

const cell = (x: unknown): string => {
  let s = x === null || x === undefined ? '' : String(x);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const CSV_HEAD = ['code', 'challenge', 'met', 'score', 'traceHash', 'genuine', 'problem'] as const;

export function gradeCsv(rows: readonly CodeRow[]): string {
  const lines = [CSV_HEAD.join(',')];
  for (const r of rows) lines.push([r.code, r.challenge, r.met, r.score, r.traceHash, r.genuine, r.problem ?? ''].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The codes in a pasted column (or several per line, split by spaces, commas or semicolons). */
export function codesIn(text: string): string[] {
  return text.split(/[\r\n,;\t]+|\s{2,}|\s(?=QP1)/i).map((c) => c.trim()).filter((c) => c !== '');
}
