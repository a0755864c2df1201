// Writes docs/teaching.md, the teacher's guide, from the lessons and the challenges, so the two
// never drift apart; src/lessons/data/teaching.test.ts checks the file is current. The challenges
// are read from their registry (src/lessons/challenges.ts, its CHALLENGES) when there is one.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FAULTS_LESSONS, MEMORY_LESSONS, TRANSPORT_LESSONS } from '../src/lessons/index.ts';
import { checkLessonFile } from '../src/lessons/data/validate.ts';
import { parsePredicate, type Predicate } from '../src/lessons/data/predicate.ts';
import { challengesOf, teachingMarkdown } from '../src/lessons/data/teachingDoc.ts';

const root = new URL('../', import.meta.url);

/** The data lessons' checks as predicates, by lesson id and step (the guide says what completes a task). */
function dataChecks(): Map<string, Array<Predicate | null>> {
  const out = new Map<string, Array<Predicate | null>>();
  for (const lab of ['transport', 'memory', 'faults']) {
    const dir = new URL(`src/lessons/${lab}/`, root);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      const r = checkLessonFile(JSON.parse(readFileSync(new URL(f, dir), 'utf8')));
      if (r.ok) out.set(r.file.id, r.file.steps.map((s) => (s.check === undefined ? null : parsePredicate(s.check))));
    }
  }
  return out;
}

export async function teachingDoc(): Promise<string> {
  const registry = new URL('src/lessons/challenges.ts', root);
  const mod: unknown = existsSync(registry) ? await import(pathToFileURL(fileURLToPath(registry)).href) : null;
  return teachingMarkdown([...TRANSPORT_LESSONS, ...MEMORY_LESSONS, ...FAULTS_LESSONS], challengesOf(mod), dataChecks());
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isEntry) writeFileSync(new URL('docs/teaching.md', root), await teachingDoc());
