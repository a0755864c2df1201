// The course's place in the page: the syllabus (instead of an instrument, when a course address
// is open) and the course bar above the lesson of an item. Reads the course store; the views in
// views/course only draw.
import { useStore } from 'zustand';
import { itemKey, itemRef, type CourseItem } from '../../scenario/link/course.ts';
import type { ItemRecord } from '../../scenario/link/courseProgress.ts';
import { CourseBar } from '../../views/course/CourseBar.tsx';
import { Syllabus, type SyllabusRow } from '../../views/course/Syllabus.tsx';
import { find } from '../registry.ts';
import { exportProgress, importProgress } from './files.ts';
import { nextItem, openItem, shapeOf, showSyllabus } from './open.ts';
import { courseStore } from './state.ts';

/** The syllabus is on screen. */
export function useSyllabusShown(): boolean {
  return useStore(courseStore, (s) => s.syllabus);
}

function kindOf(it: CourseItem): string {
  const r = itemRef(it);
  if (r.kind === 'url') return 'Lesson file';
  return `${r.kind === 'lesson' ? 'Lesson' : 'Challenge'} · ${find(r.lab)?.title ?? r.lab}`;
}

function rowOf(it: CourseItem, rec: ItemRecord | undefined): SyllabusRow {
  const shape = shapeOf(it);
  const done = rec?.done ?? [];
  const first = rec?.first ?? [];
  const steps = Math.max(shape.steps, done.length);
  const stepsDone = done.filter(Boolean).length;
  return {
    title: it.title, minutes: it.minutes, kind: kindOf(it), steps, stepsDone, complete: steps > 0 && stepsDone >= steps, code: rec?.code !== undefined,
    firstTry: { right: first.filter((x) => x === true).length, answered: first.filter((x) => x !== null).length, questions: Math.max(shape.questions, first.filter((x) => x !== null).length) },
  };
}

export function SyllabusRoute() {
  const s = useStore(courseStore);
  if (!s.course) {
    return (
      <main className="flex h-full items-center justify-center p-4 text-sm text-slate-700" data-testid="syllabus" aria-busy={s.message === null}>
        {s.message ? <p role="alert">{s.message.text}</p> : 'Opening the course…'}
      </main>
    );
  }
  const rows = s.course.items.map((it) => rowOf(it, s.records[itemKey(it)]));
  return <Syllabus title={s.course.title} summary={s.course.summary} rows={rows} current={s.current} message={s.message}
    onOpen={(i) => void openItem(i)} onExport={exportProgress} onImport={importProgress} />;
}

export function CourseBarRoute() {
  const s = useStore(courseStore);
  if (!s.course || s.current === null) return null;
  const it = s.course.items[s.current];
  if (!it) return null;
  const row = rowOf(it, s.records[itemKey(it)]);
  const n = nextItem();
  return <CourseBar course={s.course.title} index={s.current} count={s.course.items.length} title={it.title} complete={row.complete}
    next={n === null ? null : s.course.items[n]?.title ?? null} onSyllabus={showSyllabus} onNext={() => { if (n !== null) void openItem(n); }} />;
}
