import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROFILE_IDS, PROFILE_TABLE } from '../index.ts';

// The table of differences is shown in the page from this data and written out in the README:
// the two must not drift apart.
describe('the profile table', () => {
  const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
  it.each(PROFILE_TABLE.map((r) => [r.id, r] as const))('%s is in the README with every profile\'s cell and its sources', (_id, r) => {
    const line = readme.split('\n').find((l) => l.startsWith(`| ${r.what.replace(/\|/g, '\\|')} |`));
    expect(line, r.what).toBeDefined();
    for (const p of PROFILE_IDS) expect(line).toContain(r.cells[p].does);
    expect(line).toContain(r.sources);
    for (const k of r.keys) expect(line, k).toContain(`\`${k}\``);
  });
  it('the README has no row the table lacks', () => {
    const start = readme.indexOf('| what happens | IBTA | rxe | mlx5 | sources |');
    const rows = readme.slice(start).split('\n').slice(2).filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('|')));
    expect(rows).toHaveLength(PROFILE_TABLE.length);
  });
  it('every MODEL cell says why the record is silent', () => {
    for (const r of PROFILE_TABLE) for (const p of PROFILE_IDS) if (r.cells[p].basis === 'model') expect(r.cells[p].does, `${r.id}/${p}`).toMatch(/MODEL|not public/);
  });
});
