// Citations in the code resolve inside the project. The facts were gathered into notes that stay
// outside the repository, so a comment that cites them (by file name, by a numbered item, by a
// lettered section) sends a reader nowhere. Instead a comment names the primary source and ends
// with its bibliography keys, e.g. `[sources: rxe-comp, ibta-in-code]`, and every such key is an
// entry of SOURCES (docs/sources.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCES } from './sources.ts';

const ROOT = join(import.meta.dirname, '../../..');
const SCANNED = ['src', 'scripts', 'e2e', 'README.md', 'CONTRIBUTING.md'];
const TEXT = /\.(ts|tsx|js|cjs|mjs|json|md|css|html|sh)$/;
const SKIP = new Set(['node_modules', 'dist', 'out']);

function walk(path: string): string[] {
  return readdirSync(path, { withFileTypes: true }).flatMap((d) => {
    const p = join(path, d.name);
    if (d.isDirectory()) return SKIP.has(d.name) ? [] : walk(p);
    return TEXT.test(d.name) ? [p] : [];
  });
}

const FILES = SCANNED.flatMap((p) => (TEXT.test(p) ? [join(ROOT, p)] : walk(join(ROOT, p)))).map((abs) => ({ path: relative(ROOT, abs), text: readFileSync(abs, 'utf8') }));

/** Ways of pointing at the notes outside the repository. */
const OUTSIDE: Array<[string, RegExp]> = [
  ['a notes file by name', /\b(semantics|qp_context|faults-at-scale|qp-cache-numbers|NOTES|toolchain|codebases|visualizers)\.md\b/],
  ['the notes folder', /\breference\/(verbs|hardware|anchors)\b|shared\/reference\b|\breference\/[\w-]+\.(md|json)\b/],
  ['a numbered item of the notes', /\bitems? \d+\b/],
  ['a lettered section of the notes', /§ ?[A-D]\b/],
];

function lines(re: RegExp): string[] {
  const hits: string[] = [];
  for (const f of FILES) {
    f.text.split('\n').forEach((line, i) => {
      if (re.test(line)) hits.push(`${f.path}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return hits;
}

// Built from a string so that this file's own text is not a malformed citation.
const CITATION = new RegExp('\\[' + 'sources: ([a-z0-9-]+(?:, [a-z0-9-]+)*)\\]', 'g');

describe('citations in code', () => {
  it('the scan reads the source tree, this file included', () => {
    expect(FILES.some((f) => f.path === join('src', 'lessons', 'kit', 'citations.test.ts'))).toBe(true);
    expect(FILES.filter((f) => f.path.startsWith('e2e')).length).toBeGreaterThan(0);
  });

  it.each(OUTSIDE)('no file in src, scripts, e2e, README or CONTRIBUTING cites %s', (_what, re) => {
    expect(lines(re)).toEqual([]);
  });

  it('every citation has the one form (the word sources, a colon, keys split by commas, in brackets) and every key is a bibliography entry', () => {
    const cited = new Set<string>();
    const malformed = lines(/\[\s*sources?\s*:(?! [a-z0-9-]+(, [a-z0-9-]+)*\])/i);
    for (const f of FILES) {
      for (const m of f.text.matchAll(CITATION)) {
        for (const k of m[1].split(', ')) cited.add(k);
      }
    }
    expect(malformed).toEqual([]);
    expect(cited.size).toBeGreaterThan(0);
    expect([...cited].filter((k) => !SOURCES[k])).toEqual([]);
  });
});
