// One Markdown table for every row; a pipe inside a cell is escaped so it cannot split the row.
import type { Row } from './types.ts';

const cell = (s: string | undefined) => (s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderTable(rows: Row[]): string {
  const lines = ['| Area | Measure | Figure | Target | How / note |', '|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${[r.area, r.measure, r.figure, r.target, r.note].map(cell).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}
