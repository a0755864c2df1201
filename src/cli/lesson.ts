// `npm run lesson -- check <file.json>`: validates a lesson file (the JSON lesson format, README
// "Lesson files"), replays every solution through the instrument's worker API (each check false
// before its solution, true after) and answers every question right and wrong. Prints one JSON
// line {"lesson","instrument","steps","questions","replay":"ok"}.
//
// Exit codes: 0 the lesson checks; 2 a bad command line, an unreadable file, or a lesson that
// fails, with one line on stderr naming the field or the step.
import { readFileSync } from 'node:fs';
import { checkLessonFile } from '../lessons/data/validate.ts';
import { replayLesson } from './lessonReplay.ts';

const USAGE = 'usage: npm run lesson -- check <lesson.json>';

export function main(args: string[], out: (s: string) => void, err: (s: string) => void): number {
  const [cmd, file, ...rest] = args;
  if (cmd === '--help' || cmd === '-h') { out(USAGE); return 0; }
  if (cmd !== 'check' || !file || rest.length) { err(`${cmd === 'check' ? (file ? `one file at a time (got ${rest.length + 1})` : 'check needs a file') : `unknown command ${JSON.stringify(cmd ?? '')}`}; ${USAGE}`); return 2; }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    err(`${file}: ${e instanceof SyntaxError ? `not JSON (${e.message})` : 'cannot be read'}`);
    return 2;
  }
  const r = checkLessonFile(json);
  if (!r.ok) { err(`${file}: ${r.error}`); return 2; }
  const failed = replayLesson(r.file, json);
  if (failed) { err(`${file}: ${failed}`); return 2; }
  out(JSON.stringify({ lesson: r.file.id, instrument: r.file.lab, steps: r.file.steps.length, questions: r.file.steps.filter((s) => s.question).length, replay: 'ok' }));
  return 0;
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isEntry) process.exitCode = main(process.argv.slice(2), (s) => console.log(s), (s) => console.error(s));
