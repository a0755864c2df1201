// The progress a student hands in: a JSON file with the course and, per item, the steps done and
// the first answers (scenario/link/courseProgress.ts), downloaded from the syllabus; imported again
// (picked or dropped), checked first, and folded into the course's progress: a step once done stays
// done, a first answer once given is never replaced. A bad file is refused, naming the problem.
import { itemKey, writeCourseLink } from '../../scenario/link/course.ts';
import { handIn, readHandIn } from '../../scenario/link/courseProgress.ts';
import { embedSuffix } from './embed.ts';
import { shapeOf } from './open.ts';
import { courseStore, mergeRecord, saveRecords } from './state.ts';
import { saveText } from '../../views/kit/saveText.ts';

/** The hand-in file of the course on screen, as text (null: no course). */
export function exportText(now: Date = new Date()): string | null {
  const { course, records } = courseStore.getState();
  if (!course) return null;
  const byKey = new Map(course.items.map((it) => [itemKey(it), shapeOf(it)]));
  const file = handIn(course, records, (k) => byKey.get(k)?.questions ?? 0, (k) => byKey.get(k)?.steps ?? 0, now.toISOString());
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Download the hand-in file. */
export function exportProgress(): void {
  const text = exportText();
  const { course } = courseStore.getState();
  if (!text || !course) return;
  saveText(`${course.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'course'}-progress.json`, text, 'application/json');
}

/** Import a hand-in file's text: its course opens (or the one on screen gains its progress). */
export function importProgress(text: string): void {
  const r = readHandIn(text);
  const s = courseStore.getState();
  if (!r.ok) { courseStore.setState({ syllabus: true, message: { kind: 'error', text: `This progress file was not imported: ${r.error}.${s.course ? ' The progress shown is kept.' : ''}` } }); return; }
  const { course } = r.file;
  const same = s.course !== null && JSON.stringify(s.course) === JSON.stringify(course);
  const base = same ? s.records : {};
  const records = { ...base };
  for (const it of r.file.items) records[it.key] = mergeRecord(base[it.key], { done: it.done, first: it.first });
  saveRecords(course, records);
  // Another course than the one on screen: the address carries it, so a reload opens it again.
  const hash = same ? s.hash : writeCourseLink(course);
  if (!same) history.replaceState(history.state, '', `#${hash}${embedSuffix()}`);
  courseStore.setState({
    course, records, syllabus: true, current: null, hash,
    message: { kind: 'info', text: `Imported the progress of "${course.title}" (exported ${r.file.exported.slice(0, 10)}).` },
  });
}
