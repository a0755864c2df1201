// docs/sources.md as text: every entry of the bibliography under its key, grouped by tag.
import { SOURCES, type SourceTag } from './sources.ts';

const TAGS: Array<[SourceTag, string, string]> = [
  ['documented', 'Documented', 'a man page, a standard as quoted in code, or a paper in its own words'],
  ['code', 'Read in code', 'driver or library source, read for this project'],
  ['measured', 'Measured', 'numbers computed from public raw logs or data files, or timed by the project on its own stack'],
  ['model', 'The model\'s reasoning', 'where the public record is silent: this project\'s choices and fits, labelled as such on the page'],
];

export function sourcesMarkdown(): string {
  const out = [
    '# Sources',
    '',
    'Every source the page shows ("Sources" under a lesson, notes beside charts) and every source a comment in the code cites resolves to an entry here, by its key (a comment names the primary source and ends with its keys, e.g. `[sources: rxe-comp, ibta-in-code]`). Each entry names the primary source — a man page, a kernel or library function, a paper and its section — in this project\'s own words, and is tagged by how the project uses it.',
    '',
    'Generated from `src/lessons/kit/sources.ts` by `npx tsx scripts/sources.ts`; `sources.test.ts` keeps the two equal, and `citations.test.ts` fails on a comment that cites a key missing here or a file outside the repository.',
    '',
  ];
  for (const [tag, title, what] of TAGS) {
    out.push(`## ${title}`, '', `_${what}_`, '');
    for (const [key, e] of Object.entries(SOURCES).filter(([, x]) => x.tag === tag)) {
      out.push(`### ${key}`, '', `**${e.title}** — ${e.primary}.`, '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
